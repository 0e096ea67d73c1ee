/**
 * Several instances, one system: two app instances (two buildApp calls, as two processes behind a
 * load balancer would be) on one database. What a bot or a guesser could play one instance off
 * against the other with lives in the database, not in an instance's memory: spent bot tokens,
 * the per-client and per-card limits, the failure budget that prices the proof of work. The ALTCHA
 * key is the one setting they must share (ALTCHA_HMAC_KEY), as every instance of a deployment does.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { buildApp } from '../../server/app';
import { COUNTER_MAX, COUNTER_MIN } from '../../server/bot-check/altcha';
import { migrate } from '../../server/db/migrate';
import type { Db } from '../../server/db/driver';
import { DEMO_CARDS } from '../../server/seed/demo-cards';
import { CARD_NOT_FOUND_STATUS } from '../../server/routes/gift-cards';
import { pglite, postgres, type SharedDatabase, type TestDatabase } from './databases';
import { botTokenFrom } from './helpers';

const ALTCHA_HMAC_KEY = 'the-key-every-instance-shares';
const BUDGET = 2;
const MINUTE = 60_000;
const spaCard = DEMO_CARDS.find((demo) => demo.number.endsWith('1823'))!;

function instancesOn(database: TestDatabase) {
  let shared: SharedDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let client = 0;
  // One clock for both, as synchronised servers have; each test starts two minutes on, when the
  // failures of the one before have left the budget's window (and tokens cost the normal price).
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  const nextAddress = () => `10.77.${Math.floor(++client / 250)}.${client % 250}`;
  const build = (db: Db, altchaHmacKey = ALTCHA_HMAC_KEY) =>
    buildApp({
      db,
      clock,
      altchaHmacKey,
      limits: { balanceFailureBudget: BUDGET, challengesPerMinute: 5 },
    });
  /** Tokens made before a test's failures raise the price, for `apps[i]` each. */
  const tokensFor = async (apps: FastifyInstance[], publisher?: string) => {
    const tokens: string[] = [];
    for (const app of apps) tokens.push(await botTokenFrom(app, 'balance_inquiry', { publisher }));
    return tokens;
  };
  const inquire = (
    app: FastifyInstance,
    body: { cardNumber: string; pin: string; botToken: string },
    address = nextAddress(),
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/gift-cards/balance',
      headers: { publisherid: '1' },
      payload: body,
      remoteAddress: address,
    });
  const unknownCard = () => `6036 1100 4755 ${String(++client).padStart(4, '0')}`;

  beforeAll(async () => {
    shared = await database.openTwice();
    await migrate(shared.first);
    a = await build(shared.first);
    b = await build(shared.second);
  });
  beforeEach(() => {
    offset += 2 * MINUTE;
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await shared?.drop();
  });

  it('a bot token made by one instance passes on the other, once: spent there, refused here', async () => {
    const token = await botTokenFrom(a);
    const body = { cardNumber: spaCard.number, pin: spaCard.pin, botToken: token };
    expect((await inquire(b, body)).statusCode).toBe(200);
    const replayed = await inquire(a, body);
    expect(replayed.statusCode).toBe(403);
    expect(replayed.json()).toEqual({ error: 'Bot check failed' });
    expect((await inquire(b, body)).statusCode).toBe(403);
  });

  it('an instance with another ALTCHA key refuses the token (the key is the one thing to share)', async () => {
    const stranger = await build(shared.second, 'another-key');
    try {
      const token = await botTokenFrom(a);
      const response = await inquire(stranger, {
        cardNumber: spaCard.number,
        pin: spaCard.pin,
        botToken: token,
      });
      expect(response.statusCode).toBe(403);
    } finally {
      await stranger.close();
    }
  });

  it("a client's balance tries count through both instances", async () => {
    const apps = Array.from({ length: 11 }, (_, i) => (i % 2 ? b : a));
    const tokens = await tokensFor(apps);
    const statuses: number[] = [];
    for (const [i, app] of apps.entries()) {
      const body = { cardNumber: unknownCard(), pin: '1234', botToken: tokens[i]! };
      // Another interface id of the same /64 each time, as a rotating client would.
      statuses.push((await inquire(app, body, `2001:db8:1ce:1::${i + 1}`)).statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(CARD_NOT_FOUND_STATUS), 429]);
  });

  it("a card's failures count through both instances: five lock it on either", async () => {
    const wrongPin = spaCard.pin === '9999' ? '9998' : '9999';
    const apps = [a, b, a, b, a];
    const tokens = await tokensFor([...apps, a, b]);
    for (const [i, app] of apps.entries()) {
      const body = { cardNumber: spaCard.number, pin: wrongPin, botToken: tokens[i]! };
      expect((await inquire(app, body)).statusCode).toBe(CARD_NOT_FOUND_STATUS);
    }
    // Locked on both, even to the right PIN.
    for (const [i, app] of [a, b].entries()) {
      const body = { cardNumber: spaCard.number, pin: spaCard.pin, botToken: tokens[apps.length + i]! };
      expect((await inquire(app, body)).statusCode).toBe(CARD_NOT_FOUND_STATUS);
    }
  });

  it('challenges of one client count through both instances', async () => {
    const address = '203.0.113.77';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await (i % 2 ? b : a).inject({ url: '/api/bot-check/challenge', remoteAddress: address }))
          .statusCode,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("failures on one instance raise the other's proof of work", async () => {
    const counter = async (app: FastifyInstance) => {
      const response = await app.inject({
        url: '/api/bot-check/challenge',
        headers: { publisherid: '13' },
        remoteAddress: nextAddress(),
      });
      return (await solveChallenge({ challenge: response.json() as Challenge, deriveKey }))!.counter;
    };
    expect(await counter(b)).toBeLessThanOrEqual(COUNTER_MAX);
    const tokens = await tokensFor(Array<FastifyInstance>(BUDGET).fill(a), '13');
    for (const token of tokens) {
      const response = await a.inject({
        method: 'POST',
        url: '/api/gift-cards/balance',
        headers: { publisherid: '13' },
        payload: {
          cardNumber: unknownCard(),
          pin: '1234',
          botToken: token,
        },
        remoteAddress: nextAddress(),
      });
      expect(response.statusCode).toBe(CARD_NOT_FOUND_STATUS);
    }
    expect(await counter(b)).toBeGreaterThanOrEqual(COUNTER_MIN * 10);
  });
}

describe('two instances on one PGlite database (one Db, two apps)', () => {
  instancesOn(pglite);
});

describe.skipIf(!process.env.DATABASE_URL)(
  'two instances on one PostgreSQL database, two pools (needs DATABASE_URL; skipped without it)',
  () => {
    instancesOn(postgres);
  },
);
