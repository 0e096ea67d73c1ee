import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { injectResults } from '../../src/domain/injection';
import type { ListingCard } from '../../src/domain/types';
import { afterNextPaint } from '../../src/ui/after-paint';
import { ServerDraw } from '../../src/ui/server-draw';
import { useElement } from '../define';
import { useShadowStyles } from '../styles';
import { AdSlot, showsAds } from './AdSlot';
import { ResultCard } from './ResultCard';
import { resultsGridStyles } from './results-grid.styles';
import type { SearchStore } from './search.store';

type Entry =
  | { kind: 'listing'; listing: ListingCard; position: number }
  | { kind: 'featured'; listing: ListingCard }
  | { kind: 'ad'; n: number };

/** Skeleton cards while the first results load. */
const SKELETON_CARDS = 6;

/**
 * Results whose images load at once instead of lazily: those a phone's first screen can show.
 * The first one is often the page's largest paint, and a lazy image waits for layout first.
 */
const EAGER_CARDS = 2;

/**
 * How many entries the element's first draw of the opening search's results holds, for a window
 * of `width` x `height` px: as many as it can show, and a row more (the grid's columns at their
 * narrowest, 15rem and a 0.9rem gap, by rows of a card's least height; the list's one column of
 * shorter rows). The rest are drawn in a task of their own once that draw has painted: the cards
 * were most of a search page's first long task (issue 16: 100-149 -> 57-76 ms at 4x on a phone).
 */
export function firstDrawEntries(width: number, height: number, layout: 'grid' | 'list'): number {
  if (layout === 'list') return Math.ceil(height / 120) + 1;
  const columns = Math.max(1, Math.floor((width + 14) / 254));
  return columns * (Math.ceil(height / 300) + 1);
}

/**
 * The results: featured listings and ads injected among them (spec 9), extended listings after
 * them, and infinite scroll: a sentinel below the list loads more as it comes near the viewport.
 * A button does the same for keyboard users and browsers without IntersectionObserver.
 */
export function ResultsGrid({ store, layout }: { store: SearchStore; layout: 'grid' | 'list' }) {
  const { tenant } = useElement();
  useShadowStyles(resultsGridStyles);
  const { status, items, featured, extended, more, loadMore, source } = useStore(store);
  const sentinel = useRef<HTMLDivElement>(null);

  const entries = useMemo(() => {
    // A featured listing shows once, where the injection puts it, not again in its organic place.
    const promoted = new Set(featured.map((listing) => listing.merchantId));
    return injectResults<Entry, Entry, Entry>(
      items.flatMap((listing, index) =>
        promoted.has(listing.merchantId) ? [] : [{ kind: 'listing' as const, listing, position: index + 1 }],
      ),
      featured.map((listing) => ({ kind: 'featured', listing })),
      (n) => ({ kind: 'ad', n }),
      { ...tenant.listingGrid, showAds: showsAds(tenant) },
    );
  }, [items, featured, tenant]);

  // Whole once the opening search's results have painted (see firstDrawEntries); whole from the
  // start on the server (first-screen.tsx: the HTML carries every result) and when hydrating its
  // draw (which keeps those nodes), and for other results (the back button's among them, whose
  // scroll position is restored at once).
  const serverDraw = useContext(ServerDraw);
  const [whole, setWhole] = useState(() => typeof document === 'undefined' || serverDraw.current);
  const [first] = useState(() => (whole ? Infinity : firstDrawEntries(innerWidth, innerHeight, layout)));
  const cut = !whole && source === 'start' && entries.length > first;
  useEffect(() => (cut ? afterNextPaint(() => setWhole(true)) : undefined), [cut]);

  // Off-screen cards drawn on view (results-grid.styles.ts), except for results whose scroll
  // position is restored (the back button's, source 'url'): that needs every card's own height.
  const listClass = `results ${layout}${source === 'url' ? '' : ' on-view'}`;

  const ready = status === 'ready';
  // Not while cut: the sentinel below the first entries is no sign of the list's end.
  const canLoad = ready && more === 'idle' && !cut;
  useEffect(() => {
    const target = sentinel.current;
    if (!canLoad || !target || typeof IntersectionObserver !== 'function') return;
    // A new observer after every load: its first report says whether the sentinel is still in
    // view (a short page), and then the next page loads at once.
    const observer = new IntersectionObserver(
      (records) => records.some((record) => record.isIntersecting) && void loadMore(),
      { rootMargin: '0px 0px 600px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [canLoad, items.length, extended.length, loadMore]);

  if (items.length === 0 && featured.length === 0 && status === 'loading') {
    return (
      <ol className={`results ${layout}`} aria-hidden="true">
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <li key={index} className="skeleton">
            <span className="skeleton-image" />
            <span className="skeleton-line" />
            <span className="skeleton-line short" />
          </li>
        ))}
      </ol>
    );
  }

  return (
    <>
      {entries.length > 0 && (
        <ol className={listClass}>
          {(cut ? entries.slice(0, first) : entries).map((entry, index) =>
            entry.kind === 'ad' ? (
              <li key={`ad-${entry.n}`} className="ad-item">
                <AdSlot n={entry.n} />
              </li>
            ) : entry.kind === 'featured' ? (
              <li key={`featured-${entry.listing.merchantId}`}>
                <ResultCard listing={entry.listing} position={0} featured eager={index < EAGER_CARDS} />
              </li>
            ) : (
              <li key={entry.listing.merchantId}>
                <ResultCard
                  listing={entry.listing}
                  position={entry.position}
                  featured={entry.listing.featured}
                  eager={index < EAGER_CARDS}
                />
              </li>
            ),
          )}
        </ol>
      )}
      {extended.length > 0 && (
        <section className="extended" aria-labelledby="extended-heading">
          <h3 id="extended-heading">More places you might like</h3>
          <ol className={listClass}>
            {extended.map((listing, index) => (
              <li key={listing.merchantId}>
                <ResultCard listing={listing} position={items.length + index + 1} headingLevel={4} />
              </li>
            ))}
          </ol>
        </section>
      )}
      {ready && (
        <div className="more" ref={sentinel}>
          {more === 'loading' && (
            <p className="more-status" role="status">
              Loading more results…
            </p>
          )}
          {more === 'idle' && (
            <button type="button" className="secondary" onClick={() => void loadMore()}>
              Show more results
            </button>
          )}
          {more === 'error' && (
            <p className="more-status" role="alert">
              More results could not be loaded.{' '}
              <button type="button" className="link-button" onClick={() => void loadMore()}>
                Try again
              </button>
            </p>
          )}
          {more === 'done' && items.length + extended.length > 0 && (
            <p className="more-status">That’s everything we found.</p>
          )}
        </div>
      )}
    </>
  );
}
