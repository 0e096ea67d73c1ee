/**
 * The one limiter (server/limits.ts) and what rides on it: the sliding windows themselves, the
 * per-client limit of the bot-check challenge, and the per-tenant budget of failed balance
 * inquiries that makes the proof of work dearer and raises an alert.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { buildApp } from '../../server/app';
import { COUNTER_MAX, COUNTER_MIN } from '../../server/bot-check/altcha';
import { migrate } from '../../server/db/migrate';
import { guessingLevel, MAX_LEVEL, recordFailedInquiry } from '../../server/gift-cards/limits';
import { count, take } from '../../server/limits';
import { TOO_MANY_CHALLENGES } from '../../server/routes/bot-check';
import { CARD_NOT_FOUND_STATUS } from '../../server/routes/gift-cards';
import { databases } from './databases';
import { solve } from './helpers';

const MINUTE = 60_000;
const BUDGET = 3;
const SPA = '1';
const WELLNESS = '13';

describe.each(databases)('limits on $name', ({ open }) => {
  let db: Awaited<ReturnType<(typeof databases)[number]['open']>>;
  let app: FastifyInstance;
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  const logLines: string[] = [];
  let client = 0;
  const nextAddress = () => `10.7.${Math.floor(++client / 250)}.${client % 250}`;

  const challenge = (publisher?: string, address = nextAddress()) =>
    app.inject({
      url: '/api/bot-check/challenge?action=balance_inquiry',
      headers: publisher ? { publisherid: publisher } : {},
      remoteAddress: address,
    });
  /** The counter a challenge hides: how many hashes its solution took. */
  const work = async (publisher?: string) => {
    const response = await challenge(publisher);
    expect(response.statusCode).toBe(200);
    return (await solveChallenge({ challenge: response.json() as Challenge, deriveKey }))!.counter;
  };
  const failedInquiry = async (token: string, publisher = SPA) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/gift-cards/balance',
      headers: { publisherid: publisher },
      payload: {
        cardNumber: `6036 1100 4799 ${String(client).padStart(4, '0')}`,
        pin: '1234',
        botToken: token,
      },
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(CARD_NOT_FOUND_STATUS);
  };
  const alerts = () =>
    logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.alert === 'gift-card-guessing');

  beforeAll(async () => {
    db = await open();
    await migrate(db);
    app = await buildApp({
      db,
      clock,
      limits: { balanceFailureBudget: BUDGET, challengesPerMinute: 5 },
      logger: { level: 'info', stream: { write: (line) => void logLines.push(line) } },
    });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  describe('sliding windows', () => {
    const limit = { rule: 'test:client', max: 2, windowMs: MINUTE };

    it('lets `max` hits of a key through a window, refuses the next without counting it', async () => {
      const at = clock();
      expect(await take(db, [{ limit, key: 'a' }], at)).toMatchObject({ allowed: true });
      expect(await take(db, [{ limit, key: 'a' }], new Date(at.getTime() + 20_000))).toMatchObject({
        allowed: true,
      });
      const refused = await take(db, [{ limit, key: 'a' }], new Date(at.getTime() + 30_000));
      // The oldest hit leaves the window 30 seconds later.
      expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 30 });
      expect((await count(db, limit, 'a', new Date(at.getTime() + 30_000))).hits).toBe(2);
      // Another key has its own count; the window slides: one hit has left after a minute.
      expect(await take(db, [{ limit, key: 'b' }], at)).toMatchObject({ allowed: true });
      expect(await take(db, [{ limit, key: 'a' }], new Date(at.getTime() + MINUTE + 1))).toMatchObject({
        allowed: true,
      });
    });

    it('counts one hit under several limits and none when any of them refuses', async () => {
      const at = clock();
      const tight = { rule: 'test:recipient', max: 1, windowMs: MINUTE };
      const hits = [
        { limit, key: 'c' },
        { limit: tight, key: 'r' },
      ];
      expect(await take(db, hits, at)).toMatchObject({ allowed: true });
      const refused = await take(db, hits, at);
      expect(refused).toMatchObject({ allowed: false, hit: { limit: tight } });
      expect((await count(db, limit, 'c', at)).hits).toBe(1);
    });

    it('lets no more than `max` through when tries race', async () => {
      const at = clock();
      const results = await Promise.all(
        Array.from({ length: 8 }, () => take(db, [{ limit, key: 'race' }], at)),
      );
      expect(results.filter((result) => result.allowed).length).toBeLessThanOrEqual(limit.max);
    });
  });

  it('limits the challenges of one client (an IPv6 /64) per minute, with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++)
      statuses.push((await challenge(undefined, `2001:db8:77:1::${i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await challenge(undefined, '2001:db8:77:1:ffff::1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: TOO_MANY_CHALLENGES });
    expect(limited.headers['cache-control']).toBe('no-store');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another /64 is another client; the first gets back in once its window has passed.
    expect((await challenge(undefined, '2001:db8:77:2::1')).statusCode).toBe(200);
    offset += MINUTE + 1000;
    expect((await challenge(undefined, '2001:db8:77:1::1')).statusCode).toBe(200);
  });

  it('makes the proof of work dearer for a tenant whose failures spend the budget, until they fall', async () => {
    offset += 2 * MINUTE;
    const normal = await work(SPA);
    expect(normal).toBeGreaterThanOrEqual(COUNTER_MIN);
    expect(normal).toBeLessThanOrEqual(COUNTER_MAX);
    // Tokens made before the budget is spent, for BUDGET failed inquiries in one minute.
    const tokens: string[] = [];
    for (let i = 0; i < BUDGET; i++) tokens.push(await solve((await challenge(SPA)).json()));
    for (const token of tokens) await failedInquiry(token);

    const dearer = await work(SPA);
    expect(dearer).toBeGreaterThanOrEqual(COUNTER_MIN * 10);
    expect(dearer).toBeLessThanOrEqual(COUNTER_MAX * 10);
    // A challenge for no tenant in particular costs what the dearest tenant's costs.
    expect(await work()).toBeGreaterThanOrEqual(COUNTER_MIN * 10);
    // Another tenant's visitors pay the normal price.
    expect(await work(WELLNESS)).toBeLessThanOrEqual(COUNTER_MAX);

    // Each budget spent: ten times more, up to the cap.
    const at = clock();
    expect(await guessingLevel(db, 'spa', at, BUDGET)).toBe(1);
    for (let i = 0; i < 10 * BUDGET; i++) await recordFailedInquiry(db, 'spa', at, BUDGET);
    expect(await guessingLevel(db, 'spa', at, BUDGET)).toBe(MAX_LEVEL);

    // A minute later the failures have left the window: back to normal.
    offset += MINUTE + 1000;
    expect(await work(SPA)).toBeLessThanOrEqual(COUNTER_MAX);
  });

  it('logs the spent budget as an alert once a minute, without card data', async () => {
    offset += 2 * MINUTE;
    const before = alerts().length;
    const tokens: string[] = [];
    for (let i = 0; i < BUDGET + 2; i++) tokens.push(await solve((await challenge(WELLNESS)).json()));
    for (const token of tokens) await failedInquiry(token, WELLNESS);
    const raised = alerts().slice(before);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      level: 50,
      tenant: 'wellness',
      failures: BUDGET,
      failureBudget: BUDGET,
      msg: expect.stringContaining('gift card guessing'),
    });
    const { time: _time, ...line } = raised[0]!;
    expect(JSON.stringify(line)).not.toMatch(/6036|\d{12,}|"pin"|cardNumber|botToken/);

    // The next minute, a budget spent again is a new alert.
    offset += MINUTE + 1000;
    const next: string[] = [];
    for (let i = 0; i < BUDGET; i++) next.push(await solve((await challenge(WELLNESS)).json()));
    for (const token of next) await failedInquiry(token, WELLNESS);
    expect(alerts().slice(before)).toHaveLength(2);
  });
});
