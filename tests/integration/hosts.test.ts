import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { migrate } from '../../server/db/migrate';
import { builtInTenants } from '../../src/tenant';
import { databases } from './databases';

const SHELL = '<html lang="en"><head><title>x</title></head><body><div id="app"></div></body></html>';

describe.each(databases)('known host names on $name', ({ open }) => {
  let db: Awaited<ReturnType<(typeof databases)[number]['open']>>;
  let app: FastifyInstance;
  let apiOnly: FastifyInstance;
  let root: string;

  beforeAll(async () => {
    db = await open();
    await migrate(db);
    root = await mkdtemp(join(tmpdir(), 'wellspring-hosts-'));
    await mkdir(join(root, 'dist', 'app', 'assets'), { recursive: true });
    await mkdir(join(root, 'dist', 'widgets'), { recursive: true });
    await mkdir(join(root, 'demo'));
    await mkdir(join(root, 'media'));
    await writeFile(join(root, 'dist', 'app', 'index.html'), SHELL);
    await writeFile(join(root, 'dist', 'widgets', 'loader.js'), 'export {};');
    app = await buildApp({
      db,
      trustProxy: ['127.0.0.1'],
      site: {
        distDir: join(root, 'dist'),
        demoDir: join(root, 'demo'),
        mediaDir: join(root, 'media'),
        tenant: builtInTenants.wellness,
        tenantHosts: { 'www.wellness.example': 'wellness', 'Spa.Example.com': 'spa' },
      },
    });
    apiOnly = await buildApp({ db });
  });
  afterAll(async () => {
    await app?.close();
    await apiOnly?.close();
    await db?.drop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  const get = (url: string, host: string, headers: Record<string, string> = {}) =>
    app.inject({ url, headers: { host, ...headers } });

  it.each([
    ['localhost:80', 'wellness'],
    ['localhost', 'wellness'],
    ['127.0.0.1:8187', 'wellness'],
    ['[::1]:8080', 'wellness'],
    ['wellness.localhost:8187', 'wellness'],
    ['spa.localhost:8187', 'spa'],
    ['spa-canada.localhost', 'spa-canada'],
    ['local.localhost', 'local'],
    ['www.wellness.example', 'wellness'],
    ['spa.example.com', 'spa'],
    ['SPA.EXAMPLE.COM:443', 'spa'],
  ])('serves %s (tenant %s)', async (host, tenant) => {
    const response = await get('/', host);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`data-tenant="${tenant}"`);
  });

  it.each([
    'evil.example.com',
    'spa.example.com.evil.example',
    'evil.localhost',
    'wellness.localhost.evil.example',
    '10.0.0.5:8080',
    'localhost@evil.example',
    'localhost/evil',
  ])('refuses pages for %j with 421 and a short text', async (host) => {
    const response = await get('/', host);
    expect(response.statusCode).toBe(421);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toBe('This server does not serve that host name.');
    expect(response.body).not.toContain('evil');
  });

  it('refuses listing pages, files and the API for an unknown host: no canonical link is made from it', async () => {
    for (const url of ['/site/glow-spa-1', '/widgets/loader.js', '/demo/', '/media/spa-1.svg']) {
      const response = await get(url, 'evil.example.com');
      expect(response.statusCode).toBe(421);
      expect(response.body).not.toContain('canonical');
    }
    const api = await get('/api/tenants/wellness', 'evil.example.com');
    expect(api.statusCode).toBe(421);
    expect(api.json()).toEqual({ error: 'This server does not serve that host name.' });
    // A mail's links would point at the Host: the request never gets that far.
    const share = await app.inject({
      method: 'POST',
      url: '/api/shareOfferByEmail',
      headers: { host: 'evil.example.com', publisherid: '13', 'content-type': 'application/json' },
      payload: { to: 'friend@example.com' },
    });
    expect(share.statusCode).toBe(421);
  });

  it('behind the trusted proxy, the forwarded host name is the one checked', async () => {
    const forwarded = await get('/', 'localhost', { 'x-forwarded-host': 'evil.example.com' });
    expect(forwarded.statusCode).toBe(421);
    const ours = await get('/', '10.0.0.5', { 'x-forwarded-host': 'spa.example.com' });
    expect(ours.statusCode).toBe(200);
    expect(ours.body).toContain('data-tenant="spa"');
  });

  it('answers the health check on any host name: load balancers probe by address', async () => {
    expect((await get('/api/health', '10.0.0.5:8080')).statusCode).toBe(200);
  });

  it('without a site, the API still serves the loopback names only (inject’s default Host included)', async () => {
    expect((await apiOnly.inject({ url: '/api/tenants/wellness' })).statusCode).toBe(200);
    const refused = await apiOnly.inject({
      url: '/api/tenants/wellness',
      headers: { host: 'spa.example.com' },
    });
    expect(refused.statusCode).toBe(421);
  });
});
