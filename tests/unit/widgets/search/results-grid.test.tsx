// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { generateListings } from '../../../../server/seed/generate';
import { normaliseListing } from '../../../../src/domain/listing';
import type { ListingCard } from '../../../../src/domain/types';
import { builtInTenants } from '../../../../src/tenant';
import { firstDrawEntries } from '../../../../widgets/search/ResultsGrid';
import '../../../../widgets/search/search.element';

const API = 'http://api.test/api';
const cards = [...generateListings({ count: 24, now: new Date('2026-11-22T12:00:00Z'), startId: 100 })].map(
  ({ listing }) => normaliseListing({ ...listing }) as ListingCard,
);
const page = (items: ListingCard[]) => ({
  currentPage: 0,
  totalPages: 3,
  totalHits: 72,
  items,
  requestUrl: '/merchants',
  nextPageUrl: null,
  serviceAggregationUrl: null,
});
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  const spa = structuredClone(builtInTenants.spa);
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      if (url.pathname === '/api/tenants/spa') return json(spa);
      // The featured listings' search (a promotions filter) answers none.
      if (url.pathname === '/api/merchants') return json(page(url.searchParams.has('filters') ? [] : cards));
      return json({ error: 'unexpected' });
    }),
  );
});
afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('firstDrawEntries (issue 16: the first draw of results holds what the window shows)', () => {
  it('counts the columns the grid can have and the rows a window shows, and a row more', () => {
    expect(firstDrawEntries(412, 823, 'grid')).toBe(4); // a phone: one column
    expect(firstDrawEntries(1280, 800, 'grid')).toBe(20); // five columns of 15rem
    expect(firstDrawEntries(1920, 1080, 'grid')).toBe(35);
    // The list's rows are shorter: more of them on a screen.
    expect(firstDrawEntries(412, 823, 'list')).toBe(8);
  });
});

describe('<wellspring-search> results', () => {
  it("draws the opening search's first entries, and the rest once that draw has painted", async () => {
    const element = document.createElement('wellspring-search');
    for (const [name, value] of Object.entries({ tenant: 'spa', api: API, location: 'Austin, TX' }))
      element.setAttribute(name, value);
    document.body.append(element);
    // The entries each draw that changed the list left in the root.
    const counts: number[] = [];
    const count = () => element.shadowRoot!.querySelectorAll('ol.results > li:not(.skeleton)').length;
    new MutationObserver(() => counts.at(-1) !== count() && counts.push(count())).observe(
      element.shadowRoot!,
      { childList: true, subtree: true },
    );
    await vi.waitFor(() => expect(element.shadowRoot!.querySelectorAll('article.card')).toHaveLength(24));
    const first = firstDrawEntries(innerWidth, innerHeight, 'grid');
    expect(count()).toBeGreaterThan(first);
    // None while it searched (a skeleton), then the first entries, then all of them.
    expect(counts.filter((n) => n > 0)).toEqual([first, count()]);
  });
});

describe('<wellspring-search> cards off the screen (issue 16)', () => {
  const listClasses = (element: Element) =>
    [...element.shadowRoot!.querySelectorAll('ol.results')].map((list) => list.className);

  it('are drawn on view in the opening search, and at once when back or forward brings results', async () => {
    const element = document.createElement('wellspring-search');
    for (const [name, value] of Object.entries({ tenant: 'spa', api: API, location: 'Austin, TX' }))
      element.setAttribute(name, value);
    element.setAttribute('sync-url', '');
    document.body.append(element);
    await vi.waitFor(() => expect(element.shadowRoot!.querySelectorAll('article.card')).toHaveLength(24));
    expect(listClasses(element)).toEqual(['results grid on-view']);

    // The history's search (source 'url'), whose scroll position the browser restores: every
    // card has its own height at once, not the room a card not yet drawn keeps.
    history.pushState(null, '', '?location=Austin%2C+TX&distance=30');
    dispatchEvent(new PopStateEvent('popstate'));
    await vi.waitFor(() => expect(listClasses(element)).toEqual(['results grid']));
  });
});
