import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { migrate } from '../../server/db/migrate';
import { ensureSeeded } from '../../server/seed/load';
import { PROGRAMS } from '../../src/domain/catalog';
import type { ListingCard, Listing, SearchResult } from '../../src/domain/types';
import { builtInTenants } from '../../src/tenant';
import { databases } from './databases';

const BAD = 'javascript:alert(document.domain)';
const wellness = { publisherid: '13' };

/**
 * A WordPress whose editors typed script URLs into every link field: menus, modules, SEO. The
 * good links beside them must survive.
 */
function hostileWordPress(): Server {
  return createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname.replace(/^\/[a-z-]+\/wp-json\//, '');
    const slug = url.searchParams.get('slug');
    const send = (body: unknown) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const page = {
      id: 1,
      slug,
      title: { rendered: 'Austin' },
      acf: {
        'search-term': slug,
        modules: [
          { acf_fc_layout: 'cta', title: 'Book', text: '', button_text: 'Go', link: BAD },
          { acf_fc_layout: 'hero', title: 'Hi', image: ' JAVASCRIPT:alert(1)', link: '/search' },
          {
            acf_fc_layout: 'social',
            title: 'Follow',
            links: [
              { type: 'facebook', url: 'https://www.facebook.com/spa' },
              { type: 'twitter', url: 'java\tscript:alert(1)' },
            ],
          },
        ],
      },
      yoast_head_json: {
        title: 'Best of Austin',
        canonical: BAD,
        og_image: [{ url: 'data:image/svg+xml,x' }],
      },
    };
    if (path === 'menus/v1/menus/header')
      return send({
        items: [
          { ID: 1, title: 'Evil', url: BAD, child_items: [{ ID: 2, title: 'Worse', url: 'vbscript:x' }] },
          { ID: 3, title: 'Search', url: '/search' },
          { ID: 4, title: 'Mail us', url: 'mailto:hello@example.com' },
        ],
      });
    if (path === 'wp/v2/pages' || path === 'wp/v2/destination') return send([page]);
    return send([]);
  });
}

const SHELL = '<html lang="en"><head><title>x</title></head><body><div id="app"></div></body></html>';

describe.each(databases)('links from the CMS and listings on $name', ({ open }) => {
  let db: Awaited<ReturnType<(typeof databases)[number]['open']>>;
  let app: FastifyInstance;
  let root: string;
  const cms = hostileWordPress();
  let listing: { id: number; doc: Listing };

  beforeAll(async () => {
    await new Promise<void>((resolve) => cms.listen(0, '127.0.0.1', resolve));
    const { port } = cms.address() as AddressInfo;
    db = await open();
    await migrate(db);
    await ensureSeeded(db, { count: 60, now: new Date() });
    // One wellness listing whose record holds a script URL in every link field.
    const { rows } = await db.query<{ id: number; doc: Listing }>(
      `select id, doc from merchants where $1 = any(included_programs) order by id limit 1`,
      [PROGRAMS.wellness],
    );
    listing = rows[0]!;
    const hostile: Partial<Listing> = {
      website: BAD,
      merchantUrl: BAD,
      scheduleLink: 'JavaScript:alert(1)',
      servicePdfUrl: 'data:application/pdf;base64,x',
      videos: [BAD, 'https://youtu.be/abcdefghijk'],
      socialNetworks: [
        { type: 'facebook', url: BAD },
        { type: 'instagram', url: 'https://www.instagram.com/glow/' },
      ],
      annualAwards: [{ year: 2024, awards: [{ url: BAD, name: 'Best', title: 'Best spa' }] }],
      images: [
        { url: BAD, seoUrl: '', caption: '' },
        { url: '/media/spa-1.svg', seoUrl: '', caption: '' },
      ],
      location: { ...listing.doc.location, website: 'vbscript:x' },
    };
    await db.query(`update merchants set doc = doc || $1::jsonb where id = $2`, [
      JSON.stringify(hostile),
      listing.id,
    ]);
    root = await mkdtemp(join(tmpdir(), 'wellspring-links-'));
    await mkdir(join(root, 'dist', 'app', 'assets'), { recursive: true });
    await mkdir(join(root, 'dist', 'widgets'), { recursive: true });
    await mkdir(join(root, 'demo'));
    await mkdir(join(root, 'media'));
    await writeFile(join(root, 'dist', 'app', 'index.html'), SHELL);
    process.env.CONTENT_URL = `http://127.0.0.1:${port}/{tenant}`;
    try {
      app = await buildApp({
        db,
        site: {
          distDir: join(root, 'dist'),
          demoDir: join(root, 'demo'),
          mediaDir: join(root, 'media'),
          tenant: builtInTenants.wellness,
        },
      });
    } finally {
      delete process.env.CONTENT_URL;
    }
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
    cms.closeAllConnections();
    await new Promise((resolve) => cms.close(resolve));
    if (root) await rm(root, { recursive: true, force: true });
  });

  const get = (url: string) => app.inject({ url, headers: wellness });
  const noScriptUrls = (body: string) => expect(body).not.toMatch(/javascript|vbscript|data:/i);

  it('a javascript: menu link from the CMS never reaches the menu API; good links stay', async () => {
    const response = await get('/api/wordpress/menu?query=header');
    expect(response.statusCode).toBe(200);
    noScriptUrls(response.body);
    expect(response.json()).toEqual([
      { ID: 1, title: 'Evil', url: '', children: [{ ID: 2, title: 'Worse', url: '', children: [] }] },
      { ID: 3, title: 'Search', url: '/search', children: [] },
      { ID: 4, title: 'Mail us', url: 'mailto:hello@example.com', children: [] },
    ]);
  });

  it('module and SEO links of pages are emptied, not a 500', async () => {
    for (const url of ['/api/wordpress/homepage', '/api/wordpress/page?query=about']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      noScriptUrls(response.body);
      const modules = response.json()['custom-fields'].modules;
      expect(modules[0].link).toBe('');
      expect(modules[1]).toMatchObject({ image: '', link: '/search' });
      expect(modules[2].links).toEqual([
        { type: 'facebook', url: 'https://www.facebook.com/spa' },
        { type: 'twitter', url: '' },
      ]);
    }
  });

  it('the best-of page head takes no script URL from the CMS: its canonical is ours', async () => {
    const response = await app.inject({ url: '/best-of/austin-tx', headers: { host: 'localhost:8080' } });
    expect(response.statusCode).toBe(200);
    noScriptUrls(response.body);
    expect(response.body).toContain('<link rel="canonical" href="http://localhost:8080/best-of/austin-tx">');
  });

  it('a listing answers with its bad links emptied and bad videos, images and networks dropped', async () => {
    const response = await get(`/api/merchants/${listing.id}`);
    expect(response.statusCode).toBe(200);
    noScriptUrls(response.body);
    const body: Listing = response.json();
    expect(body.website).toBe('');
    expect(body.scheduleLink).toBe('');
    expect(body.servicePdfUrl).toBe('');
    expect(body.location.website).toBe('');
    // The record's merchantUrl was refused: the listing page of ours stands in.
    expect(body.merchantUrl).toMatch(new RegExp(`^/site/.+-${listing.id}$`));
    expect(body.videos).toEqual(['https://youtu.be/abcdefghijk']);
    expect(body.socialNetworks).toEqual([{ type: 'instagram', url: 'https://www.instagram.com/glow/' }]);
    expect(body.annualAwards[0]!.awards[0]!.url).toBe('');
    expect(body.images.map((image) => image.url)).toEqual(['/media/spa-1.svg']);
  });

  it('its search card does too', async () => {
    const { city, stateOrProvinceCode } = listing.doc.location;
    const response = await get(
      `/api/merchants?location=${encodeURIComponent(`${city}, ${stateOrProvinceCode}`)}&distance=50&size=100`,
    );
    expect(response.statusCode).toBe(200);
    const card = (response.json() as SearchResult<ListingCard>).items.find(
      (item) => item.merchantId === listing.id,
    );
    expect(card).toBeDefined();
    noScriptUrls(JSON.stringify(card));
    expect(card!.website).toBe('');
    expect(card!.location.website).toBe('');
    expect(card!.images.map((image) => image.url)).toEqual(['/media/spa-1.svg']);
  });
});
