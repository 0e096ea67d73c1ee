/**
 * Autocomplete suggestions (spec 4 'Suggestions', 5, 7, 9 'Suggestions'): caps, the 'Share my
 * Location' entry, the service-option rule and suggestion URLs.
 */

import { MAX_LOCATION_SUGGESTIONS, MAX_SUGGESTIONS_PER_GROUP, SHARE_MY_LOCATION } from './constants';
import { decodeFilters, encodeFilters } from './filters';
import type { Filters, SuggestionItem, Suggestions, SuggestionType } from './types';

/** Suggestion groups in the order a list shows them. */
export const SUGGESTION_TYPES: readonly SuggestionType[] = [
  'suggestions',
  'serviceCategories',
  'serviceOptions',
  'merchantNames',
  'merchantBannerNames',
  'merchantLocations',
  'offers',
];

/**
 * The groups as shown: at most 8 items per group and 3 locations; service options left out
 * when more than one service category is present (the options would mix categories). Empty
 * groups are dropped.
 */
export function capSuggestions(groups: Suggestions): Suggestions {
  const out: Suggestions = {};
  const hideOptions = (groups.serviceCategories?.length ?? 0) > 1;
  for (const type of SUGGESTION_TYPES) {
    const items = groups[type];
    if (!items || items.length === 0) continue;
    if (type === 'serviceOptions' && hideOptions) continue;
    const cap = type === 'merchantLocations' ? MAX_LOCATION_SUGGESTIONS : MAX_SUGGESTIONS_PER_GROUP;
    out[type] = items.slice(0, cap);
  }
  return out;
}

/** The 'Share my Location' suggestion. */
export const SHARE_MY_LOCATION_ITEM: Readonly<SuggestionItem> = {
  url: '',
  item: SHARE_MY_LOCATION,
  type: 'merchantLocations',
};

/**
 * The location suggestions: 'Share my Location' first, then at most 3 locations. The entry is
 * not counted in the 3.
 *
 * @param options.shareMyLocation - offer the entry (the browser can geolocate). @default true
 */
export function locationSuggestions(
  locations: readonly SuggestionItem[],
  options: { shareMyLocation?: boolean } = {},
): SuggestionItem[] {
  const capped = locations.slice(0, MAX_LOCATION_SUGGESTIONS);
  return (options.shareMyLocation ?? true) ? [{ ...SHARE_MY_LOCATION_ITEM }, ...capped] : capped;
}

/** Whether a suggestion item is the 'Share my Location' entry. */
export function isShareMyLocation(item: Pick<SuggestionItem, 'item' | 'url'>): boolean {
  return item.item === SHARE_MY_LOCATION && !item.url;
}

/**
 * Whether autocomplete criteria are worth a call: an object (not an array) with at least one
 * value that is not empty (spec 5: the call is skipped for a non-object or empty criteria).
 */
export function isAutocompleteCriteria(criteria: unknown): criteria is Record<string, unknown> {
  if (typeof criteria !== 'object' || criteria === null || Array.isArray(criteria)) return false;
  return Object.values(criteria).some(
    (value) =>
      value !== undefined &&
      value !== null &&
      (typeof value !== 'string' || value.trim() !== '') &&
      (!Array.isArray(value) || value.length > 0),
  );
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** The cache key of autocomplete criteria: the same criteria in any key order give one key. */
export function autocompleteCacheKey(criteria: Record<string, unknown>): string {
  return JSON.stringify(sortKeys(criteria));
}

/** URL of a suggestion that searches with filters: `/search/merchants?filters={encoded}`. */
export function merchantsSearchUrl(filters: Filters): string {
  const encoded = encodeFilters(filters);
  return encoded ? `/search/merchants?filters=${encoded}` : '/search/merchants';
}

/** URL of a listing suggestion: `/search/merchants/{id}`. */
export function merchantSuggestionUrl(merchantId: number): string {
  return `/search/merchants/${merchantId}`;
}

/** URL of an offer suggestion: `/search/offers/{id}`. */
export function offerSuggestionUrl(offerId: number): string {
  return `/search/offers/${offerId}`;
}

/** What a suggestion URL asks for. */
export type SuggestionTarget =
  | { kind: 'filters'; filters: Filters }
  | { kind: 'merchant'; merchantId: number }
  | { kind: 'offer'; offerId: number };

/**
 * Reads a suggestion URL back (a path, or a full URL whose path is one of the three forms).
 * Null for anything else.
 */
export function parseSuggestionUrl(url: string): SuggestionTarget | null {
  const withoutOrigin = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]+/i, '');
  const [path = '', query = ''] = withoutOrigin.split(/[?#]/, 2);
  const trimmed = path.replace(/\/$/, '');
  if (trimmed === '/search/merchants') {
    return { kind: 'filters', filters: decodeFilters(new URLSearchParams(query).get('filters')) };
  }
  const match = /^\/search\/(merchants|offers)\/(\d+)$/.exec(trimmed);
  if (!match) return null;
  const id = Number(match[2]);
  if (!Number.isSafeInteger(id)) return null;
  return match[1] === 'merchants' ? { kind: 'merchant', merchantId: id } : { kind: 'offer', offerId: id };
}
