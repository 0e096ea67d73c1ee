/**
 * The bot check before a request a robot could abuse (spec 2.9: a token requested with a site
 * key): a balance inquiry, sharing an offer, contacting a business. ALTCHA proof of work by
 * default, solved here with altcha-lib from a challenge our server signed; reCAPTCHA v3 or
 * Turnstile when the tenant configures one. Each provider's code loads only when the visitor
 * submits, and only in the elements that need it.
 */
import type { TenantConfig } from '../tenant/types';
import { BOT_CHECK_ACTIONS, type BotCheckAction } from '../domain/constants';

export interface BotCheckApi {
  /** A challenge signed for `action`: the server refuses its token for any other. */
  botChallenge(action: BotCheckAction, signal?: AbortSignal): Promise<unknown>;
}

/**
 * A single-use token for one request.
 *
 * @param action - what the token is for (reCAPTCHA v3 reports scores per action).
 *   @default 'balance_inquiry'
 */
export async function botToken(
  tenant: TenantConfig,
  api: BotCheckApi,
  signal?: AbortSignal,
  action: BotCheckAction = BOT_CHECK_ACTIONS.balanceInquiry,
): Promise<string> {
  const { provider, siteKey } = tenant.botCheck;
  if (provider === 'recaptcha' && siteKey) return recaptchaToken(siteKey, action);
  if (provider === 'turnstile' && siteKey) return turnstileToken(siteKey, action);
  const [{ solveChallenge }, { deriveKey }, challenge] = await Promise.all([
    import('altcha-lib'),
    import('altcha-lib/algorithms/web/sha'),
    api.botChallenge(action, signal),
  ]);
  const typed = challenge as Parameters<typeof solveChallenge>[0]['challenge'];
  const solution = await solveChallenge({ challenge: typed, deriveKey });
  if (!solution) throw new Error('The bot check could not be solved.');
  // The payload the ALTCHA widget would send: base64 of JSON.
  return btoa(
    JSON.stringify({
      challenge: typed,
      solution: { counter: solution.counter, derivedKey: solution.derivedKey },
    }),
  );
}

declare global {
  interface Window {
    grecaptcha?: {
      ready(callback: () => void): void;
      execute(siteKey: string, options: { action: string }): Promise<string>;
    };
    turnstile?: {
      render(
        container: HTMLElement,
        options: {
          sitekey: string;
          /** Sent back in siteverify's answer; the server requires the request's own action. */
          action: string;
          callback(token: string): void;
          'error-callback'(): void;
        },
      ): string;
      remove(id: string): void;
    };
  }
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`Could not load ${src}`));
    document.head.append(script);
  });
}

async function recaptchaToken(siteKey: string, action: string): Promise<string> {
  if (!window.grecaptcha)
    await loadScript(`https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`);
  const grecaptcha = window.grecaptcha!;
  await new Promise<void>((resolve) => grecaptcha.ready(resolve));
  return grecaptcha.execute(siteKey, { action });
}

async function turnstileToken(siteKey: string, action: string): Promise<string> {
  if (!window.turnstile)
    await loadScript('https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit');
  const turnstile = window.turnstile!;
  // Turnstile renders into the light DOM: a hidden box appended to the page for the invisible mode.
  const box = document.createElement('div');
  document.body.append(box);
  try {
    return await new Promise<string>((resolve, reject) => {
      const id = turnstile.render(box, {
        sitekey: siteKey,
        // Without it siteverify answers no action and the server refuses every token.
        action,
        callback: resolve,
        'error-callback': () => reject(new Error('Turnstile failed')),
      });
      void id;
    });
  } finally {
    box.remove();
  }
}
