import { createHmac, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * The keyed hash a card number is found by (and its per-card limit keyed by): HMAC-SHA256 under
 * CARD_HASH_KEY. A plain hash would not do: 16-digit numbers with a known prefix are few enough
 * to hash them all.
 */
export type NumberHasher = (digits: string) => string;

export const createNumberHasher =
  (key: string): NumberHasher =>
  (digits) =>
    createHmac('sha256', key).update(digits).digest('hex');

/**
 * scrypt at N=2^14, r=8 (16 MiB, some 50 ms): a stolen table gives up PINs slowly (and, without
 * CARD_HASH_KEY, not the numbers they go with). Every balance inquiry that reaches the ledger pays
 * for exactly one, so its timing tells nothing.
 */
const PARAMS = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function derive(pin: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(pin, salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** 'scrypt$N$r$p$salt$hash' with a fresh random salt. */
export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(pin, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Whether `pin` matches a stored hash; the cost is the same whether or not it does. */
export async function verifyPin(pin: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) throw new Error('unknown PIN hash format');
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(pin, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummy: Promise<string> | undefined;

/**
 * A hash no PIN matches, with the same parameters as real ones: an unknown (or locked) card is
 * checked against it, so it takes as long as a wrong PIN.
 */
export function dummyPinHash(): Promise<string> {
  dummy ??= hashPin(randomBytes(16).toString('hex'));
  return dummy;
}
