import { describe, expect, it, vi } from 'vitest';
import { ApiError, type Api } from '../../../../src/api/client';
import type { OfferCard } from '../../../../src/domain/types';
import { createCarouselStore } from '../../../../widgets/offers-carousel/offers-carousel.store';

const offers = Array.from(
  { length: 12 },
  (_, i) => ({ offerId: i + 1, title: `Offer ${i + 1}` }) as unknown as OfferCard,
);

type OffersNear = Api['offersNear'];

function fakeApi(offersNear: OffersNear) {
  return { offersNear: vi.fn(offersNear) } as unknown as Api & { offersNear: ReturnType<typeof vi.fn> };
}

describe('offers carousel store (spec 4: offers near the visitor, at most 8)', () => {
  it('is loading during the fetch, then ready with at most 8 offers and the place the API resolved', async () => {
    const api = fakeApi(async () => ({ items: offers, location: 'Austin, TX' }));
    const store = createCarouselStore(api, 8, () => 0.5);
    const pending = store.getState().load({ location: 'Austin, TX' });
    expect(store.getState().status).toBe('loading');
    await pending;
    const state = store.getState();
    expect(state).toMatchObject({ status: 'ready', place: 'Austin, TX', error: null });
    expect(state.offers).toHaveLength(8);
    expect(new Set(state.offers).size).toBe(8);
    for (const offer of state.offers) expect(offers).toContain(offer);
    expect(api.offersNear).toHaveBeenCalledWith(
      { location: 'Austin, TX', size: 24 },
      expect.any(AbortSignal),
    );
  });

  it("shows the tenant's number of offers (componentsConfig.home.offersLimit)", async () => {
    const api = fakeApi(async () => ({ items: offers, location: 'Austin, TX' }));
    const few = createCarouselStore(api, 3);
    await few.getState().load({ location: 'Austin, TX' });
    expect(few.getState().offers).toHaveLength(3);
    const many = createCarouselStore(api, 30);
    await many.getState().load({ location: 'Austin, TX' });
    // All 12 near offers, asked for with room for 30.
    expect(many.getState().offers).toHaveLength(12);
    expect(api.offersNear).toHaveBeenLastCalledWith(
      { location: 'Austin, TX', size: 30 },
      expect.any(AbortSignal),
    );
  });

  it('is empty (not an error) when no offer is near', async () => {
    const store = createCarouselStore(fakeApi(async () => ({ items: [], location: 'Nowhere, NV' })));
    await store.getState().load({ location: 'Nowhere, NV' });
    expect(store.getState()).toMatchObject({ status: 'empty', offers: [], error: null });
  });

  it('says the place was not found when the API refuses the location', async () => {
    const store = createCarouselStore(
      fakeApi(async () => Promise.reject(new ApiError(400, 'location: unknown place', 'location'))),
    );
    await store.getState().load({ location: 'Atlantis' });
    expect(store.getState()).toMatchObject({
      status: 'error',
      error: 'We could not find that place.',
      offers: [],
    });
  });

  it('says offers could not be loaded for any other failure', async () => {
    const store = createCarouselStore(fakeApi(async () => Promise.reject(new ApiError(503, 'down'))));
    await store.getState().load({});
    expect(store.getState()).toMatchObject({
      status: 'error',
      error: 'Offers could not be loaded right now.',
    });
  });

  it('aborts the older load when the location changes and keeps only the newer offers, silently', async () => {
    let rejectFirst: (reason: unknown) => void = () => undefined;
    const api = fakeApi((query, signal) => {
      if (query.location === 'Austin, TX')
        return new Promise((_, reject) => {
          rejectFirst = reject;
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      return Promise.resolve({ items: offers.slice(0, 2), location: 'Dallas, TX' });
    });
    const store = createCarouselStore(api);
    const first = store.getState().load({ location: 'Austin, TX' });
    const firstSignal = api.offersNear.mock.calls[0]![1] as AbortSignal;
    await store.getState().load({ location: 'Dallas, TX' });
    expect(firstSignal.aborted).toBe(true);
    rejectFirst(new ApiError(503, 'late failure'));
    await first;
    expect(store.getState()).toMatchObject({ status: 'ready', place: 'Dallas, TX', error: null });
    expect(store.getState().offers).toHaveLength(2);
  });

  it('keeps two carousels apart: each element has its own store', async () => {
    const a = createCarouselStore(fakeApi(async () => ({ items: offers.slice(0, 1), location: 'A' })));
    const b = createCarouselStore(fakeApi(async () => ({ items: [], location: 'B' })));
    await Promise.all([a.getState().load({}), b.getState().load({})]);
    expect(a.getState().status).toBe('ready');
    expect(b.getState().status).toBe('empty');
  });
});
