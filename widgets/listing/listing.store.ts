import { createStore } from 'zustand/vanilla';
import { ApiError, type Api } from '../../src/api/client';
import { ERROR_MESSAGES } from '../../src/domain/constants';
import type { Listing, OfferInfo, OfferWithListing } from '../../src/domain/types';

/** What the element is asked to show: a listing by id or old id, or an offer (with its listing). */
export type ListingTarget =
  { kind: 'listing'; id: number } | { kind: 'oldId'; oldId: number } | { kind: 'offer'; offerId: number };

export interface ListingState {
  /** Spec 4's loading flag: on while fetching, off afterwards. */
  status: 'idle' | 'loading' | 'ready' | 'error';
  listing: Listing | null;
  offer: OfferInfo | null;
  /** 'Listing not found!', 'Offer not found!' or a network failure's text. */
  error: string | null;
  /** Whether the error is a 404 (a not-found page) rather than a failure worth retrying. */
  notFound: boolean;
  /** The page's canonical path; the tenant's not-found meta URL after a failure (spec 4). */
  canonicalLink: string | null;
  load(target: ListingTarget, pageQuery?: string): Promise<void>;
}

const FAILED = 'This page could not be loaded right now.';

/**
 * The answer the page carries to an API call, taken once ('merchants/42': takePageAnswer of
 * src/api/page-answer.ts on the hosted site); undefined when it carries none for that call.
 */
export type CarriedAnswer = <T>(call: string) => T | undefined;

/**
 * One store per element instance (spec 4 'Listing fetch by slug', 'Offer fetch'). An offer comes
 * with its listing in one request. Listings are cached per store by id, so going from an offer
 * to its listing, or back to a listing seen before, does not fetch it again. What the page
 * carries (`carried`) answers a call first: a listing or offer page draws without asking.
 */
export function createListingStore(
  api: Api,
  notFoundMetaUrl: string,
  carried: CarriedAnswer = () => undefined,
) {
  let controller: AbortController | undefined;
  const cache = new Map<number, Promise<Listing>>();
  const listingById = (id: number, signal: AbortSignal) => {
    let pending = cache.get(id);
    if (!pending) {
      const answer = carried<Listing>(`merchants/${id}`);
      pending = answer ? Promise.resolve(answer) : api.listing(id, signal);
      pending.catch(() => cache.delete(id));
      cache.set(id, pending);
    }
    return pending;
  };

  return createStore<ListingState>()((set) => ({
    status: 'idle',
    listing: null,
    offer: null,
    error: null,
    notFound: false,
    canonicalLink: null,
    async load(target, pageQuery = '') {
      controller?.abort();
      controller = new AbortController();
      const { signal } = controller;
      set({ status: 'loading', error: null, notFound: false });
      try {
        if (target.kind === 'offer') {
          // The offer page shows the business too: it comes with the offer (null when it could
          // not be served, and the offer still shows), and is kept for a visit to the listing.
          // The API ignores the page's parameters: the page's answer serves whatever they are.
          const { listing, ...offer } =
            carried<OfferWithListing>(`offers/${target.offerId}?include=listing`) ??
            (await api.offerInfo(target.offerId, pageQuery, signal));
          if (listing) cache.set(listing.merchantId, Promise.resolve(listing));
          set({ status: 'ready', offer, listing, canonicalLink: offer.canonicalLink });
          return;
        }
        const listing =
          target.kind === 'listing'
            ? await listingById(target.id, signal)
            : (carried<Listing>(`merchants/map/${target.oldId}`) ??
              (await api.listingByOldId(target.oldId, signal)));
        cache.set(listing.merchantId, Promise.resolve(listing));
        set({ status: 'ready', listing, offer: null, canonicalLink: listing.canonicalLink });
      } catch (error) {
        if (signal.aborted) return;
        const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
        const missing =
          target.kind === 'offer' ? ERROR_MESSAGES.offerNotFound : ERROR_MESSAGES.listingNotFound;
        set({
          status: 'error',
          listing: null,
          offer: null,
          notFound,
          error: notFound ? missing : FAILED,
          canonicalLink: notFoundMetaUrl,
        });
      }
    },
  }));
}
