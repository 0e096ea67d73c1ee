import {
  lazy,
  Suspense,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type MouseEvent,
} from 'react';
import { useStore } from 'zustand';
import { parseLatLon } from '../../src/domain/geo';
import { DEFAULT_DISTANCE } from '../../src/domain/constants';
import { isEmptyFilters, searchToQuery } from '../../src/domain/filters';
import { parseRecentSearches } from '../../src/domain/saved-searches';
import { firstSearchQuery } from '../../src/domain/search';
import { listingPath } from '../../src/domain/slug';
import { formatCount } from '../../src/domain/text';
import type { ListingCard, SearchQuery } from '../../src/domain/types';
import type { TenantConfig } from '../../src/tenant/types';
import { selectItemEvent } from '../../src/analytics/data-layer';
import { Problem, useElement } from '../define';
import { baseStyles } from '../../src/ui/base.styles';
import { SafeLink } from '../../src/ui/SafeLink';
import { useHydrating } from '../../src/ui/server-first';
import { servedEdits } from '../../src/ui/served-edits';
import { mapTiles } from '../map-tiles';
import { useShadowStyles } from '../styles';
import { BestOfBar } from './BestOfBar';
import { Filters } from './Filters';
import { ResultsGrid } from './ResultsGrid';
import { SearchBar } from './SearchBar';
import { PageUrlContext, SearchViewContext, type SearchView } from './search.context';
import { followHistory, keepSnapshots, startSearch, type Place, type SearchSetup } from './search.controller';
import { findVisitorLocation, locationSharedReset, type LocationDeps } from './search.location';
import { createSearchStore, type SearchStore, type UrlAdapter } from './search.store';
import { searchStyles } from './search.styles';
import type { PropsOf } from '../declare';
import type { searchDeclaration } from './search.declaration';

// Leaflet and its stylesheet load only when a visitor opens the map.
const MapView = lazy(() => import('./MapView'));

/** Its attributes besides tenant, api and site, as search.declaration.ts declares them. */
export type SearchAttributes = PropsOf<typeof searchDeclaration>;

/**
 * The search the element opens on, as its start reads it (startSearch): its attributes' place and
 * keywords (a best-of page's destination), under the page URL's search when it owns the URL.
 */
export function openingSearch(
  tenant: Pick<TenantConfig, 'helperInfo'>,
  props: SearchAttributes,
  pageUrl: UrlAdapter,
): SearchQuery {
  const bestOf = props.bestOf || undefined;
  const { location, keywords } = props;
  const syncUrl = !bestOf && props.syncUrl === true;
  return firstSearchQuery(
    tenant.helperInfo.country,
    { location, keywords, bestOf },
    syncUrl ? pageUrl.read() : undefined,
  );
}

export function Search(props: SearchAttributes) {
  const { tenant, api, apiBase, site, host, emit, asset, track, carried } = useElement();
  useShadowStyles(baseStyles, searchStyles);
  const bestOf = props.bestOf || undefined;
  const syncUrl = !bestOf && props.syncUrl === true;

  const pageUrl = useContext(PageUrlContext);
  const store = useMemo(
    () =>
      createSearchStore({
        api,
        tenant,
        url: syncUrl ? pageUrl : null,
        bestOf: Boolean(bestOf),
        carried,
        first: openingSearch(tenant, props, pageUrl),
      }),
    [api, tenant, syncUrl, bestOf], // carried and the first search: the page's, when it opens
  );
  useEffect(() => () => store.getState().dispose(), [store]);

  const state = useStore(store);
  const { query, status, error, slow, result, completed, items, featured, extended, source } = state;
  const [place, setPlace] = useState<Place | null>(null);
  const [sharing, setSharing] = useState(false);
  const [layout, setLayout] = useState<'grid' | 'list'>(props.layout === 'list' ? 'list' : 'grid');
  const [showMap, setShowMap] = useState(props.map === true && tenant.options.search.map);
  const shared = useRef<Place | null>(null);
  /** The place the start found by itself (the visitor's position, else their country), if any. */
  const locatedBySelf = useRef<string | null>(null);
  const recent = useMemo(() => parseRecentSearches(props.recentSearches), [props.recentSearches]);

  useEffect(() => setLayout(props.layout === 'list' ? 'list' : 'grid'), [props.layout]);
  const chooseLayout = (next: 'grid' | 'list') => {
    if (next !== layout) track({ event: 'search_layout', layout: next });
    setLayout(next);
  };

  const geo: LocationDeps = useMemo(
    () => ({
      permissions: typeof navigator !== 'undefined' ? navigator.permissions : undefined,
      geolocation: typeof navigator !== 'undefined' ? navigator.geolocation : undefined,
      lookup: (text?: string) => api.geo(text),
      country: tenant.helperInfo.country,
    }),
    [api, tenant],
  );

  // How the search starts, back and forward, and the snapshots for the back button.
  const setup: SearchSetup = {
    tenant: tenant.name,
    bestOf,
    syncUrl,
    location: props.location,
    keywords: props.keywords,
  };
  // What the visitor typed or chose in the server's form before this code ran, read as hydration
  // ends and told to the parts once the search has started (a start after it would undo a
  // filter they chose).
  const hydrating = useHydrating();
  const replayEdits = useRef<(() => void) | null>(null);
  useLayoutEffect(() => {
    if (hydrating && host.shadowRoot) replayEdits.current = servedEdits(host.shadowRoot);
  }, [hydrating, host]);
  useEffect(
    () =>
      startSearch(store, {
        ...setup,
        geo,
        onPlace: (found) => {
          locatedBySelf.current = found?.location ?? null;
          setPlace(found);
        },
      }),
    [store, props.location, props.keywords], // the rest is fixed for a store
  );
  useEffect(() => {
    replayEdits.current?.();
    replayEdits.current = null;
  }, []);
  useEffect(() => (syncUrl ? followHistory(store) : undefined), [store, syncUrl]);
  useEffect(() => keepSnapshots(store, setup, place), [store, place]);

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
    // What was typed and, when the search corrected it, what the results are for (issue 17).
    const correctedKeywords = result.correctedKeywords ?? null;
    const partialMatch = result.partialMatch === true;
    emit('wellspring-search', {
      query: searchToQuery(query),
      location: query.location,
      located: query.location === locatedBySelf.current,
      totalHits: result.totalHits,
      page: result.currentPage,
      keywords: query.keywords,
      correctedKeywords,
      partialMatch,
    });
    track({
      event: 'search',
      keywords: query.keywords,
      correctedKeywords,
      partialMatch,
      totalHits: result.totalHits,
    });
  }, [completed]); // once per search
  useEffect(() => {
    if (status === 'error' && error)
      emit('wellspring-error', { message: error.message, status: error.status });
  }, [status, error]); // once per failure

  const placeLabel = place?.location === query.location ? place.label : query.location;
  // One object for the element's life: the map view is made again when its tiles change.
  const tiles = useMemo(() => mapTiles(tenant, asset), [tenant, asset]);

  const shareLocation = async () => {
    setSharing(true);
    try {
      const found = shared.current ?? (await findVisitorLocation(geo));
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
        if (position > 0) {
          // Spec 9: the result's index over the pages loaded so far, its list, price and discount.
          const size = tenant.listingGrid.pageSize;
          track(
            selectItemEvent({
              merchantId: listing.merchantId,
              name: listing.name,
              pageName: bestOf ? 'Best Of' : 'Search',
              page: Math.floor((position - 1) / size),
              size,
              position: (position - 1) % size,
              currency: tenant.helperInfo.currency,
              offer: listing.offers[0] ?? null,
            }),
          );
        } else {
          // A featured listing is a promotion (spec 9: promotions 'listing').
          track({
            event: 'promotion',
            action: 'listing',
            promotion_name: 'Featured Merchant',
            item_id: String(listing.merchantId),
          });
        }
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
    [site, tenant, emit, track, bestOf],
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
        ? `${formatCount(count)}${result?.moreHits ? '+' : ''} ${count === 1 ? 'result' : 'results'}${where}`
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
          recent={recent}
        />
        <Filters store={store} />
        <div className="toolbar">
          <h2 className="count" part="heading" aria-live="polite" aria-atomic="true">
            {announcement}
          </h2>
          {/* The map is shown beside either layout: its toggle stands apart from the group of
              two, where a second pressed button read as a third layout. */}
          <div className="views">
            <div className="view-switch" role="group" aria-label="Results view">
              <button type="button" aria-pressed={layout === 'grid'} onClick={() => chooseLayout('grid')}>
                Grid
              </button>
              <button type="button" aria-pressed={layout === 'list'} onClick={() => chooseLayout('list')}>
                List
              </button>
            </div>
            {tenant.options.search.map && (
              <button
                type="button"
                className="map-toggle"
                aria-pressed={showMap}
                onClick={() => {
                  track({ event: 'search_layout', layout: showMap ? 'no_map' : 'map' });
                  setShowMap(!showMap);
                }}
              >
                Map
              </button>
            )}
          </div>
        </div>
        {place?.attribution && place.location === query.location && (
          <p className="note ip-credit">
            Your area, estimated from your IP address:{' '}
            <SafeLink href={place.attribution.link} target="_blank" rel="noopener">
              {place.attribution.text}
            </SafeLink>
          </p>
        )}
        {status === 'ready' && result?.correctedKeywords && (
          <p className="note did-you-mean">
            Showing results for “{result.correctedKeywords}”.{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => void store.getState().update({ exact: true })}
            >
              Search instead for “{query.keywords}”
            </button>
          </p>
        )}
        {status === 'ready' && result?.partialMatch && (
          <p className="note">
            No listing matches every word of “{query.keywords}”: showing those that match the most.
          </p>
        )}
        {slow && status === 'loading' && (
          <p className="note">Still searching… this is taking longer than usual.</p>
        )}
        {showMap && (
          <Suspense fallback={<p className="note">Loading the map…</p>}>
            <MapView
              listings={mapListings}
              fit={source !== 'map'}
              tiles={tiles}
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
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => {
                      track({ event: 'reset_filter' });
                      void store.getState().reset();
                    }}
                  >
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
