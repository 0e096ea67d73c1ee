/**
 * The two limits of the balance inquiry, counted in PostgreSQL (gift_card_attempts) rather than in
 * process memory: every instance behind a load balancer sees the same counts, a restart forgets
 * nothing, and the clock is the caller's (tests move it forward).
 *
 * Both are race-safe without locks: a try is recorded first and counted after, so of any set of
 * concurrent tries the last to count sees all the others, and no more than the limit get through.
 */
import type { Db } from '../db/driver';

/** Per client address: 10 tries in 10 minutes, whatever their outcome. */
export const CLIENT_LIMIT = { tries: 10, windowMs: 10 * 60_000 } as const;
/** Per card number: 5 failed tries in 15 minutes lock the card for 15 minutes. */
export const CARD_LIMIT = { failures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 } as const;
/** Rows older than this count for nothing any more. */
const KEEP_MS = 60 * 60_000;
const PURGE_EVERY_MS = 60_000;

type Query = Pick<Db, 'query'>;

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

/**
 * Counts a try from `address`. Over the limit, the try is refused and not counted (so a client
 * that waits gets back in), with the seconds until the oldest counted try leaves the window.
 */
export async function takeClientTry(
  db: Query,
  address: string,
  now: Date,
): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  const id = await record(db, 'client', address, 'try', now);
  const { rows } = await db.query<{ tries: number; oldest: Date }>(
    `select count(*)::int as tries, min(occurred_at) as oldest from gift_card_attempts
      where rule = 'client' and key = $1 and outcome = 'try' and occurred_at > $2`,
    [address, ago(now, CLIENT_LIMIT.windowMs)],
  );
  const { tries, oldest } = rows[0]!;
  if (tries <= CLIENT_LIMIT.tries) return { allowed: true };
  await db.query(`update gift_card_attempts set outcome = 'limited' where id = $1`, [id]);
  const leaves = new Date(oldest).getTime() + CLIENT_LIMIT.windowMs - now.getTime();
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(leaves / 1000)) };
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
  const lockout = await db.query(
    `select 1 from gift_card_attempts
      where rule = 'card' and key = $1 and outcome = 'lockout' and occurred_at > $2 limit 1`,
    [numberHash, ago(now, CARD_LIMIT.lockMs)],
  );
  // Refused while locked, and not recorded: the lock lasts 15 minutes from the 5th failure.
  if (lockout.rows.length) return { locked: true };
  const attemptId = await record(db, 'card', numberHash, 'pending', now);
  if ((await failuresBesides(db, attemptId, numberHash, now)) >= CARD_LIMIT.failures) {
    await db.query(`update gift_card_attempts set outcome = 'refused' where id = $1`, [attemptId]);
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
  await db.query('update gift_card_attempts set outcome = $2 where id = $1', [attemptId, outcome]);
  return outcome;
}

async function failuresBesides(
  db: Query,
  attemptId: number,
  numberHash: string,
  now: Date,
  outcomes = ['pending', 'failed', 'lockout'],
): Promise<number> {
  const { rows } = await db.query<{ failures: number }>(
    `select count(*)::int as failures from gift_card_attempts
      where rule = 'card' and key = $1 and id <> $2 and outcome = any($3::text[]) and occurred_at > $4`,
    [numberHash, attemptId, outcomes, ago(now, CARD_LIMIT.windowMs)],
  );
  return rows[0]!.failures;
}

let lastPurge = 0;

async function record(
  db: Query,
  rule: 'client' | 'card',
  key: string,
  outcome: string,
  now: Date,
): Promise<number> {
  // Opportunistic clean-up, at most once a minute per process: no scheduler needed.
  if (now.getTime() - lastPurge >= PURGE_EVERY_MS) {
    lastPurge = now.getTime();
    await db.query('delete from gift_card_attempts where occurred_at < $1', [ago(now, KEEP_MS)]);
  }
  const { rows } = await db.query<{ id: number }>(
    `insert into gift_card_attempts (rule, key, occurred_at, outcome) values ($1, $2, $3, $4) returning id`,
    [rule, key, now, outcome],
  );
  return rows[0]!.id;
}
