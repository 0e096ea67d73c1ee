// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSearchQuery } from '../../../../src/domain/search';
import {
  followHistory,
  keepSnapshots,
  startSearch,
  type SearchSetup,
} from '../../../../widgets/search/search.controller';
import type { LocationDeps } from '../../../../widgets/search/search.location';
import type { SearchQuery } from '../../../../src/domain/types';
import type { SearchState, SearchStore } from '../../../../widgets/search/search.store';

/** The part of a store the controller uses, with the actions recorded. */
function fakeStore(status: SearchState['status'] = 'ready') {
  const listeners = new Set<() => void>();
  const state = {
    status,
    query: createSearchQuery({ location: 'Austin, TX' }),
    result: null,
    items: [],
    featured: [],
    extended: [],
    extendedProgress: null,
    aggregations: [],
    more: 'idle',
    start: vi.fn(async (_query: SearchQuery) => undefined),
    restore: vi.fn(),
    fromUrl: vi.fn(async (_queryString: string) => undefined),
  };
  const store = {
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as SearchStore;
  return { store, state, changed: () => listeners.forEach((listener) => listener()) };
}

/** No browser location; the IP lookup answers Austin. */
const geo: LocationDeps = {
  lookup: async () => ({ normalizeLocation: 'Austin, TX', latitude: 30.27, longitude: -97.74 }) as never,
  country: 'US',
};

const setup = (overrides: Partial<SearchSetup> = {}): SearchSetup => ({
  tenant: 'spa',
  syncUrl: false,
  ...overrides,
});

beforeEach(() => history.replaceState(null, '', '/search'));
afterEach(() => vi.useRealTimers());

describe('startSearch', () => {
  it("knows a reloaded URL that names the visitor's place it found as its own, not a search they ran", async () => {
    /** A sync-url search started on the page's URL as it is; what its start told `onPlace`. */
    const start = async () => {
      const { store, state } = fakeStore();
      const onPlace = vi.fn();
      startSearch(store, { ...setup({ syncUrl: true }), geo, onPlace });
      await vi.waitFor(() => expect(state.start).toHaveBeenCalledOnce());
      return onPlace;
    };
    expect(await start()).toHaveBeenCalledWith(expect.objectContaining({ location: 'Austin, TX' }));
    // The search writes its place into the URL (the store keeps the entry's state), then a reload.
    history.replaceState(history.state, '', '/search?location=Austin%2C+TX');
    expect(await start()).toHaveBeenCalledWith(expect.objectContaining({ location: 'Austin, TX' }));
    // A place the visitor typed is theirs, whatever the entry remembers.
    history.replaceState(history.state, '', '/search?location=Boise%2C+ID');
    expect(await start()).not.toHaveBeenCalled();
  });

  it('starts from the attributes, with the country as the widest search', async () => {
    const { store, state } = fakeStore();
    const onPlace = vi.fn();
    startSearch(store, { ...setup({ location: 'Denver, CO', keywords: 'massage' }), geo, onPlace });
    await vi.waitFor(() => expect(state.start).toHaveBeenCalledOnce());
    expect(state.start.mock.calls[0]![0]).toMatchObject({
      location: 'Denver, CO',
      keywords: 'massage',
      searchOrigin: 'United States',
    });
    expect(onPlace).not.toHaveBeenCalled();
  });

  it("searches a best-of page's destination, and a sync-url search's URL", async () => {
    const bestOf = fakeStore();
    startSearch(bestOf.store, { ...setup({ bestOf: 'austin-tx' }), geo, onPlace: vi.fn() });
    await vi.waitFor(() => expect(bestOf.state.start).toHaveBeenCalledOnce());
    expect(bestOf.state.start.mock.calls[0]![0]).toMatchObject({ location: 'Austin, TX' });

    history.replaceState(null, '', '/search?location=Boise%2C+ID&keywords=sauna');
    const synced = fakeStore();
    startSearch(synced.store, { ...setup({ syncUrl: true, location: 'Denver, CO' }), geo, onPlace: vi.fn() });
    await vi.waitFor(() => expect(synced.state.start).toHaveBeenCalledOnce());
    expect(synced.state.start.mock.calls[0]![0]).toMatchObject({ location: 'Boise, ID', keywords: 'sauna' });
  });

  it("looks up the visitor's place when nothing names one, and drops a stopped start", async () => {
    const { store, state } = fakeStore();
    const onPlace = vi.fn();
    startSearch(store, { ...setup(), geo, onPlace });
    await vi.waitFor(() => expect(state.start).toHaveBeenCalledOnce());
    expect(onPlace).toHaveBeenCalledWith(expect.objectContaining({ label: 'Austin, TX' }));
    expect(state.start.mock.calls[0]![0].location).toBe(onPlace.mock.calls[0]![0].location);

    const stopped = fakeStore();
    const stop = startSearch(stopped.store, { ...setup(), geo, onPlace: vi.fn() });
    stop();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped.state.start).not.toHaveBeenCalled();
  });
});

describe('snapshots for the back button', () => {
  it('restores the results and the place when the back button brings the search back', async () => {
    const place = { location: 'Reno, NV', label: 'Reno, NV' };
    const first = fakeStore('ready');
    const stopKeeping = keepSnapshots(first.store, setup({ tenant: 'back', location: 'Reno, NV' }), place);
    first.changed();
    stopKeeping();

    dispatchEvent(new PopStateEvent('popstate'));
    const again = fakeStore('idle');
    const onPlace = vi.fn();
    startSearch(again.store, { ...setup({ tenant: 'back', location: 'Reno, NV' }), geo, onPlace });
    expect(again.state.restore).toHaveBeenCalledWith(expect.objectContaining({ query: first.state.query }));
    expect(onPlace).toHaveBeenCalledWith(place);
    expect(again.state.start).not.toHaveBeenCalled();
  });

  it('searches again when the visitor came some other way than back, or the search was not ready', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const kept = fakeStore('ready');
    keepSnapshots(kept.store, setup({ tenant: 'late', location: 'Reno, NV' }), null)();
    kept.changed(); // stopped: saves nothing
    const loading = fakeStore('loading');
    const stop = keepSnapshots(loading.store, setup({ tenant: 'loading', location: 'Reno, NV' }), null);
    loading.changed();
    stop();

    dispatchEvent(new PopStateEvent('popstate'));
    for (const tenant of ['late', 'loading']) {
      const again = fakeStore('idle');
      startSearch(again.store, { ...setup({ tenant, location: 'Reno, NV' }), geo, onPlace: vi.fn() });
      await vi.waitFor(() => expect(again.state.start).toHaveBeenCalledOnce());
      expect(again.state.restore).not.toHaveBeenCalled();
    }

    const ready = fakeStore('ready');
    keepSnapshots(ready.store, setup({ tenant: 'old', location: 'Reno, NV' }), null);
    ready.changed();
    dispatchEvent(new PopStateEvent('popstate'));
    vi.setSystemTime(Date.now() + 3001); // past the back button's window
    const again = fakeStore('idle');
    startSearch(again.store, { ...setup({ tenant: 'old', location: 'Reno, NV' }), geo, onPlace: vi.fn() });
    await vi.waitFor(() => expect(again.state.start).toHaveBeenCalledOnce());
    expect(again.state.restore).not.toHaveBeenCalled();
  });
});

describe('followHistory', () => {
  it("runs the URL's search on back and forward within the page, until stopped", () => {
    const { store, state } = fakeStore();
    const stop = followHistory(store);
    history.replaceState(null, '', '/search?keywords=spa');
    dispatchEvent(new PopStateEvent('popstate'));
    expect(state.fromUrl).toHaveBeenCalledWith('?keywords=spa');

    history.replaceState(null, '', '/elsewhere?keywords=spa');
    dispatchEvent(new PopStateEvent('popstate'));
    stop();
    history.replaceState(null, '', '/search');
    dispatchEvent(new PopStateEvent('popstate'));
    expect(state.fromUrl).toHaveBeenCalledOnce();
  });
});
