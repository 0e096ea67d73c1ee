/**
 * The search flow of one <wellspring-search> (spec 4 'Search flow' to 'Keywords'): the query, the
 * URL it writes, the pages, featured and extended listings, and the newest-search-wins rule.
 * A vanilla zustand store with no DOM: the API and the URL come in as dependencies.
 */
import { createStore } from 'zustand/vanilla';
import { ApiError, type Api } from '../../src/api/client';
import type { CarriedAnswer } from '../../src/api/page-answer';
import { queryToSearch, searchToApiQuery, searchToQuery } from '../../src/domain/filters';
import {
  applyKeywords,
  createSearchQuery,
  extendedListingsQueries,
  featuredSearchQuery,
  isSearchAllowed,
  nextPageAction,
  retryWithoutLocation,
  searchCall,
  searchSkipReason,
  shouldFetchFeatured,
  type SearchSkipReason,
} from '../../src/domain/search';
import type {
  Filters,
  ListingCard,
  SearchQuery,
  SearchResult,
  ServiceAggregation,
} from '../../src/domain/types';
import type { TenantConfig } from '../../src/tenant/types';

/** The page URL, when the element owns it. */
export interface UrlAdapter {
  /** The current query string, with or without '?'. */
  read(): string;
  /** Writes a query string (without '?'): a new history entry ('push') or the current one. */
  write(query: string, mode: 'push' | 'replace'): void;
}

/** The browser's URL: the path stays, the query is the search's. */
export const browserUrl: UrlAdapter = {
  read: () => location.search,
  write(query, mode) {
    const url = `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
    if (mode === 'push') history.pushState(history.state, '', url);
    else history.replaceState(history.state, '', url);
  },
};

export interface SearchDeps {
  api: Pick<Api, 'searchMerchants' | 'serviceAggregations'>;
  tenant: Pick<TenantConfig, 'listingGrid' | 'helperInfo' | 'options'>;
  /** Present when the element owns the page URL (sync-url); never written on best-of pages. */
  url?: UrlAdapter | null;
  /** A best-of page: no URL writing, and a search needs no location. */
  bestOf?: boolean;
  /** After this long a search shows 'Still searching…'. @default 3000 */
  slowAfterMs?: number;
  /** The answers the page carries (a search page: its first search's), each taken once. */
  carried?: CarriedAnswer | undefined;
  /**
   * The search the element opens on (from its attributes and the page URL). When the page carries
   * its answers, the store's first state shows them: the element's first draw (and the server's,
   * widgets/first-screen.tsx) has the results, and its start searches no more.
   */
  first?: SearchQuery | undefined;
}

/** What started a search: the map does not re-fit itself to results it asked for. */
export type SearchSource = 'start' | 'filters' | 'map' | 'url' | 'retry';

/** Where the extended-listings fallback is: which widened search, and its next page. */
export interface ExtendedProgress {
  steps: SearchQuery[];
  step: number;
  page: number;
}

export interface SearchError {
  /** What the visitor reads. */
  message: string;
  /** The API's or the network's own text (spec 8: the error message is stored). */
  detail: string;
  status?: number;
}

/** The results part of the state: what a snapshot keeps for the back button. */
export interface SearchResults {
  query: SearchQuery;
  /** The main search's latest page. */
  result: SearchResult<ListingCard> | null;
  /** Listings of every page loaded so far. */
  items: ListingCard[];
  /** Featured listings, fetched with the first page only. */
  featured: ListingCard[];
  /** Listings of the extended fallback, after the main search ran out. */
  extended: ListingCard[];
  extendedProgress: ExtendedProgress | null;
  aggregations: ServiceAggregation[];
  /** Loading a further page: 'done' when the last fallback ran out. */
  more: 'idle' | 'loading' | 'error' | 'done';
}

export interface SearchState extends SearchResults {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Why no search ran ('noLocation': the visitor has to give one). */
  skipped: SearchSkipReason | null;
  /** The search has been running for a while. */
  slow: boolean;
  error: SearchError | null;
  source: SearchSource;
  /** Completed searches so far; each one is announced and fires `wellspring-search`. */
  completed: number;

  /** Opens the element on a query; replaces the URL (no new history entry). */
  start(query: SearchQuery): Promise<void>;
  /** A filter change: page 0, the URL (a new entry unless `history: 'replace'`), then a search. */
  update(
    patch: Partial<SearchQuery>,
    options?: { history?: 'push' | 'replace'; source?: SearchSource },
  ): Promise<void>;
  /** New keywords clear the service options and category (spec 4). */
  setKeywords(keywords: string): Promise<void>;
  /** Sets or clears (undefined) some filters. */
  setFilters(patch: Partial<Filters>): Promise<void>;
  /** Every filter back to its default; the location stays. */
  reset(): Promise<void>;
  /** Back or forward to a URL the element wrote: its search, without writing the URL again. */
  fromUrl(queryString: string): Promise<void>;
  /** Runs the current query again (after a failure). */
  retry(): Promise<void>;
  /** Infinite scroll: the next page, else the next extended listings. */
  loadMore(): Promise<void>;
  /** Shows results kept from an earlier visit (back button) without searching. */
  restore(results: SearchResults): void;
  /** Cancels what is running. */
  dispose(): void;
}

/** Fallback pages fetched in one go when a page brings only listings already shown. */
const MAX_EXTENDED_ATTEMPTS = 4;

function describeError(error: unknown): SearchError {
  const detail = error instanceof Error ? error.message : String(error);
  if (error instanceof ApiError) {
    if (error.status === 400 && error.field === 'location') {
      return {
        message: 'We could not find that place. Try a city, a ZIP or a postal code.',
        detail,
        status: 400,
      };
    }
    return { message: 'Search results could not be loaded right now.', detail, status: error.status };
  }
  return { message: 'Search results could not be loaded. Check your connection and try again.', detail };
}

const without = (items: ListingCard[], seen: Set<number>) =>
  items.filter((item) => !seen.has(item.merchantId));

/** The search an element opens on, as its start runs it: the tenant's page size, the first page. */
export function openingQuery(first: SearchQuery, pageSize: number): SearchQuery {
  return { ...first, size: pageSize, page: 0 };
}

/**
 * The opening search's results as the page carries them (server/site.ts): its first page and its
 * featured listings (the featured search's retry without the place when that came back empty, as
 * a search runs it); undefined unless the page carries every one of those answers.
 */
export function carriedResults(
  query: SearchQuery,
  carried: CarriedAnswer,
  includedPrograms: string[],
): { result: SearchResult<ListingCard>; featured: ListingCard[] } | undefined {
  const result = carried<SearchResult<ListingCard>>(searchCall(query));
  if (!result) return undefined;
  const promotion = featuredSearchQuery(query, includedPrograms);
  const found = carried<SearchResult<ListingCard>>(searchCall(promotion));
  const retry = found && retryWithoutLocation(promotion, found);
  const featured = retry ? carried<SearchResult<ListingCard>>(searchCall(retry)) : found;
  return featured && { result, featured: featured.items };
}

/** One store per element instance. */
export function createSearchStore(deps: SearchDeps) {
  const { api, tenant, bestOf = false, slowAfterMs = 3000 } = deps;
  const url = bestOf ? null : (deps.url ?? null);
  const size = tenant.listingGrid.pageSize;
  let controller = new AbortController();
  let slowTimer: ReturnType<typeof setTimeout> | undefined;
  // The opening search, when the page carried its answers: the first state shows them.
  let opening = deps.first && openingQuery(deps.first, size);
  const carriedFirst =
    opening && deps.carried && carriedResults(opening, deps.carried, tenant.helperInfo.includedPrograms);
  if (!carriedFirst) opening = undefined;

  /** A search's answer: the one the page carries for it (taken once), else the API's. */
  const searchMerchants = (query: SearchQuery, signal: AbortSignal) => {
    const carried = deps.carried?.<SearchResult<ListingCard>>(searchCall(query));
    return carried ? Promise.resolve(carried) : api.searchMerchants(searchToApiQuery(query), signal);
  };

  return createStore<SearchState>()((set, get) => {
    /** The featured listings of a first page; never fails the search. */
    async function featuredFor(query: SearchQuery, signal: AbortSignal): Promise<ListingCard[]> {
      if (!shouldFetchFeatured(query.page)) return [];
      const promotion = featuredSearchQuery(query, tenant.helperInfo.includedPrograms);
      try {
        const found = await searchMerchants(promotion, signal);
        const retry = retryWithoutLocation(promotion, found);
        if (!retry) return found.items;
        return (await searchMerchants(retry, signal)).items;
      } catch {
        return [];
      }
    }

    async function loadAggregations(result: SearchResult<ListingCard>, signal: AbortSignal) {
      if (!tenant.options.search.services || !result.serviceAggregationUrl) return;
      try {
        const aggregations = await api.serviceAggregations(result.serviceAggregationUrl, signal);
        if (!signal.aborted) set({ aggregations });
      } catch {
        // The service filter keeps its previous options; the results are what matters.
      }
    }

    async function search(source: SearchSource): Promise<void> {
      opening = undefined;
      // A newer search cancels the older one, with its pages, featured and aggregations.
      controller.abort();
      controller = new AbortController();
      const { signal } = controller;
      clearTimeout(slowTimer);
      const query: SearchQuery = { ...get().query, page: 0 };
      const skipped = searchSkipReason(query, { requireLocation: !bestOf });
      if (skipped) {
        set({
          status: 'idle',
          skipped,
          slow: false,
          error: null,
          result: null,
          items: [],
          featured: [],
          extended: [],
        });
        return;
      }
      // The results on show stay until the new ones arrive: the map keeps its markers meanwhile.
      set({ status: 'loading', skipped: null, slow: false, error: null, source });
      slowTimer = setTimeout(() => !signal.aborted && set({ slow: true }), slowAfterMs);
      try {
        const [result, featured] = await Promise.all([
          searchMerchants(query, signal),
          featuredFor(query, signal),
        ]);
        if (signal.aborted) return;
        set({
          status: 'ready',
          slow: false,
          result,
          items: result.items,
          featured,
          extended: [],
          extendedProgress: null,
          more: 'idle',
          completed: get().completed + 1,
        });
        void loadAggregations(result, signal);
      } catch (error) {
        // A cancelled search is silent (spec 8); a failed search on the map is also logged.
        if (signal.aborted) return;
        if (source === 'map') console.warn('[wellspring] search on the map failed', error);
        set({ status: 'error', slow: false, error: describeError(error), more: 'idle' });
      } finally {
        if (!signal.aborted) clearTimeout(slowTimer);
      }
    }

    function commit(query: SearchQuery, history: 'push' | 'replace' | 'none', source: SearchSource) {
      set({ query });
      if (url && history !== 'none') {
        const next = searchToQuery(query);
        if (next !== url.read().replace(/^\?/, '')) url.write(next, history);
      }
      // The opening search the first state shows is not run again: its service options only.
      const { result } = get();
      if (source === 'start' && opening && result && searchCall(opening) === searchCall(query)) {
        opening = undefined;
        return loadAggregations(result, controller.signal);
      }
      return search(source);
    }

    async function loadExtended(signal: AbortSignal): Promise<void> {
      const state = get();
      let progress = state.extendedProgress ?? {
        steps: extendedListingsQueries(state.query),
        step: 0,
        page: 0,
      };
      const seen = new Set([...state.items, ...state.extended].map((item) => item.merchantId));
      for (let attempt = 0; attempt < MAX_EXTENDED_ATTEMPTS; attempt++) {
        const step = progress.steps[progress.step];
        if (!step) break;
        const page = await searchMerchants({ ...step, page: progress.page }, signal);
        if (signal.aborted) return;
        const fresh = without(page.items, seen);
        // A widened search whose first page is all known and that is no bigger than what is
        // shown (the same listings in another order) has nothing to add: skip to the next one.
        const nothingNew = progress.page === 0 && fresh.length === 0 && page.totalHits <= seen.size;
        progress =
          !nothingNew && progress.page + 1 < page.totalPages
            ? { ...progress, page: progress.page + 1 }
            : { ...progress, step: progress.step + 1, page: 0 };
        if (fresh.length > 0) {
          set({
            extended: [...get().extended, ...fresh],
            extendedProgress: progress,
            more: progress.step >= progress.steps.length ? 'done' : 'idle',
          });
          return;
        }
      }
      set({ extendedProgress: progress, more: progress.step >= progress.steps.length ? 'done' : 'idle' });
    }

    return {
      query: opening ?? createSearchQuery({ size }),
      status: carriedFirst ? 'ready' : 'idle',
      skipped: null,
      slow: false,
      error: null,
      source: 'start',
      completed: carriedFirst ? 1 : 0,
      result: carriedFirst?.result ?? null,
      items: carriedFirst?.result.items ?? [],
      featured: carriedFirst?.featured ?? [],
      extended: [],
      extendedProgress: null,
      aggregations: [],
      more: 'idle',

      start: (query) => commit(openingQuery(query, size), 'replace', 'start'),

      update: (patch, options = {}) => {
        // Keywords first: they clear the service filters, which the same patch may set anew.
        const { keywords, ...rest } = patch;
        const current = get().query;
        const base = keywords === undefined ? current : applyKeywords(current, keywords.trim());
        return commit({ ...base, ...rest, page: 0 }, options.history ?? 'push', options.source ?? 'filters');
      },

      setKeywords: (keywords) => get().update({ keywords }),

      setFilters: (patch) => {
        const filters: Filters = { ...get().query.filters };
        for (const [key, value] of Object.entries(patch) as [keyof Filters, Filters[keyof Filters]][]) {
          if (value === undefined || (Array.isArray(value) && value.length === 0)) delete filters[key];
          else (filters as Record<string, unknown>)[key] = value;
        }
        return commit({ ...get().query, filters, page: 0 }, 'push', 'filters');
      },

      reset: () => {
        const { location, searchOrigin, utmQuery } = get().query;
        return commit(createSearchQuery({ size, location, searchOrigin, utmQuery }), 'push', 'filters');
      },

      fromUrl: (queryString) => {
        const { location, searchOrigin } = get().query;
        const next = createSearchQuery({ size, location, searchOrigin, ...queryToSearch(queryString) });
        return commit(next, 'none', 'url');
      },

      retry: () => search('retry'),

      loadMore: async () => {
        const state = get();
        if (state.status !== 'ready' || state.more === 'loading' || state.more === 'done' || !state.result)
          return;
        const { signal } = controller;
        set({ more: 'loading' });
        try {
          const next = { ...state.query, page: state.result.currentPage + 1 };
          if (
            !state.extendedProgress &&
            nextPageAction(state.result) === 'nextPage' &&
            isSearchAllowed(next, state.result)
          ) {
            const result = await searchMerchants(next, signal);
            if (signal.aborted) return;
            const seen = new Set(get().items.map((item) => item.merchantId));
            set({ result, items: [...get().items, ...without(result.items, seen)], more: 'idle' });
            return;
          }
          await loadExtended(signal);
        } catch {
          if (!signal.aborted) set({ more: 'error' });
        }
      },

      restore: (results) => {
        opening = undefined;
        controller.abort();
        controller = new AbortController();
        set({ ...results, status: 'ready', skipped: null, error: null, slow: false, source: 'url' });
      },

      dispose: () => {
        controller.abort();
        clearTimeout(slowTimer);
      },
    };
  });
}

export type SearchStore = ReturnType<typeof createSearchStore>;

/** The part of the state a snapshot keeps. */
export function resultsOf(state: SearchState): SearchResults {
  const { query, result, items, featured, extended, extendedProgress, aggregations, more } = state;
  return {
    query,
    result,
    items,
    featured,
    extended,
    extendedProgress,
    aggregations,
    more: more === 'loading' ? 'idle' : more,
  };
}
