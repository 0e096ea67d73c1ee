import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { migrate } from '../../server/db/migrate';
import { createPgDocumentStore, type DocumentStore } from '../../server/documents/store';
import { builtInTenants } from '../../src/tenant';
import { databases } from './databases';

const PARTNER = 'https://partner.example.com';
const spa = { publisherid: '1' };
const local = { publisherid: '6' };
const path = (name: string) => `config/environment/tenants/${name}`;

describe.each(databases)('CORS from the tenant documents on $name', ({ open }) => {
  let db: Awaited<ReturnType<(typeof databases)[number]['open']>>;
  let app: FastifyInstance;
  let store: DocumentStore;

  /** A call that names its tenant by the publisherId header (or the content routes' tenant query). */
  const menu = (headers: Record<string, string>, query = '') =>
    app.inject({ url: `/api/wordpress/menu?query=main${query}`, headers });
  const preflight = (origin: string) =>
    app.inject({
      method: 'OPTIONS',
      url: '/api/wordpress/menu?query=main',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'publisherid',
      },
    });

  beforeAll(async () => {
    db = await open();
    await migrate(db);
    store = createPgDocumentStore(db);
    app = await buildApp({ db });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });
  beforeEach(async () => {
    for (const [name, config] of Object.entries(builtInTenants)) await store.set(path(name), config);
    // The partner of spa, written to the store as an operator's tool would: no code involved.
    await store.set(path('spa'), { ...builtInTenants.spa, corsOrigins: [PARTNER] });
  });

  it("allows a partner origin from its tenant's stored document", async () => {
    const response = await menu({ ...spa, origin: PARTNER });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(response.headers.vary).toMatch(/origin/i);
  });

  it('refuses it for another tenant with a 403 and no CORS headers, by header or by tenant query', async () => {
    for (const response of [
      await menu({ ...local, origin: PARTNER }),
      await menu({ ...spa, origin: PARTNER }, '&tenant=local'),
      await app.inject({ url: '/api/tenants/local', headers: { origin: PARTNER } }),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: 'origin: not a partner origin of the tenant local',
        field: 'origin',
      });
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    }
    // spa's settings by name are spa's partner's to read.
    const own = await app.inject({ url: '/api/tenants/spa', headers: { origin: PARTNER } });
    expect(own.headers['access-control-allow-origin']).toBe(PARTNER);
  });

  it('answers the preflight of a partner origin (it carries no tenant), and not of an unknown one', async () => {
    const partner = await preflight(PARTNER);
    expect(partner.statusCode).toBe(204);
    expect(partner.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(partner.headers['access-control-allow-headers']).toContain('publisherid');
    const unknown = await preflight('https://evil.example');
    expect(unknown.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets a partner origin call what names no tenant', async () => {
    const response = await app.inject({ url: '/api/bot-check/challenge', headers: { origin: PARTNER } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(PARTNER);
  });

  it('gives an origin no tenant lists no CORS headers (the browser stops it), without refusing', async () => {
    const response = await menu({ ...spa, origin: 'https://evil.example' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("no longer allows what the tenant's document dropped: the built-in local origins for spa", async () => {
    // Listed by the other tenants, no longer by spa.
    const response = await menu({ ...spa, origin: 'http://localhost:5173' });
    expect(response.statusCode).toBe(403);
    expect(
      (await menu({ ...local, origin: 'http://localhost:5173' })).headers['access-control-allow-origin'],
    ).toBe('http://localhost:5173');
    // Deleting the document brings the built-in settings back at the next request.
    await store.delete(path('spa'));
    expect(
      (await menu({ ...spa, origin: 'http://localhost:5173' })).headers['access-control-allow-origin'],
    ).toBe('http://localhost:5173');
  });

  it("keeps the site's own origin allowed whatever the tenant lists", async () => {
    const response = await menu({ ...spa, host: 'spa.localhost:8080', origin: 'http://spa.localhost:8080' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('http://spa.localhost:8080');
  });

  it('puts a changed document in force at the next request, without a restart', async () => {
    const other = 'https://other-partner.example';
    expect((await menu({ ...local, origin: other })).headers['access-control-allow-origin']).toBeUndefined();
    await store.set(path('local'), { ...builtInTenants.local, corsOrigins: [other] });
    expect((await menu({ ...local, origin: other })).headers['access-control-allow-origin']).toBe(other);
  });
});
