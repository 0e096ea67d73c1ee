import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/api/client';
import { decodeFilters } from '../../../../src/domain/filters';
import {
  createSearchQuery,
  FEATURED_SIZE,
  featuredSearchQuery,
  searchCall,
} from '../../../../src/domain/search';
import type { ListingCard, SearchQuery, SearchResult } from '../../../../src/domain/types';
import { builtInTenants } from '../../../../src/tenant';
import { createSearchStore, type SearchDeps, type UrlAdapter } from '../../../../widgets/search/search.store';

const tenant = builtInTenants.spa; // page size 24, services on

const listing = (merchantId: number): ListingCard =>
  ({
    merchantId,
    name: `Spa ${merchantId}`,
    featured: false,
    location: { latitude: 40, longitude: -74 },
  }) as ListingCard;

const ids = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => listing(from + index));

function page(items: ListingCard[], currentPage = 0, totalPages = 1, totalHits = items.length): SearchResult {
  return {
    currentPage,
    totalPages,
    totalHits,
    items,
    requestUrl: '/merchants',
    nextPageUrl: null,
    serviceAggregationUrl: '/services?url=%2Fmerchants',
  };
}

/** A request the fake API received, with its query read back. */
interface Call {
  params: URLSearchParams;
  signal: AbortSignal | undefined;
  featured: boolean;
}

/**
 * A fake API: `answer` decides each search's page; featured searches (the promotions filter)
 * answer `featured` unless told otherwise.
 */
function fakeApi(answer: (call: Call) => Promise<SearchResult> | SearchResult, featured: ListingCard[] = []) {
  const calls: Call[] = [];
  const api: SearchDeps['api'] = {
    searchMerchants: vi.fn(async (query: string, signal?: AbortSignal) => {
      const params = new URLSearchParams(query);
      const isFeatured =
        decodeFilters(params.get('filters'))['promotions.promotionTypeName'] === 'Featured Merchant';
      const call = { params, signal, featured: isFeatured };
      calls.push(call);
      return isFeatured ? page(featured) : answer(call);
    }),
    serviceAggregations: vi.fn(async () => [
      {
        category: 'Massages',
        options: [{ option: 'Swedish Massage', count: 3 }],
        totalOptions: 3,
        listingsWithCategoryCount: 3,
      },
    ]),
  };
  const searches = () => calls.filter((call) => !call.featured);
  return { api, calls, searches };
}

function fakeUrl(initial = ''): UrlAdapter & { writes: { query: string; mode: string }[] } {
  let current = initial;
  const writes: { query: string; mode: string }[] = [];
  return {
    writes,
    read: () => current,
    write(query, mode) {
      current = query;
      writes.push({ query, mode });
    },
  };
}

const start = (overrides = {}) =>
  createSearchQuery({ location: 'New York, NY', searchOrigin: 'United States', ...overrides });

afterEach(() => {
  vi.useRealTimers();
});

describe('URL writing', () => {
  it('replaces the URL when it starts, then pushes one entry per filter change, filters in base64url', async () => {
    const url = fakeUrl();
    const { api } = fakeApi(() => page(ids(1, 3)));
    const store = createSearchStore({ api, tenant, url });
    await store.getState().start(start());
    expect(url.writes).toEqual([{ query: 'location=New+York%2C+NY', mode: 'replace' }]);

    await store.getState().update({ distance: 15 });
    await store.getState().setFilters({ averageScore: 4, businessTypes: ['Day Spa'] });
    expect(url.writes.map((write) => write.mode)).toEqual(['replace', 'push', 'push']);
    const last = new URLSearchParams(url.read());
    expect(last.get('distance')).toBe('15');
    const encoded = last.get('filters')!;
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/); // base64url, no padding
    expect(decodeFilters(encoded)).toEqual({ averageScore: 4, businessTypes: ['Day Spa'] });
    expect(last.has('searchOrigin')).toBe(false);
    expect(last.has('page')).toBe(false);
  });

  it('does not write the same URL twice, and reading it back (back button) writes nothing', async () => {
    const url = fakeUrl();
    const { api, searches } = fakeApi(() => page(ids(1, 3)));
    const store = createSearchStore({ api, tenant, url });
    await store.getState().start(start({ distance: 30 }));
    await store.getState().update({ distance: 30 });
    expect(url.writes).toHaveLength(1);

    await store.getState().fromUrl('?location=Austin%2C+TX&sort=distance');
    expect(url.writes).toHaveLength(1);
    expect(store.getState().query).toMatchObject({ location: 'Austin, TX', sort: 'distance', distance: 50 });
    expect(searches().at(-1)?.params.get('location')).toBe('Austin, TX');
  });

  it('never writes the URL on a best-of page, and searches there without a location', async () => {
    const url = fakeUrl('?keep=me');
    const { api, searches } = fakeApi(() => page(ids(1, 3)));
    const store = createSearchStore({ api, tenant, url, bestOf: true });
    await store.getState().start(start({ location: '' }));
    await store.getState().update({ distance: 10 });
    expect(url.writes).toEqual([]);
    expect(url.read()).toBe('?keep=me');
    expect(searches()).toHaveLength(2);
    expect(store.getState().status).toBe('ready');
  });

  it('skips a search without a location elsewhere, without an error', async () => {
    const { api, calls } = fakeApi(() => page([]));
    const store = createSearchStore({ api, tenant });
    await store.getState().start(start({ location: '' }));
    expect(calls).toEqual([]);
    expect(store.getState()).toMatchObject({ status: 'idle', skipped: 'noLocation', error: null });
  });
});

describe('a newer search cancels the older', () => {
  it('aborts the older request and keeps only the newer results, silently', async () => {
    const pending: { resolve: (result: SearchResult) => void; call: Call }[] = [];
    const { api } = fakeApi(
      (call) =>
        new Promise<SearchResult>((resolve, reject) => {
          pending.push({ resolve, call });
          call.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const store = createSearchStore({ api, tenant });
    const first = store.getState().start(start());
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    const second = store.getState().update({ keywords: 'facial' });
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    expect(pending[0]!.call.signal?.aborted).toBe(true);
    expect(pending[1]!.call.signal?.aborted).toBe(false);

    pending[1]!.resolve(page(ids(200, 2)));
    pending[0]!.resolve(page(ids(100, 5)));
    await Promise.all([first, second]);
    const state = store.getState();
    expect(state.status).toBe('ready');
    expect(state.error).toBeNull();
    expect(state.items.map((item) => item.merchantId)).toEqual([200, 201]);
    expect(state.completed).toBe(1);
  });

  it('stores the error message of a failed search and recovers on retry', async () => {
    let fail = true;
    const { api } = fakeApi(() => {
      if (fail) throw new ApiError(400, 'location: no place found for "Xyzzy"', 'location');
      return page(ids(1, 2));
    });
    const store = createSearchStore({ api, tenant });
    await store.getState().start(start({ location: 'Xyzzy' }));
    expect(store.getState().status).toBe('error');
    expect(store.getState().error).toEqual({
      message: 'We could not find that place. Try a city, a ZIP or a postal code.',
      detail: 'location: no place found for "Xyzzy"',
      status: 400,
    });
    fail = false;
    await store.getState().retry();
    expect(store.getState()).toMatchObject({ status: 'ready', error: null });
  });

  it('says it is still searching after 3 seconds', async () => {
    vi.useFakeTimers();
    let resolve: (result: SearchResult) => void = () => undefined;
    const { api } = fakeApi(() => new Promise<SearchResult>((done) => (resolve = done)));
    const store = createSearchStore({ api, tenant });
    const running = store.getState().start(start());
    await vi.advanceTimersByTimeAsync(2999);
    expect(store.getState().slow).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.getState()).toMatchObject({ status: 'loading', slow: true });
    resolve(page(ids(1, 1)));
    await running;
    expect(store.getState()).toMatchObject({ status: 'ready', slow: false });
  });
});

describe('paging, then extended listings', () => {
  it('loads the next pages, then the fallback searches in order: second sort, no filters, the origin', async () => {
    const { api, searches } = fakeApi(({ params }) => {
      const pageNumber = Number(params.get('page'));
      const filters = params.get('filters');
      if (params.get('location') === 'United States') return page(ids(4000, 3), 0, 1, 3);
      if (!filters) return page(ids(3000, 3), 0, 1, 3);
      if (params.get('sort') === 'distance') return page(ids(2000 + pageNumber * 10, 2), pageNumber, 2, 4);
      return page(ids(1000 + pageNumber * 100, 24), pageNumber, 2, 48);
    });
    const store = createSearchStore({ api, tenant });
    await store.getState().start(start({ filters: { averageScore: 4 } }));
    await store.getState().loadMore(); // page 1
    await store.getState().loadMore(); // extended: distance, page 0
    await store.getState().loadMore(); // extended: distance, page 1
    await store.getState().loadMore(); // extended: filters cleared
    await store.getState().loadMore(); // extended: the search origin
    const asked = searches().map(({ params }) => ({
      page: params.get('page'),
      sort: params.get('sort'),
      filters: params.has('filters'),
      location: params.get('location'),
    }));
    expect(asked).toEqual([
      { page: '0', sort: 'relevance', filters: true, location: 'New York, NY' },
      { page: '1', sort: 'relevance', filters: true, location: 'New York, NY' },
      { page: '0', sort: 'distance', filters: true, location: 'New York, NY' },
      { page: '1', sort: 'distance', filters: true, location: 'New York, NY' },
      { page: '0', sort: 'distance', filters: false, location: 'New York, NY' },
      { page: '0', sort: 'distance', filters: false, location: 'United States' },
    ]);
    const state = store.getState();
    expect(state.items).toHaveLength(48);
    expect(state.extended.map((item) => item.merchantId)).toEqual([
      2000, 2001, 2010, 2011, 3000, 3001, 3002, 4000, 4001, 4002,
    ]);
    expect(state.more).toBe('done');
    await store.getState().loadMore();
    expect(searches()).toHaveLength(6);
  });

  it('skips a fallback search that only brings back what is already shown', async () => {
    const { api, searches } = fakeApi(({ params }) =>
      params.get('location') === 'United States' ? page(ids(900, 2), 0, 1, 2) : page(ids(1, 5), 0, 1, 5),
    );
    const store = createSearchStore({ api, tenant });
    await store.getState().start(start());
    await store.getState().loadMore();
    expect(searches().map(({ params }) => [params.get('sort'), params.get('location')])).toEqual([
      ['relevance', 'New York, NY'],
      ['distance', 'New York, NY'],
      ['distance', 'United States'],
    ]);
    expect(store.getState().extended.map((item) => item.merchantId)).toEqual([900, 901]);
  });
});

describe('featured listings', () => {
  it('are fetched with the first page only, at the search location', async () => {
    const { api, calls } = fakeApi(
      ({ params }) => page(ids(Number(params.get('page')) * 100, 24), Number(params.get('page')), 3, 72),
      [listing(7)],
    );
    const store = createSearchStore({ api, tenant });
    await store.getState().start(start());
    await store.getState().loadMore();
    await store.getState().loadMore();
    const featured = calls.filter((call) => call.featured);
    expect(featured).toHaveLength(1);
    expect(featured[0]!.params.get('location')).toBe('New York, NY');
    expect(featured[0]!.params.get('size')).toBe(String(FEATURED_SIZE));
    expect(decodeFilters(featured[0]!.params.get('filters')).includedPrograms).toEqual(
      tenant.helperInfo.includedPrograms,
    );
    expect(store.getState().featured.map((item) => item.merchantId)).toEqual([7]);

    await store.getState().update({ sort: 'distance' });
    expect(calls.filter((call) => call.featured)).toHaveLength(2);
  });

  it('are retried without the location when none are near', async () => {
    const featuredCalls: URLSearchParams[] = [];
    const api: SearchDeps['api'] = {
      searchMerchants: vi.fn(async (query: string) => {
        const params = new URLSearchParams(query);
        if (
          !params.get('filters')?.length ||
          !decodeFilters(params.get('filters'))['promotions.promotionTypeName']
        ) {
          return page(ids(1, 2));
        }
        featuredCalls.push(params);
        return params.get('location') ? page([]) : page([listing(99)]);
      }),
      serviceAggregations: vi.fn(async () => []),
    };
    const store = createSearchStore({ api, tenant });
    await store.getState().start(start());
    expect(featuredCalls.map((params) => params.get('location'))).toEqual(['New York, NY', null]);
    expect(store.getState().featured.map((item) => item.merchantId)).toEqual([99]);
  });
});

describe('keywords', () => {
  it('new keywords clear the chosen service options and category, and nothing else', async () => {
    const url = fakeUrl();
    const { api } = fakeApi(() => page(ids(1, 2)));
    const store = createSearchStore({ api, tenant, url });
    await store.getState().start(
      start({
        keywords: 'massage',
        filters: {
          'services.options': ['Swedish Massage'],
          'services.category': ['Massages'],
          averageScore: 4,
        },
      }),
    );
    await store.getState().setKeywords('facial');
    expect(store.getState().query).toMatchObject({ keywords: 'facial', filters: { averageScore: 4 } });
    expect(decodeFilters(new URLSearchParams(url.read()).get('filters'))).toEqual({ averageScore: 4 });
  });

  it('the same keywords keep the services; a service picked with new keywords is kept', async () => {
    const { api } = fakeApi(() => page(ids(1, 2)));
    const store = createSearchStore({ api, tenant });
    await store
      .getState()
      .start(start({ keywords: 'massage', filters: { 'services.options': ['Hot Stone Massage'] } }));
    await store.getState().setKeywords('massage');
    expect(store.getState().query.filters).toEqual({ 'services.options': ['Hot Stone Massage'] });
    await store.getState().update({ keywords: '', filters: { 'services.category': ['Facials'] } });
    expect(store.getState().query).toMatchObject({
      keywords: '',
      filters: { 'services.category': ['Facials'] },
    });
  });

  it('loads the service aggregations of the search when the tenant offers the service filter', async () => {
    const { api } = fakeApi(() => page(ids(1, 2)));
    const store = createSearchStore({ api, tenant });
    await store.getState().start(start());
    await vi.waitFor(() => expect(store.getState().aggregations).toHaveLength(1));
    expect(api.serviceAggregations).toHaveBeenCalledWith(
      '/services?url=%2Fmerchants',
      expect.any(AbortSignal),
    );

    const wellness = createSearchStore({ api, tenant: builtInTenants.wellness });
    vi.mocked(api.serviceAggregations).mockClear();
    await wellness.getState().start(start());
    expect(api.serviceAggregations).not.toHaveBeenCalled();
  });
});

describe('reset and restore', () => {
  it('reset clears every filter but keeps the place', async () => {
    const { api } = fakeApi(() => page(ids(1, 2)));
    const store = createSearchStore({ api, tenant });
    await store.getState().start(
      start({
        keywords: 'spa',
        distance: 10,
        sort: 'distance',
        hasOffers: true,
        filters: { averageScore: 3 },
      }),
    );
    await store.getState().reset();
    expect(store.getState().query).toMatchObject({
      keywords: '',
      distance: 50,
      sort: 'relevance',
      hasOffers: false,
      filters: {},
      location: 'New York, NY',
      searchOrigin: 'United States',
      size: tenant.listingGrid.pageSize,
    });
  });

  it('restores kept results without searching, and pages on from them', async () => {
    const { api, searches } = fakeApi(({ params }) =>
      page(ids(Number(params.get('page')) * 100, 24), Number(params.get('page')), 3, 72),
    );
    const first = createSearchStore({ api, tenant });
    await first.getState().start(start());
    await first.getState().loadMore();
    const kept = first.getState();

    const second = createSearchStore({ api, tenant });
    second.getState().restore({ ...kept });
    expect(searches()).toHaveLength(2);
    expect(second.getState()).toMatchObject({ status: 'ready', items: kept.items });
    await second.getState().loadMore();
    expect(searches().at(-1)?.params.get('page')).toBe('2');
  });
});

describe('a search page that carries its first answers (server/site.ts)', () => {
  it('shows the carried results and featured listings without asking the API; a search again asks', async () => {
    const { api, searches, calls } = fakeApi(() => page(ids(500, 3)));
    const first = { ...start(), size: tenant.listingGrid.pageSize, page: 0 };
    const answers = new Map<string, SearchResult>([
      [searchCall(first), page(ids(1, 24), 0, 2, 30)],
      [searchCall(featuredSearchQuery(first, tenant.helperInfo.includedPrograms)), page([listing(900)])],
    ]);
    // As takePageAnswer gives them: each once.
    const carried = <T>(call: string) => {
      const body = answers.get(call);
      answers.delete(call);
      return body as T | undefined;
    };
    const store = createSearchStore({ api, tenant, carried });
    await store.getState().start(start());
    expect(calls).toHaveLength(0);
    expect(store.getState().status).toBe('ready');
    expect(store.getState().items.map((item) => item.merchantId)).toEqual(
      ids(1, 24).map((item) => item.merchantId),
    );
    expect(store.getState().featured.map((item) => item.merchantId)).toEqual([900]);
    expect(store.getState().result?.totalHits).toBe(30);

    await store.getState().retry();
    expect(searches()).toHaveLength(1);
    expect(store.getState().items.map((item) => item.merchantId)).toEqual([500, 501, 502]);
  });

  /** The answers a page carries for `first`, each taken once (as takePageAnswer gives them). */
  function carriedFor(first: SearchQuery, featured: ListingCard[], retried?: ListingCard[]) {
    const opening = { ...first, size: tenant.listingGrid.pageSize, page: 0 };
    const promotion = featuredSearchQuery(opening, tenant.helperInfo.includedPrograms);
    const answers = new Map<string, SearchResult>([
      [searchCall(opening), page(ids(1, 24), 0, 2, 30)],
      [searchCall(promotion), page(featured)],
    ]);
    if (retried) answers.set(searchCall({ ...promotion, location: '' }), page(retried));
    return <T>(call: string) => {
      const body = answers.get(call);
      answers.delete(call);
      return body as T | undefined;
    };
  }

  it('its opening search shows the carried answers from the first state, before any start', async () => {
    const { api, calls } = fakeApi(() => page(ids(500, 3)));
    const url = fakeUrl('location=New+York%2C+NY');
    const store = createSearchStore({
      api,
      tenant,
      url,
      carried: carriedFor(start(), [listing(900)]),
      first: start(),
    });
    // What the element's first draw shows (and the server's: widgets/first-screen.tsx).
    expect(store.getState()).toMatchObject({ status: 'ready', completed: 1, skipped: null });
    expect(store.getState().items).toHaveLength(24);
    expect(store.getState().featured.map((item) => item.merchantId)).toEqual([900]);
    expect(store.getState().query.location).toBe('New York, NY');

    // Its start (startSearch) searches no more: only the service options are asked for.
    await store.getState().start(start());
    expect(calls).toHaveLength(0);
    expect(api.serviceAggregations).toHaveBeenCalledWith('/services?url=%2Fmerchants', expect.anything());
    expect(store.getState().aggregations).toHaveLength(1);
    expect(store.getState().completed).toBe(1);
    expect(url.writes).toEqual([]);

    // Any later search asks the API.
    await store.getState().update({ distance: 15 });
    expect(calls.filter((call) => !call.featured)).toHaveLength(1);
    expect(store.getState().items.map((item) => item.merchantId)).toEqual([500, 501, 502]);
  });

  it('a start of another search than the opening one searches it', async () => {
    const { api, searches } = fakeApi(() => page(ids(500, 3)));
    const carried = carriedFor(start(), [listing(900)]);
    const store = createSearchStore({ api, tenant, carried, first: start() });
    await store.getState().start(start({ keywords: 'massage' }));
    expect(searches()).toHaveLength(1);
    expect(store.getState().items.map((item) => item.merchantId)).toEqual([500, 501, 502]);
  });

  it('no featured listings near the place: the first state needs the carried search without it', async () => {
    const retried = createSearchStore({
      api: fakeApi(() => page([])).api,
      tenant,
      carried: carriedFor(start(), [], [listing(901)]),
      first: start(),
    });
    expect(retried.getState().featured.map((item) => item.merchantId)).toEqual([901]);

    // Without it the element searches as it always did (the first page is asked for again).
    const { api, searches } = fakeApi(() => page(ids(1, 3)), [listing(902)]);
    const store = createSearchStore({ api, tenant, carried: carriedFor(start(), []), first: start() });
    expect(store.getState()).toMatchObject({ status: 'idle', completed: 0, items: [] });
    await store.getState().start(start());
    expect(searches()).toHaveLength(1);
    expect(store.getState().featured.map((item) => item.merchantId)).toEqual([902]);
  });

  it('asks the API for a first search the page carries nothing for', async () => {
    const { api, searches } = fakeApi(() => page(ids(1, 3)));
    const store = createSearchStore({ api, tenant, carried: () => undefined });
    await store.getState().start(start({ location: 'Austin, TX' }));
    expect(searches()).toHaveLength(1);
    expect(store.getState().items).toHaveLength(3);
  });
});
