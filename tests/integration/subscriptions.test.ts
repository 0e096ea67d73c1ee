import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { migrate } from '../../server/db/migrate';
import { createMailTransport } from '../../server/mail/transport';
import { CONFIRM_TTL_MS, SUBSCRIBE_PENDING } from '../../server/routes/subscriptions';
import { builtInTenants } from '../../src/tenant';
import { databases } from './databases';
import { botTokenFrom } from './helpers';

describe.each(databases)('newsletter sign-up, double opt-in, on $name', ({ open }) => {
  let db: Awaited<ReturnType<(typeof databases)[number]['open']>>;
  let app: FastifyInstance;
  let clock = Date.now();
  let client = 0;
  const subscribe = async (payload: Record<string, unknown>, address = `10.1.0.${++client}`) =>
    app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      headers: { host: 'spa.localhost:8080' },
      payload: { tenant: 'spa', botToken: await botTokenFrom(app, 'subscribe'), ...payload },
      remoteAddress: address,
    });
  /** The confirm and unsubscribe links of the newest mail to an address. */
  const links = async (to: string) => {
    const { rows } = await db.query<{ text: string; kind: string; tenant: string; raw: string }>(
      `select text, kind, tenant, raw from outbox where "to" = $1 order by id desc limit 1`,
      [to],
    );
    const mail = rows[0]!;
    const link = (action: string) =>
      new RegExp(`http://spa\\.localhost:8080(/api/subscriptions/${action}\\?tenant=spa&token=[\\w-]+)`).exec(
        mail.text,
      )?.[1];
    return { mail, confirm: link('confirm')!, unsubscribe: link('unsubscribe')! };
  };
  /** A form's POST to a link, as a browser's button (or a mail app's one-click) sends it. */
  const postForm = (url: string, payload = '') =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload,
    });
  const status = async (email: string) =>
    (await db.query<{ status: string }>(`select status from subscriptions where email = $1`, [email])).rows[0]
      ?.status;
  const mails = async (to: string) =>
    (await db.query<{ n: number }>(`select count(*)::int as n from outbox where "to" = $1`, [to])).rows[0]!.n;

  beforeAll(async () => {
    db = await open();
    await migrate(db);
    app = await buildApp({ db, mail: createMailTransport({ db }), clock: () => new Date(clock) });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('subscribes only once the link of the confirmation mail is followed, and that link works once', async () => {
    const response = await subscribe({ email: 'ana@example.com' });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ status: 'pending', message: SUBSCRIBE_PENDING });
    expect(await status('ana@example.com')).toBe('pending');

    const { mail, confirm, unsubscribe } = await links('ana@example.com');
    expect(mail).toMatchObject({ kind: 'subscribe', tenant: 'spa' });
    expect(mail.text).toContain(`news and offers from ${builtInTenants.spa.brandName}`);
    expect(confirm).toBeTruthy();
    expect(unsubscribe).toBeTruthy();

    // Following the link (a mail scanner does too) only shows the button.
    const page = await app.inject({ url: confirm });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Confirm my subscription');
    expect(await status('ana@example.com')).toBe('pending');

    const confirmed = await postForm(confirm);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('You are subscribed');
    expect(await status('ana@example.com')).toBe('confirmed');

    const again = await app.inject({ method: 'POST', url: confirm });
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain('This link no longer works');
  });

  it('unsubscribes from the link of the mail, after a button', async () => {
    await subscribe({ email: 'bo@example.com' });
    const { confirm, unsubscribe } = await links('bo@example.com');
    await app.inject({ method: 'POST', url: confirm });
    expect(await status('bo@example.com')).toBe('confirmed');

    expect((await app.inject({ url: unsubscribe })).body).toContain(
      '<button type="submit">Unsubscribe</button>',
    );
    expect(await status('bo@example.com')).toBe('confirmed');
    const done = await app.inject({ method: 'POST', url: unsubscribe });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    expect(await status('bo@example.com')).toBe('unsubscribed');
  });

  it("offers mail apps' own unsubscribe button: List-Unsubscribe headers, and their one-click POST works", async () => {
    await subscribe({ email: 'cy@example.com' });
    const { mail, confirm, unsubscribe } = await links('cy@example.com');
    await app.inject({ method: 'POST', url: confirm });
    const headers = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n')).replace(/\r\n\s+/g, ' ');
    expect(headers).toContain(`List-Unsubscribe: <http://spa.localhost:8080${unsubscribe}>`);
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // What Gmail posts when its button is pressed (RFC 8058): no page, no second step.
    const oneClick = await postForm(unsubscribe, 'List-Unsubscribe=One-Click');
    expect(oneClick.statusCode).toBe(200);
    expect(await status('cy@example.com')).toBe('unsubscribed');
  });

  it('answers a confirmed address as any other; its owner gets a mail saying so, with a way out', async () => {
    await subscribe({ email: 'cy@example.com' });
    const first = await links('cy@example.com');
    await app.inject({ method: 'POST', url: first.confirm });
    const response = await subscribe({ email: 'CY@example.com' });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ status: 'pending', message: SUBSCRIBE_PENDING });
    expect(await status('cy@example.com')).toBe('confirmed');

    const again = await links('CY@example.com');
    expect(again.mail.text).toContain('This address is already subscribed');
    expect(again.confirm).toBeUndefined();
    // Both mails' unsubscribe links work.
    expect((await app.inject({ url: first.unsubscribe })).body).toContain('>Unsubscribe</button>');
    const done = await app.inject({ method: 'POST', url: again.unsubscribe });
    expect(done.body).toContain('You are unsubscribed');
    expect(await status('cy@example.com')).toBe('unsubscribed');
  });

  it('limits a confirmed address as any other, so a 429 tells nothing either', async () => {
    await subscribe({ email: 'ha@example.com' });
    await app.inject({ method: 'POST', url: (await links('ha@example.com')).confirm });
    // The first mail counted: two more today, then the same 429 an unknown address gets.
    for (let n = 0; n < 2; n++) expect((await subscribe({ email: 'ha@example.com' })).statusCode).toBe(202);
    const limited = await subscribe({ email: 'ha@example.com' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe(
      'We have already sent this address a confirmation link today. Please check your inbox.',
    );
    expect(await mails('ha@example.com')).toBe(3);
  });

  it('keeps the unsubscribe link of every mail working, and one unsubscribes a pending sign-up', async () => {
    await subscribe({ email: 'io@example.com' });
    const first = await links('io@example.com');
    await subscribe({ email: 'io@example.com' });
    const second = await links('io@example.com');
    expect(second.unsubscribe).not.toBe(first.unsubscribe);
    // The first mail's links: its confirm link was replaced by the second's, its unsubscribe link works.
    expect((await app.inject({ method: 'POST', url: first.confirm })).statusCode).toBe(404);
    const done = await app.inject({ method: 'POST', url: first.unsubscribe });
    expect(done.statusCode).toBe(200);
    expect(await status('io@example.com')).toBe('unsubscribed');
    // Unsubscribed before confirming: the newest confirm link no longer works either.
    expect((await app.inject({ method: 'POST', url: second.confirm })).statusCode).toBe(404);
    expect(await status('io@example.com')).toBe('unsubscribed');
    // The page of a used unsubscribe link says so again.
    expect((await app.inject({ url: second.unsubscribe })).body).toContain('You are unsubscribed');
  });

  it("shows its pages in the tenant's brand, also for a link that no longer works", async () => {
    await subscribe({ email: 'jo@example.com' });
    const { confirm } = await links('jo@example.com');
    const shown = await app.inject({ url: confirm });
    const spa = builtInTenants.spa;
    expect(shown.body).toContain(`<header>${spa.brandName}</header>`);
    expect(shown.body).toContain(`--ws-primary: ${spa.theme.colors.primary.toLowerCase()};`);
    // Its one style runs under the page's own policy; nothing else may.
    const nonce = /<style nonce="([^"]+)">/.exec(shown.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(shown.headers['content-security-policy']).toBe(
      `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    );
    expect(shown.body).not.toContain('<script');
    await app.inject({ method: 'POST', url: confirm });
    const spent = await app.inject({ url: confirm });
    expect(spent.statusCode).toBe(404);
    expect(spent.body).toContain(`<title>This link no longer works | ${spa.brandName}</title>`);
  });

  it('lets a confirmation link expire after 7 days', async () => {
    await subscribe({ email: 'di@example.com' });
    const { confirm } = await links('di@example.com');
    clock += CONFIRM_TTL_MS + 1000;
    expect((await app.inject({ url: confirm })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: confirm })).statusCode).toBe(404);
    expect(await status('di@example.com')).toBe('pending');
  });

  it('refuses bad input naming the field, and a bad token', async () => {
    const bad = await subscribe({ email: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('email');
    const noTenant = await subscribe({ tenant: 'nope', email: 'ed@example.com' });
    expect(noTenant.statusCode).toBe(400);
    expect(noTenant.json().field).toBe('tenant');
    const token = await app.inject({ url: '/api/subscriptions/confirm?token=abc' });
    expect(token.statusCode).toBe(400);
    expect(token.json().field).toBe('token');
    const forged = await app.inject({ url: `/api/subscriptions/confirm?token=${'a'.repeat(43)}` });
    expect(forged.statusCode).toBe(404);
  });

  it('mails one address at most 3 times a day, and refuses with Retry-After', async () => {
    for (let n = 0; n < 3; n++) expect((await subscribe({ email: 'fi@example.com' })).statusCode).toBe(202);
    const limited = await subscribe({ email: 'fi@example.com' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mails('fi@example.com')).toBe(3);
    // The newest link is the one that works.
    const { confirm } = await links('fi@example.com');
    expect((await app.inject({ method: 'POST', url: confirm })).statusCode).toBe(200);
  });

  it('takes at most 10 sign-ups from a client an hour, and refuses with Retry-After', async () => {
    const client = '10.2.0.1';
    for (let n = 0; n < 10; n++)
      expect((await subscribe({ email: `many-${n}@example.com` }, client)).statusCode).toBe(202);
    const limited = await subscribe({ email: 'many-10@example.com' }, client);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('Too many sign-ups. Please try again later.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mails('many-10@example.com')).toBe(0);
    expect(await status('many-10@example.com')).toBeUndefined();
    // Another client is not held back.
    expect((await subscribe({ email: 'many-10@example.com' }, '10.2.0.2')).statusCode).toBe(202);
  });

  it('refuses a sign-up without a solved bot check', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      headers: { host: 'spa.localhost:8080' },
      payload: { tenant: 'spa', email: 'gu@example.com' },
      remoteAddress: '10.1.9.9',
    });
    expect(response.statusCode).toBe(403);
    expect(await status('gu@example.com')).toBeUndefined();
  });
});
