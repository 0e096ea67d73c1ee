import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { migrate } from '../../server/db/migrate';
import { createPgDocumentStore } from '../../server/documents/store';
import { TENANTS_COLLECTION } from '../../server/tenants';
import { builtInTenants } from '../../src/tenant';
import { runTenantCli } from '../../scripts/tenant';
import { databases, type SharedDatabase } from './databases';

const TOKEN = 'test-admin-token-0123456789abcdef';
const PARTNER = 'https://partner.example.com';
const bearer = { authorization: `Bearer ${TOKEN}` };
const spa = { publisherid: '1' };
const local = { publisherid: '6' };

describe.each(databases)('tenant admin API on $name', (database) => {
  let shared: SharedDatabase;
  /** The instance operators talk to. */
  let one: FastifyInstance;
  /** Another instance on the same database. */
  let other: FastifyInstance;
  const logLines: string[] = [];

  const stored = (name: string) =>
    createPgDocumentStore(shared.first).get(`config/environment/tenants/${name}`);
  const patch = (
    app: FastifyInstance,
    name: string,
    body: unknown,
    headers: Record<string, string> = bearer,
  ) =>
    app.inject({
      method: 'PATCH',
      url: `/api/admin/tenants/${name}`,
      headers: { 'content-type': 'application/merge-patch+json', ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  /** A tenant's menu, a call that names its tenant by the publisherId header. */
  const menu = (app: FastifyInstance, headers: Record<string, string>) =>
    app.inject({ url: '/api/wordpress/menu?query=main', headers });

  beforeAll(async () => {
    shared = await database.openTwice();
    await migrate(shared.first);
    one = await buildApp({
      db: shared.first,
      adminToken: TOKEN,
      logger: { stream: { write: (line) => void logLines.push(line) } },
    });
    other = await buildApp({ db: shared.second, adminToken: TOKEN });
  });
  afterAll(async () => {
    await one?.close();
    await other?.close();
    await shared?.drop();
  });
  beforeEach(async () => {
    // The seeded state: every built-in tenant stored as it is.
    const store = createPgDocumentStore(shared.first);
    for (const [name, config] of Object.entries(builtInTenants)) {
      await store.set(`config/environment/tenants/${name}`, config);
    }
  });

  it('reads the stored tenants when it gets ready, so its first request does not wait for that', async () => {
    const documents = createPgDocumentStore(shared.first);
    const listed: string[] = [];
    const app = await buildApp({
      db: shared.first,
      documents: {
        ...documents,
        list: (collection) => (listed.push(collection), documents.list(collection)),
      },
    });
    try {
      await app.ready();
      expect(listed).toEqual([TENANTS_COLLECTION]);
      expect((await menu(app, spa)).statusCode).toBe(200);
      expect(listed).toEqual([TENANTS_COLLECTION]);
    } finally {
      await app.close();
    }
  });

  it('does not exist when no ADMIN_TOKEN is configured: 404', async () => {
    const app = await buildApp({ db: shared.first });
    try {
      const read = await app.inject({ url: '/api/admin/tenants/spa', headers: bearer });
      expect(read.statusCode).toBe(404);
      expect((await patch(app, 'spa', { brandName: 'Taken Over' })).statusCode).toBe(404);
      expect((await stored('spa')) as { brandName: string }).toMatchObject({
        brandName: builtInTenants.spa.brandName,
      });
    } finally {
      await app.close();
    }
  });

  it('refuses a missing or wrong token with 401 and WWW-Authenticate, and stores nothing', async () => {
    const tries: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: `Basic ${Buffer.from(`admin:${TOKEN}`).toString('base64')}` },
      { authorization: TOKEN },
    ];
    for (const headers of tries) {
      const read = await one.inject({ url: '/api/admin/tenants/spa', headers });
      expect(read.statusCode).toBe(401);
      expect(read.headers['www-authenticate']).toMatch(/^Bearer /);
      expect(read.json()).toMatchObject({ field: 'authorization' });
      // Refused before the body is looked at: even a malformed one is a 401.
      expect((await patch(one, 'spa', { brandName: 'Taken Over' }, headers)).statusCode).toBe(401);
      expect((await patch(one, 'spa', '{not json', headers)).statusCode).toBe(401);
    }
    expect(((await stored('spa')) as { brandName: string }).brandName).toBe(builtInTenants.spa.brandName);
  });

  it('reads a stored tenant document, and lists the tenants; 404 for an unknown one', async () => {
    const read = await one.inject({ url: '/api/admin/tenants/spa', headers: bearer });
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
    expect(read.json()).toEqual(JSON.parse(JSON.stringify(builtInTenants.spa)));
    const list = await one.inject({ url: '/api/admin/tenants', headers: bearer });
    expect(list.json().tenants).toEqual(expect.arrayContaining(['wellness', 'spa', 'spa-canada', 'local']));
    const unknown = await one.inject({ url: '/api/admin/tenants/no-such-tenant', headers: bearer });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Unknown tenant: no-such-tenant');
    const badName = await one.inject({ url: '/api/admin/tenants/Not_A_Name', headers: bearer });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().field).toBe('name');
  });

  it('merges a patch (objects merge, null restores the default, arrays replace) and answers the stored document', async () => {
    const response = await patch(one, 'spa', {
      brandName: 'SpaHaven Partners',
      theme: { colors: { primary: '#123456' } },
      corsOrigins: [PARTNER],
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ name: 'spa', brandName: 'SpaHaven Partners', corsOrigins: [PARTNER] });
    expect(body.theme.colors.primary).toBe('#123456');
    expect(body.theme.colors.secondary).toBe(builtInTenants.spa.theme.colors.secondary);
    expect(await stored('spa')).toEqual(body);
    // Plain JSON is taken too.
    const restored = await one.inject({
      method: 'PATCH',
      url: '/api/admin/tenants/spa',
      headers: bearer,
      payload: { corsOrigins: null },
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().corsOrigins).toEqual(['http://localhost:*', 'http://127.0.0.1:*']);
    // The public settings of the tenant, on both instances.
    expect((await other.inject('/api/tenants/spa')).json().brandName).toBe('SpaHaven Partners');
  });

  it('refuses a bad patch with a 400 naming the field, and stores nothing', async () => {
    const before = await stored('spa');
    const cases: [unknown, string][] = [
      [{ corsOrigins: ['partner.example.com'] }, 'corsOrigins[0]'],
      [{ corsOrigins: [PARTNER, 'https://partner.example.com/path'] }, 'corsOrigins[1]'],
      [{ theme: { colors: { primary: 'red; background: url(x)' } } }, 'theme.colors.primary'],
      [{ corsOrigin: [PARTNER] }, 'corsOrigin'],
      [{ name: 'local' }, 'name'],
      [[PARTNER], 'body'],
      ['"text"', 'body'],
    ];
    for (const [body, field] of cases) {
      const response = await patch(one, 'spa', typeof body === 'string' ? body : JSON.stringify(body));
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual({ error: expect.stringContaining(`${field}: `), field });
    }
    expect((await patch(one, 'spa', '{"corsOrigins": [')).statusCode).toBe(400);
    const huge = await patch(one, 'spa', { brandName: 'x'.repeat(70_000) });
    expect(huge.statusCode).toBe(413);
    expect((await patch(one, 'no-such-tenant', { brandName: 'New' })).statusCode).toBe(404);
    expect(await stored('spa')).toEqual(before);
    expect(await stored('no-such-tenant')).toBeNull();
  });

  it('logs who changed which tenant and which settings, never the token or the values', async () => {
    logLines.length = 0;
    await patch(one, 'local', { corsOrigins: ['https://main-street.example'], brandName: 'Main Street' });
    const line = logLines
      .map((text) => JSON.parse(text))
      .find((entry) => entry.msg === 'tenant settings changed');
    expect(line).toMatchObject({ who: 'admin', tenant: 'local', keys: ['corsOrigins', 'brandName'] });
    const all = logLines.join('\n');
    expect(all).not.toContain(TOKEN);
    expect(all).not.toContain('main-street.example');
  });

  it('puts a partner origin added through one instance in force on the other at its next request, for that tenant only', async () => {
    // The other instance has read the tenants already: the partner is not one of spa's yet.
    const before = await menu(other, { ...spa, origin: PARTNER });
    expect(before.statusCode).toBe(200);
    expect(before.headers['access-control-allow-origin']).toBeUndefined();

    const added = await patch(one, 'spa', { corsOrigins: [...builtInTenants.spa.corsOrigins, PARTNER] });
    expect(added.statusCode).toBe(200);

    for (const app of [other, one]) {
      const allowed = await menu(app, { ...spa, origin: PARTNER });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.headers['access-control-allow-origin']).toBe(PARTNER);
      const preflight = await app.inject({
        method: 'OPTIONS',
        url: '/api/wordpress/menu?query=main',
        headers: {
          origin: PARTNER,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'publisherid',
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(PARTNER);
      // The same origin calling for another tenant is refused.
      const foreign = await menu(app, { ...local, origin: PARTNER });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toEqual({ error: expect.stringContaining('local'), field: 'origin' });
      expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    }

    // Taken away again: refused from the next request on.
    await patch(other, 'spa', { corsOrigins: null });
    const removed = await menu(one, { ...spa, origin: PARTNER });
    expect(removed.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('is wrapped by `npm run tenant` for operators', async () => {
    await one.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(one.server.address() as AddressInfo).port}`;
    const run = async (
      args: string[],
      env: Record<string, string> = { ADMIN_TOKEN: TOKEN, WELLSPRING_URL: url },
    ) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runTenantCli(args, {
        env,
        out: (l) => void out.push(l),
        err: (l) => void err.push(l),
      });
      return { code, out: out.join('\n'), err: err.join('\n') };
    };

    const added = await run(['add-origin', 'local', 'https://cli-partner.example/']);
    expect(added).toMatchObject({ code: 0, err: '' });
    expect(added.out).toContain('https://cli-partner.example');
    expect((await run(['origins', 'local'])).out.split('\n')).toEqual([
      ...builtInTenants.local.corsOrigins,
      'https://cli-partner.example',
    ]);
    expect((await run(['add-origin', 'local', 'https://cli-partner.example'])).out).toMatch(
      /^Nothing to change/,
    );
    const allowed = await menu(other, { ...local, origin: 'https://cli-partner.example' });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://cli-partner.example');

    expect(JSON.parse((await run(['get', 'local'])).out).name).toBe('local');
    expect((await run(['list'])).out.split('\n')).toContain('spa');
    const patched = await run(['patch', 'local', '{"brandName":"Main Street Partners"}']);
    expect(JSON.parse(patched.out).brandName).toBe('Main Street Partners');
    expect((await run(['remove-origin', 'local', 'https://cli-partner.example'])).code).toBe(0);
    expect((await stored('local')) as { corsOrigins: string[] }).toMatchObject({
      corsOrigins: builtInTenants.local.corsOrigins,
    });

    // Clear errors.
    expect(await run(['add-origin', 'local', 'partner.example'])).toMatchObject({
      code: 1,
      err: expect.stringContaining('400: corsOrigins[2]: must be an origin'),
    });
    expect(await run(['get', 'nope'])).toMatchObject({
      code: 1,
      err: expect.stringContaining('Unknown tenant: nope'),
    });
    expect(await run(['patch', 'local', '{oops'])).toMatchObject({
      code: 1,
      err: expect.stringContaining('not JSON'),
    });
    expect(await run(['get', 'local'], { WELLSPRING_URL: url })).toMatchObject({
      code: 1,
      err: expect.stringContaining('ADMIN_TOKEN is not set'),
    });
    expect(await run(['get', 'local'], { WELLSPRING_URL: url, ADMIN_TOKEN: 'wrong' })).toMatchObject({
      code: 1,
      err: expect.stringContaining('refused the admin token (401)'),
    });
    expect(
      await run(['get', 'local'], { WELLSPRING_URL: 'http://127.0.0.1:1', ADMIN_TOKEN: TOKEN }),
    ).toMatchObject({
      code: 1,
      err: expect.stringContaining('Cannot reach http://127.0.0.1:1'),
    });
    expect((await run(['frobnicate'])).code).toBe(2);
    expect((await run(['add-origin', 'local'])).code).toBe(2);

    const tokenless = await buildApp({ db: shared.first });
    await tokenless.listen({ port: 0, host: '127.0.0.1' });
    try {
      const port = (tokenless.server.address() as AddressInfo).port;
      expect(
        await run(['list'], { WELLSPRING_URL: `http://127.0.0.1:${port}`, ADMIN_TOKEN: TOKEN }),
      ).toMatchObject({
        code: 1,
        err: expect.stringContaining('has no admin API'),
      });
    } finally {
      await tokenless.close();
    }
  });
});
