/**
 * Send limits of the mail the API sends, counted by the server's one limiter (server/limits.ts, in
 * PostgreSQL) rather than in process memory: every instance sees the same counts, a restart
 * forgets nothing, and the clock is the caller's (tests move it forward). Only accepted sends
 * count: a refused or failed send leaves no hit behind. Recipients and clients are counted by
 * keyed hashes, never by their addresses.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../db/driver';
import { release, settle, take } from '../limits';
import type { MailKind } from './transport';

export interface SendLimit {
  /** Which key the limit counts: the recipient's address or the client's. */
  by: 'recipient' | 'client';
  max: number;
  windowMs: number;
  /** The `error` of the 429. */
  error: string;
}

type Query = Pick<Db, 'query'>;

/** Keyed hashes of addresses: the table holds no address, and the key stays outside it in production. */
export type AddressHasher = (address: string) => string;

/**
 * MAIL_HASH_KEY when set. In production it always is (the config refuses to start without it), and
 * no key is ever read from or written to the database: this throws rather than fall back. Outside
 * production, when it is unset, a random key made once and kept in mail_hash_key, so the limits of
 * the embedded demo survive a restart (a per-process key would forget every count); the log says
 * where the key is kept.
 */
export async function createAddressHasher(
  db: Query,
  env: Record<string, string | undefined>,
  warn: (message: string) => void,
): Promise<AddressHasher> {
  let key = env.MAIL_HASH_KEY?.trim();
  if (!key && env.NODE_ENV === 'production') {
    throw new Error('MAIL_HASH_KEY is not set: NODE_ENV=production never keeps a key in the database');
  }
  if (!key) {
    await db.query('insert into mail_hash_key (key) values ($1) on conflict do nothing', [
      randomBytes(32).toString('base64url'),
    ]);
    key = (await db.query<{ key: string }>('select key from mail_hash_key')).rows[0]!.key;
    warn(
      'MAIL_HASH_KEY is not set: mail limits hash addresses with a key kept in the database ' +
        '(table mail_hash_key); production requires MAIL_HASH_KEY and never reads that table',
    );
  }
  const secret = key;
  return (address) => createHmac('sha256', secret).update(address).digest('hex');
}

export type Reservation =
  { allowed: true; ids: number[] } | { allowed: false; limit: SendLimit; retryAfterSeconds: number };

/**
 * Counts a send of `kind` (pending) under each of `limits`: the recipient's or the client's key,
 * per kind of mail. Over a limit, nothing is counted (refusals do not count) and the answer says
 * which limit and how long until its oldest counted send leaves the window.
 */
export async function reserveSend(
  db: Query,
  keys: { kind: MailKind; recipientKey: string; clientKey: string },
  limits: readonly SendLimit[],
  now: Date,
): Promise<Reservation> {
  const taken = await take(
    db,
    limits.map((limit) => ({
      limit: { rule: `${keys.kind}:${limit.by}`, max: limit.max, windowMs: limit.windowMs },
      key: limit.by === 'recipient' ? keys.recipientKey : keys.clientKey,
      send: limit,
    })),
    now,
    'pending',
  );
  if (taken.allowed) return { allowed: true, ids: taken.ids };
  return { allowed: false, limit: taken.hit.send, retryAfterSeconds: taken.retryAfterSeconds };
}

/** The message went out: the send stays counted. */
export async function confirmSend(db: Query, ids: readonly number[]): Promise<void> {
  for (const id of ids) await settle(db, id, 'sent');
}

/** The send was refused or failed: it does not count. */
export async function releaseSend(db: Query, ids: readonly number[]): Promise<void> {
  await release(db, ids);
}
