/**
 * The searches a visitor runs, kept for their account from the page's first moment. The account
 * corner (AccountMenu) and the sign-in session arrive after the first paint, and a search page
 * opened from a link or reloaded runs its search before they do: that search is held here and
 * saved once the session is known, instead of being lost. Part of the first load (a few bytes).
 */

/** What the search element's `wellspring-search` event says of a search. */
export interface SearchRun {
  query?: string;
  page?: number;
  located?: boolean;
}

let pending: SearchRun | null = null;
let save: ((search: SearchRun) => void) | null = null;

/** Starts listening (once, at start-up): first pages of searches, not the pages a list scrolls to. */
export function logSearches(): void {
  document.addEventListener('wellspring-search', (event) => {
    const search = (event as CustomEvent<SearchRun | undefined>).detail;
    if (!search || search.page) return;
    if (save) save(search);
    else pending = search;
  });
}

/**
 * Hands every search to `saveSearch` from now on, starting with the last one run before (if any).
 * Returns the way to stop (sign-out): searches are then held again until the next sign-in.
 */
export function saveSearchesWith(saveSearch: (search: SearchRun) => void): () => void {
  const before = pending;
  pending = null;
  save = saveSearch;
  if (before) saveSearch(before);
  return () => {
    if (save === saveSearch) save = null;
  };
}
