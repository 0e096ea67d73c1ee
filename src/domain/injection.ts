/**
 * Ads and featured items injected into search results (spec 9 'Search and paging').
 */

import {
  DEFAULT_ADS_FREQUENCY,
  DEFAULT_FEATURED_FREQUENCY,
  DEFAULT_QUANTITY_FIRST_FEATURED_ELEMENTS,
} from './constants';
import type { ListingGridSettings } from './types';

/** Where `interleave` puts inserts. */
export interface InterleaveOptions {
  /**
   * Inserts placed before the first item. With an insert factory this many are made.
   * @default 0
   */
  leading?: number;
  /**
   * One insert goes after every `every`-th item (after items 1-based `every`, `2 * every`, ...),
   * including after the last item when the item count is a multiple of it. 0, a negative or a
   * non-finite value means no periodic inserts; a fraction is rounded down.
   */
  every: number;
}

/**
 * Merges inserts into a list of items. Inserts are used in order: first `leading` of them go
 * before the first item, then one after every `every`-th item, while inserts remain. Inserts
 * left over are dropped, and no inserts go into an empty list, so the result only depends on
 * the items: re-running on the whole list after a new page loads gives stable positions.
 *
 * `inserts` is a list, or a factory called with the 0-based number of the insert (ads are
 * made, not fetched, so there is no end to them).
 *
 * Example: items a..g, inserts X, Y, Z, leading 1, every 3 -> X a b c Y d e f Z g.
 */
export function interleave<T, I>(
  items: readonly T[],
  inserts: readonly I[] | ((n: number) => I),
  options: InterleaveOptions,
): (T | I)[] {
  if (items.length === 0) return [];
  const every = Number.isFinite(options.every) ? Math.floor(options.every) : 0;
  const leading = Math.max(0, Math.floor(options.leading ?? 0));
  let used = 0;
  const next = (): { value: I } | null => {
    if (typeof inserts === 'function') return { value: inserts(used++) };
    if (used >= inserts.length) return null;
    return { value: inserts[used++] as I };
  };
  const out: (T | I)[] = [];
  for (let n = 0; n < leading; n++) {
    const insert = next();
    if (!insert) break;
    out.push(insert.value);
  }
  items.forEach((item, index) => {
    out.push(item);
    if (every > 0 && (index + 1) % every === 0) {
      const insert = next();
      if (insert) out.push(insert.value);
    }
  });
  return out;
}

/**
 * Results with an ad after every `adsFrequency` results, when the tenant shows ads; the
 * results unchanged otherwise. `createAd(n)` makes the n-th ad (0-based).
 *
 * @param options.adsFrequency - 0 or missing gives the default. @default 9
 */
export function injectAds<T, A>(
  items: readonly T[],
  createAd: (n: number) => A,
  options: { showAds: boolean; adsFrequency?: number },
): (T | A)[] {
  if (!options.showAds) return [...items];
  return interleave(items, createAd, { every: options.adsFrequency || DEFAULT_ADS_FREQUENCY });
}

/**
 * Results with featured items: the first `quantityFirstFeaturedElements` featured items on top,
 * then one featured item after every `featuredFrequency` results until they run out.
 *
 * @param options.featuredFrequency - 0 or missing gives the default. @default 3
 * @param options.quantityFirstFeaturedElements - @default 3
 */
export function injectFeatured<T, F>(
  items: readonly T[],
  featured: readonly F[],
  options: Partial<Pick<ListingGridSettings, 'featuredFrequency' | 'quantityFirstFeaturedElements'>> = {},
): (T | F)[] {
  return interleave(items, featured, {
    leading: options.quantityFirstFeaturedElements ?? DEFAULT_QUANTITY_FIRST_FEATURED_ELEMENTS,
    every: options.featuredFrequency || DEFAULT_FEATURED_FREQUENCY,
  });
}

/**
 * The results grid: featured items injected first (`injectFeatured`), then ads
 * (`injectAds`) counted over that merged list, so ads keep a steady rhythm in what the visitor
 * sees whether or not featured items are present.
 */
export function injectResults<T, F, A>(
  items: readonly T[],
  featured: readonly F[],
  createAd: (n: number) => A,
  settings: Partial<ListingGridSettings> & { showAds: boolean },
): (T | F | A)[] {
  return injectAds(injectFeatured(items, featured, settings), createAd, settings);
}

/**
 * The listing a results grid shows first, as widgets/search/ResultsGrid.tsx lays it out: the
 * results without the featured ones (a featured listing shows once, where it is injected), the
 * featured injected (they may lead; ads never do). Undefined when the grid is empty.
 */
export function firstShownListing<L extends { merchantId: number }>(
  items: readonly L[],
  featured: readonly L[],
  settings: Partial<Pick<ListingGridSettings, 'featuredFrequency' | 'quantityFirstFeaturedElements'>>,
): L | undefined {
  const promoted = new Set(featured.map((listing) => listing.merchantId));
  const organic = items.filter((listing) => !promoted.has(listing.merchantId));
  return injectFeatured(organic, featured, settings)[0];
}
