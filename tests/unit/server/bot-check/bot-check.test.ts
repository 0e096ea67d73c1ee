import { describe, expect, it, vi } from 'vitest';
import { createChallenge, solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { createBotCheck } from '../../../../server/bot-check';
import { COUNTER_MAX, COUNTER_MIN, createAltcha } from '../../../../server/bot-check/altcha';
import {
  createSiteverify,
  RECAPTCHA_VERIFY_URL,
  TURNSTILE_VERIFY_URL,
} from '../../../../server/bot-check/siteverify';

const MINUTE = 60_000;
const context = { clientAddress: '203.0.113.7', action: 'balance_inquiry' as const };
const forBalance = { action: 'balance_inquiry' as const };

async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A fetch that answers `body` (or hangs until aborted) and records what it was asked. */
function fakeFetch(body: unknown, { status = 200, hang = false } = {}) {
  return vi.fn(
    (_url: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        if (!hang) return resolve(new Response(JSON.stringify(body), { status }));
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
      }),
  );
}

/** The bot_check_used table in memory: the insert answers a row unless the key is there. */
function fakeDb() {
  const used = new Set<string>();
  return {
    used,
    async query<T>(sql: string, params: unknown[] = []): Promise<{ rows: T[] }> {
      if (!sql.startsWith('insert')) return { rows: [] };
      const key = String(params[0]);
      if (used.has(key)) return { rows: [] };
      used.add(key);
      return { rows: [{ signature: key } as T] };
    },
  };
}

describe('ALTCHA adapter', () => {
  let time = Date.parse('2025-06-01T12:00:00Z');
  const altcha = createAltcha({ hmacKey: 'test-key', now: () => new Date(time) });

  it('accepts a solved challenge and names it by its signature', async () => {
    time = Date.now();
    const challenge = await altcha.challenge(forBalance);
    const verdict = await altcha.verify(await solve(challenge), context);
    expect(verdict).toEqual({
      ok: true,
      id: `altcha:${challenge.signature}`,
      expiresAt: new Date(challenge.parameters.expiresAt! * 1000),
    });
  });

  it('refuses an expired challenge by its own clock', async () => {
    time = Date.now();
    const token = await solve(await altcha.challenge(forBalance));
    time += 5 * MINUTE + 1000;
    expect(await altcha.verify(token, context)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a challenge signed with another key or changed after signing', async () => {
    time = Date.now();
    const foreign = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: 100,
      deriveKey,
      hmacSignatureSecret: 'another-key',
      expiresAt: new Date(time + MINUTE),
    });
    expect(await altcha.verify(await solve(foreign), context)).toEqual({ ok: false, reason: 'invalid' });
    const ours = await altcha.challenge(forBalance);
    // A longer life than was signed (still solvable: the proof of work does not cover expiry).
    const changed = {
      ...ours,
      parameters: { ...ours.parameters, expiresAt: ours.parameters.expiresAt! + 3600 },
    };
    expect(await altcha.verify(await solve(changed), context)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('binds a challenge to its action, and to its tenant when it names one', async () => {
    time = Date.now();
    const share = await solve(await altcha.challenge({ action: 'share_offer' }));
    expect(await altcha.verify(share, context)).toEqual({ ok: false, reason: 'wrong-action' });
    expect(await altcha.verify(share, { ...context, action: 'share_offer' })).toMatchObject({ ok: true });

    const spa = await solve(await altcha.challenge({ ...forBalance, tenant: 'spa' }));
    expect(await altcha.verify(spa, { ...context, tenant: 'wellness' })).toEqual({
      ok: false,
      reason: 'wrong-tenant',
    });
    expect(await altcha.verify(spa, { ...context, tenant: 'spa' })).toMatchObject({ ok: true });
    // Made for no tenant (fetched without the tenant header): good for any.
    const any = await solve(await altcha.challenge(forBalance));
    expect(await altcha.verify(any, { ...context, tenant: 'wellness' })).toMatchObject({ ok: true });
  });

  it('refuses a challenge of ours that names no action (signed without one)', async () => {
    time = Date.now();
    const bare = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: 100,
      deriveKey,
      hmacSignatureSecret: 'test-key',
      expiresAt: new Date(time + MINUTE),
    });
    expect(await altcha.verify(await solve(bare), context)).toEqual({ ok: false, reason: 'wrong-action' });
  });

  it('makes the proof of work ten times dearer per level', async () => {
    time = Date.now();
    const counters = async (level: number) => {
      const found: number[] = [];
      for (let i = 0; i < 2; i++) {
        const challenge = await altcha.challenge({ ...forBalance, level });
        found.push((await solveChallenge({ challenge, deriveKey }))!.counter);
      }
      return found;
    };
    for (const counter of await counters(0)) {
      expect(counter).toBeGreaterThanOrEqual(COUNTER_MIN);
      expect(counter).toBeLessThanOrEqual(COUNTER_MAX);
    }
    for (const counter of await counters(1)) {
      expect(counter).toBeGreaterThanOrEqual(COUNTER_MIN * 10);
      expect(counter).toBeLessThanOrEqual(COUNTER_MAX * 10);
    }
  });

  it('refuses what is not a payload', async () => {
    for (const token of [
      'x',
      Buffer.from('[]').toString('base64'),
      Buffer.from('{"challenge":1}').toString('base64'),
    ]) {
      expect(await altcha.verify(token, context)).toEqual({ ok: false, reason: 'malformed' });
    }
  });
});

describe('siteverify adapters (reCAPTCHA v3, Turnstile)', () => {
  const now = () => new Date('2025-06-01T12:00:00Z');
  const recaptcha = (fetch: typeof globalThis.fetch, secret: string | undefined = 'server-secret') =>
    createSiteverify({
      name: 'recaptcha',
      url: RECAPTCHA_VERIFY_URL,
      secret,
      minScore: 0.5,
      now,
      fetch,
      timeoutMs: 50,
    });

  it('asks the provider with the secret, the token and the client address', async () => {
    const fetch = fakeFetch({ success: true, action: 'balance_inquiry', score: 0.9 });
    const verdict = await recaptcha(fetch).verify('browser-token', context);
    expect(verdict).toMatchObject({ ok: true, id: expect.stringMatching(/^recaptcha:[0-9a-f]{64}$/) });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(RECAPTCHA_VERIFY_URL);
    expect(init?.method).toBe('POST');
    expect(Object.fromEntries(init?.body as URLSearchParams)).toEqual({
      secret: 'server-secret',
      response: 'browser-token',
      remoteip: '203.0.113.7',
    });
  });

  it.each([
    [{ success: false, 'error-codes': ['invalid-input-response'] }, 'invalid'],
    [{ success: false, 'error-codes': ['timeout-or-duplicate'] }, 'replayed'],
    [{ success: true, action: 'login', score: 0.9 }, 'wrong-action'],
    // A token made for sharing an offer does not check a balance.
    [{ success: true, action: 'share_offer', score: 0.9 }, 'wrong-action'],
    [{ success: true, action: 'balance_inquiry', score: 0.3 }, 'low-score'],
    [{ unexpected: true }, 'unavailable'],
  ])('refuses %j as %s', async (answer, reason) => {
    expect(await recaptcha(fakeFetch(answer)).verify('t', context)).toEqual({ ok: false, reason });
  });

  it('fails closed when the provider errs or does not answer in time', async () => {
    expect(await recaptcha(fakeFetch({}, { status: 500 })).verify('t', context)).toEqual({
      ok: false,
      reason: 'unavailable',
    });
    expect(await recaptcha(fakeFetch({}, { hang: true })).verify('t', context)).toEqual({
      ok: false,
      reason: 'unavailable',
    });
  });

  it('refuses every token, without a call, when the secret is not configured', async () => {
    const fetch = fakeFetch({ success: true, action: 'balance_inquiry', score: 1 });
    expect(
      await createSiteverify({
        name: 'recaptcha',
        url: RECAPTCHA_VERIFY_URL,
        secret: undefined,
        now,
        fetch,
      }).verify('t', context),
    ).toEqual({
      ok: false,
      reason: 'not-configured',
    });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('needs no score from Turnstile', async () => {
    const fetch = fakeFetch({ success: true, action: 'balance_inquiry' });
    const turnstile = createSiteverify({
      name: 'turnstile',
      url: TURNSTILE_VERIFY_URL,
      secret: 's',
      now,
      fetch,
    });
    expect(await turnstile.verify('t', context)).toMatchObject({ ok: true });
    expect(fetch.mock.calls[0]![0]).toBe(TURNSTILE_VERIFY_URL);
  });
});

describe('the bot check port', () => {
  const log = { warn: vi.fn() };

  it('lets a token pass once', async () => {
    const db = fakeDb();
    const botCheck = createBotCheck({ db, env: { ALTCHA_HMAC_KEY: 'k' }, log });
    const token = await solve(await botCheck.altchaChallenge(forBalance));
    expect(await botCheck.verify('altcha', token, '198.51.100.1', 'balance_inquiry')).toEqual({ ok: true });
    expect(await botCheck.verify('altcha', token, '198.51.100.1', 'balance_inquiry')).toEqual({
      ok: false,
      reason: 'replayed',
    });
  });

  it('refuses a missing token and does not spend a refused one', async () => {
    const db = fakeDb();
    const botCheck = createBotCheck({ db, env: { ALTCHA_HMAC_KEY: 'k' }, log });
    for (const token of [undefined, null, '', 42]) {
      expect(await botCheck.verify('altcha', token, '198.51.100.1', 'balance_inquiry')).toEqual({
        ok: false,
        reason: 'missing',
      });
    }
    expect(await botCheck.verify('altcha', 'garbage', '198.51.100.1', 'balance_inquiry')).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(db.used.size).toBe(0);
  });

  it("uses the tenant's provider, with the secret from the environment", async () => {
    const db = fakeDb();
    const fetch = fakeFetch({ success: true, action: 'balance_inquiry' });
    const botCheck = createBotCheck({
      db,
      env: { ALTCHA_HMAC_KEY: 'k', TURNSTILE_SECRET_KEY: 'ts' },
      fetch,
      log,
    });
    expect(await botCheck.verify('turnstile', 'cf-token', '198.51.100.1', 'balance_inquiry')).toEqual({
      ok: true,
    });
    expect(fetch.mock.calls[0]![0]).toBe(TURNSTILE_VERIFY_URL);
    expect(await botCheck.verify('turnstile', 'cf-token', '198.51.100.1', 'balance_inquiry')).toEqual({
      ok: false,
      reason: 'replayed',
    });
    // No reCAPTCHA secret configured: refused, and nothing asked.
    expect(await botCheck.verify('recaptcha', 'g-token', '198.51.100.1', 'balance_inquiry')).toEqual({
      ok: false,
      reason: 'not-configured',
    });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
