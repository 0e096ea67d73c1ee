import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { migrate } from '../../server/db/migrate';
import { createPgDocumentStore } from '../../server/documents/store';
import { databases } from './databases';

const valid = {
  tenant: 'spa',
  name: 'Ana Lima',
  email: 'ana@example.com',
  topic: 'sales',
  message: 'Do you sell gift cards in bulk?',
};

describe.each(databases)('POST /api/contact on $name', ({ open }) => {
  let db: Awaited<ReturnType<(typeof databases)[number]['open']>>;
  let app: FastifyInstance;
  // Each test gets its own client address, so the rate limit of one does not touch another.
  let client = 0;
  const send = (payload: unknown, address = `10.0.0.${++client}`) =>
    app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress: address });

  beforeAll(async () => {
    db = await open();
    await migrate(db);
    app = await buildApp({ db });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('keeps the message and thanks the sender by name', async () => {
    const response = await send(valid);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Ana Lima', email: 'ana@example.com', error: '' });
    expect(response.json().message).toContain('Thank you, Ana Lima');
    const stored = await createPgDocumentStore(db).list<typeof valid>('contact-messages');
    expect(stored.map((entry) => entry.data)).toContainEqual(expect.objectContaining(valid));
  });

  it.each([
    [{ ...valid, email: 'not-an-email' }, 'email'],
    [{ ...valid, name: 'Ana\r\nBcc: victim@example.com' }, 'name'],
    [{ ...valid, message: '   ' }, 'message'],
    [{ ...valid, tenant: 'acme' }, 'tenant'],
    [{ ...valid, topic: 'Sales <script>' }, 'topic'],
  ])('answers 400 naming the bad field (%#)', async (payload, field) => {
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
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});
