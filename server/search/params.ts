/**
 * The query of `GET /api/merchants` (and of the `url` that `/api/services` receives): validation,
 * the strict filter decoding, and the canonical query strings the answer links to.
 */
import { z } from 'zod';
import {
  DEFAULT_DISTANCE,
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT,
  DISTANCE_OPTIONS,
  SORT_TYPES,
} from '../../src/domain/constants';
import { MAP_DISTANCES } from '../../src/domain/geo';
import { FILTER_KEYS, FILTER_KINDS, type FilterKey, type FilterKind } from '../../src/domain/filter-keys';
import { base64UrlToUtf8, cleanFilters, searchToApiQuery } from '../../src/domain/filters';
import type { Filters, SortType } from '../../src/domain/types';
import { parseInput } from '../http';

/**
 * Radii a search may ask for: the filter's 50, 30, 15 and 10 miles (spec 2.7) and the map's
 * distances by zoom, 30, 20 and 5 (spec 9), so a search on the map asks for what the spec says.
 */
export const SEARCH_DISTANCES: readonly number[] = [
  ...new Set([...DISTANCE_OPTIONS.map((option) => option.value), ...MAP_DISTANCES]),
].sort((a, b) => b - a);

/** Largest page a caller may ask for. */
export const MAX_PAGE_SIZE = 100;

/** Deepest page: 10,000 results at the largest size, as far as anyone scrolls. */
export const MAX_PAGE = 10_000 / MAX_PAGE_SIZE - 1;

/** A validated search: what one page of `GET /merchants` asks for. */
export interface SearchParams {
  /** From 0. */
  page: number;
  /** 1 to 100; default 12. */
  size: number;
  sort: SortType;
  /** Full-text keywords ('' for none). */
  keywords: string;
  /**
   * Search for exactly what was typed: no typo corrections and no prefixes of the last word
   * (synonyms still apply). What the 'Search instead for …' link of a corrected search asks.
   */
  exact: boolean;
  /** Radius in miles around `location`. */
  distance: number;
  /** Place text or 'lat,lon' ('' for none: no radius, no distances). */
  location: string;
  /** Only listings with a current offer (also settable as filters.hasOffers). */
  hasOffers: boolean;
  /** Cleaned filters (see cleanFilters): only non-empty values. */
  filters: Filters;
}

/** The schema of each kind of filter value, with the API's bounds on sizes. */
const KIND_SCHEMAS = {
  boolean: z.boolean(),
  // The one number is averageScore: stars, 0 to 5.
  number: z.number().min(0).max(5),
  string: z.string().max(100, 'must be at most 100 characters'),
  strings: z.array(z.string().max(100, 'has an entry over 100 characters')).max(50, 'has over 50 entries'),
} satisfies Record<FilterKind, z.ZodType>;

type FilterSchemas = {
  [K in FilterKey]: z.ZodOptional<z.ZodNullable<(typeof KIND_SCHEMAS)[(typeof FILTER_KINDS)[K]]>>;
};

/**
 * The decoded `filters` JSON. Known keys must hold the kind of value spec 3 gives them; unknown
 * keys are dropped, like the browser's decodeFilters does, so an older server reads a newer link.
 */
const filtersJson = z.object(
  // Built from the one table of filter keys; the type says each key gets the schema of its kind.
  Object.fromEntries(
    FILTER_KEYS.map((key) => [key, KIND_SCHEMAS[FILTER_KINDS[key]].nullish()]),
  ) as FilterSchemas,
);

/**
 * Decodes the `filters` parameter strictly. The browser's decodeFilters turns anything malformed
 * into empty filters (a bad link still shows a page); the API instead says what is wrong, so a
 * client bug is not silently a search without filters.
 */
export function decodeFiltersStrict(encoded: string): { filters: Filters } | { error: string } {
  if (!encoded) return { filters: {} };
  let json: unknown;
  try {
    json = JSON.parse(base64UrlToUtf8(encoded));
  } catch {
    return { error: 'must be base64url-encoded JSON' };
  }
  const result = filtersJson.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    const key = issue?.path.join('.');
    return { error: key ? `${key} ${issue?.message ?? 'is invalid'}` : 'must be a JSON object' };
  }
  return { filters: cleanFilters(result.data) };
}

const wholeNumber = () => z.coerce.number({ message: 'must be a number' }).int('must be a whole number');

const searchQuerySchema = z.object({
  page: wholeNumber().min(0, 'must be 0 or more').max(MAX_PAGE, `must be at most ${MAX_PAGE}`).default(0),
  size: wholeNumber()
    .min(1, 'must be at least 1')
    .max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
  sort: z
    .enum(SORT_TYPES as [SortType, ...SortType[]], { message: `must be one of ${SORT_TYPES.join(', ')}` })
    .default(DEFAULT_SORT),
  keywords: z.string().trim().max(200, 'must be at most 200 characters').default(''),
  exact: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  distance: z.coerce
    .number({ message: 'must be a number of miles' })
    .refine((miles) => SEARCH_DISTANCES.includes(miles), `must be one of ${SEARCH_DISTANCES.join(', ')}`)
    .default(DEFAULT_DISTANCE),
  location: z.string().trim().max(120, 'must be at most 120 characters').default(''),
  hasOffers: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  filters: z
    .string()
    .max(4000, 'must be at most 4000 characters')
    .default('')
    .transform((value, context) => {
      const decoded = decodeFiltersStrict(value.trim());
      if ('filters' in decoded) return decoded.filters;
      context.addIssue({ code: 'custom', message: decoded.error });
      return z.NEVER;
    }),
  // Sent by the client and not used here: searchOrigin, sortTypes, utm_* (zod drops unknown keys).
});

/** Validates a merchants query; a 400 naming the first bad field otherwise. */
export function parseSearchParams(query: unknown): SearchParams {
  return parseInput(searchQuerySchema, query);
}

/** The canonical query string of a search page (the order searchToApiQuery writes). */
export function searchQueryString(params: SearchParams): string {
  return searchToApiQuery({
    keywords: params.keywords,
    exact: params.exact,
    location: params.location,
    distance: params.distance,
    sort: params.sort,
    hasOffers: params.hasOffers,
    filters: params.filters,
    page: params.page,
    size: params.size,
  });
}

/**
 * The query string of what a search matches, whatever its page, size and sort: the key of the
 * service aggregations (the same for every page of a search) and the query of their URL.
 */
export function matchQueryString(params: SearchParams): string {
  const query = new URLSearchParams(searchQueryString(params));
  for (const key of ['page', 'size', 'sort']) query.delete(key);
  return query.toString();
}
