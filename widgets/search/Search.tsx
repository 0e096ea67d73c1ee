import { lazy, Suspense, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useStore } from 'zustand';
import { parseLatLon } from '../../src/domain/geo';
import { DEFAULT_DISTANCE } from '../../src/domain/constants';
import { isEmptyFilters, queryToSearch, searchToQuery } from '../../src/domain/filters';
import { createSearchQuery } from '../../src/domain/search';
import { listingPath } from '../../src/domain/slug';
import type { ListingCard } from '../../src/domain/types';
import { Problem, useElement } from '../define';
import { baseStyles } from '../base.styles';
import { useShadowStyles } from '../styles';
import { BestOfBar } from './BestOfBar';
import { Filters } from './Filters';
import { ResultsGrid } from './ResultsGrid';
import { SearchBar } from './SearchBar';
import { SearchViewContext, type SearchView } from './search.context';
import {
  countryLocation,
  findVisitorLocation,
  locationSharedReset,
  type LocationDeps,
} from './search.location';
import {
  browserUrl,
  createSearchStore,
  resultsOf,
  type SearchResults,
  type SearchStore,
} from './search.store';
import { searchStyles } from './search.styles';

// Leaflet and its stylesheet load only when a visitor opens the map.
const MapView = lazy(() => import('./MapView'));

export interface SearchAttributes {
  /**
   * The destination slug of a best-of page ('austin-tx'): searches that destination, shows the
   * bar of best-of links and never writes the page URL. @default none (a plain search)
   */
  bestOf?: string;
  /**
   * The element owns the page URL: filters are written to it (a history entry per change) and
   * read back on load and on back/forward. For a search page of its own; partners embedding the
   * search in a page that has its own query usually leave it off. A bare `sync-url` attribute
   * counts as on. @default false
   */
  syncUrl?: boolean;
  /**
   * Where the search starts: place text ('Austin, TX'), a ZIP or postal code, or 'lat,lon'.
   * @default the visitor's location (coordinates if already permitted, else the IP lookup), else the tenant's country
   */
  location?: string;
  /** Keywords the search starts with. @default '' */
  keywords?: string;
  /** How results are laid out: 'grid' or 'list'; the visitor can switch. @default 'grid' */
  layout?: string;
  /** Open with the map shown (for tenants whose search has the map on). @default false */
  map?: boolean;
}

/** A place and the text the visitor reads for it ('30.2672,-97.7431' is 'Austin, TX'). */
interface Place {
  location: string;
  label: string;
}

/** What the back button restores: the results and where the visitor had scrolled. */
interface Snapshot {
  results: SearchResults;
  place: Place | null;
  scrollY: number;
  at: number;
}
const snapshots = new Map<string, Snapshot>();
const MAX_SNAPSHOTS = 10;
const SNAPSHOT_TTL_MS = 30 * 60_000;
/** A remount this soon after a popstate is the back (or forward) button bringing the search back. */
const BACK_WINDOW_MS = 3000;
let poppedAt = -Infinity;
if (typeof addEventListener === 'function') addEventListener('popstate', () => (poppedAt = Date.now()));

export function Search(props: SearchAttributes) {
  const { tenant, api, apiBase, site, host, emit, asset } = useElement();
  useShadowStyles(baseStyles, searchStyles);
  const bestOf = props.bestOf || undefined;
  const syncUrl = !bestOf && props.syncUrl === true;

  const store = useMemo(
    () => createSearchStore({ api, tenant, url: syncUrl ? browserUrl : null, bestOf: Boolean(bestOf) }),
    [api, tenant, syncUrl, bestOf],
  );
  useEffect(() => () => store.getState().dispose(), [store]);

  const state = useStore(store);
  const { query, status, error, slow, result, completed, items, featured, extended, source } = state;
  const [place, setPlace] = useState<Place | null>(null);
  const [sharing, setSharing] = useState(false);
  const [layout, setLayout] = useState<'grid' | 'list'>(props.layout === 'list' ? 'list' : 'grid');
  const [showMap, setShowMap] = useState(props.map === true && tenant.options.search.map);
  const shared = useRef<Place | null>(null);

  useEffect(() => setLayout(props.layout === 'list' ? 'list' : 'grid'), [props.layout]);

  const geo: LocationDeps = useMemo(
    () => ({
      permissions: typeof navigator !== 'undefined' ? navigator.permissions : undefined,
      geolocation: typeof navigator !== 'undefined' ? navigator.geolocation : undefined,
      lookup: (text?: string) => api.geo(text),
      country: tenant.helperInfo.country,
    }),
    [api, tenant],
  );

  const snapshotKey = () =>
    `${tenant.name}|${bestOf ?? ''}|${syncUrl ? `${location.pathname}${location.search}` : `${props.location ?? ''}|${props.keywords ?? ''}`}`;

  // Start: a snapshot when the back button brings the search back, else the URL (sync-url),
  // the attributes, and the visitor's location when none of them names a place.
  useEffect(() => {
    let live = true;
    const snapshot = snapshots.get(snapshotKey());
    if (snapshot && Date.now() - poppedAt < BACK_WINDOW_MS && Date.now() - snapshot.at < SNAPSHOT_TTL_MS) {
      store.getState().restore(snapshot.results);
      setPlace(snapshot.place);
      requestAnimationFrame(() => requestAnimationFrame(() => scrollTo({ top: snapshot.scrollY })));
      return;
    }
    void (async () => {
      let initial = createSearchQuery({
        location: props.location ?? '',
        keywords: props.keywords ?? '',
        // The widest search: the extended listings' last fallback (spec 4) searches it.
        searchOrigin: countryLocation(tenant.helperInfo.country),
      });
      if (bestOf) initial.location = bestOf.replace(/-/g, ' ');
      else if (syncUrl) initial = { ...initial, ...queryToSearch(location.search) };
      if (!initial.location && !bestOf) {
        const found = await findVisitorLocation(geo, { ask: false });
        if (!live) return;
        initial.location = found.location;
        setPlace(found);
      }
      if (live) void store.getState().start(initial);
    })();
    return () => {
      live = false;
    };
  }, [store, props.location, props.keywords]); // the rest is fixed for a store

  // Back and forward between the searches the element wrote into the URL.
  useEffect(() => {
    if (!syncUrl) return;
    const path = location.pathname;
    const onPop = () => location.pathname === path && void store.getState().fromUrl(location.search);
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, [store, syncUrl]);

  // Keep a snapshot of the results and the scroll position while this search is on screen.
  useEffect(() => {
    const path = location.pathname;
    let scrollY = typeof window === 'undefined' ? 0 : window.scrollY;
    const save = () => {
      if (location.pathname !== path || store.getState().status !== 'ready') return;
      const key = snapshotKey();
      snapshots.delete(key);
      snapshots.set(key, { results: resultsOf(store.getState()), place, scrollY, at: Date.now() });
      while (snapshots.size > MAX_SNAPSHOTS) snapshots.delete(snapshots.keys().next().value as string);
    };
    const onScroll = () => {
      if (location.pathname !== path) return;
      scrollY = window.scrollY;
      save();
    };
    const unsubscribe = store.subscribe(save);
    addEventListener('scroll', onScroll, { passive: true });
    return () => {
      unsubscribe();
      removeEventListener('scroll', onScroll);
    };
  }, [store, place]);

  // The location-shared flag goes back to off every 10 minutes (spec 4).
  useEffect(() => locationSharedReset(() => (shared.current = null)), []);

  // A 'lat,lon' location is named for the visitor ('Austin, TX').
  useEffect(() => {
    if (!parseLatLon(query.location) || place?.location === query.location) return;
    const controller = new AbortController();
    api.geo(query.location, controller.signal).then(
      (found) => setPlace({ location: query.location, label: found.normalizeLocation || query.location }),
      () => undefined,
    );
    return () => controller.abort();
  }, [api, query.location, place]);

  // Every finished search is announced to the page; a failure too.
  useEffect(() => {
    if (!completed || !result) return;
    if (completed === 1) emit('wellspring-ready', { tenant: tenant.name, count: result.totalHits });
    emit('wellspring-search', {
      query: searchToQuery(query),
      location: query.location,
      totalHits: result.totalHits,
      page: result.currentPage,
    });
  }, [completed]); // once per search
  useEffect(() => {
    if (status === 'error' && error)
      emit('wellspring-error', { message: error.message, status: error.status });
  }, [status, error]); // once per failure

  const placeLabel = place?.location === query.location ? place.label : query.location;

  const shareLocation = async () => {
    setSharing(true);
    try {
      const found = shared.current ?? (await findVisitorLocation(geo, { ask: true }));
      if (found.location === query.location) return;
      if ('source' in found && found.source === 'coordinates') shared.current = found;
      setPlace(found);
      await store.getState().update({ location: found.location });
    } finally {
      setSharing(false);
    }
  };

  /** Follows a link as a click on a real anchor: a host app routes it like any other link. */
  const follow = (url: string, select: { merchantId: number; name: string; offerId?: number }) => {
    const proceed =
      select.offerId !== undefined
        ? emit('wellspring-offer-select', { offerId: select.offerId, merchantId: select.merchantId, url })
        : emit('wellspring-listing-select', {
            merchantId: select.merchantId,
            name: select.name,
            url,
            position: 0,
          });
    if (!proceed) return;
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.hidden = true;
    host.shadowRoot?.append(anchor);
    anchor.click();
    anchor.remove();
  };

  const view = useMemo<SearchView>(
    () => ({
      listingUrl: (listing) =>
        `${site}${listingPath(tenant.listingRouteName, listing.name, listing.merchantId)}`,
      onSelect: (event: MouseEvent, listing: ListingCard, position: number) => {
        const url = `${site}${listingPath(tenant.listingRouteName, listing.name, listing.merchantId)}`;
        if (
          !emit('wellspring-listing-select', {
            merchantId: listing.merchantId,
            name: listing.name,
            url,
            position,
          })
        ) {
          event.preventDefault();
        }
      },
    }),
    [site, tenant, emit],
  );

  const mapListings = useMemo(() => {
    const seen = new Set<number>();
    return [...featured, ...items, ...extended].filter((listing) =>
      seen.has(listing.merchantId) ? false : (seen.add(listing.merchantId), true),
    );
  }, [featured, items, extended]);

  const where = placeLabel ? ` near ${placeLabel}` : '';
  const filtered =
    Boolean(query.keywords) ||
    query.hasOffers ||
    query.distance !== DEFAULT_DISTANCE ||
    !isEmptyFilters(query.filters);
  const count = result?.totalHits ?? 0;
  const announcement =
    status === 'loading'
      ? slow
        ? 'Still searching…'
        : 'Searching…'
      : status === 'ready'
        ? `${count.toLocaleString('en-US')} ${count === 1 ? 'result' : 'results'}${where}`
        : '';

  return (
    <SearchViewContext.Provider value={view}>
      <div className="search">
        {bestOf && (
          <BestOfBar
            apiBase={apiBase}
            term={bestOf}
            onTitle={(title) => setPlace({ location: bestOf.replace(/-/g, ' '), label: title })}
          />
        )}
        <SearchBar
          store={store}
          placeLabel={placeLabel}
          sharing={sharing}
          onShareLocation={() => void shareLocation()}
          follow={follow}
        />
        <Filters store={store} />
        <div className="toolbar">
          <h2 className="count" aria-live="polite" aria-atomic="true">
            {announcement}
          </h2>
          <div className="view-switch" role="group" aria-label="Results view">
            <button type="button" aria-pressed={layout === 'grid'} onClick={() => setLayout('grid')}>
              Grid
            </button>
            <button type="button" aria-pressed={layout === 'list'} onClick={() => setLayout('list')}>
              List
            </button>
            {tenant.options.search.map && (
              <button type="button" aria-pressed={showMap} onClick={() => setShowMap(!showMap)}>
                Map
              </button>
            )}
          </div>
        </div>
        {slow && status === 'loading' && (
          <p className="note">Still searching… this is taking longer than usual.</p>
        )}
        {showMap && (
          <Suspense fallback={<p className="note">Loading the map…</p>}>
            <MapView
              listings={mapListings}
              fit={source !== 'map'}
              tiles={asset(tenant.endpoints.mapTiles)}
              onMove={(location, distance) =>
                void store.getState().update({ location, distance }, { history: 'replace', source: 'map' })
              }
            />
          </Suspense>
        )}
        {status === 'error' && error ? (
          <Problem message={error.message} onRetry={() => void store.getState().retry()} />
        ) : status === 'idle' && state.skipped === 'noLocation' ? (
          <p className="empty">Enter a city, a ZIP or a postal code to see what is near.</p>
        ) : (
          <div aria-busy={status === 'loading'}>
            {status === 'ready' && items.length === 0 && (
              <div className="empty">
                <p>
                  No results{query.keywords ? ` for “${query.keywords}”` : ''}
                  {where}.
                </p>
                <p>Try other keywords, a wider distance or fewer filters.</p>
                {tenant.options.search.reset && filtered && (
                  <button type="button" className="secondary" onClick={() => void store.getState().reset()}>
                    Reset filters
                  </button>
                )}
              </div>
            )}
            <ResultsGrid store={store} layout={layout} />
          </div>
        )}
      </div>
    </SearchViewContext.Provider>
  );
}

export type { SearchStore };
