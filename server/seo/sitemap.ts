/**
 * Sitemaps of a tenant's site (sitemaps.org 0.9): `/sitemap.xml` is an index of parts of at most
 * 50,000 URLs each: the site's own pages (home, search, buying, balance, marketing and best-of
 * pages), then its listings, then its current offers. A part is streamed from the database in
 * batches (keyset pages on the primary key), never built whole in memory. Only pages a search
 * engine may index are listed: approved listings the tenant's programs show, offers current
 * now, marketing pages the tenant has. Every URL is the page's canonical one.
 */
import { MARKETING_PAGE_SLUGS, isEmptyContent } from '../../src/domain/content';
import { listingPath, offerPath } from '../../src/domain/slug';
import type { TenantConfig } from '../../src/tenant';
import type { ContentSource } from '../content';
import type { Db } from '../db/driver';
import { CURRENT_OFFER } from '../search/query';
import { absoluteUrl, escapeHtml } from './text';

/** The sitemaps.org limit of URLs in one sitemap. */
export const SITEMAP_MAX_URLS = 50_000;

/** Rows read per statement while a part streams. */
const BATCH = 2_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** Listings a page of the tenant shows and a search engine may index ($1: the tenant's programs). */
const INDEXABLE_LISTING = `m.included_programs && $1::text[] and not m.excluded_programs && $1::text[]
  and m.status = 'APPROVED'`;

export type SitemapPart = { kind: 'pages' } | { kind: 'listings' | 'offers'; n: number };

export interface SitemapSources {
  db: Db;
  content: ContentSource;
  /** URLs per part. @default SITEMAP_MAX_URLS (tests use fewer to see parts split) */
  partSize?: number;
}

/** 'pages', 'listings-2', 'offers-1' (the file name without '.xml'); null for anything else. */
export function parseSitemapPart(name: string): SitemapPart | null {
  if (name === 'pages') return { kind: 'pages' };
  const match = /^(listings|offers)-([1-9]\d{0,5})$/.exec(name);
  return match ? { kind: match[1] as 'listings' | 'offers', n: Number(match[2]) } : null;
}

const countStatements = {
  listings: `select count(*)::int as count from merchants m where ${INDEXABLE_LISTING}`,
  offers: `select count(*)::int as count from offers o join merchants m on m.id = o.merchant_id
    where ${CURRENT_OFFER} and ${INDEXABLE_LISTING}`,
};

/** The sitemap index: one entry per part, streamed like the parts. */
export async function* sitemapIndex(
  tenant: TenantConfig,
  siteBase: string,
  { db, partSize = SITEMAP_MAX_URLS }: SitemapSources,
): AsyncGenerator<string> {
  const programs = tenant.helperInfo.includedPrograms;
  const count = async (kind: keyof typeof countStatements) =>
    (await db.query<{ count: number }>(countStatements[kind], [programs])).rows[0]?.count ?? 0;
  const [listings, offers] = await Promise.all([count('listings'), count('offers')]);
  yield `${XML_HEAD}<sitemapindex xmlns="${NS}">\n`;
  const entry = (name: string) =>
    `<sitemap><loc>${escapeHtml(absoluteUrl(siteBase, `/sitemaps/${name}.xml`))}</loc></sitemap>\n`;
  yield entry('pages');
  for (let n = 1; n <= Math.ceil(listings / partSize); n++) yield entry(`listings-${n}`);
  for (let n = 1; n <= Math.ceil(offers / partSize); n++) yield entry(`offers-${n}`);
  yield '</sitemapindex>\n';
}

/**
 * One part as XML chunks; null when the part does not exist (a number past the last part), so
 * the route can answer 404 before it starts streaming.
 */
export async function sitemapPart(
  part: SitemapPart,
  tenant: TenantConfig,
  siteBase: string,
  sources: SitemapSources,
): Promise<AsyncGenerator<string> | null> {
  const url = (path: string) => `<url><loc>${escapeHtml(absoluteUrl(siteBase, path))}</loc></url>\n`;
  if (part.kind === 'pages') return wrap(sitePaths(tenant, sources.content), url);
  const { db, partSize = SITEMAP_MAX_URLS } = sources;
  const programs = tenant.helperInfo.includedPrograms;
  const listings = part.kind === 'listings';
  // The part starts after the last row of the parts before it: one index walk to find it.
  const skip = (part.n - 1) * partSize;
  const key = listings ? 'm.id' : 'o.id';
  const from = listings
    ? `from merchants m where ${INDEXABLE_LISTING}`
    : `from offers o join merchants m on m.id = o.merchant_id where ${CURRENT_OFFER} and ${INDEXABLE_LISTING}`;
  const first = await db.query<{ id: string }>(
    `select ${key} as id ${from} order by ${key} offset $2 limit 1`,
    [programs, skip],
  );
  if (!first.rows[0]) return part.n === 1 ? wrap(emptyPaths(), url) : null;
  const startAt = Number(first.rows[0].id);
  const columns = listings ? `m.id, m.doc->>'name' as title` : `o.id, o.doc->>'title' as title`;
  const route = tenant.listingRouteName;

  async function* paths(): AsyncGenerator<string> {
    let after = startAt - 1;
    let left = partSize;
    while (left > 0) {
      const { rows } = await db.query<{ id: string; title: string }>(
        `select ${columns} ${from} and ${key} > $2 order by ${key} limit $3`,
        [programs, after, Math.min(BATCH, left)],
      );
      for (const row of rows) {
        const id = Number(row.id);
        yield listings ? listingPath(route, row.title, id) : offerPath(row.title, id);
      }
      if (rows.length < Math.min(BATCH, left)) return;
      after = Number(rows.at(-1)!.id);
      left -= rows.length;
    }
  }
  return wrap(paths(), url);
}

async function* emptyPaths(): AsyncGenerator<string> {}

async function* wrap(paths: AsyncIterable<string>, url: (path: string) => string): AsyncGenerator<string> {
  yield `${XML_HEAD}<urlset xmlns="${NS}">\n`;
  // Several URLs per chunk: fewer, larger writes to the socket.
  let chunk = '';
  for await (const path of paths) {
    chunk += url(path);
    if (chunk.length > 16_384) {
      yield chunk;
      chunk = '';
    }
  }
  yield `${chunk}</urlset>\n`;
}

/** The site's own pages: those every tenant has, its marketing pages, its best-of pages. */
async function* sitePaths(tenant: TenantConfig, content: ContentSource): AsyncGenerator<string> {
  yield '/';
  yield '/search';
  yield '/buy-gift-cards';
  // A tenant that does not sell online yet links to its coming-soon page (spec 2.8).
  const { purchaseLink } = tenant.endpoints;
  if (purchaseLink.startsWith('/') && purchaseLink !== '/buy-gift-cards') yield purchaseLink;
  yield '/card-balance-inquiry';
  const pages = await Promise.all(MARKETING_PAGE_SLUGS.map((slug) => content.page(tenant, slug)));
  for (const [index, page] of pages.entries())
    if (page && !isEmptyContent(page)) yield `/${MARKETING_PAGE_SLUGS[index]}`;
  for (const term of await content.destinationTerms(tenant)) yield `/best-of/${encodeURIComponent(term)}`;
}

/** robots.txt: everything but the API and the QA gallery may be crawled; where the sitemap is. */
export function robotsTxt(siteBase: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /demo/',
    `Sitemap: ${absoluteUrl(siteBase, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
