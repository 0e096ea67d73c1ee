/**
 * The saved-searches limit (spec 7 cloud document calls, 9 'Content and display'): a signed-in
 * user keeps at most 50 searches; saving on reaching the limit removes the oldest first.
 */

import { SAVED_SEARCHES_LIMIT } from './constants';

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
