/**
 * The listing search of `GET /merchants` and the service aggregations of `GET /services`.
 *
 * Keywords forgive (issue 17): the vocabulary lookup of ./keywords.ts plans them (typos,
 * synonyms, the last word's prefix), and a search whose keywords no listing has all of falls back
 * to a partial match. The answer says so: `correctedKeywords` when its results are for corrected
 * keywords, `partialMatch` when they match only some of the words.
 */
import type { ListingCard, SearchResult, ServiceAggregation } from '../../src/domain/types';
import type { Db } from '../db/driver';
import type { ResultCache } from '../http-cache';
import type { TenantScope } from '../tenants';
import { resolveSearchArea } from './area';
import { listingCard } from './cards';
import { keywordPlan } from './keywords';
import { matchQueryString, searchQueryString, type SearchParams } from './params';
import {
  countStatement,
  GUARDED_COUNT_FROM,
  readsBestRated,
  SEARCH_COUNT_CAP,
  searchStatement,
  type CountRow,
  type PageStatement,
  serviceAggregationStatement,
  type SearchCriteria,
  type SearchRow,
  type ServiceAggregationRow,
} from './query';

/** A search whose keywords no listing has all of may fall back to the listings with some. */
const canMatchPartly = (criteria: SearchCriteria) => (criteria.plan?.groups.length ?? 0) > 1;

/** API-relative URL of a search page: '/merchants?…'. */
export const merchantsUrl = (params: SearchParams): string => `/merchants?${searchQueryString(params)}`;

/** API-relative URL of a search's service aggregations: '/services?url=%2Fmerchants%3F…'. */
export const serviceAggregationUrl = (params: SearchParams): string =>
  `/services?url=${encodeURIComponent(`/merchants?${matchQueryString(params)}`)}`;

/**
 * Keeps a value of a search between requests, by key: the route's keeps them with its answers
 * (ResultCache, emptied when the tenant settings change). The default keeps nothing.
 */
export type Remember = <T>(key: string, load: () => Promise<T>) => Promise<T>;

const rememberNothing: Remember = (_key, load) => load();

/** Who asks, as the answers' keys name them: the caller's programs and its tenant. */
const callerKey = (scope: TenantScope) => `${[...scope.programs].sort().join(',')}|${scope.tenant.name}`;

/**
 * What a search matches is the same for each of its pages and sorts (and its service
 * aggregations): its count (up to 1,001 listings read, a few ms on PGlite at 20,000 listings) is
 * kept for the requests after the first, under this key: the caller's programs, its tenant (whose
 * synonyms shape the keywords) and the search's match query.
 */
export function matchKey(params: SearchParams, scope: TenantScope): string {
  return `${callerKey(scope)}|${matchQueryString(params)}`;
}

/**
 * What a search matches: its location resolved (a 400 when it resolves nowhere) and its keywords
 * planned against the vocabulary of the caller's listings, with the tenant's synonyms. The plan
 * (a vocabulary lookup, 2-3 ms on PGlite) depends on the keywords and the caller alone, so it is
 * kept for every search of the same words, wherever and however filtered.
 */
async function searchCriteria(
  db: Pick<Db, 'query'>,
  params: SearchParams,
  scope: TenantScope,
  remember: Remember,
): Promise<SearchCriteria> {
  const area = resolveSearchArea(params.location, params.distance);
  const words = JSON.stringify([params.keywords, params.exact]);
  const plan = await remember(`plan|${callerKey(scope)}|${words}`, () =>
    keywordPlan(db, params.keywords, {
      programs: scope.programs,
      synonyms: scope.tenant.searchEnvironment.synonyms,
      exact: params.exact,
    }),
  );
  return { keywords: params.keywords, plan, area, hasOffers: params.hasOffers, filters: params.filters };
}

/**
 * GET /merchants' answer, as JSON (UTF-8), kept in `results` for the tenant settings in force
 * (`generation`): the route serves it, and the site draws a home page's listings modules with it.
 */
export function searchAnswer(
  db: Db,
  params: SearchParams,
  scope: TenantScope,
  results: ResultCache,
  generation: unknown,
): Promise<Buffer> {
  const key = `merchants|${callerKey(scope)}|${JSON.stringify(params)}`;
  return results.json(key, generation, () => searchMerchants(db, params, scope, results.values(generation)));
}

/**
 * One page of listing cards. A sort that reads every match (relevance; rating: an area's nearest
 * cap + 1) counts them in the page's one statement; by distance the page is read alone and
 * counted apart, once per search (the count is kept for its next pages and sorts, see matchKey).
 * A region's or a country's best rated, where it holds more matches than the cap, are read in
 * its rating order (readsBestRated).
 */
export async function searchMerchants(
  db: Db,
  params: SearchParams,
  scope: TenantScope,
  remember: Remember = rememberNothing,
): Promise<SearchResult<ListingCard>> {
  const key = matchKey(params, scope);
  let criteria = await searchCriteria(db, params, scope, remember);
  let page = await searchPage(db, criteria, params, scope, (count) => remember(`totals|${key}`, count));
  if (!page.totalHits && canMatchPartly(criteria)) {
    criteria = { ...criteria, partial: true };
    page = await searchPage(db, criteria, params, scope, (count) => remember(`partial totals|${key}`, count));
  }
  const { rows, totalHits, hasExact, more } = page;
  const totalPages = Math.ceil(totalHits / params.size);
  const routeName = scope.tenant.listingRouteName;
  // Corrections are news only when no listing matched as typed: otherwise the exact matches come
  // first and the typo matches after them, without a word about it (as Algolia does).
  const corrected = criteria.plan?.corrected;
  return {
    currentPage: params.page,
    totalPages,
    totalHits,
    items: rows.map((row) => listingCard(row, routeName)),
    requestUrl: merchantsUrl(params),
    nextPageUrl: params.page + 1 < totalPages ? merchantsUrl({ ...params, page: params.page + 1 }) : null,
    serviceAggregationUrl: serviceAggregationUrl(params),
    ...(corrected && totalHits > 0 && !hasExact ? { correctedKeywords: corrected } : {}),
    ...(criteria.partial && totalHits > 0 ? { partialMatch: true } : {}),
    ...(more ? { moreHits: true } : {}),
  };
}

/**
 * One page of a search's rows and its totals (up to SEARCH_COUNT_CAP; `more` when the search has
 * more matches than that) through `keep`, which may have them from an earlier page or sort: the
 * first page read counts them on the way, and a later one by distance stops after its rows.
 */
async function searchPage(
  db: Db,
  criteria: SearchCriteria,
  params: SearchParams,
  scope: TenantScope,
  keep: (count: () => Promise<CountRow>) => Promise<CountRow>,
): Promise<{ rows: SearchRow[]; totalHits: number; hasExact: boolean; more: boolean }> {
  const statement = searchStatement(criteria, params, scope.programs);
  // The pages end at the last listing counted.
  const room = Math.max(0, SEARCH_COUNT_CAP - params.page * params.size);
  // Each statement runs as it says (Statement.prepared: a radius's page and count are prepared).
  const read = async (page: PageStatement) =>
    room ? (await db.query<SearchRow>(page.text, page.values, page)).rows : [];
  const count = async (): Promise<CountRow> => {
    const guardBox = (await tableListings(db)) >= GUARDED_COUNT_FROM;
    const counting = countStatement(criteria, scope.programs, SEARCH_COUNT_CAP, { guardBox });
    return (
      (await db.query<CountRow>(counting.text, counting.values, counting)).rows[0] ?? {
        total_hits: 0,
        has_exact: false,
      }
    );
  };
  // A counted page's totals, on each of its rows. A first page without rows has no match; a
  // later one may lie past the last, and is counted apart.
  const carried = ([row]: SearchRow[]): CountRow | undefined => {
    if (row) return { total_hits: row.total_hits!, has_exact: row.has_exact! };
    return params.page === 0 ? { total_hits: 0, has_exact: false } : undefined;
  };
  const answer = (rows: SearchRow[], totals: CountRow) => ({
    rows: rows.slice(0, room),
    totalHits: Math.min(totals.total_hits, SEARCH_COUNT_CAP),
    hasExact: totals.has_exact,
    more: totals.total_hits > SEARCH_COUNT_CAP,
  });
  // The statement that counts on the way: the page's own, or by distance (whose page alone stops
  // after it) the one cut from its nearest cap + 1, and by rating tier without an area the one
  // that reads the cap + 1 by tier. None: a page read in an index's order (by rating without an
  // area), counted apart at the same time.
  const counting = statement.counts
    ? statement
    : searchStatement(criteria, params, scope.programs, SEARCH_COUNT_CAP, { countOnTheWay: true });
  if (!counting.counts) return answer(...(await Promise.all([read(statement), keep(count)])));
  // Read only when the search's count is not kept yet, and then kept for its other pages and
  // sorts. By distance, PGlite (one statement at a time) ran a new search's page and then its
  // count (p50 3.8 and 4.7 ms at 20,000 listings); counted on the way, the answer 7.9 -> 6.5 ms.
  let rows: SearchRow[] | undefined;
  const totals = await keep(async () => carried((rows = await read(counting))) ?? count());
  if (room && totals.total_hits > SEARCH_COUNT_CAP && readsBestRated(criteria, params)) {
    // More matches than the cap in a region: its best rated, not those of its nearest cap + 1
    // (read above only to count them: a state's next page by rating, or its first after a page
    // by relevance, is this one statement).
    const byRating = searchStatement(criteria, params, scope.programs, SEARCH_COUNT_CAP, {
      byRatingIndex: true,
    });
    return answer(await read(byRating), totals);
  }
  return answer(rows ?? (await read(statement)), totals);
}

/** How long the table's size is taken as read (see tableListings). */
const TABLE_SIZE_TTL_MS = 60_000;
const tableSizes = new WeakMap<Db, { listings: number; readAt: number }>();

/**
 * The listings in the table as the planner counts them (pg_class.reltuples, 0 before the first
 * ANALYZE), read at most once a minute per database: the directory's size changes with imports,
 * not with searches.
 */
async function tableListings(db: Db): Promise<number> {
  const known = tableSizes.get(db);
  if (known && performance.now() - known.readAt < TABLE_SIZE_TTL_MS) return known.listings;
  const { rows } = await db.query<{ listings: number }>(
    `select greatest(reltuples, 0)::float8 as listings from pg_class where oid = 'merchants'::regclass`,
  );
  const listings = rows[0]?.listings ?? 0;
  tableSizes.set(db, { listings, readAt: performance.now() });
  return listings;
}

/** The service aggregations of a search (page, size and sort do not matter). */
export async function serviceAggregations(
  db: Db,
  params: SearchParams,
  scope: TenantScope,
  remember: Remember = rememberNothing,
): Promise<ServiceAggregation[]> {
  const criteria = await searchCriteria(db, params, scope, remember);
  const aggregate = async (of: SearchCriteria) => {
    const statement = serviceAggregationStatement(of, scope.programs);
    return (await db.query<ServiceAggregationRow>(statement.text, statement.values, statement)).rows;
  };
  const rows = await aggregate(criteria);
  // The same listings as the search: its partial match when no listing has every keyword.
  return rows.length || !canMatchPartly(criteria) ? rows : aggregate({ ...criteria, partial: true });
}
