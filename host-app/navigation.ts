import { scrollOnNavigate, type PageName } from '../src/domain/routes';

/** Saved scroll positions by history entry, for restoring on back and forward. */
const positions = new Map<string, { left: number; top: number }>();
const entryKey = () => `${location.pathname}${location.search}`;

/**
 * Whether the current location came from back/forward. Registered when this module loads, before
 * the router subscribes: the router re-renders inside its own popstate listener, so a listener
 * added later would learn of the pop only after the page had already scrolled. (Not on the
 * server, which draws pages with this module too: host-app/render.tsx.)
 */
let popped = false;
if (typeof window !== 'undefined') {
  if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  addEventListener('popstate', () => (popped = true));
  // The router (wouter) announces its own history changes with these events.
  addEventListener('pushState', () => (popped = false));
  addEventListener('replaceState', () => (popped = false));
}

/** Call before the location changes: remembers where the visitor was. */
export function rememberScroll(): void {
  positions.set(entryKey(), { left: scrollX, top: scrollY });
}

/** Scrolls as spec 2.2 says after a navigation. */
export function restoreScroll(page: PageName): void {
  const target = scrollOnNavigate({ page, hash: location.hash }, popped ? positions.get(entryKey()) : null);
  if (target.kind === 'hash') {
    document.getElementById(decodeURIComponent(target.hash.slice(1)))?.scrollIntoView();
  } else if (target.kind === 'position') {
    scrollTo(target.left, target.top);
  }
}
