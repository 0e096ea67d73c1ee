import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { migrate } from '../../server/db/migrate';
import { ensureSeeded } from '../../server/seed/load';
import { FILE_CONTENT } from '../../server/content/files';
import { builtInTenants } from '../../src/tenant';
import { databases } from './databases';

const LISTINGS = 400;
/** Small parts, so the index of every tenant has several listing parts to split and join. */
const PART_SIZE = 40;
const SHELL = '<html lang="en"><head><title>x</title></head><body><div id="root"></div></body></html>';
const TENANTS = Object.keys(builtInTenants) as (keyof typeof builtInTenants)[];

const parser = new XMLParser({
  ignoreAttributes: false,
  isArray: (name) => name === 'sitemap' || name === 'url',
});

/** The attribute values of the head as the browser would read them (our escapes undone). */
const unescape = (text: string) =>
  text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const canonicalOf = (html: string) =>
  unescape(/<link rel="canonical" href="([^"]*)">/.exec(headOf(html))?.[1] ?? '');
const titleOf = (html: string) => unescape(/<title>([^<]*)<\/title>/.exec(headOf(html))?.[1] ?? '');
const metaOf = (html: string, name: string) =>
  unescape(new RegExp(`<meta name="${name}" content="([^"]*)">`).exec(headOf(html))?.[1] ?? '');

describe.each(databases)('sitemaps, robots.txt and page heads on $name', ({ open }) => {
  let db: Awaited<ReturnType<(typeof databases)[number]['open']>>;
  let app: FastifyInstance;
  let root: string;

  const get = (url: string, host: string) => app.inject({ url, headers: { host } });

  beforeAll(async () => {
    db = await open();
    await migrate(db);
    await ensureSeeded(db, { count: LISTINGS, now: new Date() });
    root = await mkdtemp(join(tmpdir(), 'wellspring-crawlers-'));
    await mkdir(join(root, 'dist', 'app', 'assets'), { recursive: true });
    await mkdir(join(root, 'dist', 'widgets'), { recursive: true });
    await mkdir(join(root, 'demo'));
    await mkdir(join(root, 'media'));
    await writeFile(join(root, 'dist', 'app', 'index.html'), SHELL);
    app = await buildApp({
      db,
      site: {
        distDir: join(root, 'dist'),
        demoDir: join(root, 'demo'),
        mediaDir: join(root, 'media'),
        tenant: builtInTenants.wellness,
        sitemapPartSize: PART_SIZE,
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  describe.each(TENANTS)('tenant %s', (tenant) => {
    const host = `${tenant}.localhost`;
    const origin = `http://${host}`;

    it('robots.txt lets crawlers in, keeps them off the API and names the sitemap', async () => {
      const response = await get('/robots.txt', host);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.body.split('\n')).toEqual(
        expect.arrayContaining(['User-agent: *', 'Disallow: /api/', `Sitemap: ${origin}/sitemap.xml`]),
      );
    });

    it('the sitemap index lists parts of at most the part size, every URL canonical and answering 200', async () => {
      const index = await get('/sitemap.xml', host);
      expect(index.statusCode).toBe(200);
      expect(index.headers['content-type']).toMatch(/^application\/xml/);
      expect(XMLValidator.validate(index.body)).toBe(true);
      const parts: string[] = parser
        .parse(index.body)
        .sitemapindex.sitemap.map((entry: { loc: string }) => entry.loc);
      expect(parts[0]).toBe(`${origin}/sitemaps/pages.xml`);
      expect(parts.filter((part) => part.includes('/listings-')).length).toBeGreaterThan(1);

      const urls: string[] = [];
      for (const part of parts) {
        expect(part.startsWith(`${origin}/sitemaps/`)).toBe(true);
        const response = await get(new URL(part).pathname, host);
        expect(response.statusCode, part).toBe(200);
        expect(XMLValidator.validate(response.body), part).toBe(true);
        const entries: string[] = (parser.parse(response.body).urlset.url ?? []).map(
          (entry: { loc: string }) => entry.loc,
        );
        expect(entries.length, part).toBeLessThanOrEqual(PART_SIZE);
        urls.push(...entries);
      }
      // Each URL once, on this tenant's host.
      expect(new Set(urls).size).toBe(urls.length);
      expect(urls.every((url) => url.startsWith(`${origin}/`))).toBe(true);

      // The listings and offers are all there: as many as the tenant's approved, visible ones.
      const programs = builtInTenants[tenant].helperInfo.includedPrograms;
      const visible = `m.included_programs && $1::text[] and not m.excluded_programs && $1::text[] and m.status = 'APPROVED'`;
      const { rows } = await db.query<{ listings: number; offers: number }>(
        `select (select count(*)::int from merchants m where ${visible}) as listings,
          (select count(*)::int from offers o join merchants m on m.id = o.merchant_id
           where ${visible} and o.start_date <= (now() at time zone 'utc')
             and o.end_date > (now() at time zone 'utc')) as offers`,
        [programs],
      );
      const route = builtInTenants[tenant].listingRouteName;
      expect(urls.filter((url) => url.startsWith(`${origin}/${route}/`))).toHaveLength(rows[0]!.listings);
      expect(urls.filter((url) => url.startsWith(`${origin}/offer/`))).toHaveLength(rows[0]!.offers);
      const destinations = FILE_CONTENT[tenant].destinations.length;
      expect(urls.filter((url) => url.startsWith(`${origin}/best-of/`))).toHaveLength(destinations);

      // Every URL is a page that answers 200 and names itself as canonical.
      for (const url of urls) {
        const page = await get(new URL(url).pathname, host);
        expect(page.statusCode, url).toBe(200);
        expect(canonicalOf(page.body), url).toBe(url);
        expect(metaOf(page.body, 'robots'), url).not.toMatch(/noindex/);
      }
    }, 120_000);

    it('a part past the last one is a 404, as is an unknown part name', async () => {
      expect((await get('/sitemaps/listings-999.xml', host)).statusCode).toBe(404);
      expect((await get('/sitemaps/everything.xml', host)).statusCode).toBe(404);
    });
  });

  describe('page heads', () => {
    it("search and the shell's pages: metaDataPages and page names, with canonical links", async () => {
      const spa = builtInTenants.spa;
      const search = await get('/search?location=Austin%2C+TX&keywords=massage', 'spa.localhost');
      expect(search.statusCode).toBe(200);
      expect(titleOf(search.body)).toBe(spa.metaDataPages.searchPage.title);
      expect(metaOf(search.body, 'description')).toBe(spa.metaDataPages.searchPage.description);
      expect(canonicalOf(search.body)).toBe('http://spa.localhost/search');

      const home = await get('/', 'spa.localhost');
      expect(titleOf(home.body)).toBe(spa.metaDataPages.homePage.title);
      expect(canonicalOf(home.body)).toBe('http://spa.localhost/');

      // The legacy alias is the same page: its canonical link is the page's one path.
      for (const path of ['/buy-gift-cards', '/buygiftcards']) {
        const buy = await get(path, 'spa.localhost');
        expect(buy.statusCode).toBe(200);
        expect(titleOf(buy.body)).toBe('Buy Gift Cards | SpaHaven');
        expect(canonicalOf(buy.body)).toBe('http://spa.localhost/buy-gift-cards');
      }
      const balance = await get('/card-balance-inquiry-vpln', 'spa.localhost');
      expect(titleOf(balance.body)).toBe('Card Balance Inquiry | SpaHaven');
      expect(canonicalOf(balance.body)).toBe('http://spa.localhost/card-balance-inquiry');
      // A page for embedding only is kept out of indexes.
      const carousel = await get('/widgets-offers-carousel', 'spa.localhost');
      expect(metaOf(carousel.body, 'robots')).toBe('noindex');
    });

    it('marketing pages from their CMS SEO fields', async () => {
      const about = FILE_CONTENT.spa.pages.find((page) => page.slug === 'about')!;
      const response = await get('/about', 'spa.localhost');
      expect(response.statusCode).toBe(200);
      expect(titleOf(response.body)).toBe(`${about.yoast.title} | SpaHaven`);
      expect(metaOf(response.body, 'description')).toBe(about.yoast.description);
      expect(canonicalOf(response.body)).toBe('http://spa.localhost/about');
      expect(response.body).toContain(`<meta property="og:title" content="`);
    });
  });
});
