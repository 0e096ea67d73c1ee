/**
 * The limits of the balance inquiry, counted by the server's one limiter (server/limits.ts, in
 * PostgreSQL): every instance behind a load balancer sees the same counts, a restart forgets
 * nothing, and the clock is the caller's (tests move it forward).
 *
 * - per client (`clientOf(request.ip)`: an IPv4 address or an IPv6 /64): 10 tries in 10 minutes;
 * - per card (the keyed hash of its number): 5 failures in 15 minutes lock it for 15 minutes;
 * - per tenant: failed inquiries a minute, the budget that raises the proof of work's cost
 *   (see `guessingLevel`) and raises an alert once a minute while it is spent.
 *
 * Race-safe without locks: a try is recorded first and counted after, so of any set of concurrent
 * tries the last to count sees all the others, and no more than the limit get through.
 */
import type { Db } from '../db/driver';
import { busiest, count, firstInWindow, record, settle, take } from '../limits';

/** Per client: 10 tries in 10 minutes, whatever their outcome. */
export const CLIENT_LIMIT = { rule: 'balance-client', max: 10, windowMs: 10 * 60_000 } as const;
/** Per card number: 5 failed tries in 15 minutes lock the card for 15 minutes. */
export const CARD_LIMIT = { failures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 } as const;
const CARD_RULE = { rule: 'balance-card', windowMs: CARD_LIMIT.windowMs } as const;
const LOCK_RULE = { rule: 'balance-card', windowMs: CARD_LIMIT.lockMs } as const;
/** A card try is kept while it may still count as a failure or start a lock. */
const keepCardMs = Math.max(CARD_LIMIT.windowMs, CARD_LIMIT.lockMs);
/** Per tenant: failed inquiries in the last minute, against the budget of the settings. */
export const FAILURES = { rule: 'balance-failures', windowMs: 60_000 } as const;
const ALERT = { rule: 'balance-failures-alert', windowMs: FAILURES.windowMs } as const;
/** The proof of work costs at most 10^MAX_LEVEL times its normal cost. */
export const MAX_LEVEL = 2;

type Query = Pick<Db, 'query'>;

/**
 * Counts a try from the client `clientKey`. Over the limit, the try is refused and not counted (so
 * a client that waits gets back in), with the seconds until the oldest counted try leaves the window.
 */
export async function takeClientTry(
  db: Query,
  clientKey: string,
  now: Date,
): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  const taken = await take(db, [{ limit: CLIENT_LIMIT, key: clientKey }], now);
  return taken.allowed ? { allowed: true } : { allowed: false, retryAfterSeconds: taken.retryAfterSeconds };
}

/**
 * Reserves a try on the card with this number hash, or says it is locked: by a lockout in the
 * last 15 minutes, or by 5 other failures (or tries still being checked) in the window. A
 * reserved try counts as a failure until `settleCardTry` says otherwise.
 */
export async function reserveCardTry(
  db: Query,
  numberHash: string,
  now: Date,
): Promise<{ locked: true } | { locked: false; attemptId: number }> {
  const lockout = await count(db, LOCK_RULE, numberHash, now, { outcomes: ['lockout'] });
  // Refused while locked, and not recorded: the lock lasts 15 minutes from the 5th failure.
  if (lockout.hits) return { locked: true };
  const attemptId = await record(db, CARD_RULE, numberHash, now, 'pending', keepCardMs);
  if ((await failuresBesides(db, attemptId, numberHash, now)) >= CARD_LIMIT.failures) {
    await settle(db, attemptId, 'refused');
    return { locked: true };
  }
  return { locked: false, attemptId };
}

/** Settles a reserved try: a success, or a failure; the 5th failure in the window locks the card. */
export async function settleCardTry(
  db: Query,
  attemptId: number,
  numberHash: string,
  succeeded: boolean,
  now: Date,
): Promise<'ok' | 'failed' | 'lockout'> {
  const outcome = succeeded
    ? 'ok'
    : (await failuresBesides(db, attemptId, numberHash, now, ['failed', 'lockout'])) >=
        CARD_LIMIT.failures - 1
      ? 'lockout'
      : 'failed';
  await settle(db, attemptId, outcome);
  return outcome;
}

async function failuresBesides(
  db: Query,
  attemptId: number,
  numberHash: string,
  now: Date,
  outcomes = ['pending', 'failed', 'lockout'],
): Promise<number> {
  return (await count(db, CARD_RULE, numberHash, now, { outcomes, besides: attemptId })).hits;
}

/**
 * Records one failed inquiry (a 404: unknown card, wrong PIN, locked, inactive) of `tenant`.
 * `alert` is true for the failure that finds the tenant's budget spent first in a minute
 * (whichever instance sees it): the caller logs it, once per window.
 */
export async function recordFailedInquiry(
  db: Query,
  tenant: string,
  now: Date,
  budget: number,
): Promise<{ failures: number; alert: boolean }> {
  await record(db, FAILURES, tenant, now);
  const { hits: failures } = await count(db, FAILURES, tenant, now);
  const alert = failures >= budget && (await firstInWindow(db, ALERT, tenant, now));
  return { failures, alert };
}

/**
 * How much dearer the proof of work is for `tenant` now: 0 while its failed inquiries of the last
 * minute are under the budget, one step per budget spent, at most MAX_LEVEL. It falls back by
 * itself as the failures leave the window. Without a tenant (a challenge fetched without the
 * tenant's header, good for any tenant), the level of the tenant under the heaviest guessing.
 */
export async function guessingLevel(
  db: Query,
  tenant: string | undefined,
  now: Date,
  budget: number,
): Promise<number> {
  const failures = tenant ? (await count(db, FAILURES, tenant, now)).hits : await busiest(db, FAILURES, now);
  return Math.min(MAX_LEVEL, Math.floor(failures / budget));
}
