/**
 * Send limits of the mail the API sends, counted in PostgreSQL (mail_sends) rather than in process
 * memory: every instance sees the same counts, a restart forgets nothing, and the clock is the
 * caller's (tests move it forward). Only accepted sends count: a refused or failed send leaves no
 * row behind.
 *
 * Race-safe without locks, as the gift card limits are: a send is recorded first and counted
 * after, so of concurrent sends the last to count sees all the others.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../db/driver';
import type { MailKind } from './transport';

export interface SendLimit {
  /** Which key the limit counts: the recipient's address or the client's. */
  by: 'recipient' | 'client';
  max: number;
  windowMs: number;
  /** The `error` of the 429. */
  error: string;
}

/** Rows older than the longest window count for nothing any more. */
const KEEP_MS = 24 * 60 * 60_000;
const PURGE_EVERY_MS = 60_000;

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
  { allowed: true; id: number } | { allowed: false; limit: SendLimit; retryAfterSeconds: number };

/**
 * Records a send of `kind` (pending) and checks it against `limits`, in order. Over a limit, the
 * record is removed again (refusals do not count) and the answer says which limit and how long
 * until its oldest counted send leaves the window.
 */
export async function reserveSend(
  db: Query,
  keys: { kind: MailKind; recipientKey: string; clientKey: string },
  limits: readonly SendLimit[],
  now: Date,
): Promise<Reservation> {
  await purge(db, now);
  const { rows } = await db.query<{ id: number }>(
    `insert into mail_sends (kind, recipient_key, client_key, sent_at, state)
     values ($1, $2, $3, $4, 'pending') returning id`,
    [keys.kind, keys.recipientKey, keys.clientKey, now],
  );
  const id = Number(rows[0]!.id);
  for (const limit of limits) {
    const column = limit.by === 'recipient' ? 'recipient_key' : 'client_key';
    const key = limit.by === 'recipient' ? keys.recipientKey : keys.clientKey;
    const counted = await db.query<{ sends: number; oldest: Date }>(
      `select count(*)::int as sends, min(sent_at) as oldest from mail_sends
        where kind = $1 and ${column} = $2 and sent_at > $3`,
      [keys.kind, key, new Date(now.getTime() - limit.windowMs)],
    );
    const { sends, oldest } = counted.rows[0]!;
    if (sends > limit.max) {
      await releaseSend(db, id);
      const leaves = new Date(oldest).getTime() + limit.windowMs - now.getTime();
      return { allowed: false, limit, retryAfterSeconds: Math.max(1, Math.ceil(leaves / 1000)) };
    }
  }
  return { allowed: true, id };
}

/** The message went out: the send stays counted. */
export async function confirmSend(db: Query, id: number): Promise<void> {
  await db.query(`update mail_sends set state = 'sent' where id = $1`, [id]);
}

/** The send was refused or failed: it does not count. */
export async function releaseSend(db: Query, id: number): Promise<void> {
  await db.query('delete from mail_sends where id = $1', [id]);
}

let lastPurge = 0;

async function purge(db: Query, now: Date): Promise<void> {
  // Opportunistic clean-up, at most once a minute per process: no scheduler needed.
  if (now.getTime() - lastPurge < PURGE_EVERY_MS) return;
  lastPurge = now.getTime();
  await db.query('delete from mail_sends where sent_at < $1', [new Date(now.getTime() - KEEP_MS)]);
}
