import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { migrate } from '../../server/db/migrate';
import { databases } from './databases';

const KB = 1024;

// The caps are checked before any query: one database is enough.
describe.each(databases.slice(0, 1))('request bodies capped on every POST on $name', ({ open }) => {
  let db: Awaited<ReturnType<(typeof databases)[number]['open']>>;
  let app: FastifyInstance;
  let client = 0;
  /** `bytes` of JSON: a message field padded to the size. */
  const body = (bytes: number) => {
    const shell = JSON.stringify({ message: '' });
    return JSON.stringify({ message: 'x'.repeat(bytes - shell.length) });
  };
  const post = (url: string, payload: string) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', publisherid: '1' },
      payload,
      // Each request from its own client: the write limit must not answer first.
      remoteAddress: `10.30.0.${++client}`,
    });

  beforeAll(async () => {
    db = await open();
    await migrate(db);
    app = await buildApp({ db });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it.each([
    ['/api/gift-cards/balance', 16],
    ['/api/shareOfferByEmail', 16],
    ['/api/contact', 32],
    ['/api/merchants/1/contact', 32],
  ])('POST %s takes %i KB and answers 413 above', async (url, kilobytes) => {
    const fits = await post(url, body(kilobytes * KB));
    expect(fits.statusCode).not.toBe(413);
    const tooLarge = await post(url, body(kilobytes * KB + 1));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ error: expect.any(String) });
  });

  it('caps a POST to any other API path at 16 KB too (the global default)', async () => {
    // No such endpoint: the body is still refused by size before anything else reads it.
    const response = await post('/api/no-such-endpoint', body(16 * KB + 1));
    expect([404, 413]).toContain(response.statusCode);
    expect(app.initialConfig.bodyLimit).toBe(16 * KB);
  });
});
