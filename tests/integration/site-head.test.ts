import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { cardImage, LEAD_IMAGE_SIZE, resizeImageUrl } from '../../src/domain/images';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { Db } from '../../server/db/driver';
import { migrate } from '../../server/db/migrate';
import { createPgDocumentStore } from '../../server/documents/store';
import { ensureSeeded } from '../../server/seed/load';
import type { SiteOptions } from '../../server/site';
import { PROGRAMS } from '../../src/domain/catalog';
import { offerTotalPrice } from '../../src/domain/offer';
import { destinationCall } from '../../src/domain/content';
import { listingPath, offerPath, slugify } from '../../src/domain/slug';
import { PAGE_ANSWER_ID, type PageAnswer } from '../../src/domain/page-answer';
import { featuredSearchQuery, firstSearchQuery, searchCall } from '../../src/domain/search';
import type { Listing, ListingCard, Offer, SearchQuery, SearchResult } from '../../src/domain/types';
import { firstShownListing } from '../../src/domain/injection';
import { builtInTenants } from '../../src/tenant';
import { databases } from './databases';

const LISTINGS = 600;
/** The built app shell's shape: Vite adds the app's script and its chunks' preloads to the head. */
const SHELL = [
  '<html lang="en"><head><meta charset="utf-8" /><title>x</title><link rel="icon" href="data:," />',
  '<script type="module" crossorigin src="/assets/index.js"></script>',
  '<link rel="modulepreload" crossorigin href="/widgets/chunks/runtime.js"></head>',
  '<body><div id="root"></div></body></html>',
].join('\n');
const HOSTILE_NAME = '</script><script>alert(1)</script> "Spa" & $& Co';

interface MerchantRow {
  id: number;
  old_id: number | null;
  doc: Listing;
}

interface Page {
  status: number;
  html: string;
  title: string | undefined;
  canonical: string | undefined;
  robots: string | undefined;
  meta: (key: string) => string | undefined;
  jsonLd: Record<string, unknown>[];
}

/** The attribute values of the head as the browser would read them (the escapes we use undone). */
const unescape = (text: string) =>
  text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

function readPage(status: number, html: string): Page {
  const head = html.slice(0, html.indexOf('</head>'));
  const attribute = (pattern: RegExp) => {
    const match = pattern.exec(head)?.[1];
    return match === undefined ? undefined : unescape(match);
  };
  return {
    status,
    html,
    title: attribute(/<title>([^<]*)<\/title>/),
    canonical: attribute(/<link rel="canonical" href="([^"]*)">/),
    robots: attribute(/<meta name="robots" content="([^"]*)">/),
    meta: (key) => attribute(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`)),
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1]!) as Record<string, unknown>,
    ),
  };
}

/** The answers to its element's first calls that a page carries (server/page-boot.ts), if any. */
function answersOf(html: string): PageAnswer[] | undefined {
  const block = new RegExp(`<script type="application/json" id="${PAGE_ANSWER_ID}">(.*?)</script>`).exec(
    html,
  );
  return block ? (JSON.parse(block[1]!) as PageAnswer[]) : undefined;
}

/** A dist folder with the app shell only: the site serves it without a Vite build. */
async function fakeSite(root: string): Promise<SiteOptions> {
  await mkdir(join(root, 'dist', 'app', 'assets'), { recursive: true });
  await mkdir(join(root, 'dist', 'widgets'), { recursive: true });
  await mkdir(join(root, 'demo'));
  await mkdir(join(root, 'media'));
  await writeFile(join(root, 'dist', 'app', 'index.html'), SHELL);
  return {
    distDir: join(root, 'dist'),
    demoDir: join(root, 'demo'),
    mediaDir: join(root, 'media'),
    tenant: builtInTenants.wellness,
  };
}

describe.each(databases)('server-rendered page heads on $name', ({ open }) => {
  let db: Awaited<ReturnType<(typeof databases)[number]['open']>>;
  let app: FastifyInstance;
  let root: string;
  let site: SiteOptions;

  const page = async (url: string, host: string) => {
    const response = await app.inject({ url, headers: { host } });
    return readPage(response.statusCode, response.body);
  };

  async function merchant(where: string): Promise<MerchantRow> {
    const { rows } = await db.query<MerchantRow>(
      `select id, old_id, doc from merchants m where ${where} order by id limit 1`,
    );
    if (!rows[0]) throw new Error(`the seed has no merchant where ${where}`);
    return rows[0];
  }

  const inWellness = `'${PROGRAMS.wellness}' = any(included_programs)`;
  const inSpa = `'${PROGRAMS.spa}' = any(included_programs)`;
  const approved = `status = 'APPROVED'`;

  beforeAll(async () => {
    db = await open();
    await migrate(db);
    await ensureSeeded(db, { count: LISTINGS, now: new Date() });
    root = await mkdtemp(join(tmpdir(), 'wellspring-site-head-'));
    site = await fakeSite(root);
    app = await buildApp({ db, site });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('renders a wellness listing page: title, canonical, Open Graph and its business', async () => {
    const row = await merchant(`${inWellness} and ${approved} and total_reviews > 0`);
    const path = listingPath('site', row.doc.name, row.id);
    const result = await page(path, 'wellness.localhost');
    expect(result.status).toBe(200);
    // No consent cookie: the page says the visitor has not chosen (host-app/shell/analytics.ts).
    expect(result.html).toContain('<html lang="en" data-tenant="wellness" data-consent="">');
    expect(result.html).toContain('<div id="root"></div>');
    // The shell's own title is replaced, not kept beside ours.
    expect(result.html.match(/<title>/g)).toHaveLength(1);
    expect(result.title).toContain(row.doc.name);
    expect(result.title).toMatch(/ \| Wellspring Wellness$/);
    expect(result.canonical).toBe(`http://wellness.localhost${path}`);
    expect(result.canonical?.endsWith(`-${row.id}`)).toBe(true);
    expect(result.robots).toBeUndefined();
    expect(result.meta('og:url')).toBe(result.canonical);
    expect(result.meta('og:title')).toBe(result.title);
    expect(result.meta('og:image')).toMatch(/^http:\/\/wellness\.localhost\/media\//);
    const description = result.meta('description')!;
    expect(description.length).toBeGreaterThan(40);
    expect(description.length).toBeLessThanOrEqual(156);
    expect(row.doc.businessDescription.replace(/\s+/g, ' ')).toContain(description.replace(/…$/, ''));

    expect(result.jsonLd).toHaveLength(1);
    const business = result.jsonLd[0]!;
    expect(business).toMatchObject({
      '@context': 'https://schema.org',
      // The wellness tenant's listings are its brands, not day spas.
      '@type': 'HealthAndBeautyBusiness',
      name: row.doc.name,
      url: result.canonical,
      telephone: row.doc.phone.number,
      address: {
        '@type': 'PostalAddress',
        addressLocality: row.doc.location.city,
        addressRegion: row.doc.location.stateOrProvinceCode,
        postalCode: row.doc.location.postalCode,
        addressCountry: 'US',
      },
      geo: {
        '@type': 'GeoCoordinates',
        latitude: row.doc.location.latitude,
        longitude: row.doc.location.longitude,
      },
    });
    // The wellness tenant shows no reviews, so its markup claims no rating either.
    expect(business.aggregateRating).toBeUndefined();
    expect(business.priceRange).toBeUndefined();
  });

  it('preloads the lead image as the element asks for it, and sends the page compressed', async () => {
    const row = await merchant(`${inSpa} and ${approved} and jsonb_array_length(doc->'images') > 0`);
    const path = listingPath('spa', row.doc.name, row.id);
    const response = await app.inject({
      url: path,
      headers: { host: 'spa.localhost', 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    const html = gunzipSync(response.rawPayload).toString('utf8');
    const lead = resizeImageUrl(row.doc.images[0]!.url, '/api/images', LEAD_IMAGE_SIZE);
    expect(html).toContain(
      `<link rel="preload" as="image" href="${lead.replace(/&/g, '&#38;')}" fetchpriority="high">`,
    );
  });

  it("asks for the page's opening image before the app's code", async () => {
    // The drawn page needs no script to show its image: over HTTP/1.1's six connections a host
    // allows, an image behind the page's scripts waits for them.
    const row = await merchant(`${inSpa} and ${approved} and jsonb_array_length(doc->'images') > 0`);
    for (const [path, host] of [
      [listingPath('spa', row.doc.name, row.id), 'spa.localhost'],
      ['/', 'localhost'],
    ] as const) {
      const { html } = await page(path, host);
      const image = html.indexOf('<link rel="preload" as="image"');
      const code = html.search(/<script[^>]* src=|<link rel="modulepreload"/);
      expect(image, path).toBeGreaterThan(0);
      expect(code, path).toBeGreaterThan(image);
    }
  });

  it('marks a day spa with reviews as a DaySpa with its rating', async () => {
    const row = await merchant(
      `${inSpa} and ${approved} and total_reviews > 0 and 'Day Spa' = any(business_types)`,
    );
    const result = await page(listingPath('spa', row.doc.name, row.id), 'spa.localhost');
    expect(result.status).toBe(200);
    expect(result.html).toContain('data-tenant="spa"');
    expect(result.title).toMatch(/ \| SpaHaven$/);
    expect(result.canonical).toMatch(new RegExp(`^http://spa\\.localhost/spa/[a-z0-9-]+-${row.id}$`));
    expect(result.jsonLd[0]).toMatchObject({
      '@type': 'DaySpa',
      name: row.doc.name,
      address: { '@type': 'PostalAddress', addressLocality: row.doc.location.city },
      geo: { '@type': 'GeoCoordinates' },
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: row.doc.averageScore,
        reviewCount: row.doc.totalReviews,
        bestRating: 5,
      },
    });
  });

  it('leaves the rating out of a listing without reviews', async () => {
    const row = await merchant(`${inSpa} and ${approved} and total_reviews = 0`);
    const result = await page(listingPath('spa', row.doc.name, row.id), 'spa.localhost');
    expect(result.status).toBe(200);
    expect(result.jsonLd[0]!.aggregateRating).toBeUndefined();
  });

  it('gives old-id URLs the canonical link of the merchant id', async () => {
    const row = await merchant(`${inSpa} and old_id is not null`);
    const canonical = `http://spa.localhost${listingPath('spa', row.doc.name, row.id)}`;
    for (const path of [`/spa/${row.old_id}-${slugify(row.doc.name)}`, `/spa/map/${row.old_id}`]) {
      const result = await page(path, 'spa.localhost');
      expect(result.status, path).toBe(200);
      expect(result.canonical, path).toBe(canonical);
      expect(result.canonical?.endsWith(`-${row.id}`)).toBe(true);
    }
  });

  it('answers 404 with noindex for unknown and foreign listings, still serving the shell', async () => {
    const spaOnly = await merchant(`${inSpa} and not ${inWellness}`);
    for (const path of [
      '/site/no-such-spa-987654321',
      '/site/no-id-at-all',
      '/site/map/987654321',
      // A listing of the spa network is not a page of the wellness site.
      listingPath('site', spaOnly.doc.name, spaOnly.id),
      '/no-such-page',
    ]) {
      const result = await page(path, 'wellness.localhost');
      expect(result.status, path).toBe(404);
      expect(result.robots, path).toBe('noindex');
      expect(result.canonical, path).toBeUndefined();
      expect(result.jsonLd, path).toEqual([]);
      expect(result.html, path).toContain('<div id="root"></div>');
      expect(result.html, path).toContain('data-tenant="wellness"');
    }
  });

  it('keeps a hostile listing name inert in the title, the meta tags and the JSON-LD', async () => {
    const row = await merchant(`${inSpa} and ${approved} and id > 100`);
    await db.query(`update merchants set doc = jsonb_set(doc, '{name}', to_jsonb($2::text)) where id = $1`, [
      row.id,
      HOSTILE_NAME,
    ]);
    const result = await page(listingPath('spa', HOSTILE_NAME, row.id), 'spa.localhost');
    expect(result.status).toBe(200);
    expect(result.html).not.toContain('<script>alert(1)');
    expect(result.html).not.toContain('</script><script>');
    // The shell had the app's script, and the head adds three, none of which runs: the JSON-LD,
    // the tenant's settings and the listing as the API answers it (server/page-boot.ts).
    expect(result.html.match(/<script/g)).toHaveLength(4);
    expect(result.html.match(/<script type="application\/(ld\+)?json"/g)).toHaveLength(3);
    expect(result.title).toContain(HOSTILE_NAME);
    expect(result.meta('og:title')).toContain(HOSTILE_NAME);
    expect(result.jsonLd[0]!.name).toBe(HOSTILE_NAME);
    expect((answersOf(result.html)?.[0]?.body as Listing).name).toBe(HOSTILE_NAME);
  });

  it("opens what a suggestion's URL names (spec 7): the listing or the offer, in the tenant's programs", async () => {
    const get = (url: string, host: string) => app.inject({ url, headers: { host } });
    const listing = await merchant(`${inSpa} and ${approved} and not ${inWellness}`);
    const toListing = await get(`/search/merchants/${listing.id}`, 'spa.localhost');
    expect(toListing.statusCode).toBe(302);
    expect(toListing.headers.location).toBe(listingPath('spa', listing.doc.name, listing.id));
    const { rows } = await db.query<{ doc: Offer }>(
      `select o.doc from offers o join merchants m on m.id = o.merchant_id
       where ${inSpa} and o.start_date <= now() at time zone 'utc' and o.end_date > now() at time zone 'utc'
       order by o.id limit 1`,
    );
    const offer = rows[0]!.doc;
    const toOffer = await get(`/search/offers/${offer.id}`, 'spa.localhost');
    expect(toOffer.statusCode).toBe(302);
    expect(toOffer.headers.location).toBe(offerPath(offer.title, offer.id));
    // Another tenant's listing, an unknown id or a bad one: the page is not found.
    for (const [url, host] of [
      [`/search/merchants/${listing.id}`, 'wellness.localhost'],
      ['/search/merchants/999999999', 'spa.localhost'],
      ['/search/offers/0', 'spa.localhost'],
      ['/search/merchants/abc', 'spa.localhost'],
    ] as const) {
      const result = await page(url, host);
      expect([url, host, result.status, result.robots]).toEqual([url, host, 404, 'noindex']);
    }
    // The search itself, with filters, stays the search page.
    expect((await page('/search/merchants?filters=e30', 'spa.localhost')).status).toBe(200);
  });

  it('renders an offer page: its SEO title and an Offer with price and dates', async () => {
    const { rows } = await db.query<{ doc: Offer; merchant_id: number; banner_name: string }>(
      `select o.doc, o.merchant_id, m.banner_name from offers o join merchants m on m.id = o.merchant_id
       where ${inSpa} and o.percent_off is null and o.price is not null
         and o.start_date <= now() at time zone 'utc' and o.end_date > now() at time zone 'utc'
       order by o.id limit 1`,
    );
    const { doc: offer, merchant_id: merchantId, banner_name: bannerName } = rows[0]!;
    const path = offerPath(offer.title, offer.id);
    const result = await page(path, 'spa.localhost');
    expect(result.status).toBe(200);
    expect(result.title).toContain(bannerName);
    expect(result.title).toMatch(/ \| SpaHaven$/);
    expect(result.canonical).toBe(`http://spa.localhost${path}`);
    expect(result.jsonLd).toHaveLength(1);
    const jsonLd = result.jsonLd[0]!;
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Offer',
      name: offer.title,
      url: result.canonical,
      price: offerTotalPrice(offer),
      priceCurrency: 'USD',
      validFrom: `${offer.startDate.replace(' ', 'T')}Z`,
      validThrough: `${offer.endDate.replace(' ', 'T')}Z`,
      availability: 'https://schema.org/InStock',
      offeredBy: { name: expect.any(String), address: { '@type': 'PostalAddress' } },
    });
    expect(String((jsonLd.offeredBy as { url: string }).url)).toMatch(new RegExp(`-${merchantId}$`));

    // The legacy offer URL is the same page, canonically the new one.
    const legacy = await page(`/offer/some-spa/${slugify(offer.title)}-${offer.id}`, 'spa.localhost');
    expect(legacy.status).toBe(200);
    expect(legacy.canonical).toBe(`http://spa.localhost${path}`);
  });

  it("carries the answer to its element's first call, as the API gives it to the element", async () => {
    // The hosted site's elements send their tenant's publisherId and programs (widgets/define.tsx).
    const api = async (url: string, tenant: 'spa' | 'wellness') => {
      const { publisherId, includedPrograms } = builtInTenants[tenant].helperInfo;
      const response = await app.inject({
        url: `/api/${url}`,
        headers: { publisherid: String(publisherId), includedprograms: includedPrograms.join(',') },
      });
      expect(response.statusCode, url).toBe(200);
      return response.json<unknown>();
    };
    /**
     * What a page carries for its element's opening search: its first page, its featured listings
     * and, when none are near the place, their search without it (as the element runs them).
     */
    const openingAnswers = async (first: SearchQuery, tenant: 'spa' | 'wellness') => {
      const { includedPrograms, publisherId } = builtInTenants[tenant].helperInfo;
      const featured = featuredSearchQuery(first, includedPrograms);
      const searches = [first, featured];
      const near = (await api(searchCall(featured), tenant)) as SearchResult<ListingCard>;
      if (near.items.length === 0) searches.push({ ...featured, location: '' });
      return Promise.all(
        searches.map(async (search) => {
          const call = searchCall(search);
          return { call, publisherId, includedPrograms, body: await api(call, tenant) };
        }),
      );
    };
    const listing = await merchant(`${inWellness} and ${approved}`);
    const old = await merchant(`${inSpa} and ${approved} and old_id is not null`);
    const { rows } = await db.query<{ id: number; title: string }>(
      `select o.id, o.doc->>'title' as title from offers o join merchants m on m.id = o.merchant_id
       where ${inSpa} and ${approved} order by o.id limit 1`,
    );
    const offer = rows[0]!;
    const cases = [
      {
        path: listingPath('site', listing.doc.name, listing.id),
        host: 'wellness.localhost',
        call: `merchants/${listing.id}`,
      },
      { path: `/spa/map/${old.old_id}`, host: 'spa.localhost', call: `merchants/map/${old.old_id}` },
      {
        path: offerPath(offer.title, offer.id),
        host: 'spa.localhost',
        call: `offers/${offer.id}?include=listing`,
      },
    ] as const;
    for (const { path, host, call } of cases) {
      const tenant = host === 'spa.localhost' ? 'spa' : 'wellness';
      const answers = answersOf((await page(path, host)).html);
      expect(answers, path).toEqual([
        {
          call,
          publisherId: builtInTenants[tenant].helperInfo.publisherId,
          includedPrograms: builtInTenants[tenant].helperInfo.includedPrograms,
          body: await api(call, tenant),
        },
      ]);
    }
    // A search page carries its element's first search: its results and featured listings, named
    // as the element names them when it starts from the page's URL.
    for (const tenant of ['spa', 'wellness'] as const) {
      const host = `${tenant}.localhost`;
      const url = '/search?location=Austin%2C+TX&distance=30';
      const { country } = builtInTenants[tenant].helperInfo;
      const first = {
        ...firstSearchQuery(country, {}, '?location=Austin%2C+TX&distance=30'),
        size: builtInTenants[tenant].listingGrid.pageSize,
        page: 0,
      };
      expect(searchCall(first)).toContain('location=Austin');
      expect(searchCall(first)).toContain('distance=30');
      const { html } = await page(url, host);
      const answers = answersOf(html);
      expect(answers, url).toEqual(await openingAnswers(first, tenant));
      // Its first card's image is preloaded, as the element will ask for it (e2e: the same URL).
      const [results, ...promoted] = answers!.map((answer) => answer.body as SearchResult<ListingCard>);
      const shown = promoted.at(-1)!.items;
      const card = firstShownListing(results!.items, shown, builtInTenants[tenant].listingGrid);
      expect(card, url).toBeDefined();
      const { defaultCardImage, imageResizer } = builtInTenants[tenant].endpoints;
      const image = resizeImageUrl(cardImage(card!, defaultCardImage), imageResizer);
      const preload = /<link rel="preload" as="image" href="([^"]*)"/.exec(html)?.[1];
      expect(preload?.replace(/&#38;/g, '&'), url).toBe(image);
    }
    expect((await page('/search', 'spa.localhost')).html).not.toContain('rel="preload" as="image"');
    // A best-of page carries its destination's search, as its element starts it, and its
    // destination content, which the element's best-of links read: the API's answer, or null
    // where the API answers 404 (the wellness tenant has no destination pages).
    for (const tenant of ['spa', 'wellness'] as const) {
      const { country, includedPrograms, publisherId } = builtInTenants[tenant].helperInfo;
      const bestOf = {
        ...firstSearchQuery(country, { bestOf: 'austin-tx' }),
        size: builtInTenants[tenant].listingGrid.pageSize,
        page: 0,
      };
      expect(bestOf.location).toBe('Austin, TX');
      const content = await app.inject({
        url: `/api/wordpress/destinations?query=austin-tx&tenant=${tenant}`,
      });
      expect(content.statusCode, tenant).toBe(tenant === 'spa' ? 200 : 404);
      expect(answersOf((await page('/best-of/austin-tx', `${tenant}.localhost`)).html), tenant).toEqual([
        ...(await openingAnswers(bestOf, tenant)),
        {
          call: destinationCall('austin-tx'),
          publisherId,
          includedPrograms,
          body: content.statusCode === 200 ? content.json() : null,
        },
      ]);
    }
    const { country, includedPrograms } = builtInTenants.spa.helperInfo;
    // No featured listings near the place: their search without the place, as the element runs
    // it next, is carried too (its first draw shows them).
    const nowhere = {
      ...firstSearchQuery(country, {}, '?location=64.5%2C-165.4'),
      size: builtInTenants.spa.listingGrid.pageSize,
      page: 0,
    };
    const featured = featuredSearchQuery(nowhere, includedPrograms);
    const carried = answersOf((await page('/search?location=64.5%2C-165.4', 'spa.localhost')).html)!;
    expect(carried.map((answer) => answer.call)).toEqual(
      [nowhere, featured, { ...featured, location: '' }].map(searchCall),
    );
    expect((carried[1]!.body as SearchResult<ListingCard>).items).toEqual([]);
    expect((carried[2]!.body as SearchResult<ListingCard>).items.length).toBeGreaterThan(0);
    // A page whose element would be told 'not found' carries nothing for it, nor a search page
    // that names no place (its element first finds the visitor's).
    for (const path of [
      '/site/no-such-spa-987654321',
      '/offer/nothing-987654321',
      '/search',
      '/search?keywords=spa',
    ]) {
      const host = path.startsWith('/offer') ? 'spa.localhost' : 'wellness.localhost';
      expect(answersOf((await page(path, host)).html), path).toBeUndefined();
    }
  });

  it('serves an expired offer page as Discontinued', async () => {
    const { rows } = await db.query<{ doc: Offer }>(
      `select o.doc from offers o join merchants m on m.id = o.merchant_id
       where ${inSpa} and o.end_date < now() at time zone 'utc' order by o.id limit 1`,
    );
    const offer = rows[0]!.doc;
    const result = await page(offerPath(offer.title, offer.id), 'spa.localhost');
    expect(result.status).toBe(200);
    expect(result.jsonLd[0]).toMatchObject({
      '@type': 'Offer',
      availability: 'https://schema.org/Discontinued',
    });
  });

  it('answers 404 with noindex for an unknown offer', async () => {
    for (const path of ['/offer/nothing-987654321', '/offer/no-id', '/offer/a-spa/nothing-987654321']) {
      const result = await page(path, 'spa.localhost');
      expect(result.status, path).toBe(404);
      expect(result.robots, path).toBe('noindex');
    }
  });

  it("renders a best-of page from its destination's seo fields", async () => {
    const result = await page('/best-of/austin-tx', 'spa.localhost');
    expect(result.status).toBe(200);
    expect(result.title).toMatch(/Austin.* \| SpaHaven$/);
    expect(result.canonical).toBe('http://spa.localhost/best-of/austin-tx');
    expect(result.meta('description')).toBeTruthy();
    expect(result.robots).toBe('index, follow');

    // No content for the term: the page still searches, but is not one to index.
    const thin = await page('/best-of/nowhere-zz', 'spa.localhost');
    expect(thin.status).toBe(200);
    expect(thin.title).toBe('Best of Nowhere, ZZ | SpaHaven');
    expect(thin.robots).toBe('noindex, follow');
  });

  it('heads the home and search pages from their metaDataPages, with canonical links (issue 13)', async () => {
    const { homePage, searchPage } = builtInTenants.spa.metaDataPages;
    for (const [path, meta, canonical] of [
      ['/', homePage, 'http://spa.localhost/'],
      ['/search', searchPage, 'http://spa.localhost/search'],
    ] as const) {
      const result = await page(path, 'spa.localhost');
      expect(result.status, path).toBe(200);
      expect(result.title, path).toBe(meta.title);
      expect(result.meta('description'), path).toBe(meta.description);
      expect(result.canonical, path).toBe(canonical);
    }
  });

  it('serves the plain shell, logging a warning, when the lookup fails', async () => {
    const lines: string[] = [];
    const broken: Db = {
      ...db,
      query: () => Promise.reject(new Error('database down')),
    };
    const brokenApp = await buildApp({
      db: broken,
      site,
      logger: { stream: { write: (line) => lines.push(line) }, level: 'warn' },
    });
    try {
      const response = await brokenApp.inject({
        url: '/site/some-spa-42',
        headers: { host: 'wellness.localhost' },
      });
      const result = readPage(response.statusCode, response.body);
      expect(result.status).toBe(200);
      expect(result.title).toBe(builtInTenants.wellness.metaDataPages.homePage.title);
      expect(result.html).toContain('<div id="root"></div>');
      expect(lines.join('\n')).toContain('page head lookup failed');
    } finally {
      await brokenApp.close();
    }
  });

  it("shows a tenant's stored settings (as the admin API writes them) on its next page, without a restart", async () => {
    const store = createPgDocumentStore(db);
    const path = 'config/environment/tenants/spa';
    const before = await store.get(path);
    const spa = builtInTenants.spa;
    try {
      await store.set(path, {
        ...spa,
        frameAncestors: ["'self'", 'https://partner.example'],
        metaDataPages: {
          ...spa.metaDataPages,
          homePage: { ...spa.metaDataPages.homePage, title: 'SpaHaven, as the operator renamed it' },
        },
      });
      const response = await app.inject({ url: '/', headers: { host: 'spa.localhost' } });
      expect(readPage(response.statusCode, response.body).title).toBe('SpaHaven, as the operator renamed it');
      expect(response.headers['content-security-policy']).toContain(
        "frame-ancestors 'self' https://partner.example",
      );
    } finally {
      if (before) await store.set(path, before);
      else await store.delete(path);
    }
    const after = await app.inject({ url: '/', headers: { host: 'spa.localhost' } });
    expect(readPage(after.statusCode, after.body).title).toBe(spa.metaDataPages.homePage.title);
  });
});
