/** Money as the pages, elements and mails show it (en-US formatting, the tenant's or card's currency). */

import { groupThousands } from './text';

/**
 * Which cents an amount shows:
 * - 'if-any': none on whole amounts, up to two otherwise: '$80', '$42.5' (listing and offer pages, mails);
 * - 'never': rounded to whole units: '$43' (the compact carousel cards);
 * - 'always': the currency's own minor units: '$42.50', '-$25.00' (a card balance and its history).
 */
export type Cents = 'if-any' | 'never' | 'always';

const DIGITS: Record<Cents, Intl.NumberFormatOptions> = {
  'if-any': { minimumFractionDigits: 0, maximumFractionDigits: 2 },
  never: { minimumFractionDigits: 0, maximumFractionDigits: 0 },
  always: {},
};

// A formatter is costly to make and pages format many prices: one per currency and style.
const formatters = new Map<string, Intl.NumberFormat>();

/**
 * The en-US symbols of the tenants' currencies, which are written here the way Intl writes them
 * (the tests hold the two to the same text). A page's first use of Intl's number formats loads
 * its locale data: 20-25 ms on a phone's CPU in the first draw of the carousel or a listing's
 * offers, more than all their prices. Other currencies go through Intl.
 */
const SYMBOLS: Readonly<Record<string, string>> = { USD: '$', CAD: 'CA$' };
/** Fraction digits shown, fewest and most: 'always' is these currencies' two minor units. */
const FRACTION: Record<Cents, [number, number]> = { 'if-any': [0, 2], never: [0, 0], always: [2, 2] };

/**
 * `amount` written with `symbol`, rounded as Intl rounds: half away from zero, on the number's
 * shortest decimal text (42.555 -> 42.56, where toFixed says 42.55). That text shifted by the
 * digits kept is read exactly (its halves are whole doubles below 2^52). Null for text with an
 * exponent (NaN here) or an amount too large for that, which Intl writes.
 */
function writeMoney(amount: number, symbol: string, cents: Cents): string | null {
  const [fewest, most] = FRACTION[cents];
  const shifted = Number(`${Math.abs(amount)}e${most}`);
  if (!(shifted < 2 ** 52)) return null;
  const digits = String(Math.round(shifted)).padStart(most + 1, '0');
  const whole = digits.slice(0, digits.length - most);
  const fraction = digits
    .slice(digits.length - most)
    .replace(/0+$/, '')
    .padEnd(fewest, '0');
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  return `${sign}${symbol}${groupThousands(whole)}${fraction ? `.${fraction}` : ''}`;
}

/**
 * An amount of `currency` (ISO 4217, e.g. 'USD'), e.g. '$80' or '$42.5'.
 * @param options.cents - @default 'if-any'
 */
export function formatMoney(
  amount: number,
  currency: string,
  { cents = 'if-any' }: { cents?: Cents } = {},
): string {
  const symbol = SYMBOLS[currency];
  const written = symbol === undefined ? null : writeMoney(amount, symbol, cents);
  if (written !== null) return written;
  const key = `${currency} ${cents}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency, ...DIGITS[cents] });
    formatters.set(key, formatter);
  }
  return formatter.format(amount);
}
