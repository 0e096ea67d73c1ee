/**
 * The bot check port: one `verify` whatever the tenant's provider (ALTCHA by default, reCAPTCHA v3
 * or Turnstile), and single use for all of them. Adapters say whether a token is authentic and
 * unexpired; the port then spends it in `bot_check_used`, whose primary key makes a replay fail
 * even when two requests race with the same token.
 */
import type { BotCheckAction } from '../../src/domain/constants';
import type { Challenge } from 'altcha-lib';
import type { Db } from '../db/driver';
import { createAltcha, type ChallengeFor } from './altcha';
import { processSecret } from './secret';
import { createSiteverify, RECAPTCHA_VERIFY_URL, TURNSTILE_VERIFY_URL } from './siteverify';
import type { BotCheckAdapter, BotCheckProvider, BotCheckResult } from './types';

export type { BotCheckFailure, BotCheckProvider, BotCheckResult } from './types';
export type { ChallengeFor } from './altcha';

/** Longer tokens are not from any of our providers (an ALTCHA payload is under 1 KB). */
const MAX_TOKEN_LENGTH = 8192;
/** reCAPTCHA v3 scores below this are refused (Google's suggested default threshold). */
const RECAPTCHA_MIN_SCORE = 0.5;
/** Spent tokens are purged at most this often, by whichever request comes along. */
const PURGE_EVERY_MS = 60_000;

export interface BotCheck {
  /** A fresh signed ALTCHA challenge for one action (GET /api/bot-check/challenge). */
  altchaChallenge(made: ChallengeFor): Promise<Challenge>;
  /**
   * Checks a token with the provider's adapter (made for `action`, and for `tenant` when an ALTCHA
   * challenge names one), then spends it: a token passes once, on any instance of the database.
   */
  verify(
    provider: BotCheckProvider,
    token: unknown,
    clientAddress: string,
    action: BotCheckAction,
    tenant?: string,
  ): Promise<BotCheckResult>;
}

export interface BotCheckOptions {
  db: Pick<Db, 'query'>;
  /** @default () => new Date() */
  now?: () => Date;
  /** ALTCHA_HMAC_KEY, RECAPTCHA_SECRET_KEY, TURNSTILE_SECRET_KEY. @default process.env */
  env?: Record<string, string | undefined>;
  /** For the siteverify calls. @default globalThis.fetch */
  fetch?: typeof fetch;
  log: { warn(message: string): void };
}

export function createBotCheck({
  db,
  now = () => new Date(),
  env = process.env,
  fetch,
  log,
}: BotCheckOptions): BotCheck {
  const altcha = createAltcha({ hmacKey: processSecret(env, 'ALTCHA_HMAC_KEY', (m) => log.warn(m)), now });
  const adapters: Record<BotCheckProvider, BotCheckAdapter> = {
    altcha,
    recaptcha: createSiteverify({
      name: 'recaptcha',
      url: RECAPTCHA_VERIFY_URL,
      secret: env.RECAPTCHA_SECRET_KEY,
      minScore: RECAPTCHA_MIN_SCORE,
      now,
      ...(fetch && { fetch }),
    }),
    turnstile: createSiteverify({
      name: 'turnstile',
      url: TURNSTILE_VERIFY_URL,
      secret: env.TURNSTILE_SECRET_KEY,
      now,
      ...(fetch && { fetch }),
    }),
  };
  let lastPurge = 0;

  return {
    altchaChallenge: (made) => altcha.challenge(made),

    async verify(provider, token, clientAddress, action, tenant) {
      if (typeof token !== 'string' || token === '') return { ok: false, reason: 'missing' };
      if (token.length > MAX_TOKEN_LENGTH) return { ok: false, reason: 'malformed' };
      const verdict = await adapters[provider].verify(token, {
        clientAddress,
        action,
        ...(tenant !== undefined && { tenant }),
      });
      if (!verdict.ok) return verdict;
      const at = now();
      if (at.getTime() - lastPurge >= PURGE_EVERY_MS) {
        lastPurge = at.getTime();
        await db.query('delete from bot_check_used where expires_at < $1', [at]);
      }
      const { rows } = await db.query(
        `insert into bot_check_used (signature, expires_at) values ($1, $2)
         on conflict (signature) do nothing returning signature`,
        [verdict.id, verdict.expiresAt],
      );
      return rows.length ? { ok: true } : { ok: false, reason: 'replayed' };
    },
  };
}
