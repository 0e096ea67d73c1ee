// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { Suggestions } from '../../../../src/domain/types';
import { browserUrl } from '../../../../widgets/search/search.store';
import { createSuggestionStore, FIELD_TYPES } from '../../../../widgets/search/search.suggestions';

const locations = (count: number): Suggestions => ({
  merchantLocations: Array.from({ length: count }, (_, index) => ({
    url: `/search/merchants?filters=x${index}`,
    item: `Austin ${index}`,
    type: 'merchantLocations',
  })),
});

describe('suggestions (spec 4, 9)', () => {
  it('asks once per criteria, with the field and its groups, and serves the cache afterwards', async () => {
    const autocomplete = vi.fn(async () => locations(5));
    const store = createSuggestionStore({ autocomplete }, 'location');
    await store.getState().suggest('aus');
    await store.getState().suggest(' aus ');
    expect(autocomplete).toHaveBeenCalledTimes(1);
    expect(autocomplete).toHaveBeenCalledWith({ location: 'aus', types: FIELD_TYPES.location });
    // At most 3 locations.
    expect(store.getState().groups.merchantLocations).toHaveLength(3);
  });

  it('sets the loading flag while a call runs and clears it after', async () => {
    let answer: (value: Suggestions) => void = () => undefined;
    const store = createSuggestionStore(
      { autocomplete: () => new Promise<Suggestions>((resolve) => (answer = resolve)) },
      'keywords',
    );
    const running = store.getState().suggest('mass');
    expect(store.getState().loading).toBe(true);
    answer({});
    await running;
    expect(store.getState().loading).toBe(false);
  });

  it('keeps the answer to the latest text only', async () => {
    const answers: Record<string, (value: Suggestions) => void> = {};
    const store = createSuggestionStore(
      {
        autocomplete: (criteria) =>
          new Promise<Suggestions>((resolve) => (answers[String(criteria.keywords)] = resolve)),
      },
      'keywords',
    );
    const slow = store.getState().suggest('ma');
    const fast = store.getState().suggest('mas');
    answers.mas!({ suggestions: [{ url: '', item: 'massage', type: 'suggestions' }] });
    await fast;
    answers.ma!({ suggestions: [{ url: '', item: 'manicure', type: 'suggestions' }] });
    await slow;
    expect(store.getState().groups.suggestions?.map((item) => item.item)).toEqual(['massage']);
  });

  it('makes no call for blank text', async () => {
    const autocomplete = vi.fn(async () => ({}));
    const store = createSuggestionStore({ autocomplete }, 'keywords');
    await store.getState().suggest('   ');
    expect(autocomplete).not.toHaveBeenCalled();
    expect(store.getState().groups).toEqual({});
  });
});

describe('the browser URL adapter', () => {
  it('keeps the path and hash, and pushes or replaces the query', () => {
    history.replaceState(null, '', '/search?old=1#results');
    const length = history.length;
    browserUrl.write('location=Austin%2C+TX', 'replace');
    expect(location.pathname + location.search + location.hash).toBe('/search?location=Austin%2C+TX#results');
    expect(history.length).toBe(length);
    browserUrl.write('location=Austin%2C+TX&distance=15', 'push');
    expect(browserUrl.read()).toBe('?location=Austin%2C+TX&distance=15');
    expect(history.length).toBe(length + 1);
    browserUrl.write('', 'replace');
    expect(location.search).toBe('');
  });
});
