import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { migrate } from '../../server/db/migrate';
import { ensureSeeded } from '../../server/seed/load';
import { createMailTransport } from '../../server/mail/transport';
import { PROGRAMS } from '../../src/domain/catalog';
import { databases } from './databases';
import { botTokenFrom, headerFields } from './helpers';

const HOUR = 60 * 60_000;
const SPA = { publisherid: '1', host: 'spa.localhost:8080' };
const MESSAGE = 'Do you have a couples massage on Sunday mornings? We would love to come.';

interface ListingRow {
  id: number;
  name: string;
  email: string;
}

describe.each(databases)('POST /api/merchants/{id}/contact on $name', ({ open }) => {
  let db: Awaited<ReturnType<(typeof databases)[number]['open']>>;
  let app: FastifyInstance;
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  const logLines: string[] = [];
  let client = 0;
  const nextAddress = () => `10.3.${Math.floor(++client / 250)}.${client % 250}`;
  let approved: ListingRow;
  let pending: ListingRow;
  let withoutEmail: ListingRow;
  let otherProgram: number;

  const botToken = () => botTokenFrom(app, 'contact_listing');
  const contact = async (
    id: number | string,
    overrides: Record<string, unknown> = {},
    { address = nextAddress() }: { address?: string } = {},
  ) =>
    app.inject({
      method: 'POST',
      url: `/api/merchants/${id}/contact`,
      headers: SPA,
      payload: {
        name: 'Bo Chen',
        email: 'bo@example.com',
        phone: '+1 (512) 555-0100',
        message: MESSAGE,
        botToken: await botToken(),
        ...overrides,
      },
      remoteAddress: address,
    });
  const outbox = async () =>
    (
      await db.query<{ to: string; subject: string; text: string; raw: string; kind: string }>(
        `select "to", subject, text, raw, kind from outbox order by id`,
      )
    ).rows;

  beforeAll(async () => {
    db = await open();
    await migrate(db);
    await ensureSeeded(db, { count: 300, now: new Date() });
    app = await buildApp({
      db,
      clock,
      mail: createMailTransport({ db, now: clock }),
      logger: { level: 'info', stream: { write: (line) => void logLines.push(line) } },
    });
    const { rows } = await db.query<ListingRow>(
      `select id, doc->>'name' as name, doc->>'email' as email from merchants
       where status = 'APPROVED' and included_programs && $1::text[] and doc->>'email' <> '' order by id limit 3`,
      [[PROGRAMS.spa]],
    );
    [approved, pending, withoutEmail] = rows.map((row) => ({ ...row, id: Number(row.id) })) as [
      ListingRow,
      ListingRow,
      ListingRow,
    ];
    // Set here rather than found in the seed: the test must not hang on the seed's shares.
    await db.query(
      `update merchants set status = 'PENDING',
         doc = jsonb_set(doc, '{merchantListingStatus}', '"PENDING"') where id = $1`,
      [pending.id],
    );
    await db.query(
      `update merchants set doc = jsonb_set(jsonb_set(doc, '{email}', '""'), '{location,email}', '""')
       where id = $1`,
      [withoutEmail.id],
    );
    const other = await db.query<{ id: number }>(
      `select id from merchants where not (included_programs && $1::text[]) and status = 'APPROVED' limit 1`,
      [[PROGRAMS.spa]],
    );
    otherProgram = Number(other.rows[0]!.id);
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it("mails an approved listing's address, with Reply-To the visitor", async () => {
    const response = await contact(approved.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      name: 'Bo Chen',
      email: 'bo@example.com',
      error: '',
      message: expect.stringContaining('Thank you, Bo Chen'),
    });
    const [mail, ...more] = await outbox();
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ kind: 'contact-listing', to: approved.email });
    const fields = headerFields(mail!.raw);
    const named = (name: string) => fields.filter(([field]) => field === name).map(([, value]) => value);
    expect(named('to')).toEqual([approved.email]);
    expect(named('reply-to')).toEqual(['Bo Chen <bo@example.com>']);
    expect(named('cc')).toEqual([]);
    expect(named('bcc')).toEqual([]);
    expect(named('subject')).toEqual(['Question from Bo Chen on SpaHaven']);
    expect(mail!.text).toContain(MESSAGE);
    expect(mail!.text).toContain('Phone: +1 (512) 555-0100');
    expect(mail!.text).toMatch(new RegExp(`http://spa\\.localhost:8080/spa/\\S+-${approved.id}`));
  });

  it('takes a message without a phone number', async () => {
    expect((await contact(approved.id, { phone: undefined })).statusCode).toBe(200);
    expect((await contact(approved.id, { phone: '' })).statusCode).toBe(200);
    expect((await outbox()).at(-1)!.text).not.toContain('Phone:');
  });

  it('refuses a listing that is not approved, or has no address, and sends nothing', async () => {
    const before = (await outbox()).length;
    for (const listing of [pending, withoutEmail]) {
      const response = await contact(listing.id);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: 'This listing does not take messages yet.' });
    }
    expect((await outbox()).length).toBe(before);
  });

  it("answers 404 'Listing not found!' for an unknown listing or another publisher's", async () => {
    for (const id of [999_999_999, otherProgram]) {
      const response = await contact(id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Listing not found!' });
    }
  });

  it.each([
    [{ name: 'Bo\r\nBcc: x@y.z' }, 'name'],
    [{ email: 'a@b.c\nBcc: x@y.z' }, 'email'],
    [{ email: 'a@b.c, d@e.f' }, 'email'],
    [{ email: 'A <a@b.c>' }, 'email'],
    [{ phone: '512\r\nBcc: x@y.z' }, 'phone'],
    [{ phone: 'call me maybe' }, 'phone'],
    [{ message: '   ' }, 'message'],
    [{ message: 'x'.repeat(2001) }, 'message'],
    [{ name: undefined }, 'name'],
  ])('answers 400 naming the field and sends nothing (%#)', async (overrides, field) => {
    const before = (await outbox()).length;
    const response = await contact(approved.id, overrides);
    expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
    expect(response.json().field).toBe(field);
    expect((await outbox()).length).toBe(before);
  });

  it('answers 400 naming the id for an id that is not one', async () => {
    const response = await contact('abc');
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('id');
  });

  it('refuses a missing or reused bot token', async () => {
    const missing = await contact(approved.id, { botToken: undefined });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual({ error: 'Bot check failed', field: 'botToken' });
    const token = await botToken();
    expect((await contact(approved.id, { botToken: token })).statusCode).toBe(200);
    expect((await contact(approved.id, { botToken: token })).statusCode).toBe(403);
  });

  it('limits one client address to 5 messages an hour', async () => {
    const address = '10.9.9.9';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await contact(approved.id, {}, { address })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await contact(approved.id, {}, { address });
    expect(limited.json()).toEqual({ error: 'Too many messages. Please try again later.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(3600);
    offset += HOUR + 1000;
    expect((await contact(approved.id, {}, { address })).statusCode).toBe(200);
  });

  it('never logs the message or the visitor', async () => {
    const log = logLines.join('\n');
    expect(log).toContain('contact listing');
    expect(log).not.toContain('couples massage');
    expect(log).not.toContain('bo@example.com');
    expect(log).not.toContain('Bo Chen');
    expect(log).not.toContain('555-0100');
  });
});
