import { createStore } from 'zustand/vanilla';
import type { Api } from '../../src/api/client';
import { ApiError } from '../../src/api/client';
import type { OfferCard } from '../../src/domain/types';
import { pickHomeOffers } from '../../src/domain/offer';
import { HOME_OFFERS_LIMIT } from '../../src/domain/constants';

export interface CarouselState {
  status: 'loading' | 'ready' | 'empty' | 'error';
  offers: OfferCard[];
  /** The place the offers are near, as the API resolved it. */
  place: string | null;
  error: string | null;
  load(query: { location?: string; country?: string }): Promise<void>;
}

/**
 * One store per element instance: two carousels on a page never share state. `limit`: the
 * tenant's `componentsConfig.home.offersLimit` (spec 9: 8 by default, shuffled).
 */
export function createCarouselStore(
  api: Api,
  limit: number = HOME_OFFERS_LIMIT,
  random: () => number = Math.random,
) {
  let controller: AbortController | undefined;
  return createStore<CarouselState>()((set) => ({
    status: 'loading',
    offers: [],
    place: null,
    error: null,
    async load(query) {
      // A newer load (the location attribute changed) cancels the older one.
      controller?.abort();
      controller = new AbortController();
      const { signal } = controller;
      set({ status: 'loading', error: null });
      try {
        const { items, location } = await api.offersNear({ ...query, size: Math.max(24, limit) }, signal);
        const offers = pickHomeOffers(items, random, limit);
        set({ offers, place: location, status: offers.length ? 'ready' : 'empty' });
      } catch (error) {
        if (signal.aborted) return;
        const message =
          error instanceof ApiError && error.status === 400 && error.field === 'location'
            ? 'We could not find that place.'
            : 'Offers could not be loaded right now.';
        set({ status: 'error', error: message, offers: [] });
      }
    },
  }));
}
