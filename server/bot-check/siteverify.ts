import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { AdapterVerdict, BotCheckAdapter } from './types';

export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
export const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/** A token both providers accept for a few minutes; remember it a little longer. */
const TOKEN_MEMORY_MS = 10 * 60_000;

/** The fields we read of either provider's siteverify answer. */
const answerSchema = z.object({
  success: z.boolean(),
  action: z.string().optional(),
  /** reCAPTCHA v3 only: 1.0 very likely a person, 0.0 very likely a bot. */
  score: z.number().optional(),
  'error-codes': z.array(z.string()).optional(),
});

export interface SiteverifyOptions {
  /** Used in the spent-token id: 'recaptcha' or 'turnstile'. */
  name: string;
  url: string;
  /** The provider's secret key; without it every token is refused ('not-configured'). */
  secret: string | undefined;
  now: () => Date;
  /** reCAPTCHA v3: refuse scores below this. @default undefined (no score check) */
  minScore?: number;
  /** Injected in unit tests: nothing may reach the internet there. @default globalThis.fetch */
  fetch?: typeof fetch;
  /** A provider that does not answer in time fails the check (closed, not open). @default 3000 */
  timeoutMs?: number;
}

/**
 * reCAPTCHA v3 and Turnstile: the server asks the provider's siteverify endpoint about the
 * browser's token (same request shape and answer for both).
 */
export function createSiteverify({
  name,
  url,
  secret,
  now,
  minScore,
  fetch: fetchImpl = globalThis.fetch,
  timeoutMs = 3000,
}: SiteverifyOptions): BotCheckAdapter {
  return {
    async verify(token, { clientAddress, action }): Promise<AdapterVerdict> {
      if (!secret) return { ok: false, reason: 'not-configured' };
      let answer: z.infer<typeof answerSchema>;
      try {
        const response = await fetchImpl(url, {
          method: 'POST',
          body: new URLSearchParams({ secret, response: token, remoteip: clientAddress }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) return { ok: false, reason: 'unavailable' };
        const parsed = answerSchema.safeParse(await response.json());
        if (!parsed.success) return { ok: false, reason: 'unavailable' };
        answer = parsed.data;
      } catch {
        return { ok: false, reason: 'unavailable' };
      }
      if (!answer.success) {
        // Both providers spend a token on first use and answer this for a second one or a stale one.
        const stale = answer['error-codes']?.includes('timeout-or-duplicate');
        return { ok: false, reason: stale ? 'replayed' : 'invalid' };
      }
      if (answer.action !== action) return { ok: false, reason: 'wrong-action' };
      if (minScore !== undefined && (answer.score ?? 0) < minScore) return { ok: false, reason: 'low-score' };
      // The provider already refuses a second use; the port remembers the token too, so a replay
      // is refused even if the provider is lenient.
      const id = `${name}:${createHash('sha256').update(token).digest('hex')}`;
      return { ok: true, id, expiresAt: new Date(now().getTime() + TOKEN_MEMORY_MS) };
    },
  };
}
