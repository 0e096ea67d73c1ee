/**
 * The saved-searches limit (spec 7 cloud document calls, 9 'Content and display'): a signed-in
 * user keeps at most 50 searches; saving on reaching the limit removes the oldest first. And the
 * recent searches the search element suggests again (issue 14), with the spec's caps.
 */

import { MAX_LOCATION_SUGGESTIONS, MAX_SUGGESTIONS_PER_GROUP, SAVED_SEARCHES_LIMIT } from './constants';

/** A stored search as far as the limit cares: when it was saved. */
export interface TimestampedSearch {
  /** Milliseconds since the epoch, an ISO date string or a Date. */
  timestamp: number | string | Date;
}

function time(value: TimestampedSearch['timestamp']): number {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  // An unreadable timestamp sorts as the oldest: it is the first to go.
  return Number.isFinite(ms) ? ms : -Infinity;
}

/**
 * The stored searches to delete before saving a new one, oldest first, so that after the save
 * the user has at most `limit`. At 49 stored nothing goes; at 50 the oldest one; at 52 (a limit
 * lowered later) the three oldest. Searches saved at the same time go in their stored order.
 *
 * @param limit - @default 50
 */
export function savedSearchesToDelete<T extends TimestampedSearch>(
  stored: readonly T[],
  limit = SAVED_SEARCHES_LIMIT,
): T[] {
  const excess = stored.length - Math.max(1, limit) + 1;
  if (excess <= 0) return [];
  return stored
    .map((search, index) => ({ search, index, at: time(search.timestamp) }))
    .sort((a, b) => a.at - b.at || a.index - b.index)
    .slice(0, excess)
    .map(({ search }) => search);
}

/** A search the visitor ran before, as the search element suggests it again. */
export interface RecentSearch {
  keywords: string;
  location: string;
}

/** Longest keywords or location text kept from the attribute (a saved search is size-capped too). */
const MAX_RECENT_TEXT = 200;

/**
 * The search element's `recent-searches` attribute: JSON, an array of `{ keywords, location }`,
 * newest first. Anything else (not JSON, not an array, entries of another shape) reads as no
 * recent searches: a partner's mistake must not break the search. At most 50 entries are kept.
 */
export function parseRecentSearches(text: string | undefined): RecentSearch[] {
  if (!text) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const out: RecentSearch[] = [];
  for (const entry of value.slice(0, SAVED_SEARCHES_LIMIT) as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { keywords, location } = entry as Record<string, unknown>;
    const read = (field: unknown) =>
      typeof field === 'string' ? field.trim().slice(0, MAX_RECENT_TEXT) : '';
    const search = { keywords: read(keywords), location: read(location) };
    if (search.keywords || search.location) out.push(search);
  }
  return out;
}

const matches = (value: string, typed: string) => value.toLowerCase().includes(typed.trim().toLowerCase());

/**
 * The recent searches the keywords field suggests: those with keywords containing what the
 * visitor typed (all of them before they type), each keywords-and-place pair once, newest first,
 * at most 8 (spec 9: per group).
 */
export function recentKeywordSuggestions(recent: readonly RecentSearch[], typed = ''): RecentSearch[] {
  const seen = new Set<string>();
  const out: RecentSearch[] = [];
  for (const search of recent) {
    const key = `${search.keywords.toLowerCase()}\n${search.location.toLowerCase()}`;
    if (!search.keywords || seen.has(key) || !matches(search.keywords, typed)) continue;
    seen.add(key);
    out.push(search);
    if (out.length === MAX_SUGGESTIONS_PER_GROUP) break;
  }
  return out;
}

/**
 * The places of recent searches the location field suggests: containing what the visitor typed
 * (all before they type), each once, newest first, at most 3 (spec 9: locations).
 */
export function recentLocationSuggestions(recent: readonly RecentSearch[], typed = ''): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const { location } of recent) {
    if (!location || seen.has(location.toLowerCase()) || !matches(location, typed)) continue;
    seen.add(location.toLowerCase());
    out.push(location);
    if (out.length === MAX_LOCATION_SUGGESTIONS) break;
  }
  return out;
}
