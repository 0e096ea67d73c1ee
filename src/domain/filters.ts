/**
 * The filter codec and the search URL state (spec 3, 4 'Filter decoding').
 *
 * Filters travel as JSON, UTF-8, base64url-encoded without padding, in the `filters` query
 * parameter. Only btoa/atob, TextEncoder/TextDecoder and URLSearchParams are used: Node 20 and
 * browsers both have them, so the server and the elements share this code unchanged.
 */

import { DEFAULT_DISTANCE, DEFAULT_SORT, SORT_TYPES } from './constants';
import { FILTER_KEYS, FILTER_KINDS, type FilterKey, type FilterKind } from './filter-keys';
import type { Filters, SearchQuery, SortType } from './types';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Filters as a decoder may find them: any key may also hold null. */
export type FiltersOrNulls = { [K in FilterKey]?: Filters[K] | null };

/**
 * The filters with only non-empty values, keys in `FILTER_KEYS` order. Empty means: missing,
 * null, '', an empty list (after dropping '' entries), `hasOffers: false` ('All Locations') and
 * `averageScore: 0` ('Any'), since those select nothing. Unknown keys are dropped.
 */
export function cleanFilters(filters: FiltersOrNulls | null | undefined): Filters {
  const out: Record<string, unknown> = {};
  if (!filters) return out;
  for (const key of FILTER_KEYS) {
    const value: unknown = filters[key];
    if (Array.isArray(value)) {
      const items = value.filter((item) => typeof item === 'string' && item !== '');
      if (items.length > 0) out[key] = items;
    } else if (value !== undefined && value !== null && value !== '' && value !== false && value !== 0) {
      out[key] = value;
    }
  }
  return out as Filters;
}

/** Whether the filters select nothing (see `cleanFilters` for what counts as empty). */
export function isEmptyFilters(filters: Filters | null | undefined): boolean {
  return Object.keys(cleanFilters(filters)).length === 0;
}

/**
 * Base64url (RFC 4648 section 5) of the UTF-8 bytes of a text, padding removed.
 * 'Montréal' is encoded as its UTF-8 bytes, not as Latin-1.
 */
export function utf8ToBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The text of a base64 string of UTF-8 bytes. Accepts base64url and standard base64, with or
 * without padding, and a space where a '+' was (what a query string makes of an unescaped '+').
 *
 * @throws Error when the input is not base64 or its bytes are not valid UTF-8.
 */
export function base64UrlToUtf8(encoded: string): string {
  const standard = encoded.trim().replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]*$/.test(standard) || standard.length % 4 === 1) {
    throw new Error('Not base64');
  }
  const binary = atob(standard.padEnd(Math.ceil(standard.length / 4) * 4, '='));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** Encodes filters for the `filters` query parameter; '' when no filter is set. */
export function encodeFilters(filters: Filters | null | undefined): string {
  const clean = cleanFilters(filters);
  return Object.keys(clean).length === 0 ? '' : utf8ToBase64Url(JSON.stringify(clean));
}

function valueHasKind(value: unknown, kind: FilterKind): boolean {
  switch (kind) {
    case 'boolean':
      return typeof value === 'boolean';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'string':
      return typeof value === 'string';
    case 'strings':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
  }
}

/**
 * Decodes the `filters` query parameter. Any bad input gives empty filters, never an error:
 * missing, not base64, bytes that are not UTF-8, text that is not JSON, JSON that is not an
 * object, or a known key holding the wrong kind of value. Unknown keys are ignored so an older
 * page can read a newer link.
 */
export function decodeFilters(encoded: string | null | undefined): Filters {
  if (!encoded) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(base64UrlToUtf8(encoded));
  } catch {
    return {};
  }
  if (!isPlainObject(parsed)) return {};
  for (const key of FILTER_KEYS) {
    const value = parsed[key];
    if (value !== undefined && value !== null && !valueHasKind(value, FILTER_KINDS[key])) return {};
  }
  // Every known key was checked to hold its kind (or null) just above.
  return cleanFilters(parsed as FiltersOrNulls);
}

/** The part of a search the browser URL carries (see `searchToQuery`). */
export type UrlSearch = Partial<
  Pick<
    SearchQuery,
    'keywords' | 'exact' | 'location' | 'distance' | 'sort' | 'hasOffers' | 'utmQuery' | 'filters'
  >
>;

function isSortType(value: string | null): value is SortType {
  return value !== null && (SORT_TYPES as readonly string[]).includes(value);
}

function parsePositiveNumber(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : undefined;
}

function appendUtm(params: URLSearchParams, utmQuery: string | undefined): void {
  if (!utmQuery) return;
  for (const [key, value] of new URLSearchParams(utmQuery)) {
    if (key.startsWith('utm_')) params.append(key, value);
  }
}

/**
 * The query string (without '?') of the search page URL for a search. Written, in this order:
 * `keywords` and `location` when not empty (`exact=true` after keywords searched exactly as
 * typed), `distance` unless 50, `sort` unless relevance,
 * `hasOffers` when true, `filters` when any is set (see `encodeFilters`), then the `utm_*`
 * parameters of `utmQuery`. Never `searchOrigin` (spec 3), nor paging state (page, size), which
 * an infinitely scrolling list does not keep in its URL.
 */
export function searchToQuery(search: UrlSearch): string {
  const params = new URLSearchParams();
  if (search.keywords) params.set('keywords', search.keywords);
  if (search.keywords && search.exact) params.set('exact', 'true');
  if (search.location) params.set('location', search.location);
  if (search.distance !== undefined && search.distance !== DEFAULT_DISTANCE) {
    params.set('distance', String(search.distance));
  }
  if (search.sort && search.sort !== DEFAULT_SORT) params.set('sort', search.sort);
  if (search.hasOffers) params.set('hasOffers', 'true');
  const filters = encodeFilters(search.filters);
  if (filters) params.set('filters', filters);
  appendUtm(params, search.utmQuery);
  return params.toString();
}

/**
 * The search a search page query string describes; the inverse of `searchToQuery`. Accepts the
 * string with or without its '?'. Fields absent from the URL, or holding unusable values (an
 * unknown sort, a distance that is not a positive number), are left out so the caller's
 * defaults apply. `filters` is always present (empty when missing or undecodable). `utm_*`
 * parameters are collected into `utmQuery`. `searchOrigin` is ignored.
 */
export function queryToSearch(queryString: string): UrlSearch {
  const params = new URLSearchParams(queryString.replace(/^\?/, ''));
  const search: UrlSearch = {};
  const keywords = params.get('keywords');
  if (keywords) search.keywords = keywords;
  if (keywords && params.get('exact') === 'true') search.exact = true;
  const location = params.get('location');
  if (location) search.location = location;
  const distance = parsePositiveNumber(params.get('distance'));
  if (distance !== undefined) search.distance = distance;
  const sort = params.get('sort');
  if (isSortType(sort)) search.sort = sort;
  if (params.get('hasOffers') === 'true') search.hasOffers = true;
  search.filters = decodeFilters(params.get('filters'));
  const utm = new URLSearchParams();
  for (const [key, value] of params) if (key.startsWith('utm_')) utm.append(key, value);
  const utmQuery = utm.toString();
  if (utmQuery) search.utmQuery = utmQuery;
  return search;
}

/**
 * The query string (without '?') of `GET /merchants` for a search: what `searchToQuery` writes
 * (with `distance` and `sort` even at their defaults), plus `page` (0 when missing), `size`,
 * `sortTypes` (comma-separated) and `searchOrigin`, which the API needs and the browser URL must
 * not show.
 */
export function searchToApiQuery(search: Partial<SearchQuery>): string {
  const params = new URLSearchParams(searchToQuery(search));
  // The API gets distance and sort even at their defaults: explicit requests read better in logs.
  if (search.distance !== undefined) params.set('distance', String(search.distance));
  if (search.sort) params.set('sort', search.sort);
  params.set('page', String(search.page ?? 0));
  if (search.size !== undefined) params.set('size', String(search.size));
  if (search.sortTypes && search.sortTypes.length > 0) params.set('sortTypes', search.sortTypes.join(','));
  if (search.searchOrigin) params.set('searchOrigin', search.searchOrigin);
  return params.toString();
}

/**
 * A URL or query string with its `searchOrigin` parameter removed (spec 3), e.g. the
 * `nextPageUrl` of an API answer before it is shown. Other parameters keep their order.
 */
export function removeSearchOrigin(url: string): string {
  const hashAt = url.indexOf('#');
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  const withoutHash = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const queryAt = withoutHash.indexOf('?');
  const looksLikeQuery = queryAt < 0 && withoutHash.includes('=') && !withoutHash.includes('/');
  if (queryAt < 0 && !looksLikeQuery) return url;
  const head = queryAt >= 0 ? withoutHash.slice(0, queryAt) : '';
  const query = queryAt >= 0 ? withoutHash.slice(queryAt + 1) : withoutHash;
  const kept = query.split('&').filter((part) => part !== '' && part.split('=')[0] !== 'searchOrigin');
  const rest = kept.join('&');
  if (queryAt < 0) return rest + hash;
  return (rest ? `${head}?${rest}` : head) + hash;
}
