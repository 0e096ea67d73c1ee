import { describe, expect, it, vi } from 'vitest';
import { ApiError, type Api } from '../../../../src/api/client';
import { createListingStore, listingKey } from '../../../../widgets/listing/listing.store';
import { listingTarget } from '../../../../widgets/listing/Listing';
import type { Listing, OfferWithListing } from '../../../../src/domain/types';

const listing = { merchantId: 42, name: 'Glow Spa', canonicalLink: '/spa/glow-spa-42' } as Listing;
const offer = {
  offer: { id: 7, title: 'Massage' },
  listingId: 42,
  name: 'Glow Spa',
  canonicalLink: '/offer/massage-7',
};
/** GET /offers/7?include=listing's answer: the offer info with its listing. */
const offerWithListing = { ...offer, listing } as OfferWithListing;

function fakeApi(overrides: Partial<Record<'listing' | 'listingByOldId' | 'offerInfo', unknown>> = {}) {
  return {
    listing: vi.fn(async () => listing),
    listingByOldId: vi.fn(async () => listing),
    offerInfo: vi.fn(async () => offerWithListing),
    ...overrides,
  } as unknown as Api & Record<'listing' | 'listingByOldId' | 'offerInfo', ReturnType<typeof vi.fn>>;
}

describe('listing store (spec 4: listing and offer fetch)', () => {
  it('is loading during the fetch and ready with the canonical link after it', async () => {
    const api = fakeApi();
    const store = createListingStore(api, '/404');
    const pending = store.getState().load({ kind: 'listing', id: 42 });
    expect(store.getState().status).toBe('loading');
    await pending;
    expect(store.getState()).toMatchObject({ status: 'ready', listing, canonicalLink: '/spa/glow-spa-42' });
  });

  it('loads an offer page with one request, and its listing then without another', async () => {
    const api = fakeApi();
    const store = createListingStore(api, '/404');
    await store.getState().load({ kind: 'offer', offerId: 7 }, '?utm_source=partner');
    expect(api.offerInfo).toHaveBeenCalledTimes(1);
    expect(api.offerInfo).toHaveBeenCalledWith(7, '?utm_source=partner', expect.any(AbortSignal));
    expect(api.listing).not.toHaveBeenCalled();
    // The offer state is the offer info alone: the listing has its own place.
    expect(store.getState().offer).toEqual(offer);
    expect(store.getState()).toMatchObject({ status: 'ready', listing, canonicalLink: '/offer/massage-7' });
    await store.getState().load({ kind: 'listing', id: 42 });
    expect(api.listing).not.toHaveBeenCalled();
    expect(store.getState()).toMatchObject({
      status: 'ready',
      offer: null,
      listing,
      canonicalLink: '/spa/glow-spa-42',
    });
  });

  it("says 'Listing not found!' and points the canonical link at the not-found meta URL on a 404", async () => {
    const api = fakeApi({
      listing: vi.fn(async () => Promise.reject(new ApiError(404, 'Listing not found!'))),
    });
    const store = createListingStore(api, '/404');
    await store.getState().load({ kind: 'listing', id: 1 });
    expect(store.getState()).toMatchObject({
      status: 'error',
      notFound: true,
      error: 'Listing not found!',
      canonicalLink: '/404',
    });
  });

  it("says 'Offer not found!' for an unknown offer", async () => {
    const api = fakeApi({
      offerInfo: vi.fn(async () => Promise.reject(new ApiError(404, 'Offer not found!'))),
    });
    const store = createListingStore(api, '/not-found');
    await store.getState().load({ kind: 'offer', offerId: 9 });
    expect(store.getState()).toMatchObject({
      notFound: true,
      error: 'Offer not found!',
      canonicalLink: '/not-found',
    });
  });

  it('offers a retry, not a not-found page, when the network fails', async () => {
    const api = fakeApi({ listing: vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))) });
    const store = createListingStore(api, '/404');
    await store.getState().load({ kind: 'listing', id: 42 });
    expect(store.getState()).toMatchObject({ status: 'error', notFound: false });
    api.listing.mockImplementation(async () => listing);
    await store.getState().load({ kind: 'listing', id: 42 });
    expect(store.getState().status).toBe('ready');
  });

  it('still shows the offer when its listing could not be served, and fetches that listing later', async () => {
    const api = fakeApi({ offerInfo: vi.fn(async () => ({ ...offer, listing: null })) });
    const store = createListingStore(api, '/404');
    await store.getState().load({ kind: 'offer', offerId: 7 });
    expect(store.getState()).toMatchObject({ status: 'ready', offer, listing: null });
    expect(api.listing).not.toHaveBeenCalled();
    await store.getState().load({ kind: 'listing', id: 42 });
    expect(api.listing).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ status: 'ready', listing });
  });

  it('loads by old id, keeping the canonical link the API rebuilt', async () => {
    const api = fakeApi();
    const store = createListingStore(api, '/404');
    await store.getState().load({ kind: 'oldId', oldId: 900042 });
    expect(api.listingByOldId).toHaveBeenCalledWith(900042, expect.any(AbortSignal));
    expect(store.getState().canonicalLink).toBe('/spa/glow-spa-42');
  });

  it('draws what the page carries for its first call without asking, and asks for the rest', async () => {
    const api = fakeApi();
    // A page carrying one answer, taken once (as takePageAnswer does).
    const page = (call: string, body: unknown) => {
      let answer: unknown = body;
      return <T>(asked: string) => {
        if (asked !== call) return undefined;
        const taken = answer as T | undefined;
        answer = undefined;
        return taken;
      };
    };
    const offerPage = createListingStore(api, '/404', page('offers/7?include=listing', offerWithListing));
    await offerPage.getState().load({ kind: 'offer', offerId: 7 }, '?utm_source=partner');
    expect(offerPage.getState()).toMatchObject({ status: 'ready', listing, offer: { listingId: 42 } });
    // Its listing came with it; another offer of the page is asked for.
    await offerPage.getState().load({ kind: 'listing', id: 42 });
    await offerPage.getState().load({ kind: 'offer', offerId: 7 });
    expect(api.listing).not.toHaveBeenCalled();
    expect(api.offerInfo).toHaveBeenCalledTimes(1);

    const oldIdPage = createListingStore(api, '/404', page('merchants/map/900042', listing));
    await oldIdPage.getState().load({ kind: 'oldId', oldId: 900042 });
    expect(oldIdPage.getState()).toMatchObject({ status: 'ready', listing });
    expect(api.listingByOldId).not.toHaveBeenCalled();

    const listingPage = createListingStore(api, '/404', page('merchants/42', listing));
    await listingPage.getState().load({ kind: 'listing', id: 42 });
    expect(listingPage.getState()).toMatchObject({ status: 'ready', listing });
    expect(api.listing).not.toHaveBeenCalled();
  });

  it('starts showing the first page it is given when the page carries it (no loading state)', () => {
    const api = fakeApi();
    const page =
      (call: string, body: unknown) =>
      <T>(asked: string) =>
        (asked === call ? body : undefined) as T | undefined;
    const first = { kind: 'offer', offerId: 7 } as const;
    const offerPage = createListingStore(
      api,
      '/404',
      page('offers/7?include=listing', offerWithListing),
      first,
    );
    expect(offerPage.getState()).toMatchObject({
      status: 'ready',
      listing,
      offer: { listingId: 42 },
      shown: listingKey(first),
    });
    // Not carried: it starts idle, and the element loads it.
    const elsewhere = createListingStore(api, '/404', page('merchants/1', listing), {
      kind: 'listing',
      id: 42,
    });
    expect(elsewhere.getState()).toMatchObject({ status: 'idle', listing: null, shown: null });
  });
});

describe('listingTarget (the element attributes)', () => {
  it('shows the offer page when an offer id is given', () => {
    expect(listingTarget({ listingId: '42', offerId: '7' })).toEqual({ kind: 'offer', offerId: 7 });
  });
  it('reads a listing id, else an old id', () => {
    expect(listingTarget({ listingId: '42' })).toEqual({ kind: 'listing', id: 42 });
    expect(listingTarget({ oldId: '900042' })).toEqual({ kind: 'oldId', oldId: 900042 });
  });
  it.each([{}, { listingId: 'abc' }, { listingId: '-1' }, { offerId: '1e3' }, { listingId: '9'.repeat(20) }])(
    'has nothing to show for %o',
    (attributes) => expect(listingTarget(attributes)).toBeNull(),
  );
});
