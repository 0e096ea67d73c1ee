/**
 * Demo mode and production mode (issue 18): production refuses to start without its keys, and
 * outside demo mode the demo gallery, the outbox API and the demo gift cards do not exist.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { PRODUCTION_KEYS } from '../../server/config';
import { migrate } from '../../server/db/migrate';
import { CARD_NOT_FOUND_BODY, CARD_NOT_FOUND_STATUS } from '../../server/routes/gift-cards';
import { DEMO_CARDS, demoCardId, formatCardNumber } from '../../server/seed/demo-cards';
import type { SiteOptions } from '../../server/site';
import { builtInTenants } from '../../src/tenant';
import { databases } from './databases';
import { botTokenFrom, runStart } from './helpers';

describe('NODE_ENV=production', () => {
  let dataDir: string;
  beforeAll(async () => void (dataDir = await mkdtemp(join(tmpdir(), 'wellspring-modes-'))));
  afterAll(async () => dataDir && rm(dataDir, { recursive: true, force: true }));

  const withoutKeys = () => {
    const env: Record<string, string | undefined> = { ...process.env };
    for (const key of PRODUCTION_KEYS) delete env[key];
    return { ...env, NODE_ENV: 'production', DATABASE_URL: '', DATA_DIR: dataDir, PORT: '8194' };
  };

  it('refuses to start without its keys, naming every missing one, before opening the database', async () => {
    const { code, output } = await runStart(withoutKeys());
    expect(code).not.toBe(0);
    expect(output).toContain(
      'cannot start: NODE_ENV=production needs ALTCHA_HMAC_KEY, CARD_HASH_KEY, MAIL_HASH_KEY',
    );
    expect(output).not.toContain('database:');
  });

  it('names only the keys still missing', async () => {
    const { code, output } = await runStart({ ...withoutKeys(), CARD_HASH_KEY: 'set' });
    expect(code).not.toBe(0);
    expect(output).toContain('needs ALTCHA_HMAC_KEY, MAIL_HASH_KEY');
  });
});

/** A dist folder with the app shell only, and a demo gallery of one page. */
async function fakeSite(dir: string): Promise<SiteOptions> {
  await mkdir(join(dir, 'dist', 'app', 'assets'), { recursive: true });
  await mkdir(join(dir, 'dist', 'widgets'), { recursive: true });
  await mkdir(join(dir, 'demo'));
  await mkdir(join(dir, 'media'));
  await writeFile(
    join(dir, 'dist', 'app', 'index.html'),
    '<html><head><title>x</title></head><body></body></html>',
  );
  await writeFile(join(dir, 'demo', 'index.html'), '<h1>QA gallery</h1>');
  await writeFile(join(dir, 'demo', 'outbox.html'), '<h1>Outbox</h1>');
  return {
    distDir: join(dir, 'dist'),
    demoDir: join(dir, 'demo'),
    mediaDir: join(dir, 'media'),
    tenant: builtInTenants.wellness,
  };
}

describe.each(databases)('demo data only in demo mode, on $name', ({ open }) => {
  let db: Awaited<ReturnType<(typeof databases)[number]['open']>>;
  let dir: string;
  let demoApp: FastifyInstance;
  let plainApp: FastifyInstance;
  const spaCard = DEMO_CARDS.find((card) => card.tenant === 'spa' && card.status === 'ACTIVE')!;
  let client = 0;

  const inquire = async (app: FastifyInstance, cardNumber: string, pin: string) =>
    app.inject({
      method: 'POST',
      url: '/api/gift-cards/balance',
      headers: { publisherid: String(builtInTenants.spa.helperInfo.publisherId) },
      payload: { cardNumber, pin, botToken: await botTokenFrom(app) },
      remoteAddress: `198.51.100.${++client}`,
    });
  const demoCardsStored = async () =>
    (
      await db.query<{ n: number }>('select count(*)::int as n from gift_cards where id = any($1::text[])', [
        DEMO_CARDS.map(demoCardId),
      ])
    ).rows[0]!.n;

  beforeAll(async () => {
    db = await open();
    await migrate(db);
    dir = await mkdtemp(join(tmpdir(), 'wellspring-modes-site-'));
    const site = await fakeSite(dir);
    demoApp = await buildApp({ db, site, demo: true });
    plainApp = await buildApp({ db, site, demo: false });
  });
  afterAll(async () => {
    await demoApp?.close();
    await plainApp?.close();
    await db?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('serves the QA gallery at /demo/ in demo mode only', async () => {
    for (const url of ['/demo/', '/demo/outbox.html']) {
      const shown = await demoApp.inject({ url, headers: { host: 'localhost' } });
      expect(shown.statusCode, url).toBe(200);
      expect(shown.body).toContain('<h1>');
      const hidden = await plainApp.inject({ url, headers: { host: 'localhost' } });
      expect(hidden.statusCode, url).toBe(404);
      expect(hidden.body).not.toContain('<h1>');
    }
  });

  it('has the outbox API in demo mode only, opened by the mode and not by the client address', async () => {
    for (const remoteAddress of ['203.0.113.9', '127.0.0.1', '::1']) {
      const shown = await demoApp.inject({ url: '/api/outbox', remoteAddress });
      expect(shown.statusCode, remoteAddress).toBe(200);
      expect(shown.json()).toEqual({ items: expect.any(Array) });
      const hidden = await plainApp.inject({ url: '/api/outbox', remoteAddress });
      expect(hidden.statusCode, remoteAddress).toBe(404);
      expect(hidden.body).not.toContain('items');
    }
  });

  it('answers a demo card outside demo mode exactly like an unknown card, and writes none', async () => {
    const demoCard = await inquire(plainApp, formatCardNumber(spaCard.number), spaCard.pin);
    expect(demoCard.statusCode).toBe(CARD_NOT_FOUND_STATUS);
    expect(demoCard.body).toBe(CARD_NOT_FOUND_BODY);
    const unknown = await inquire(plainApp, '6036 1100 4799 9999', spaCard.pin);
    expect(unknown.statusCode).toBe(demoCard.statusCode);
    expect(unknown.body).toBe(demoCard.body);
    expect(await demoCardsStored()).toBe(0);
  });

  it('answers a demo card in demo mode, and removes the demo cards when the mode is turned off', async () => {
    const shown = await inquire(demoApp, formatCardNumber(spaCard.number), spaCard.pin);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ last4: spaCard.number.slice(-4), balance: spaCard.balance });
    expect(await demoCardsStored()).toBe(DEMO_CARDS.length);

    // The same database served by a server started without demo mode.
    const restarted = await buildApp({ db, demo: false });
    try {
      const hidden = await inquire(restarted, formatCardNumber(spaCard.number), spaCard.pin);
      expect(hidden.statusCode).toBe(CARD_NOT_FOUND_STATUS);
      expect(hidden.body).toBe(CARD_NOT_FOUND_BODY);
      expect(await demoCardsStored()).toBe(0);
      const transactions = await db.query<{ n: number }>(
        `select count(*)::int as n from gift_card_transactions where card_id like 'demo-%'`,
      );
      expect(transactions.rows[0]!.n).toBe(0);
    } finally {
      await restarted.close();
    }
  });
});
