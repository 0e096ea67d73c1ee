import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { migrate } from '../../server/db/migrate';
import { ensureSeeded } from '../../server/seed/load';
import { offerInfoById } from '../../server/listings/service';
import { createMailTransport } from '../../server/mail/transport';
import { PROGRAMS } from '../../src/domain/catalog';
import type { OfferInfo } from '../../src/domain/types';
import { databases } from './databases';
import { botTokenFrom, headerFields, solve } from './helpers';

const HOUR = 60 * 60_000;
const SPA = { publisherid: '1', host: 'spa.localhost:8080' };
const NOTE = 'So relaxing, we should go together! visit http://evil.example/x or www.evil.com now';

/** RFC 2047 encoded words ('=?UTF-8?Q?…?=') back to text. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_hex, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

describe.each(databases)('POST /api/shareOfferByEmail on $name', ({ open }) => {
  let db: Awaited<ReturnType<(typeof databases)[number]['open']>>;
  let app: FastifyInstance;
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  const logLines: string[] = [];
  let client = 0;
  const nextAddress = () => `10.2.${Math.floor(++client / 250)}.${client % 250}`;
  let recipient = 0;
  const nextRecipient = () => `friend${++recipient}@example.com`;
  let info: OfferInfo;
  let wellnessOfferId: number;

  const botToken = () => botTokenFrom(app, 'share_offer');
  const post = (
    payload: Record<string, unknown>,
    { address = nextAddress(), headers = {} }: { address?: string; headers?: Record<string, string> } = {},
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/shareOfferByEmail',
      headers: { ...SPA, ...headers },
      payload,
      remoteAddress: address,
    });
  /** A valid share with a fresh bot token; `overrides` replace fields. */
  const share = async (
    overrides: Record<string, unknown> = {},
    options: { address?: string; headers?: Record<string, string> } = {},
  ) =>
    post(
      {
        offerId: info.offer.id,
        email: nextRecipient(),
        name: 'Ana Lima',
        note: 'See you there',
        botToken: await botToken(),
        ...overrides,
      },
      options,
    );
  const outbox = async (to?: string) =>
    (
      await db.query<{
        to: string;
        subject: string;
        text: string;
        raw: string;
        kind: string;
        tenant: string;
      }>(
        `select "to", subject, text, raw, kind, tenant from outbox
          where $1::text is null or "to" = $1 order by id`,
        [to ?? null],
      )
    ).rows;

  beforeAll(async () => {
    db = await open();
    await migrate(db);
    await ensureSeeded(db, { count: 300, now: new Date() });
    app = await buildApp({
      db,
      clock,
      // The embedded default, whatever SMTP_URL this shell has.
      mail: createMailTransport({ db, now: clock }),
      logger: { level: 'info', stream: { write: (line) => void logLines.push(line) } },
    });
    const { rows } = await db.query<{ id: number; program: string }>(
      `select o.id, case when m.included_programs && $1::text[] then 'spa' else 'other' end as program
       from offers o join merchants m on m.id = o.merchant_id
       where m.status = 'APPROVED' and o.end_date > now() order by o.id`,
      [[PROGRAMS.spa]],
    );
    const spaOffer = rows.find((row) => row.program === 'spa')!;
    info = (await offerInfoById(db, spaOffer.id, { programs: [PROGRAMS.spa], listingRouteName: 'spa' }))!;
    const wellness = await db.query<{ id: number }>(
      `select o.id from offers o join merchants m on m.id = o.merchant_id
       where not (m.included_programs && $1::text[]) limit 1`,
      [[PROGRAMS.spa]],
    );
    wellnessOfferId = Number(wellness.rows[0]!.id);
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('mails the offer to exactly one recipient, with the note stripped of links and the offer link', async () => {
    const to = nextRecipient();
    const response = await share({ email: to, note: NOTE });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      name: 'Ana Lima',
      email: to,
      error: '',
      message: `Sent! We emailed the offer to ${to}.`,
    });

    const [mail, ...more] = await outbox(to);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ kind: 'share-offer', tenant: 'spa' });
    const fields = headerFields(mail!.raw);
    const named = (name: string) => fields.filter(([field]) => field === name).map(([, value]) => value);
    expect(named('to')).toEqual([to]);
    expect(named('cc')).toEqual([]);
    expect(named('bcc')).toEqual([]);
    expect(named('from')).toEqual(['Wellspring <no-reply@wellspring.localhost>']);
    const subjects = named('subject');
    expect(subjects).toHaveLength(1);
    const subject = decodeWords(subjects[0]!);
    expect(subject).toBe(
      `Ana Lima shared an offer with you: ${info.offer.title.replace(/\s+/g, ' ').trim()}`,
    );
    expect(subject).not.toMatch(/[\r\n]/);

    const link = `http://spa.localhost:8080${info.canonicalLink}`;
    expect(info.canonicalLink).toMatch(new RegExp(`^/offer/.*-${info.offer.id}$`));
    expect(mail!.text).toContain(`See the offer: ${link}`);
    expect(mail!.text).toContain(
      'So relaxing, we should go together! visit [link removed] or [link removed] now',
    );
    expect(mail!.text).toContain(info.offer.title);
    expect(mail!.text).toContain(info.name);
    expect(mail!.text).toContain(info.location.city);
    // Only our own link is left, in the text and in the message as sent.
    expect(mail!.text.match(/https?:\/\/\S+|www\.\S+/g)).toEqual([link]);
    expect(mail!.raw).not.toMatch(/evil/i);
  });

  it('builds the link from an allowed Origin, never from another one', async () => {
    const allowed = nextRecipient();
    await share({ email: allowed }, { headers: { origin: 'http://127.0.0.1:5173' } });
    expect((await outbox(allowed))[0]!.text).toContain(`http://127.0.0.1:5173${info.canonicalLink}`);

    const foreign = nextRecipient();
    await share({ email: foreign }, { headers: { origin: 'https://evil.example' } });
    const text = (await outbox(foreign))[0]!.text;
    expect(text).toContain(`http://spa.localhost:8080${info.canonicalLink}`);
    expect(text).not.toContain('evil');

    // A host name that is not ours is refused before any route runs (server/hosts.ts: 421).
    const badHost = await share({}, { headers: { host: 'evil.example/phish?' } });
    expect(badHost.statusCode).toBe(421);

    // A well-formed host that is not ours never becomes a link in a mail with our name on it.
    const forged = nextRecipient();
    const forgedHost = await share({ email: forged }, { headers: { host: 'spa-haven.example' } });
    expect(forgedHost.statusCode).toBe(421);
    expect(await outbox(forged)).toHaveLength(0);
  });

  it.each([
    [{ name: 'Ana\r\nBcc: x@y.z' }, 'name'],
    [{ name: 'Ana\nBcc: x@y.z' }, 'name'],
    [{ name: 'Ana\u2028Bcc: x@y.z' }, 'name'],
    [{ email: 'a@b.c\nBcc: x@y.z' }, 'email'],
    [{ email: 'ana@example.com\r\nBcc: x@y.z' }, 'email'],
    [{ email: 'ana@example.com\n' }, 'email'],
    [{ email: 'a@b.c, d@e.f' }, 'email'],
    [{ email: 'ana@example.com, eve@example.com' }, 'email'],
    [{ email: 'ana@example.com;eve@example.com' }, 'email'],
    [{ email: 'A <a@b.c>' }, 'email'],
    [{ email: 'Ana <ana@example.com>' }, 'email'],
    [{ email: '"Ana" ana@example.com' }, 'email'],
    [{ email: 'ana@example.com Bcc: x@y.z' }, 'email'],
    [{ email: 'ana@example.com%0ABcc:x@y.z' }, 'email'],
    [{ email: 'not-an-address' }, 'email'],
    [{ email: '' }, 'email'],
    [{ email: undefined }, 'email'],
    [{ name: '' }, 'name'],
    [{ name: 'A'.repeat(81) }, 'name'],
    [{ name: 'Ana www.evil.com' }, 'name'],
    [{ name: 'Ana <b>' }, 'name'],
    [{ note: 'x'.repeat(501) }, 'note'],
    [{ note: 42 }, 'note'],
    [{ offerId: 'abc' }, 'offerId'],
    [{ offerId: -1 }, 'offerId'],
    [{ offerId: 1.5 }, 'offerId'],
  ])('answers 400 naming the field and sends nothing (%#)', async (overrides, field) => {
    const before = (await outbox()).length;
    const token = await botToken();
    const response = await share({ ...overrides, botToken: token });
    expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
    expect(response.json().field).toBe(field);
    expect(response.json().error).toMatch(new RegExp(`^${field}: `));
    expect(response.headers['cache-control']).toBe('no-store');
    expect((await outbox()).length).toBe(before);
    // A 400 does not spend the bot token: the corrected form may send it.
    expect((await share({ botToken: token })).statusCode).toBe(200);
  });

  it('answers 400, not 500, for a body that is not JSON, and 400 without a publisher', async () => {
    const broken = await app.inject({
      method: 'POST',
      url: '/api/shareOfferByEmail',
      headers: { ...SPA, 'content-type': 'application/json' },
      payload: '{"offerId":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.headers['cache-control']).toBe('no-store');
    const noPublisher = await app.inject({
      method: 'POST',
      url: '/api/shareOfferByEmail',
      payload: { offerId: info.offer.id, email: 'a@example.com', name: 'Ana', botToken: 'x' },
    });
    expect(noPublisher.statusCode).toBe(400);
    expect(noPublisher.json().field).toBe('publisherId');
  });

  it('refuses a missing, malformed or reused bot token and sends nothing', async () => {
    const before = (await outbox()).length;
    for (const botTokenValue of [undefined, '', 42, 'not a token']) {
      const response = await share({ botToken: botTokenValue });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'Bot check failed', field: 'botToken' });
    }
    const token = await botToken();
    expect((await share({ botToken: token })).statusCode).toBe(200);
    const reused = await share({ botToken: token });
    expect(reused.statusCode).toBe(403);
    expect(reused.json().field).toBe('botToken');
    expect((await outbox()).length).toBe(before + 1);
  });

  it("answers 404 'Offer not found!' for an unknown offer or another publisher's", async () => {
    for (const offerId of [999_999_999, wellnessOfferId]) {
      const response = await share({ offerId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Offer not found!' });
    }
  });

  it('limits one recipient to 3 mails a day, from any address, and lets them through the next day', async () => {
    const to = nextRecipient();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await share({ email: to })).statusCode);
    expect(statuses).toEqual([200, 200, 200]);
    // The same address in other letter cases is the same recipient.
    const limited = await share({ email: to.toUpperCase() });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: expect.stringMatching(/today/) });
    expect(limited.headers['cache-control']).toBe('no-store');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect(await outbox(to)).toHaveLength(3);
    // Refused sends do not count: a fourth refusal changes nothing, and the next day is open.
    expect((await share({ email: to })).statusCode).toBe(429);
    offset += 24 * HOUR + 1000;
    expect((await share({ email: to })).statusCode).toBe(200);
    expect(await outbox(to)).toHaveLength(4);
  });

  it('limits one client address to 10 mails an hour', async () => {
    const address = '10.9.9.9';
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await share({}, { address })).statusCode);
    expect(statuses).toEqual(Array(10).fill(200));
    const limited = await share({}, { address });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'Too many emails sent. Please try again later.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // An IPv6 client is one /64: another interface id is the same client.
    for (let i = 0; i < 10; i++) await share({}, { address: `2001:db8:1:2::${i + 1}` });
    expect((await share({}, { address: '2001:db8:1:2:aaaa:bbbb:cccc:dddd' })).statusCode).toBe(429);
    // Another address is not limited; the first is again an hour later.
    expect((await share()).statusCode).toBe(200);
    offset += HOUR + 1000;
    expect((await share({}, { address })).statusCode).toBe(200);
  });

  it('keeps no address in the limits table', async () => {
    const { rows } = await db.query<{ rule: string; key: string }>(
      `select rule, key from limit_hits where rule like 'share-offer:%'`,
    );
    expect(new Set(rows.map((row) => row.rule))).toEqual(
      new Set(['share-offer:recipient', 'share-offer:client']),
    );
    for (const row of rows) expect(row.key).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lists the outbox newest first, filtered by recipient, for QA', async () => {
    const to = nextRecipient();
    await share({ email: to, note: 'first' });
    await share({ email: to, note: 'second' });
    const response = await app.inject({ url: `/api/outbox?to=${encodeURIComponent(to)}&limit=5` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { items } = response.json();
    expect(items).toHaveLength(2);
    expect(items[0]).toEqual({
      id: expect.any(Number),
      createdAt: expect.any(String),
      tenant: 'spa',
      kind: 'share-offer',
      to,
      subject: expect.stringContaining('Ana Lima shared an offer with you'),
      text: expect.stringContaining('second'),
    });
    expect(items[1].text).toContain('first');
    expect(items[0].id).toBeGreaterThan(items[1].id);

    const latest = await app.inject({ url: '/api/outbox?limit=1' });
    expect(latest.json().items).toHaveLength(1);
    expect(latest.json().items[0].to).toBe(to);
    const bad = await app.inject({ url: '/api/outbox?limit=0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('limit');
  });

  it('shows the outbox in demo mode whatever the client address (modes.test.ts: none outside it)', async () => {
    const remote = await app.inject({ url: '/api/outbox', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(200);
    const local = await app.inject({ url: '/api/outbox', remoteAddress: '::1' });
    expect(local.json()).toEqual(remote.json());
  });

  it('has no outbox to show when mail goes out by SMTP', async () => {
    const smtpApp = await buildApp({
      db,
      mail: createMailTransport({ smtpUrl: 'smtp://127.0.0.1:1', db }),
    });
    try {
      const response = await smtpApp.inject({ url: '/api/outbox' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'No local outbox: mail goes out by SMTP' });
    } finally {
      await smtpApp.close();
    }
  });

  it('answers 503 when the transport fails, and the failed send does not count', async () => {
    const failing = await buildApp({
      db,
      clock,
      mail: {
        kind: 'smtp',
        outbox: null,
        send: () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' })),
      },
    });
    try {
      const to = nextRecipient();
      const challenge = await failing.inject({
        method: 'GET',
        url: '/api/bot-check/challenge?action=share_offer',
      });
      const response = await failing.inject({
        method: 'POST',
        url: '/api/shareOfferByEmail',
        headers: SPA,
        payload: { offerId: info.offer.id, email: to, name: 'Ana', botToken: await solve(challenge.json()) },
        remoteAddress: nextAddress(),
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: 'We could not send the email. Please try again later.' });
      for (let i = 0; i < 3; i++) expect((await share({ email: to })).statusCode).toBe(200);
    } finally {
      await failing.close();
    }
  });

  it('never logs a message, an address or a name', async () => {
    // The QA outbox's own request lines carry its `to` filter, as any URL is logged at info.
    const log = logLines.filter((line) => !line.includes('/api/outbox')).join('\n');
    expect(log).toContain('share offer by email');
    expect(log).not.toContain('So relaxing');
    expect(log).not.toContain('evil.example/x');
    expect(log).not.toContain('www.evil.com');
    expect(log).not.toMatch(/friend\d+@example\.com/i);
    expect(log).not.toContain('Ana Lima');
  });
});
