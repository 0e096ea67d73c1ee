/**
 * The one limiter of the server: every count a limit keeps (tries of the balance inquiry per client
 * and per card, failed inquiries per tenant, mail sends per recipient and per client, contact-us
 * messages and bot-check challenges per client) is a row of limit_hits in PostgreSQL (PGlite by
 * default), never process memory. Every instance on one database counts together, a restart
 * forgets nothing, and the clock is the caller's (tests move it forward).
 *
 * Windows slide: a hit counts while it is younger than its limit's window. Race-safe without
 * locks: a hit is recorded first and counted after, so of any set of concurrent hits the last to
 * count sees all the others, and no more than the limit get through.
 *
 * Client limits key on `clientOf(request.ip)` (client-key.ts): an IPv4 address or an IPv6 /64,
 * whatever the proxy in front (TRUST_PROXY) says the address is.
 */
import type { Db } from './db/driver';

type Query = Pick<Db, 'query'>;

/** A sliding window: at most `max` hits of one key in `windowMs`. */
export interface WindowLimit {
  /** Stored with each hit, so limits never count each other's hits: 'balance-client', … */
  rule: string;
  max: number;
  windowMs: number;
}

/** One hit to count: the key (a client key, a card's number hash, a keyed address hash…) under a limit. */
export interface Hit {
  limit: WindowLimit;
  key: string;
}

export type Taken<H extends Hit> =
  { allowed: true; ids: number[] } | { allowed: false; hit: H; retryAfterSeconds: number };

/** How often expired rows are deleted, by whichever request comes along. */
const PURGE_EVERY_MS = 60_000;

/**
 * Counts one hit under each of `hits` (a mail send counts per recipient and per client). Over any
 * limit, the hits are removed again (a refusal does not count, so a client that waits gets back
 * in) and the answer names the hit whose limit said no, with the seconds until its oldest counted
 * hit leaves the window. `outcome` is stored with the hits (e.g. 'pending' until settled).
 */
export async function take<H extends Hit>(
  db: Query,
  hits: readonly H[],
  now: Date,
  outcome = 'counted',
): Promise<Taken<H>> {
  await purge(db, now);
  const ids: number[] = [];
  for (const { limit, key } of hits) ids.push(await record(db, limit, key, now, outcome));
  for (const hit of hits) {
    const { hits: counted, oldest } = await count(db, hit.limit, hit.key, now);
    if (counted > hit.limit.max) {
      await release(db, ids);
      return { allowed: false, hit, retryAfterSeconds: retryAfter(oldest, hit.limit.windowMs, now) };
    }
  }
  return { allowed: true, ids };
}

/** Records one hit of `key` under `limit` without checking it; its id, to settle or release it. */
export async function record(
  db: Query,
  limit: Pick<WindowLimit, 'rule' | 'windowMs'>,
  key: string,
  now: Date,
  outcome = 'counted',
  keepMs = limit.windowMs,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `insert into limit_hits (rule, key, at, outcome, expires_at) values ($1, $2, $3, $4, $5) returning id`,
    [limit.rule, key, now, outcome, new Date(now.getTime() + keepMs)],
  );
  return Number(rows[0]!.id);
}

/**
 * The hits of `key` under `limit` in the window ending `now`: all of them, or those with one of
 * `outcomes`, leaving out the hit `besides`; with the time of the oldest.
 */
export async function count(
  db: Query,
  limit: Pick<WindowLimit, 'rule' | 'windowMs'>,
  key: string,
  now: Date,
  { outcomes, besides }: { outcomes?: readonly string[]; besides?: number } = {},
): Promise<{ hits: number; oldest: Date | null }> {
  const { rows } = await db.query<{ hits: number; oldest: Date | null }>(
    `select count(*)::int as hits, min(at) as oldest from limit_hits
      where rule = $1 and key = $2 and at > $3
        and ($4::text[] is null or outcome = any($4::text[])) and ($5::bigint is null or id <> $5)`,
    [limit.rule, key, new Date(now.getTime() - limit.windowMs), outcomes ?? null, besides ?? null],
  );
  return rows[0]!;
}

/** The most hits any one key of `limit` has in the window ending `now` (0 when none has any). */
export async function busiest(db: Query, limit: Pick<WindowLimit, 'rule' | 'windowMs'>, now: Date) {
  const { rows } = await db.query<{ hits: number | null }>(
    `select max(hits)::int as hits from (
       select count(*) as hits from limit_hits where rule = $1 and at > $2 group by key) as per_key`,
    [limit.rule, new Date(now.getTime() - limit.windowMs)],
  );
  return rows[0]?.hits ?? 0;
}

/**
 * Records a hit of `key` under `limit` unless one is already in the window: true for the first
 * in a window (an alert is raised once per window, whichever instance sees it first).
 */
export async function firstInWindow(
  db: Query,
  limit: Pick<WindowLimit, 'rule' | 'windowMs'>,
  key: string,
  now: Date,
): Promise<boolean> {
  const { rows } = await db.query(
    `insert into limit_hits (rule, key, at, outcome, expires_at)
     select $1::text, $2::text, $3::timestamptz, 'counted', $4::timestamptz
      where not exists (select 1 from limit_hits where rule = $1::text and key = $2::text and at > $5)
     returning id`,
    [
      limit.rule,
      key,
      now,
      new Date(now.getTime() + limit.windowMs),
      new Date(now.getTime() - limit.windowMs),
    ],
  );
  return rows.length > 0;
}

/** Settles a recorded hit: its outcome from now on (what `count` may select by). */
export async function settle(db: Query, id: number, outcome: string): Promise<void> {
  await db.query('update limit_hits set outcome = $2 where id = $1', [id, outcome]);
}

/** Removes recorded hits: they count for nothing (a refused or failed send). */
export async function release(db: Query, ids: readonly number[]): Promise<void> {
  if (ids.length) await db.query('delete from limit_hits where id = any($1::bigint[])', [ids]);
}

/** Seconds until a hit at `oldest` leaves a window of `windowMs`: at least 1. */
export function retryAfter(oldest: Date | null, windowMs: number, now: Date): number {
  const leaves = (oldest ? new Date(oldest).getTime() : now.getTime()) + windowMs - now.getTime();
  return Math.max(1, Math.ceil(leaves / 1000));
}

/** A wait for people: '45 seconds', '1 minute', '10 minutes', '2 hours'. */
export function formatWait(seconds: number): string {
  const [amount, unit] =
    seconds < 60
      ? [seconds, 'second']
      : seconds < 3600
        ? [Math.round(seconds / 60), 'minute']
        : [Math.round(seconds / 3600), 'hour'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

let lastPurge = 0;

async function purge(db: Query, now: Date): Promise<void> {
  // Opportunistic clean-up, at most once a minute per process: no scheduler needed. Only when it
  // runs is kept in memory; what counts is in the table.
  if (now.getTime() - lastPurge < PURGE_EVERY_MS) return;
  lastPurge = now.getTime();
  await db.query('delete from limit_hits where expires_at < $1', [now]);
}

/** The limits an operator sets (README, settings). */
export interface LimitSettings {
  /**
   * BALANCE_FAILURE_BUDGET: failed balance inquiries (404s) per tenant per minute before the
   * ALTCHA proof of work costs more (ten times per budget spent, up to a hundred times) and an
   * alert is logged. @default 30
   */
  balanceFailureBudget: number;
  /** BOT_CHALLENGE_LIMIT: ALTCHA challenges per client per minute. @default 30 */
  challengesPerMinute: number;
}

export const DEFAULT_LIMIT_SETTINGS: LimitSettings = { balanceFailureBudget: 30, challengesPerMinute: 30 };
