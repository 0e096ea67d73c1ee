/**
 * The search flow (spec 4 'Search flow' to 'Keywords', 5 first bullets, 9 'Search and paging'):
 * when a search may run, how paging goes on, the extended-listings fallback and result indexes.
 */

import { DEFAULT_DISTANCE, DEFAULT_PAGE, DEFAULT_PAGE_SIZE, DEFAULT_SORT, SORT_TYPES } from './constants';
import { PROMOTION_TYPES } from './catalog';
import { queryToSearch, searchToApiQuery } from './filters';
import { countryLocation } from './geo';
import type { Filters, SearchQuery, SearchResult } from './types';

/**
 * A complete search query: the defaults of spec 3 and 9 with the given fields over them.
 * Defaults: page 0, size 12, sort relevance, sortTypes relevance/distance/averageScore,
 * distance 50, hasOffers false, empty texts and filters.
 */
export function createSearchQuery(overrides: Partial<SearchQuery> = {}): SearchQuery {
  return {
    page: DEFAULT_PAGE,
    size: DEFAULT_PAGE_SIZE,
    sort: DEFAULT_SORT,
    sortTypes: [...SORT_TYPES],
    keywords: '',
    distance: DEFAULT_DISTANCE,
    location: '',
    utmQuery: '',
    searchOrigin: '',
    hasOffers: false,
    defaultAutocompleteValue: '',
    filters: {},
    ...overrides,
  };
}

/** Why a search does not run; see `searchSkipReason`. */
export type SearchSkipReason = 'noSearchOrigin' | 'noSize' | 'noLocation';

/**
 * Why a search is skipped (without error), or null when it may run (spec 5): it needs a search
 * origin and a size, and a location unless `requireLocation` is false (best-of pages, and the
 * listing fetch, which only needs origin and size).
 *
 * @param options.requireLocation - @default true
 */
export function searchSkipReason(
  query: Partial<Pick<SearchQuery, 'searchOrigin' | 'size' | 'location'>>,
  options: { requireLocation?: boolean } = {},
): SearchSkipReason | null {
  if (!query.searchOrigin) return 'noSearchOrigin';
  if (!query.size) return 'noSize';
  if ((options.requireLocation ?? true) && !query.location?.trim()) return 'noLocation';
  return null;
}

/**
 * Whether a search for the query's page may be sent (spec 4 'Search allowed'). Before any
 * results are loaded: only if size is not 0. Once results are loaded: if size is 0 or the total
 * exceeds size times page, i.e. the page asked for still has results.
 */
export function isSearchAllowed(
  query: Pick<SearchQuery, 'page' | 'size'>,
  result: Pick<SearchResult<unknown>, 'totalHits'> | null | undefined,
): boolean {
  if (!result) return query.size !== 0;
  return query.size === 0 || result.totalHits > query.size * query.page;
}

/**
 * What scrolling to the bottom of the results does: the next page when the result has more
 * pages (currentPage counts from 0), otherwise extended listings.
 */
export function nextPageAction(
  result: Pick<SearchResult<unknown>, 'currentPage' | 'totalPages'>,
): 'nextPage' | 'extendedListings' {
  return result.currentPage + 1 < result.totalPages ? 'nextPage' : 'extendedListings';
}

/**
 * The searches the extended-listings fallback tries, in order, each widening the one before
 * (spec 4): with the second sort type, then also with filters cleared, then also with the
 * location set to the search origin. Every step starts at page 0. A step that would change
 * nothing (no second sort type, no filters, location already the origin or no origin) is left
 * out, so no search is sent twice.
 */
export function extendedListingsQueries(query: SearchQuery): SearchQuery[] {
  const steps: SearchQuery[] = [];
  let current: SearchQuery = { ...query, page: 0 };
  const secondSort = query.sortTypes[1];
  if (secondSort && secondSort !== current.sort) {
    current = { ...current, sort: secondSort };
    steps.push(current);
  }
  if (Object.keys(current.filters).length > 0) {
    current = { ...current, filters: {} };
    steps.push(current);
  }
  if (query.searchOrigin && current.location !== query.searchOrigin) {
    current = { ...current, location: query.searchOrigin };
    steps.push(current);
  }
  return steps;
}

/**
 * The query with new keywords. New keywords clear the selected service options and service
 * category (they were picked for the old keywords) and searching exactly as typed (`exact`: the
 * new keywords may be corrected again); the same keywords change nothing. Paging restarts at
 * page 0 when the keywords change.
 */
export function applyKeywords(query: SearchQuery, keywords: string): SearchQuery {
  if (keywords === query.keywords) return query;
  const filters: Filters = { ...query.filters };
  delete filters['services.options'];
  delete filters['services.category'];
  const { exact: _exact, ...rest } = query;
  return { ...rest, keywords, filters, page: 0 };
}

/**
 * The 1-based index of a result across pages: (page+1)*size-size+position+1, with page counted
 * from 0 and position the 0-based place in its page.
 */
export function resultIndex(page: number, size: number, position: number): number {
  return (page + 1) * size - size + position + 1;
}

/** The analytics list name of a page's results: 'Listings {page name} Results'. */
export function resultsListName(pageName: string): string {
  return `Listings ${pageName} Results`;
}

/** Whether an item's promotion type makes it featured ('Featured Merchant'). */
export function isFeaturedPromotion(promotionTypeName: string | null | undefined): boolean {
  return promotionTypeName === PROMOTION_TYPES.featured;
}

/** Featured listings are fetched only with the first page. */
export function shouldFetchFeatured(page: number): boolean {
  return page === 0;
}

/**
 * The search for travel or featured listings (spec 7): promotions.promotionTypeName 'Travel
 * Destinations' or 'Featured Merchant', plus includedPrograms and searchOrigin when given, at
 * the base query's location.
 */
export function promotionSearchQuery(
  kind: keyof typeof PROMOTION_TYPES,
  base: Partial<Pick<SearchQuery, 'location' | 'searchOrigin' | 'size' | 'distance'>> & {
    includedPrograms?: string[];
  } = {},
): SearchQuery {
  const filters: Filters = { 'promotions.promotionTypeName': PROMOTION_TYPES[kind] };
  if (base.includedPrograms && base.includedPrograms.length > 0)
    filters.includedPrograms = [...base.includedPrograms];
  return createSearchQuery({
    location: base.location ?? '',
    searchOrigin: base.searchOrigin ?? '',
    ...(base.size !== undefined ? { size: base.size } : {}),
    ...(base.distance !== undefined ? { distance: base.distance } : {}),
    filters,
  });
}

/** Featured listings asked for with a search's first page. */
export const FEATURED_SIZE = 6;

/** The featured listings' search beside a search's first page (spec 4), in the caller's programs. */
export function featuredSearchQuery(query: SearchQuery, includedPrograms: string[]): SearchQuery {
  return promotionSearchQuery('featured', {
    location: query.location,
    searchOrigin: query.searchOrigin,
    distance: query.distance,
    size: FEATURED_SIZE,
    includedPrograms,
  });
}

/**
 * A best-of destination's slug as a place name: 'austin-tx' -> 'Austin, TX', 'new-york-ny' ->
 * 'New York, NY', 'miami' -> 'Miami' (a last word of two letters after others is a state or
 * province code). The page's heading and title without CMS content, and its search's place.
 */
export function destinationName(term: string): string {
  const words = term.split('-').filter(Boolean);
  const code = words.length > 1 && /^[a-z]{2}$/i.test(words.at(-1)!) ? words.pop()!.toUpperCase() : '';
  const name = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
  return code ? `${name}, ${code}` : name;
}

/**
 * The first search of a search element in `country`: its `location` and `keywords` attributes
 * over the defaults; on a best-of page its destination (`bestOf`, 'austin-tx') as the place; when
 * it names its search in the page's URL (sync-url), the URL's search (`queryString`) over those.
 * The country is the search origin: the widest search, the extended listings' last fallback
 * (spec 4).
 */
export function firstSearchQuery(
  country: string,
  attributes: { location?: string | undefined; keywords?: string | undefined; bestOf?: string | undefined },
  queryString?: string,
): SearchQuery {
  const initial = createSearchQuery({
    location: attributes.bestOf ? destinationName(attributes.bestOf) : (attributes.location ?? ''),
    keywords: attributes.keywords ?? '',
    searchOrigin: countryLocation(country),
  });
  return queryString === undefined ? initial : { ...initial, ...queryToSearch(queryString) };
}

/**
 * How a page that carries a search's answer names it (src/domain/page-answer.ts): the API call of
 * that search, 'merchants?location=…' (its query string from searchToApiQuery).
 */
export function searchCall(query: Partial<SearchQuery>): string {
  return `merchants?${searchToApiQuery(query)}`;
}

/**
 * The retry of a travel or featured listings search (spec 4): when it came back empty and had a
 * location, the same search without the location; otherwise null (no retry).
 */
export function retryWithoutLocation(
  query: SearchQuery,
  result: Pick<SearchResult<unknown>, 'items'>,
): SearchQuery | null {
  if (result.items.length > 0 || !query.location) return null;
  return { ...query, location: '' };
}
