import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { z } from 'zod';
import type { BotCheckAction } from '../../src/domain/constants';
import type { AdapterVerdict, BotCheckAdapter } from './types';

/** How long a challenge may be solved and presented. */
export const ALTCHA_TTL_MS = 5 * 60_000;

/**
 * The proof of work. In deterministic mode the server picks a secret counter and the browser
 * walks the counters from 0 until its SHA-256 matches: 5k–20k hashes, about 0.1–0.3 s in a
 * browser and a few tens of ms in Node. It slows a bot down and ties every try to a fresh,
 * signed, single-use challenge; the per-card and per-client limits do the rest. Under guessing
 * (a tenant's failed balance inquiries over their budget) each level multiplies both by ten.
 */
const ALGORITHM = 'SHA-256';
export const COUNTER_MIN = 5_000;
export const COUNTER_MAX = 20_000;

/** What a challenge is made for, signed into it (`parameters.data`) so it is spent on nothing else. */
export interface ChallengeFor {
  action: BotCheckAction;
  /** The tenant whose requests may spend it; none: any tenant's (made at the dearest level). */
  tenant?: string | undefined;
  /** The proof of work costs 10^level times its normal cost. @default 0 */
  level?: number;
}

const hex = z.string().regex(/^[0-9a-f]+$/);

/**
 * The widget's payload, decoded: `{ challenge: { parameters, signature }, solution }`. Checked
 * for shape only, so altcha-lib never meets a value of the wrong type; the signature check does
 * the rest. Unknown parameters are kept: they are part of what was signed.
 */
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.literal(ALGORITHM),
        nonce: hex,
        salt: hex,
        keyPrefix: hex,
        cost: z.number().int().positive(),
        keyLength: z.number().int().positive().max(64),
        expiresAt: z.number().positive(),
        // What the challenge was made for; a challenge without it is good for nothing.
        data: z
          .object({ action: z.string(), tenant: z.string().optional() })
          .catchall(z.union([z.string(), z.number(), z.boolean(), z.null()]))
          .optional(),
      })
      .loose(),
    signature: hex,
  }),
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: hex }).loose(),
});

export interface AltchaOptions {
  hmacKey: string;
  now: () => Date;
}

/** ALTCHA, self-hosted: challenges signed with our HMAC key, solutions checked with altcha-lib. */
export function createAltcha({
  hmacKey,
  now,
}: AltchaOptions): BotCheckAdapter & { challenge(made: ChallengeFor): Promise<Challenge> } {
  return {
    challenge: ({ action, tenant, level = 0 }) => {
      const factor = 10 ** level;
      return createChallenge({
        algorithm: ALGORITHM,
        cost: 1,
        counter: randomInt(COUNTER_MAX * factor, COUNTER_MIN * factor),
        deriveKey,
        hmacSignatureSecret: hmacKey,
        expiresAt: new Date(now().getTime() + ALTCHA_TTL_MS),
        data: tenant ? { action, tenant } : { action },
      });
    },

    async verify(token, { action, tenant }): Promise<AdapterVerdict> {
      const parsed = payloadSchema.safeParse(decode(token));
      if (!parsed.success) return { ok: false, reason: 'malformed' };
      const { challenge, solution } = parsed.data;
      const result = await verifySolution({ challenge, solution, deriveKey, hmacSignatureSecret: hmacKey });
      if (result.expired) return { ok: false, reason: 'expired' };
      if (!result.verified) return { ok: false, reason: 'invalid' };
      // altcha-lib checks expiry against the wall clock; ours may be a test's clock.
      const expiresAt = new Date(challenge.parameters.expiresAt * 1000);
      if (expiresAt <= now()) return { ok: false, reason: 'expired' };
      // Signed with the rest: made for this action, and for this tenant when it names one.
      const made = challenge.parameters.data;
      if (made?.action !== action) return { ok: false, reason: 'wrong-action' };
      if (made.tenant !== undefined && tenant !== undefined && made.tenant !== tenant)
        return { ok: false, reason: 'wrong-tenant' };
      // The signature covers the random nonce and salt: it names this challenge.
      return { ok: true, id: `altcha:${challenge.signature}`, expiresAt };
    },
  };
}

/** The widget sends base64 of JSON; anything else decodes to undefined. */
function decode(token: string): unknown {
  try {
    return JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
}
