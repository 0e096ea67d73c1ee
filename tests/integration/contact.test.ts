import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { migrate } from '../../server/db/migrate';
import { createMailTransport, type MailTransport } from '../../server/mail/transport';
import { builtInTenants } from '../../src/tenant';
import { databases } from './databases';
import { botTokenFrom, headerFields } from './helpers';

const valid = {
  tenant: 'spa',
  name: 'Ana Lima',
  email: 'ana@example.com',
  topic: 'sales',
  message: 'Do you sell gift cards in bulk?\nWe are a team of forty.',
};

describe.each(databases)('POST /api/contact on $name', ({ open }) => {
  let db: Awaited<ReturnType<(typeof databases)[number]['open']>>;
  let app: FastifyInstance;
  // Each test gets its own client address, so the rate limit of one does not touch another.
  let client = 0;
  const send = async (payload: Record<string, unknown>, address = `10.0.0.${++client}`) =>
    app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { botToken: await botTokenFrom(app, 'contact_us'), ...payload },
      remoteAddress: address,
    });
  const outbox = async () =>
    (
      await db.query<{
        to: string;
        subject: string;
        text: string;
        raw: string;
        kind: string;
        tenant: string;
      }>(`select "to", subject, text, raw, kind, tenant from outbox order by id`)
    ).rows;

  beforeAll(async () => {
    db = await open();
    await migrate(db);
    app = await buildApp({ db, mail: createMailTransport({ db }) });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it("mails the message to the tenant's customer service address, Reply-To the visitor, and says it was sent", async () => {
    const response = await send(valid);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      name: 'Ana Lima',
      email: 'ana@example.com',
      error: '',
      message: 'Your message has been sent.',
    });
    const [mail] = (await outbox()).slice(-1);
    expect(mail).toMatchObject({
      kind: 'contact-us',
      tenant: 'spa',
      to: builtInTenants.spa.helperInfo.customerServiceEmail,
    });
    expect(mail!.text).toContain('Do you sell gift cards in bulk?\nWe are a team of forty.');
    expect(mail!.text).toContain('Topic: sales');
    expect(mail!.subject).toContain('Ana Lima');
    const headers = Object.fromEntries(headerFields(mail!.raw));
    expect(headers['reply-to']).toBe('Ana Lima <ana@example.com>');
    expect(headers.to).toBe(builtInTenants.spa.helperInfo.customerServiceEmail);
  });

  it("sends each tenant's messages to that tenant's address", async () => {
    expect((await send({ ...valid, tenant: 'local' })).statusCode).toBe(200);
    expect((await outbox()).at(-1)).toMatchObject({
      tenant: 'local',
      to: builtInTenants.local.helperInfo.customerServiceEmail,
    });
  });

  it('answers 403 without a bot-check token, or with a spent one, and sends nothing', async () => {
    const before = (await outbox()).length;
    const missing = await app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: valid,
      remoteAddress: `10.0.0.${++client}`,
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual({ error: 'Bot check failed', field: 'botToken' });

    const token = await botTokenFrom(app, 'contact_us');
    expect((await send({ ...valid, botToken: token })).statusCode).toBe(200);
    expect((await send({ ...valid, botToken: token })).statusCode).toBe(403);
    expect((await outbox()).length).toBe(before + 1);
  });

  it.each([
    [{ ...valid, email: 'not-an-email' }, 'email'],
    [{ ...valid, email: 'ana@example.com, eve@example.com' }, 'email'],
    [{ ...valid, name: 'Ana\r\nBcc: victim@example.com' }, 'name'],
    [{ ...valid, message: '   ' }, 'message'],
    [{ ...valid, tenant: 'acme' }, 'tenant'],
    [{ ...valid, topic: 'Sales <script>' }, 'topic'],
  ])('answers 400 naming the bad field (%#), before the bot check', async (payload, field) => {
    const response = await send(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
  });

  it('answers 400, not 500, for a body that is not JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(response.statusCode).toBe(400);
  });

  it('limits one client address to 5 messages in 10 minutes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await send(valid, '10.9.9.9')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('counts by the shared limiter: an IPv6 /64 is one client, on every instance of the database', async () => {
    // A second instance on the same database, as behind a load balancer.
    const other = await buildApp({ db, mail: createMailTransport({ db }) });
    try {
      const statuses: number[] = [];
      for (let i = 1; i <= 5; i++) {
        const through = i % 2 ? app : other;
        const response = await through.inject({
          method: 'POST',
          url: '/api/contact',
          payload: { ...valid, botToken: await botTokenFrom(through, 'contact_us') },
          remoteAddress: `2001:db8:c:1::${i}`,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
      const limited = await other.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { ...valid, botToken: await botTokenFrom(other, 'contact_us') },
        remoteAddress: '2001:db8:c:1:aaaa::1',
      });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ error: 'Too many messages. Please try again in 10 minutes.' });
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(590);
      expect(retryAfter).toBeLessThanOrEqual(600);
      const { rows } = await db.query<{ key: string }>(
        `select distinct key from limit_hits where rule = 'contact-form:client' and key like '2001:db8:c:1:%'`,
      );
      expect(rows).toEqual([{ key: '2001:db8:c:1::/64' }]);
    } finally {
      await other.close();
    }
  });
});

describe('POST /api/contact when the mail transport fails', () => {
  it('answers 503 saying the message was not sent (and claims nothing else)', async () => {
    const db = await databases[0]!.open();
    await migrate(db);
    const failing: MailTransport = {
      kind: 'smtp',
      outbox: null,
      send: () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    };
    const app = await buildApp({ db, mail: failing });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { ...valid, botToken: await botTokenFrom(app, 'contact_us') },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: 'We could not send the email. Please try again later.' });
    } finally {
      await app.close();
      await db.drop();
    }
  });
});
