/**
 * The installable site (issue 13, spec 9): each tenant host's web app manifest and icons, the
 * head that names them, the service worker's files, and the cache headers a deploy needs on
 * those, the scripts and the media.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { migrate } from '../../server/db/migrate';
import { builtInTenants } from '../../src/tenant';
import { databases } from './databases';

const SHELL =
  '<html lang="en"><head><title>x</title><link rel="icon" href="data:," /></head><body><div id="app"></div></body></html>';
const HOME_SCRIPT = `export const home = ${JSON.stringify('Welcome. '.repeat(200))};`;
const mediaDir = fileURLToPath(new URL('../../server/media', import.meta.url));

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

describe.each(databases)('the installable site on $name', ({ open }) => {
  let db: Awaited<ReturnType<(typeof databases)[number]['open']>>;
  let root: string;
  let app: FastifyInstance;
  const get = (url: string, host = 'localhost') => app.inject({ url, headers: { host } });

  beforeAll(async () => {
    db = await open();
    await migrate(db);
    root = await mkdtemp(join(tmpdir(), 'wellspring-web-app-'));
    await mkdir(join(root, 'dist', 'app'), { recursive: true });
    await mkdir(join(root, 'dist', 'widgets'), { recursive: true });
    await writeFile(join(root, 'dist', 'app', 'index.html'), SHELL);
    await writeFile(join(root, 'dist', 'app', 'service-worker.js'), 'define(["./workbox-0a1b2c3d"],()=>{});');
    await writeFile(join(root, 'dist', 'app', 'workbox-0a1b2c3d.js'), 'self.workbox = 1;');
    await writeFile(join(root, 'dist', 'app', 'offline.html'), '<h1>You are offline</h1>');
    await mkdir(join(root, 'dist', 'app', 'assets'), { recursive: true });
    await mkdir(join(root, 'dist', 'widgets', 'chunks'), { recursive: true });
    await writeFile(join(root, 'dist', 'app', 'assets', 'index-AbC12345.js'), 'export {};');
    // As the builds write them (vite.config.ts, precompressed): the script and its brotli beside it.
    await writeFile(join(root, 'dist', 'app', 'assets', 'Home-AbC12345.js'), HOME_SCRIPT);
    await writeFile(
      join(root, 'dist', 'app', 'assets', 'Home-AbC12345.js.br'),
      brotliCompressSync(HOME_SCRIPT),
    );
    await writeFile(join(root, 'dist', 'widgets', 'loader.js'), 'export {};');
    await writeFile(join(root, 'dist', 'widgets', 'chunks', 'search.element-AbC12345.js'), 'export {};');
    app = await buildApp({
      db,
      site: { distDir: join(root, 'dist'), demoDir: root, mediaDir, tenant: builtInTenants.wellness },
    });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it("serves each tenant host's own manifest: its name, brand colour and icons", async () => {
    for (const [host, tenant] of [
      ['localhost', builtInTenants.wellness],
      ['spa.localhost', builtInTenants.spa],
    ] as const) {
      const response = await get('/manifest.webmanifest', host);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('application/manifest+json');
      const manifest = response.json();
      expect(manifest).toMatchObject({
        name: tenant.helperInfo.fullProjectName,
        short_name: tenant.brandName,
        start_url: '/',
        display: 'standalone',
        theme_color: tenant.theme.colors.primary,
      });
      const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes);
      expect(sizes).toEqual(['any', '192x192', '512x512']);
      expect(manifest.icons[0].src).toBe(tenant.icons.tenantIcons.favicon);
    }
    const [wellness, spa] = await Promise.all([
      get('/manifest.webmanifest'),
      get('/manifest.webmanifest', 'spa.localhost'),
    ]);
    expect(wellness.json().theme_color).not.toBe(spa.json().theme_color);
  });

  it("draws the manifest's PNG icons from the tenant's favicon, each brand its own", async () => {
    const bodies: Buffer[] = [];
    for (const host of ['localhost', 'spa.localhost']) {
      for (const size of [192, 512]) {
        const response = await get(`/icons/${size}.png`, host);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('image/png');
        expect(pngSize(response.rawPayload)).toEqual({ width: size, height: size });
        bodies.push(response.rawPayload);
      }
    }
    expect(bodies[0]!.equals(bodies[2]!)).toBe(false);
    expect((await get('/icons/100.png')).statusCode).toBe(404);
    expect((await get('/icons/../../etc.png')).statusCode).toBe(404);
  });

  it("names the tenant's favicon, home-screen icon, manifest and colour in every page's head", async () => {
    const page = await get('/search', 'spa.localhost');
    expect(page.statusCode).toBe(200);
    const { favicon, appleTouchIcon } = builtInTenants.spa.icons.tenantIcons;
    expect(page.body).toContain(`<link rel="icon" href="${favicon}" type="image/svg+xml">`);
    expect(page.body).toContain(`<link rel="apple-touch-icon" href="${appleTouchIcon}">`);
    expect(page.body).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(page.body).toContain(
      `<meta name="theme-color" content="${builtInTenants.spa.theme.colors.primary}">`,
    );
    expect(page.body).not.toContain('data:,');
  });

  it('serves the service worker for revalidation on every check, its runtime as immutable, and the offline page', async () => {
    const worker = await get('/service-worker.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.headers['cache-control']).toBe('no-cache');
    const runtime = await get('/workbox-0a1b2c3d.js');
    expect(runtime.statusCode).toBe(200);
    expect(runtime.headers['cache-control']).toContain('immutable');
    expect((await get('/workbox-nothex.js')).statusCode).toBe(404);
    const offline = await get('/offline.html');
    expect(offline.statusCode).toBe(200);
    expect(offline.body).toContain('You are offline');
    expect(offline.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('lets browsers keep hashed scripts for good, revalidate the loader every 5 minutes and media daily', async () => {
    const forGood = 'public, max-age=31536000, immutable';
    for (const [url, cacheControl] of [
      ['/assets/index-AbC12345.js', forGood],
      ['/widgets/chunks/search.element-AbC12345.js', forGood],
      // Partners' pages keep the loader's URL: a new release reaches them within minutes.
      ['/widgets/loader.js', 'public, max-age=300'],
      ['/media/spa/logo.svg', 'public, max-age=86400'],
    ]) {
      const response = await get(url!);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe(cacheControl);
      expect(response.headers.etag, url).toBeTruthy();
    }
  });

  it('sends a script as the build compressed it beside it, and plain to a browser that takes no encoding', async () => {
    const url = '/assets/Home-AbC12345.js';
    const compressed = await app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toContain('javascript');
    expect(compressed.headers.vary).toContain('accept-encoding');
    expect(compressed.rawPayload).toEqual(brotliCompressSync(HOME_SCRIPT));
    const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.body).toBe(HOME_SCRIPT);
  });

  it('sends a page brotli-compressed to a browser that takes it, the same page as uncompressed', async () => {
    const plain = await get('/search', 'spa.localhost');
    const compressed = await app.inject({
      url: '/search',
      headers: { host: 'spa.localhost', 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(compressed.rawPayload).toString('utf8');
    // Each page carries its own nonce; the rest is the same page.
    const nonceless = (page: string) => page.replace(/nonce="[^"]+"/g, 'nonce');
    expect(nonceless(html)).toBe(nonceless(plain.body));
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  });
});
