/**
 * Autocomplete for the keywords and location fields (spec 4 'Suggestions', 5, 9): a loading flag
 * while a call runs, answers cached per criteria, the spec's caps, and the answer of the latest
 * criteria only (a slow answer to 'aus' never replaces the one to 'austin').
 */
import { createStore } from 'zustand/vanilla';
import type { Api } from '../../src/api/client';
import { autocompleteCacheKey, capSuggestions, isAutocompleteCriteria } from '../../src/domain/suggestions';
import type { SuggestionType, Suggestions } from '../../src/domain/types';

/** The groups each field asks for. */
export const FIELD_TYPES: Record<'keywords' | 'location', SuggestionType[]> = {
  keywords: [
    'suggestions',
    'serviceCategories',
    'serviceOptions',
    'merchantNames',
    'merchantBannerNames',
    'offers',
  ],
  location: ['merchantLocations'],
};

/** Typing pauses this long before a call. */
export const SUGGEST_DEBOUNCE_MS = 200;

export interface SuggestionState {
  loading: boolean;
  groups: Suggestions;
  /** Suggestions for a text; blank text clears them without a call. */
  suggest(text: string): Promise<void>;
  clear(): void;
}

/** One store per field. */
export function createSuggestionStore(api: Pick<Api, 'autocomplete'>, field: 'keywords' | 'location') {
  const cache = new Map<string, Promise<Suggestions>>();
  let latest = '';
  return createStore<SuggestionState>()((set) => ({
    loading: false,
    groups: {},
    async suggest(text) {
      const trimmed = text.trim();
      const criteria = { [field]: trimmed, types: FIELD_TYPES[field] };
      const key = autocompleteCacheKey(criteria);
      latest = key;
      if (!isAutocompleteCriteria({ text: trimmed })) {
        set({ groups: {}, loading: false });
        return;
      }
      let pending = cache.get(key);
      if (!pending) {
        set({ loading: true });
        // The client answers a failure with an empty set; keep it only when it came back fine.
        pending = api.autocomplete(criteria).then(capSuggestions);
        cache.set(key, pending);
      }
      const groups = await pending;
      if (Object.keys(groups).length === 0) cache.delete(key);
      if (latest === key) set({ groups, loading: false });
    },
    clear() {
      latest = '';
      set({ groups: {}, loading: false });
    },
  }));
}

export type SuggestionStore = ReturnType<typeof createSuggestionStore>;
