// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { logSearches, saveSearchesWith, type SearchRun } from '../../../../host-app/accounts/search-log';

const search = (detail: SearchRun) =>
  document.dispatchEvent(new CustomEvent('wellspring-search', { detail, bubbles: true }));

describe("the visitor's searches, kept for their account", () => {
  it('saves the search a page ran before the session was known, then each new one, until sign-out', () => {
    logSearches();
    search({ query: '?keywords=spa', page: 0 });
    search({ query: '?keywords=massage', page: 0 });
    search({ query: '?keywords=massage', page: 1 }); // the list scrolling on: not a new search

    const saved: string[] = [];
    const stop = saveSearchesWith((run) => saved.push(run.query!));
    expect(saved).toEqual(['?keywords=massage']);

    search({ query: '?keywords=facial', page: 0 });
    expect(saved).toEqual(['?keywords=massage', '?keywords=facial']);

    stop();
    search({ query: '?keywords=yoga', page: 0 });
    expect(saved).toHaveLength(2);
    // Signed in again: the search run while signed out is the one kept meanwhile.
    saveSearchesWith((run) => saved.push(run.query!));
    expect(saved.at(-1)).toBe('?keywords=yoga');
  });
});
