import { randomBytes } from 'node:crypto';

/** Secrets made up for this process because the environment had none, by variable name. */
const generated = new Map<string, string>();

/**
 * A server secret from the environment (ALTCHA_HMAC_KEY, CARD_HASH_KEY). When it is unset, a
 * random one for the life of this process, with a warning: good enough for a demo, but what was
 * keyed with it (challenges in flight, card number hashes) does not survive a restart and is not
 * shared with other instances. Never in production: the config refuses to start without these
 * keys, and should a caller get here anyway (a test harness, a new entry point), this throws
 * rather than serve with a key nobody else knows.
 */
export function processSecret(
  env: Record<string, string | undefined>,
  name: string,
  warn: (message: string) => void,
): string {
  const value = env[name]?.trim();
  if (value) return value;
  if (env.NODE_ENV === 'production') {
    throw new Error(`${name} is not set: NODE_ENV=production never falls back to a random key`);
  }
  let secret = generated.get(name);
  if (!secret) {
    secret = randomBytes(32).toString('base64url');
    generated.set(name, secret);
    warn(`${name} is not set: using a random key for this process only; set it in production`);
  }
  return secret;
}
