/**
 * Gift card rules shared by the balance element and the API (spec 2.9): what a card number and a
 * PIN look like, and the balance answer.
 */
import type { CARD_TYPES } from './catalog';

/** A card number has 12 to 19 digits once its spaces and hyphens are taken out. */
export const CARD_NUMBER_DIGITS = { min: 12, max: 19 } as const;

/** A PIN has 4 to 8 digits; it is a string, so leading zeros count. */
export const PIN_DIGITS = { min: 4, max: 8 } as const;

/** The card number as typed, without the spaces and hyphens people group its digits with. */
export function cardNumberDigits(typed: string): string {
  return typed.replace(/[\s-]/g, '');
}

const digitsBetween = ({ min, max }: { min: number; max: number }) => new RegExp(`^\\d{${min},${max}}$`);

/** 12 to 19 digits, already without spaces and hyphens (see `cardNumberDigits`). */
export const CARD_NUMBER_PATTERN = digitsBetween(CARD_NUMBER_DIGITS);

/** 4 to 8 digits. */
export const PIN_PATTERN = digitsBetween(PIN_DIGITS);

/** The kinds of card the programs issue. */
export type CardType = (typeof CARD_TYPES)[number];

/** Only an ACTIVE card answers its balance. */
export type CardStatus = 'ACTIVE' | 'INACTIVE' | 'VOID';

/** One line of a card's history. */
export interface GiftCardTransaction {
  /** ISO 8601. */
  date: string;
  /** Negative for a redemption. */
  amount: number;
  description: string;
}

/** A gift card's balance and recent history: the answer of POST /api/gift-cards/balance. */
export interface GiftCardBalance {
  last4: string;
  cardType: string;
  status: string;
  balance: number;
  currency: string;
  /** The 10 most recent, newest first. */
  transactions: GiftCardTransaction[];
}
