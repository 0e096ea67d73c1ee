import { createStore } from 'zustand/vanilla';
import { ApiError, type Api } from '../../src/api/client';
import type { CarriedAnswer } from '../../src/api/page-answer';
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
  /** What the state shows or is loading (listingKey): a target already shown needs no load. */
  shown: string | null;
  load(target: ListingTarget, pageQuery?: string): Promise<void>;
}

const FAILED = 'This page could not be loaded right now.';

/** A target as a key: two targets asking for the same page have the same key. */
export const listingKey = (target: ListingTarget): string => JSON.stringify(target);

/** The API call whose answer shows `target`, as a page carrying it names it (server/site.ts). */
export function targetCall(target: ListingTarget): string {
  if (target.kind === 'offer') return `offers/${target.offerId}?include=listing`;
  return target.kind === 'listing' ? `merchants/${target.id}` : `merchants/map/${target.oldId}`;
}

type Shown = Pick<ListingState, 'status' | 'listing' | 'offer' | 'canonicalLink' | 'shown'>;

/** The state showing `target` from what the page carries for it; undefined when it carries none. */
function carriedState(target: ListingTarget, carried: CarriedAnswer): Shown | undefined {
  const shown = listingKey(target);
  if (target.kind === 'offer') {
    const answer = carried<OfferWithListing>(targetCall(target));
    if (!answer) return undefined;
    const { listing, ...offer } = answer;
    return { status: 'ready', offer, listing, canonicalLink: offer.canonicalLink, shown };
  }
  const listing = carried<Listing>(targetCall(target));
  return listing && { status: 'ready', listing, offer: null, canonicalLink: listing.canonicalLink, shown };
}

/**
 * One store per element instance (spec 4 'Listing fetch by slug', 'Offer fetch'). An offer comes
 * with its listing in one request. Listings are cached per store by id, so going from an offer
 * to its listing, or back to a listing seen before, does not fetch it again. What the page
 * carries (`carried`) answers a call first: a listing or offer page draws without asking, and
 * the `first` target it carries is shown from the store's first state (an element drawn on the
 * server draws the same at once when its code starts, never 'Loading…' over it).
 */
export function createListingStore(
  api: Api,
  notFoundMetaUrl: string,
  carried: CarriedAnswer = () => undefined,
  first?: ListingTarget | null,
) {
  let controller: AbortController | undefined;
  const cache = new Map<number, Promise<Listing>>();
  const listingById = (id: number, signal: AbortSignal) => {
    let pending = cache.get(id);
    if (!pending) {
      const answer = carried<Listing>(targetCall({ kind: 'listing', id }));
      pending = answer ? Promise.resolve(answer) : api.listing(id, signal);
      pending.catch(() => cache.delete(id));
      cache.set(id, pending);
    }
    return pending;
  };

  const start = first ? carriedState(first, carried) : undefined;
  if (start?.listing) cache.set(start.listing.merchantId, Promise.resolve(start.listing));

  return createStore<ListingState>()((set) => ({
    status: 'idle',
    listing: null,
    offer: null,
    error: null,
    notFound: false,
    canonicalLink: null,
    shown: null,
    ...start,
    async load(target, pageQuery = '') {
      controller?.abort();
      controller = new AbortController();
      const { signal } = controller;
      const shown = listingKey(target);
      set({ status: 'loading', error: null, notFound: false, shown });
      try {
        if (target.kind === 'offer') {
          // The offer page shows the business too: it comes with the offer (null when it could
          // not be served, and the offer still shows), and is kept for a visit to the listing.
          // The API ignores the page's parameters: the page's answer serves whatever they are.
          const { listing, ...offer } =
            carried<OfferWithListing>(targetCall(target)) ??
            (await api.offerInfo(target.offerId, pageQuery, signal));
          if (listing) cache.set(listing.merchantId, Promise.resolve(listing));
          set({ status: 'ready', offer, listing, canonicalLink: offer.canonicalLink });
          return;
        }
        const listing =
          target.kind === 'listing'
            ? await listingById(target.id, signal)
            : (carried<Listing>(targetCall(target)) ?? (await api.listingByOldId(target.oldId, signal)));
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
