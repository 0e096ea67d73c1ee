/**
 * POST /api/gift-cards/balance — the balance inquiry (spec 2.9), hardened against card cracking
 * (OWASP OAT-002). CONTRACT (the balance element is built against it):
 *
 * Request
 *   POST /api/gift-cards/balance
 *   Headers: content-type: application/json; publisherid: <tenant publisher id> (as every call)
 *   Body:    { "cardNumber": "6036 1100 4700 1823", "pin": "1234", "botToken": "<token>" }
 *     cardNumber  string, 12–19 digits; spaces and hyphens are stripped first.
 *     pin         string, 4–8 digits (a string: leading zeros count).
 *     The card is found among the cards of the publisher's programs (publisher 1 sees the
 *     'spa' and 'spa-canada' cards); the bot check is the tenant's `botCheck.provider`.
 *     botToken    ALTCHA: the widget's payload (the base64 string of the `altcha` form field),
 *                 solved from GET /api/bot-check/challenge?action=balance_inquiry (with the
 *                 publisherid header: a token for that tenant); reCAPTCHA v3: the token of
 *                 grecaptcha.execute(siteKey, { action: 'balance_inquiry' }); Turnstile: the
 *                 widget's response token, rendered with action 'balance_inquiry'. Single
 *                 use: get a new one for every request (after any 403, 404 or 200).
 *   Card data travels only in this body, never in the URL.
 *
 * Responses (every one with `Cache-Control: no-store`)
 *   200 { "last4": "1823", "cardType": "SPA_GIFT_CARD", "status": "ACTIVE", "balance": 42.5,
 *         "currency": "USD",
 *         "transactions": [ { "date": "2025-03-02T15:04:05.000Z", "amount": -25,
 *                             "description": "Redeemed at Zen Salon & Spa, Austin TX" } ] }
 *       transactions: the 10 most recent, newest first; amount < 0 for redemptions.
 *   400 { "error": "cardNumber: must be 12 to 19 digits", "field": "cardNumber" }
 *       (field: cardNumber | pin | body | publisherId | includedPrograms); a 400 does not
 *       spend the bot token, so the element may resend it with corrected input.
 *   403 { "error": "Bot check failed" }
 *       missing, malformed, wrong, expired or already used token, or one made for another
 *       action (share_offer…) or another tenant; the card is not looked up.
 *   404 { "error": "We could not find a card with that number and PIN." }
 *       unknown card, wrong PIN, card locked after failed tries, inactive or void card: the same
 *       status and byte-identical body for all of them (the element shows its fail state).
 *   429 { "error": "Too many tries. Please try again later." }
 *       more than 10 tries from one client (an IPv4 address or an IPv6 /64, behind TRUST_PROXY
 *       the forwarded one) in 10 minutes, counted on every instance of the database (every try
 *       counts, whatever its outcome); header Retry-After: <seconds>.
 *   Every 404 also spends the tenant's budget of failed inquiries a minute
 *   (BALANCE_FAILURE_BUDGET): past it the ALTCHA proof of work costs more, and an alert is logged.
 *
 * Order of the checks: the client limit, the input, the bot token (spent even when the card
 * check fails), the card lock, then the card and its PIN. Every request that reaches the card
 * check computes one scrypt PIN hash, against a dummy hash when there is no card, so timing tells
 * nothing. Log lines carry the first 8 hex digits of the number's keyed hash and its last 4
 * digits, never the number or the PIN.
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { BOT_CHECK_ACTIONS } from '../../src/domain/constants';
import {
  CARD_NUMBER_DIGITS,
  CARD_NUMBER_PATTERN,
  cardNumberDigits,
  PIN_DIGITS,
  PIN_PATTERN,
  type GiftCardBalance,
} from '../../src/domain/gift-card';
import { processSecret } from '../bot-check/secret';
import { clientOf } from '../client-key';
import type { Db } from '../db/driver';
import { findCard, recentTransactions } from '../gift-cards/ledger';
import { ensureDemoCards, removeDemoCards } from '../seed/gift-cards';
import { recordFailedInquiry, reserveCardTry, settleCardTry, takeClientTry } from '../gift-cards/limits';
import { createNumberHasher, dummyPinHash, verifyPin } from '../gift-cards/secrets';
import { guardRoutes, type GuardOptions } from '../guarded-route';
import { parseInput } from '../http';
import { DEFAULT_LIMIT_SETTINGS } from '../limits';

/** The one answer for every card that cannot be shown, as bytes: nothing can tell them apart. */
export const CARD_NOT_FOUND_BODY = JSON.stringify({
  error: 'We could not find a card with that number and PIN.',
});
export const CARD_NOT_FOUND_STATUS = 404;
export const TOO_MANY_TRIES = 'Too many tries. Please try again later.';

const balanceBody = z.object({
  cardNumber: z
    .string({ message: 'is required' })
    .transform(cardNumberDigits)
    .pipe(
      z
        .string()
        .regex(CARD_NUMBER_PATTERN, `must be ${CARD_NUMBER_DIGITS.min} to ${CARD_NUMBER_DIGITS.max} digits`),
    ),
  pin: z
    .string({ message: 'is required' })
    .regex(PIN_PATTERN, `must be ${PIN_DIGITS.min} to ${PIN_DIGITS.max} digits`),
  // Checked by the bot check, which refuses a missing or malformed token with a 403.
  botToken: z.unknown().optional(),
});

export interface GiftCardRouteOptions extends GuardOptions {
  db: Db;
  /**
   * Failed inquiries per tenant per minute before the proof of work costs more and an alert is
   * logged (BALANCE_FAILURE_BUDGET). @default 30
   */
  failureBudget?: number;
  /** Demo mode: the demo cards are in the ledger; otherwise they are removed from it. @default false */
  demo?: boolean;
}

/** The log line of one decision: only what identifies the card without giving it away. */
interface Decision {
  decision: 'allowed' | 'refused' | 'limited' | 'invalid';
  rule: string;
  card?: string;
  last4?: string;
}

export const giftCardRoutes: FastifyPluginAsync<GiftCardRouteOptions> = async (
  app,
  { db, demo = false, failureBudget = DEFAULT_LIMIT_SETTINGS.balanceFailureBudget, ...guard },
) => {
  const numberHash = createNumberHasher(processSecret(process.env, 'CARD_HASH_KEY', (m) => app.log.warn(m)));
  // Ready before the first unknown card, which must not be slower than the next one.
  await dummyPinHash();
  // The demo cards are written on the first inquiry rather than at start: suites that never ask
  // for a balance do not pay for the scrypt hashes. A failure is retried by the next inquiry.
  // Outside demo mode they are removed instead, so their published numbers find nothing.
  let demoCards: Promise<unknown> | undefined;
  const ensureDemo = () =>
    (demoCards ??= (demo ? ensureDemoCards(db, numberHash, guard.now()) : removeDemoCards(db)).catch(
      (error: unknown) => {
        demoCards = undefined;
        throw error;
      },
    ));

  const guarded = guardRoutes<Decision>(app, guard);

  app.post(
    '/gift-cards/balance',
    { bodyLimit: 16 * 1024 },
    guarded({
      action: 'balance inquiry',
      botAction: BOT_CHECK_ACTIONS.balanceInquiry,
      namesBotTokenField: false,
      async before({ at, decide }, request, reply) {
        const limit = await takeClientTry(db, clientOf(request.ip), at);
        if (limit.allowed) return undefined;
        decide({ decision: 'limited', rule: 'client-limit' });
        return reply
          .status(429)
          .header('retry-after', String(limit.retryAfterSeconds))
          .send({ error: TOO_MANY_TRIES });
      },
      input(request) {
        const body = parseInput(balanceBody, request.body);
        const hash = numberHash(body.cardNumber);
        return { ...body, hash, card: { card: hash.slice(0, 8), last4: body.cardNumber.slice(-4) } };
      },
      about: ({ card }) => card,
      async handle({ at, scope, decide, input: { hash, card, pin } }, request, reply) {
        await ensureDemo();
        const reservation = await reserveCardTry(db, hash, at);
        // Looked up and hashed even when locked, so a locked card answers as slowly as any other.
        const found = await findCard(db, hash, scope.programs);
        const pinMatches = await verifyPin(pin, found?.pin_hash ?? (await dummyPinHash()));
        const refusal = reservation.locked
          ? 'card-locked'
          : !found
            ? 'unknown-card'
            : !pinMatches
              ? 'wrong-pin'
              : found.status !== 'ACTIVE'
                ? 'inactive-card'
                : undefined;
        const settled = reservation.locked
          ? undefined
          : await settleCardTry(db, reservation.attemptId, hash, !refusal, at);
        if (refusal || !found) {
          const rule = refusal ?? 'unknown-card';
          // The failure that locks the card says so in its one line.
          decide({ decision: 'refused', rule: settled === 'lockout' ? `${rule}+lockout` : rule, ...card });
          // Every 404 spends the tenant's budget; the first to find it spent in a minute says so.
          const guessing = await recordFailedInquiry(db, scope.tenant.name, at, failureBudget);
          if (guessing.alert)
            request.log.error(
              {
                alert: 'gift-card-guessing',
                tenant: scope.tenant.name,
                failures: guessing.failures,
                failureBudget,
              },
              'gift card guessing: failed balance inquiries over the budget this minute; the bot check costs more until they fall',
            );
          return reply
            .status(CARD_NOT_FOUND_STATUS)
            .type('application/json; charset=utf-8')
            .send(CARD_NOT_FOUND_BODY);
        }

        decide({ decision: 'allowed', rule: 'balance', ...card });
        const answer: GiftCardBalance = {
          last4: found.last4,
          cardType: found.card_type,
          status: found.status,
          balance: found.balance,
          currency: found.currency,
          transactions: await recentTransactions(db, found.id),
        };
        return answer;
      },
    }),
  );
};
