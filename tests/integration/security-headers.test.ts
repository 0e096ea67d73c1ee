import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { migrate } from '../../server/db/migrate';
import { createPgDocumentStore } from '../../server/documents/store';
import type { SiteOptions } from '../../server/site';
import { TENANTS_COLLECTION } from '../../server/tenants';
import { builtInTenants, parseTenantConfig } from '../../src/tenant';
import { databases } from './databases';

/** The built app shell as Vite writes it: module scripts and no inline code. */
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <title>Wellspring</title>
    <script type="module" src="/widgets/loader.js"></script>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="app"></div></body>
</html>`;

/** A demo page with inline code, as the gallery has. */
const DEMO_PAGE = `<!doctype html>
<html lang="en"><head><title>Demo</title><style>body { margin: 0 }</style>
<script type="module" src="/widgets/loader.js"></script></head>
<body><script type="module">console.log('demo');</script></body></html>`;

/**
 * The host app's tenant in these tests, as an operator stored it: Turnstile, a tag manager and one
 * partner that may frame pages.
 */
const hostTenant = parseTenantConfig({
  name: 'wellness',
  botCheck: { provider: 'turnstile', siteKey: 'site-key' },
  tracking: { trackingId: 'GTM-TEST' },
  frameAncestors: ["'self'", 'https://partner.example.com'],
});

async function fakeSite(root: string): Promise<SiteOptions> {
  await mkdir(join(root, 'dist', 'app', 'assets'), { recursive: true });
  await mkdir(join(root, 'dist', 'widgets', '.vite'), { recursive: true });
  await mkdir(join(root, 'demo'));
  await mkdir(join(root, 'media'));
  await writeFile(join(root, 'dist', 'app', 'index.html'), SHELL);
  await writeFile(join(root, 'dist', 'app', 'assets', 'index-abc.js'), 'export {};');
  await writeFile(join(root, 'dist', 'widgets', 'loader.js'), 'export {};');
  await writeFile(join(root, 'dist', 'widgets', '.vite', 'manifest.json'), '{"secret":true}');
  await writeFile(join(root, 'dist', 'widgets', '.env'), 'KEY=secret');
  await writeFile(join(root, 'demo', 'index.html'), DEMO_PAGE);
  await writeFile(join(root, 'demo', 'search.html'), DEMO_PAGE);
  await writeFile(join(root, 'demo', 'demo.css'), 'body { color: black }');
  await writeFile(join(root, 'demo', '.env'), 'KEY=secret');
  await writeFile(join(root, 'media', '.htpasswd'), 'admin:secret');
  await writeFile(join(root, 'media', 'spa-1.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return {
    distDir: join(root, 'dist'),
    demoDir: join(root, 'demo'),
    mediaDir: join(root, 'media'),
    tenant: builtInTenants.wellness,
  };
}

/** The directives of a policy by name. */
function directives(policy: string | undefined): Map<string, string[]> {
  return new Map(
    (policy ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

const nonceOf = (policy: string | undefined) => /'nonce-([^']+)'/.exec(policy ?? '')?.[1];

/** A page's script tags that run: all but its JSON data blocks. */
const runnableScripts = (html: string) =>
  [...html.matchAll(/<script\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => !tag.includes('application/json'));

describe.each(databases)('security headers on $name', ({ open }) => {
  let db: Awaited<ReturnType<(typeof databases)[number]['open']>>;
  let app: FastifyInstance;
  let root: string;

  beforeAll(async () => {
    db = await open();
    await migrate(db);
    await createPgDocumentStore(db).set(`${TENANTS_COLLECTION}/wellness`, hostTenant);
    root = await mkdtemp(join(tmpdir(), 'wellspring-headers-'));
    // The proxy in front of it runs on this machine (inject's default client address).
    app = await buildApp({ db, site: await fakeSite(root), trustProxy: ['127.0.0.1'] });
    // A route outside /api that fails, as a page's code could.
    app.get('/failing-page', async () => {
      throw new Error('internal detail: connection to 10.0.0.5 refused');
    });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  describe('Content-Security-Policy of pages', () => {
    it('has a fresh nonce per response, the one the page’s scripts carry', async () => {
      const first = await app.inject({ url: '/' });
      const second = await app.inject({ url: '/' });
      expect(first.statusCode).toBe(200);
      const nonce = nonceOf(first.headers['content-security-policy'] as string);
      const other = nonceOf(second.headers['content-security-policy'] as string);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(other).toBeDefined();
      expect(other).not.toBe(nonce);
      const scripts = runnableScripts(first.body);
      expect(scripts).toHaveLength(2);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      // The tenant's settings ride along as a data block, which is never run and needs no nonce.
      expect(first.body).toMatch(
        /<script type="application\/json" id="wellspring-tenant">\{"name":"wellness"/,
      );
      expect(second.body).toContain(`nonce="${other}"`);
      expect(second.body).not.toContain(nonce);
    });

    it('allows scripts of our own and the nonce, plus only the tenant’s bot check and tag manager', async () => {
      const response = await app.inject({ url: '/search' });
      const policy = response.headers['content-security-policy'] as string;
      const csp = directives(policy);
      const nonce = nonceOf(policy);
      expect(csp.get('script-src')).toEqual([
        "'self'",
        `'nonce-${nonce}'`,
        'https://challenges.cloudflare.com',
        'https://www.googletagmanager.com',
      ]);
      expect(csp.get('style-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'self'", 'https://partner.example.com']);
      expect(csp.get('frame-src')).toContain('https://challenges.cloudflare.com');
      expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
      expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|\*(?!\.)/);
    });

    it('follows the tenant of the host name: no third-party script host for an ALTCHA tenant', async () => {
      const response = await app.inject({ url: '/', headers: { host: 'spa.localhost:8080' } });
      const csp = directives(response.headers['content-security-policy'] as string);
      expect(builtInTenants.spa.botCheck.provider).toBe('altcha');
      expect(csp.get('script-src')).toHaveLength(2);
      expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
      expect(response.body).toContain('data-tenant="spa"');
    });

    it('is on listing pages and not-found pages too', async () => {
      for (const url of ['/site/no-such-spa-99999999', '/no/such/page']) {
        const response = await app.inject({ url });
        expect(response.statusCode).toBe(404);
        const nonce = nonceOf(response.headers['content-security-policy'] as string);
        expect(nonce).toBeDefined();
        const scripts = runnableScripts(response.body);
        expect(scripts).toHaveLength(2);
        for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      }
    });

    it('is on the demo pages, whose inline scripts and styles get the nonce', async () => {
      for (const url of ['/demo/', '/demo/search.html']) {
        const response = await app.inject({ url });
        expect(response.statusCode).toBe(200);
        const nonce = nonceOf(response.headers['content-security-policy'] as string);
        expect(nonce).toBeDefined();
        const tags = [...response.body.matchAll(/<(script|style)\b[^>]*>/g)].map((match) => match[0]);
        expect(tags).toHaveLength(3);
        for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
      }
      const css = await app.inject({ url: '/demo/demo.css' });
      expect(css.statusCode).toBe(200);
      expect(css.headers['content-type']).toContain('text/css');
    });

    it('keeps JSON-LD a data block (CSP ignores it) and scripts that are not ours without a nonce', async () => {
      // A page head never gets the nonce: only the template's own tags were given it.
      const response = await app.inject({ url: '/' });
      const nonce = nonceOf(response.headers['content-security-policy'] as string)!;
      expect(response.body.split(nonce)).toHaveLength(3);
    });
  });

  describe('headers of every response', () => {
    it.each(['/', '/api/health', '/widgets/loader.js', '/media/spa-1.svg', '/api/no-such-thing'])(
      'nosniff and Referrer-Policy on %s',
      async (url) => {
        const response = await app.inject({ url });
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      },
    );

    it('API answers carry a policy that lets nothing run', async () => {
      const response = await app.inject({ url: '/api/health' });
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
      );
    });

    it('HSTS only over TLS: https from the trusted proxy, never plain http or a forged header', async () => {
      const overTls = await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
      expect(overTls.headers['strict-transport-security']).toBe('max-age=31536000');
      const api = await app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(api.headers['strict-transport-security']).toBe('max-age=31536000');
      const plain = await app.inject({ url: '/' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      // The same header from an address that is not the proxy is not believed.
      const forged = await app.inject({
        url: '/',
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(forged.headers['strict-transport-security']).toBeUndefined();
    });
  });

  describe('dotfiles', () => {
    it.each([
      '/widgets/.vite/manifest.json',
      '/widgets/.env',
      '/demo/.env',
      '/media/.htpasswd',
      '/.env',
      '/.git/config',
    ])('%s is a 404 and shows nothing of the file', async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('secret');
    });
  });

  describe('errors outside /api', () => {
    it('a failure is a plain 500 without the internal message', async () => {
      const response = await app.inject({ url: '/failing-page' });
      expect(response.statusCode).toBe(500);
      expect(response.headers['content-type']).toContain('text/plain');
      expect(response.body).toBe('Something went wrong on our side. Please try again.');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    });

    it('a client error names only its status', async () => {
      // A URL Fastify cannot decode is its own client error; the page answer names only the status.
      const bad = await app.inject({ url: '/media/%E0%A4%A' });
      expect(bad.statusCode).toBe(400);
      expect(bad.headers['content-type']).toContain('text/plain');
      expect(bad.body).toBe('Bad Request');
      const api = await app.inject({ url: '/api/%E0%A4%A' });
      expect(api.statusCode).toBe(400);
      expect(api.json()).toHaveProperty('error');
    });
  });
});
