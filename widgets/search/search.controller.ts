/**
 * What the search element does around its store, without React: how a search starts (a snapshot
 * when the back button brings it back, else the URL, the attributes or the visitor's location),
 * back and forward through the URLs it wrote, and the snapshots that make the back button instant.
 * Each function starts something and returns the function that stops it, as an effect wants.
 */
import { firstSearchQuery } from '../../src/domain/search';
import { findVisitorLocation, type LocationDeps } from './search.location';
import { resultsOf, type SearchResults, type SearchStore } from './search.store';

/** A place and the text the visitor reads for it ('30.2672,-97.7431' is 'Austin, TX'). */
export interface Place {
  location: string;
  label: string;
  /** The IP database's credit when the place came from the IP lookup (its licence asks for the link). */
  attribution?: { text: string; link: string };
}

/** Which search an element shows: what names its snapshot. */
export interface SearchSetup {
  tenant: string;
  /** The best-of destination slug, on a best-of page. */
  bestOf?: string | undefined;
  /** The element owns the page URL: the URL names the search, not the attributes. */
  syncUrl: boolean;
  /** The `location` and `keywords` attributes. */
  location?: string | undefined;
  keywords?: string | undefined;
}

/** What the back button restores: the results and where the visitor had scrolled. */
interface Snapshot {
  results: SearchResults;
  place: Place | null;
  scrollY: number;
  at: number;
}

// Shared by every search element of the page: the back button brings back a new element.
const snapshots = new Map<string, Snapshot>();
const MAX_SNAPSHOTS = 10;
const SNAPSHOT_TTL_MS = 30 * 60_000;
/** A remount this soon after a popstate is the back (or forward) button bringing the search back. */
const BACK_WINDOW_MS = 3000;
let poppedAt = -Infinity;
if (typeof addEventListener === 'function') addEventListener('popstate', () => (poppedAt = Date.now()));

function snapshotKey(setup: SearchSetup): string {
  const search = setup.syncUrl
    ? `${location.pathname}${location.search}`
    : `${setup.location ?? ''}|${setup.keywords ?? ''}`;
  return `${setup.tenant}|${setup.bestOf ?? ''}|${search}`;
}

/** Where a sync-url search keeps the place it found for the visitor, in its history entry's state. */
const LOCATED = 'wellspringLocated';
type LocatedState = { [LOCATED]?: Place };
const syncUrl = (setup: SearchSetup) => setup.syncUrl && !setup.bestOf;

/**
 * Starts the search: a snapshot when the back button brings the search back, else the URL
 * (sync-url), the attributes, and the visitor's location when none of them names a place.
 * `onPlace` hears the place when the start found it (the snapshot's, or the visitor's, also when a
 * reload brings back the URL that named the visitor's place).
 * The returned function drops a start still waiting for the visitor's location.
 */
export function startSearch(
  store: SearchStore,
  setup: SearchSetup & { geo: LocationDeps; onPlace(place: Place | null): void },
): () => void {
  const snapshot = snapshots.get(snapshotKey(setup));
  if (snapshot && Date.now() - poppedAt < BACK_WINDOW_MS && Date.now() - snapshot.at < SNAPSHOT_TTL_MS) {
    store.getState().restore(snapshot.results);
    setup.onPlace(snapshot.place);
    requestAnimationFrame(() => requestAnimationFrame(() => scrollTo({ top: snapshot.scrollY })));
    return () => undefined;
  }
  let live = true;
  void (async () => {
    const initial = firstSearchQuery(setup.geo.country, setup, syncUrl(setup) ? location.search : undefined);
    const located = syncUrl(setup) ? (history.state as LocatedState | null)?.[LOCATED] : undefined;
    if (!initial.location && !setup.bestOf) {
      const found = await findVisitorLocation(setup.geo);
      if (!live) return;
      initial.location = found.location;
      setup.onPlace(found);
      // Kept with this history entry, which a reload keeps too: the URL the search writes names
      // this place, and reloading it is still the element's own search, not one the visitor ran.
      if (syncUrl(setup)) history.replaceState({ ...(history.state as object | null), [LOCATED]: found }, '');
    } else if (located && located.location === initial.location) {
      setup.onPlace(located);
    }
    if (live) void store.getState().start(initial);
  })();
  return () => {
    live = false;
  };
}

/** Back and forward between the searches the element wrote into the URL of this page. */
export function followHistory(store: SearchStore): () => void {
  const path = location.pathname;
  const onPop = () => location.pathname === path && void store.getState().fromUrl(location.search);
  addEventListener('popstate', onPop);
  return () => removeEventListener('popstate', onPop);
}

/**
 * Keeps a snapshot of the results, the place and the scroll position while this search is on
 * screen (its page's path); the newest ten are kept, and a start takes one up to half an hour old.
 */
export function keepSnapshots(store: SearchStore, setup: SearchSetup, place: Place | null): () => void {
  const path = location.pathname;
  let scrollY = typeof window === 'undefined' ? 0 : window.scrollY;
  const save = () => {
    if (location.pathname !== path || store.getState().status !== 'ready') return;
    const key = snapshotKey(setup);
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
}
