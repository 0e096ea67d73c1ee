import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { builtInTenants } from '../../src/tenant';
import { buildApp } from '../../server/app';
import { migrate } from '../../server/db/migrate';
import { processSecret } from '../../server/bot-check/secret';
import { DEMO_CARDS, formatCardNumber, type DemoCard } from '../../server/seed/demo-cards';
import { createNumberHasher, hashPin, verifyPin } from '../../server/gift-cards/secrets';
import { CARD_NOT_FOUND_BODY, CARD_NOT_FOUND_STATUS } from '../../server/routes/gift-cards';
import { databases } from './databases';
import { botTokenFrom, solve } from './helpers';

const MINUTE = 60_000;
const card = (last4: string): DemoCard => DEMO_CARDS.find((demo) => demo.number.endsWith(last4))!;
const spaCard = card('1823');
const spaCardWithReloads = card('2938');
const zeroBalanceCard = card('3167');
const inactiveCard = card('4256');
const wellnessCard = card('1548');
const publisherOf = (demo: DemoCard) => String(builtInTenants[demo.tenant].helperInfo.publisherId);
const wrongPin = (pin: string) => (pin === '9999' ? '9998' : '9999');

describe.each(databases)('POST /api/gift-cards/balance on $name', ({ open }) => {
  let db: Awaited<ReturnType<(typeof databases)[number]['open']>>;
  let app: FastifyInstance;
  // The route's clock: tests move it forward instead of sleeping.
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  const logLines: string[] = [];
  // Every test asks from its own client addresses, so the client limit of one does not touch another.
  let client = 0;
  const nextAddress = () => `10.1.${Math.floor(++client / 250)}.${client % 250}`;

  const botToken = () => botTokenFrom(app);
  const ask = (
    body: Record<string, unknown>,
    { address = nextAddress(), publisher = '1' }: { address?: string; publisher?: string } = {},
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/gift-cards/balance',
      headers: { publisherid: publisher },
      payload: body,
      remoteAddress: address,
    });
  /** A balance inquiry with a freshly solved bot token. */
  const inquire = async (
    demo: DemoCard,
    pin = demo.pin,
    options: { address?: string; publisher?: string } = {},
  ) =>
    ask(
      { cardNumber: formatCardNumber(demo.number), pin, botToken: await botToken() },
      { publisher: publisherOf(demo), ...options },
    );
  /** The newest limit hit so far: card tries recorded after it are what a request added. */
  const lastHit = async () =>
    (await db.query<{ id: number | null }>('select max(id)::int as id from limit_hits')).rows[0]!.id ?? 0;
  const cardAttemptsSince = async (id: number) =>
    (
      await db.query<{ n: number }>(
        `select count(*)::int as n from limit_hits where rule = 'balance-card' and id > $1`,
        [id],
      )
    ).rows[0]!.n;

  beforeAll(async () => {
    db = await open();
    await migrate(db);
    app = await buildApp({
      db,
      clock,
      logger: { level: 'info', stream: { write: (line) => void logLines.push(line) } },
    });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('serves a signed ALTCHA challenge that expires in 5 minutes, never cached', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/bot-check/challenge' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const challenge: Challenge = response.json();
    expect(challenge.parameters.algorithm).toBe('SHA-256');
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const expiresInMs = challenge.parameters.expiresAt! * 1000 - clock().getTime();
    expect(expiresInMs).toBeGreaterThan(4 * MINUTE);
    expect(expiresInMs).toBeLessThanOrEqual(5 * MINUTE);
    // Signed for the balance inquiry (the default action) and, without a publisher, any tenant.
    expect(challenge.parameters.data).toEqual({ action: 'balance_inquiry' });
    const forSpa = await app.inject({
      url: '/api/bot-check/challenge?action=share_offer',
      headers: { publisherid: '1' },
    });
    expect(forSpa.json().parameters.data).toEqual({ action: 'share_offer', tenant: 'spa' });
  });

  it('answers 400 naming the field for a challenge of an unknown action or publisher', async () => {
    const action = await app.inject({ url: '/api/bot-check/challenge?action=login' });
    expect(action.statusCode).toBe(400);
    expect(action.json().field).toBe('action');
    expect(action.headers['cache-control']).toBe('no-store');
    const publisher = await app.inject({
      url: '/api/bot-check/challenge',
      headers: { publisherid: '999' },
    });
    expect(publisher.statusCode).toBe(400);
    expect(publisher.json().field).toBe('publisherId');
  });

  it('answers the balance and the 10 most recent transactions, newest first, not cached', async () => {
    const response = await inquire(spaCardWithReloads);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const answer = response.json();
    expect(answer).toMatchObject({
      last4: '2938',
      cardType: 'SPA_GIFT_CARD',
      status: 'ACTIVE',
      balance: 136.75,
      currency: 'USD',
    });
    const newestFirst = [...spaCardWithReloads.transactions].reverse();
    expect(answer.transactions).toEqual(
      newestFirst.map(({ amount, description }) => ({ date: expect.any(String), amount, description })),
    );
    const dates = answer.transactions.map((transaction: { date: string }) => Date.parse(transaction.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('answers every active demo card through its publisher with its listed balance', async () => {
    for (const demo of DEMO_CARDS) {
      expect(demo.transactions.reduce((sum, { amount }) => sum + amount, 0)).toBeCloseTo(demo.balance, 2);
      const response = await inquire(demo);
      if (demo.status !== 'ACTIVE') {
        expect(response.statusCode).toBe(CARD_NOT_FOUND_STATUS);
        continue;
      }
      expect(response.statusCode, demo.number).toBe(200);
      expect(response.json()).toMatchObject({
        last4: demo.number.slice(-4),
        cardType: demo.cardType,
        balance: demo.balance,
        currency: demo.currency,
      });
      expect(response.json().transactions).toHaveLength(demo.transactions.length);
    }
  });

  it('lists only the 10 most recent of a longer history', async () => {
    const numberHash = createNumberHasher(processSecret(process.env, 'CARD_HASH_KEY', () => {}));
    await db.query(
      `insert into gift_cards (id, number_hash, last4, pin_hash, card_type, program, status, currency)
       values ('test-long', $1, '9015', $2, 'SPA_GIFT_CARD', 'SPA_NETWORK', 'ACTIVE', 'USD')`,
      [numberHash('6036119900009015'), await hashPin('2580')],
    );
    for (let day = 1; day <= 12; day++) {
      await db.query(
        `insert into gift_card_transactions (card_id, occurred_at, amount, description) values ('test-long', $1, -5, $2)`,
        [new Date(Date.now() - day * 86_400_000), `Redemption ${day}`],
      );
    }
    const response = await ask({
      cardNumber: '6036-1199-0000-9015',
      pin: '2580',
      botToken: await botToken(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().transactions.map((t: { description: string }) => t.description)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Redemption ${index + 1}`),
    );
  });

  it('answers unknown card, wrong PIN, inactive card, another program and locked card alike', async () => {
    const responses = {
      unknownCard: await ask({
        cardNumber: '6036 1100 4799 9999',
        pin: '1234',
        botToken: await botToken(),
      }),
      wrongPin: await inquire(zeroBalanceCard, wrongPin(zeroBalanceCard.pin)),
      inactiveRightPin: await inquire(inactiveCard),
      // A wellness card asked through the spa publisher: not its program.
      otherProgram: await inquire(wellnessCard, wellnessCard.pin, { publisher: '1' }),
      locked: await (async () => {
        for (let i = 0; i < 5; i++) await inquire(zeroBalanceCard, wrongPin(zeroBalanceCard.pin));
        return inquire(zeroBalanceCard);
      })(),
    };
    for (const [kind, response] of Object.entries(responses)) {
      expect(response.statusCode, kind).toBe(CARD_NOT_FOUND_STATUS);
      expect(response.body, kind).toBe(CARD_NOT_FOUND_BODY);
      expect(response.headers['content-type'], kind).toBe('application/json; charset=utf-8');
      expect(response.headers['cache-control'], kind).toBe('no-store');
    }
    expect(JSON.parse(CARD_NOT_FOUND_BODY)).toEqual({
      error: 'We could not find a card with that number and PIN.',
    });
  });

  it('locks a card after 5 failed tries for 15 minutes, refusing even the right PIN, from any address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await inquire(spaCard, wrongPin(spaCard.pin))).statusCode);
    expect(statuses).toEqual(Array(5).fill(CARD_NOT_FOUND_STATUS));

    const locked = await inquire(spaCard);
    expect(locked.statusCode).toBe(CARD_NOT_FOUND_STATUS);
    expect(locked.body).toBe(CARD_NOT_FOUND_BODY);

    offset += 14 * MINUTE;
    expect((await inquire(spaCard)).statusCode).toBe(CARD_NOT_FOUND_STATUS);

    offset += MINUTE + 1000;
    const unlocked = await inquire(spaCard);
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json().balance).toBe(spaCard.balance);
    // The old failures are out of the window: one more wrong PIN does not lock it again.
    expect((await inquire(spaCard, wrongPin(spaCard.pin))).statusCode).toBe(CARD_NOT_FOUND_STATUS);
    expect((await inquire(spaCard)).statusCode).toBe(200);
  });

  it('limits one client address to 10 tries in 10 minutes, bot check failures included', async () => {
    const address = '10.9.9.9';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await ask({ cardNumber: spaCard.number, pin: '1111' }, { address })).statusCode);
    for (let i = 0; i < 5; i++)
      statuses.push((await inquire(zeroBalanceCard, '1111', { address })).statusCode);
    expect(statuses).toEqual([...Array(5).fill(403), ...Array(5).fill(CARD_NOT_FOUND_STATUS)]);

    const before = await lastHit();
    const limited = await inquire(spaCardWithReloads, spaCardWithReloads.pin, { address });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'Too many tries. Please try again later.' });
    expect(limited.headers['cache-control']).toBe('no-store');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Refused before the ledger: not even the card's limit heard of it.
    expect(await cardAttemptsSince(before)).toBe(0);
    // Another address is not limited.
    expect((await inquire(spaCardWithReloads)).statusCode).toBe(200);

    offset += 10 * MINUTE + 1000;
    expect((await inquire(spaCardWithReloads, spaCardWithReloads.pin, { address })).statusCode).toBe(200);
  });

  describe('refuses a bad bot token before the ledger, even with the right card and PIN', () => {
    const refusedBeforeLedger = async (botTokenValue: unknown) => {
      const before = await lastHit();
      const payload: Record<string, unknown> = {
        cardNumber: spaCardWithReloads.number,
        pin: spaCardWithReloads.pin,
      };
      if (botTokenValue !== undefined) payload.botToken = botTokenValue;
      const response = await ask(payload);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'Bot check failed' });
      expect(response.headers['cache-control']).toBe('no-store');
      expect(await cardAttemptsSince(before)).toBe(0);
    };

    it('missing', async () => {
      await refusedBeforeLedger(undefined);
      await refusedBeforeLedger('');
      await refusedBeforeLedger(42);
    });

    it('replayed', async () => {
      const token = await botToken();
      const first = await ask({
        cardNumber: spaCardWithReloads.number,
        pin: spaCardWithReloads.pin,
        botToken: token,
      });
      expect(first.statusCode).toBe(200);
      await refusedBeforeLedger(token);
    });

    it('expired (challenge older than 5 minutes)', async () => {
      const token = await botToken();
      offset += 5 * MINUTE + 1000;
      await refusedBeforeLedger(token);
    });

    it('signed with another key, or tampered with', async () => {
      const foreign = await createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: 500,
        deriveKey,
        hmacSignatureSecret: 'not-our-key',
        expiresAt: new Date(clock().getTime() + MINUTE),
      });
      await refusedBeforeLedger(await solve(foreign));

      const response = await app.inject({ method: 'GET', url: '/api/bot-check/challenge' });
      const challenge: Challenge = response.json();
      const longer = {
        ...challenge,
        parameters: { ...challenge.parameters, expiresAt: challenge.parameters.expiresAt! + 3600 },
      };
      await refusedBeforeLedger(await solve(longer));
    });

    it('made for another action: a share_offer token does not check a balance', async () => {
      const shareToken = await botTokenFrom(app, 'share_offer');
      await refusedBeforeLedger(shareToken);
      await refusedBeforeLedger(await botTokenFrom(app, 'contact_listing'));
    });

    it("made for another tenant's requests", async () => {
      // Asked with the wellness publisher's header, presented through the spa publisher's.
      await refusedBeforeLedger(await botTokenFrom(app, 'balance_inquiry', { publisher: '13' }));
      // Through its own tenant it passes.
      const own = await botTokenFrom(app, 'balance_inquiry', { publisher: '1' });
      const response = await ask({
        cardNumber: spaCardWithReloads.number,
        pin: spaCardWithReloads.pin,
        botToken: own,
      });
      expect(response.statusCode).toBe(200);
    });

    it('with a wrong solution, or not a token at all', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/bot-check/challenge' });
      const challenge: Challenge = response.json();
      const solution = { counter: 1, derivedKey: '00'.repeat(32) };
      await refusedBeforeLedger(Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'));
      await refusedBeforeLedger('not a token');
      await refusedBeforeLedger(Buffer.from('{"challenge":{}}').toString('base64'));
    });
  });

  it('answers 400 naming the field, without spending the bot token', async () => {
    const token = await botToken();
    const cases: [Record<string, unknown>, string][] = [
      [{ cardNumber: '6036 1100 47', pin: '1234' }, 'cardNumber'],
      [{ cardNumber: '6036 1100 4700 1823 0000', pin: '1234' }, 'cardNumber'],
      [{ cardNumber: '6036x11004700182', pin: '1234' }, 'cardNumber'],
      [{ pin: '1234' }, 'cardNumber'],
      [{ cardNumber: spaCardWithReloads.number, pin: '123' }, 'pin'],
      [{ cardNumber: spaCardWithReloads.number, pin: '123456789' }, 'pin'],
      [{ cardNumber: spaCardWithReloads.number, pin: 1234 }, 'pin'],
    ];
    for (const [body, field] of cases) {
      const response = await ask({ ...body, botToken: token });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().field).toBe(field);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    const withoutPublisher = await app.inject({
      method: 'POST',
      url: '/api/gift-cards/balance',
      payload: { cardNumber: spaCardWithReloads.number, pin: spaCardWithReloads.pin, botToken: token },
    });
    expect(withoutPublisher.statusCode).toBe(400);
    expect(withoutPublisher.json().field).toBe('publisherId');

    const notJson = await app.inject({
      method: 'POST',
      url: '/api/gift-cards/balance',
      headers: { publisherid: '1', 'content-type': 'application/json' },
      payload: `{"cardNumber":"${spaCard.number}","pin":"${spaCard.pin}",`,
      remoteAddress: nextAddress(),
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.headers['cache-control']).toBe('no-store');

    const spent = await ask({
      cardNumber: spaCardWithReloads.number,
      pin: spaCardWithReloads.pin,
      botToken: token,
    });
    expect(spent.statusCode).toBe(200);
  });

  it('spends one scrypt hash on an unknown card as on a wrong PIN', async () => {
    // The floor: the fastest of a few bare PIN checks on this machine, now.
    const stored = await hashPin('0000');
    const bare: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await verifyPin('1111', stored);
      bare.push(performance.now() - started);
    }
    const floor = Math.min(...bare);
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 5; i++) {
      // Each its own card, so no lock comes into play; tokens are solved outside the timing.
      const unknownBody = { cardNumber: `6036 1100 4788 000${i}`, pin: '1234', botToken: await botToken() };
      const wrongBody = {
        cardNumber: wellnessCard.number,
        pin: i % 2 ? '1111' : '2222',
        botToken: await botToken(),
      };
      let started = performance.now();
      expect((await ask(unknownBody)).statusCode).toBe(CARD_NOT_FOUND_STATUS);
      unknown.push(performance.now() - started);
      started = performance.now();
      expect((await ask(wrongBody, { publisher: '13' })).statusCode).toBe(CARD_NOT_FOUND_STATUS);
      wrong.push(performance.now() - started);
      if (i === 3) offset += 16 * MINUTE; // the wellness card would lock at the 5th wrong PIN
    }
    // Neither answer can come back faster than the hash it must compute...
    expect(Math.min(...unknown)).toBeGreaterThanOrEqual(floor * 0.5);
    expect(Math.min(...wrong)).toBeGreaterThanOrEqual(floor * 0.5);
    // ...and neither takes noticeably longer (generous: a loaded 2-core box is noisy).
    const ratio = median(unknown) / median(wrong);
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
  });

  // Last: by now every path above has been logged.
  it('logs each decision without a card number or PIN', async () => {
    const entries = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const decisions = entries.filter((entry) => entry.msg === 'balance inquiry');
    const rules = new Set(decisions.map((entry) => entry.rule));
    for (const rule of [
      'balance',
      'unknown-card',
      'wrong-pin',
      'wrong-pin+lockout',
      'card-locked',
      'inactive-card',
      'client-limit',
      'input',
      'bot-check-missing',
      'bot-check-replayed',
      'bot-check-expired',
      'bot-check-invalid',
      'bot-check-malformed',
      'bot-check-wrong-action',
      'bot-check-wrong-tenant',
    ]) {
      expect(rules, rule).toContain(rule);
    }
    for (const entry of decisions) {
      expect(Object.keys(entry)).toEqual(expect.arrayContaining(['tenant', 'client', 'decision', 'rule']));
      const allowed = [
        'level',
        'time',
        'pid',
        'hostname',
        'reqId',
        'tenant',
        'client',
        'decision',
        'rule',
        'card',
        'last4',
        'msg',
      ];
      expect(Object.keys(entry).filter((key) => !allowed.includes(key))).toEqual([]);
    }
    expect(decisions.find((entry) => entry.rule === 'balance')).toMatchObject({
      card: expect.stringMatching(/^[0-9a-f]{8}$/),
    });
    // Numbers that are not card data: the log's own timestamps and durations.
    const text = entries
      .map(({ time: _time, responseTime: _responseTime, ...rest }) => JSON.stringify(rest))
      .join('\n');
    expect(text).not.toMatch(/\d{12,}/);
    for (const demo of DEMO_CARDS) expect(text).not.toContain(formatCardNumber(demo.number));
    expect(text).not.toMatch(/"pin"|cardNumber|botToken/);
  });
});
