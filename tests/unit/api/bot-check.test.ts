// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { botToken } from '../../../src/api/bot-check';
import { BOT_CHECK_ACTIONS } from '../../../src/domain/constants';
import { builtInTenants } from '../../../src/tenant';
import type { TenantConfig } from '../../../src/tenant/types';

const tenantWith = (botCheck: TenantConfig['botCheck']): TenantConfig => ({
  ...builtInTenants.wellness,
  botCheck,
});
const noChallenge = {
  botChallenge: () => Promise.reject(new Error('ALTCHA must not be asked for')),
};

afterEach(() => {
  delete window.turnstile;
  delete window.grecaptcha;
  document.body.innerHTML = '';
});

describe('botToken with Turnstile', () => {
  it.each(Object.values(BOT_CHECK_ACTIONS))(
    'renders the widget with the action the server requires (%s)',
    async (action) => {
      const rendered: Record<string, unknown>[] = [];
      window.turnstile = {
        render(_container, options) {
          rendered.push({ ...options });
          queueMicrotask(() => options.callback('turnstile-token'));
          return 'widget-1';
        },
        remove() {},
      };
      const token = await botToken(
        tenantWith({ provider: 'turnstile', siteKey: 'site-key' }),
        noChallenge,
        undefined,
        action,
      );
      expect(token).toBe('turnstile-token');
      expect(rendered).toHaveLength(1);
      expect(rendered[0]).toMatchObject({ sitekey: 'site-key', action });
      // The invisible box it rendered into is gone again.
      expect(document.body.children).toHaveLength(0);
    },
  );

  it('defaults to the balance inquiry action', async () => {
    let seen: unknown;
    window.turnstile = {
      render(_container, options) {
        seen = options.action;
        queueMicrotask(() => options.callback('t'));
        return 'widget-1';
      },
      remove() {},
    };
    await botToken(tenantWith({ provider: 'turnstile', siteKey: 'k' }), noChallenge);
    expect(seen).toBe(BOT_CHECK_ACTIONS.balanceInquiry);
  });
});

describe('botToken with reCAPTCHA v3', () => {
  it('executes with the action', async () => {
    const calls: unknown[] = [];
    window.grecaptcha = {
      ready: (callback) => callback(),
      execute: async (siteKey, options) => {
        calls.push([siteKey, options]);
        return 'recaptcha-token';
      },
    };
    const token = await botToken(
      tenantWith({ provider: 'recaptcha', siteKey: 'k' }),
      noChallenge,
      undefined,
      BOT_CHECK_ACTIONS.shareOffer,
    );
    expect(token).toBe('recaptcha-token');
    expect(calls).toEqual([['k', { action: BOT_CHECK_ACTIONS.shareOffer }]]);
  });
});
