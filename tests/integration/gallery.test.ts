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

describe.each(databases)('the QA gallery at /demo/ on $name', ({ open }) => {
  let db: Awaited<ReturnType<(typeof databases)[number]['open']>>;
  let root: string;
  const apps: FastifyInstance[] = [];

  /** A site whose dist has a built gallery (or not), in demo mode (or not). */
  async function site(name: string, { gallery, demo }: { gallery: boolean; demo: boolean }) {
    const dir = join(root, name);
    await mkdir(join(dir, 'dist', 'app'), { recursive: true });
    await mkdir(join(dir, 'dist', 'widgets'), { recursive: true });
    await mkdir(join(dir, 'demo'));
    await mkdir(join(dir, 'media'));
    await writeFile(join(dir, 'dist', 'app', 'index.html'), SHELL);
    await writeFile(
      join(dir, 'dist', 'widgets', 'custom-elements.json'),
      '{"schemaVersion":"2.1.0","modules":[]}',
    );
    await writeFile(join(dir, 'demo', 'index.html'), '<h1>Partner pages</h1><script>1</script>');
    await writeFile(join(dir, 'demo', 'search.html'), '<h1>Search</h1>');
    if (gallery) {
      await mkdir(join(dir, 'dist', 'gallery', 'assets'), { recursive: true });
      await writeFile(join(dir, 'dist', 'gallery', 'index.html'), '<title>Storybook</title>');
      await writeFile(join(dir, 'dist', 'gallery', 'iframe.html'), '<title>Preview</title>');
      await writeFile(join(dir, 'dist', 'gallery', 'mockServiceWorker.js'), 'self.x = 1;');
      await writeFile(join(dir, 'dist', 'gallery', 'search.html'), 'not the partner page');
    }
    const app = await buildApp({
      db,
      demo,
      site: {
        distDir: join(dir, 'dist'),
        demoDir: join(dir, 'demo'),
        mediaDir: join(dir, 'media'),
        tenant: builtInTenants.wellness,
      },
    });
    apps.push(app);
    return (url: string) => app.inject({ url, headers: { host: 'localhost' } });
  }

  beforeAll(async () => {
    db = await open();
    await migrate(db);
    root = await mkdtemp(join(tmpdir(), 'wellspring-gallery-'));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db?.drop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('serves the built gallery at /demo/ and keeps the partner pages beside it', async () => {
    const get = await site('built', { gallery: true, demo: true });
    const index = await get('/demo/');
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<title>Storybook</title>');
    expect((await get('/demo/iframe.html')).body).toContain('<title>Preview</title>');
    const worker = await get('/demo/mockServiceWorker.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    // The partner pages win a clash of names and keep their nonce'd policy.
    const partners = await get('/demo/index.html');
    expect(partners.body).toContain('<h1>Partner pages</h1>');
    expect(partners.headers['content-security-policy']).toContain('nonce-');
    expect((await get('/demo/search.html')).body).toContain('<h1>Search</h1>');
    expect((await get('/widgets/custom-elements.json')).json()).toEqual({
      schemaVersion: '2.1.0',
      modules: [],
    });
  });

  it('lists the partner pages at /demo/ while no gallery is built', async () => {
    const get = await site('unbuilt', { gallery: false, demo: true });
    expect((await get('/demo/')).body).toContain('<h1>Partner pages</h1>');
    expect((await get('/demo/iframe.html')).statusCode).toBe(404);
  });

  it('serves no gallery outside demo mode', async () => {
    const get = await site('production', { gallery: true, demo: false });
    for (const url of ['/demo/', '/demo/iframe.html', '/demo/mockServiceWorker.js']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('Storybook');
    }
  });
});
