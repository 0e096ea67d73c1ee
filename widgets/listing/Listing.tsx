import { useEffect, useState } from 'react';
import { useStore } from 'zustand';
import { isListingPageNotFound } from '../../src/domain/listing-page';
import { pageHead } from '../../src/domain/seo';
import { Problem, useElement } from '../define';
import { baseStyles } from '../../src/ui/base.styles';
import { useShadowStyles } from '../styles';
import { createListingStore, listingKey, type ListingTarget } from './listing.store';
import { listingStyles } from './listing.styles';
import { starsStyles } from '../../src/ui/stars.styles';
import { ListingPage } from './ListingPage';
import { OfferPage } from './OfferPage';
import { ListingViewContext, useListingViewValue } from './listing.context';
import { NotFound } from './parts';
import type { PropsOf } from '../declare';
import type { listingDeclaration } from './listing.declaration';

/** Its attributes besides tenant, api and site, as listing.declaration.ts declares them. */
export type ListingAttributes = PropsOf<typeof listingDeclaration>;

const ID = /^\d{1,15}$/;

/** What the attributes ask for; null when no valid id is given. The offer wins. */
export function listingTarget({
  listingId,
  oldId,
  offerId,
}: Omit<ListingAttributes, 'syncUrl'>): ListingTarget | null {
  if (offerId && ID.test(offerId.trim())) return { kind: 'offer', offerId: Number(offerId) };
  if (listingId && ID.test(listingId.trim())) return { kind: 'listing', id: Number(listingId) };
  if (oldId && ID.test(oldId.trim())) return { kind: 'oldId', oldId: Number(oldId) };
  return null;
}

/**
 * <wellspring-listing>: the listing page of spec 2.5, or with `offer-id` the offer page of 2.6.
 * Spec 4's states: a loading flag while fetching, 'Listing not found!' / 'Offer not found!' as a
 * page with a way back to search, a retry for failures.
 */
export function Listing(attributes: ListingAttributes) {
  const { api, carried, tenant, site, emit, track } = useElement();
  useShadowStyles(baseStyles, starsStyles, listingStyles);
  const target = listingTarget(attributes);
  const key = target ? listingKey(target) : '';
  const [store] = useState(() =>
    createListingStore(api, tenant.endpoints.notFoundPageMetaUrl, carried, target),
  );
  const state = useStore(store);
  const view = useListingViewValue(attributes.syncUrl === true);

  useEffect(() => {
    // A page the store shows from its first state (carried by the page) is not asked for again.
    if (target && store.getState().shown !== key) void store.getState().load(target, location.search);
  }, [key]); // the target's value, not its identity

  const { status, listing, offer, error, notFound, canonicalLink } = state;
  useEffect(() => {
    if (status === 'ready' || status === 'error') {
      const head = status === 'ready' ? pageHead({ listing, offer }, tenant) : null;
      emit('wellspring-page', {
        title: head?.title ?? `${error ?? ''} | ${tenant.brandName}`,
        description: head?.description ?? '',
        canonicalLink: canonicalLink ?? '',
        notFound: status === 'error',
      });
    }
    if (status === 'ready') {
      emit('wellspring-ready', { tenant: tenant.name, count: 1 });
      if (listing) view.track('view', listing.merchantId);
      if (listing && isListingPageNotFound(listing)) {
        track({ event: 'listing_error', kind: 'page_not_found' });
      }
      // The page was opened at an anchor (/spa/name-1#services): scroll there once it exists.
      if (view.syncUrl && location.hash)
        requestAnimationFrame(() => view.scrollToAnchor(location.hash.slice(1), false));
    }
    if (status === 'error') {
      emit('wellspring-error', { message: error ?? '', status: notFound ? 404 : undefined });
      // A failed request is tracked where every /merchants response is (src/api: onFailure);
      // a listing that does not exist is also a page not found.
      if (notFound) track({ event: 'listing_error', kind: 'page_not_found', status: 404 });
    }
  }, [status, listing, offer, error]); // once per load: a cached listing may skip 'loading' in between

  if (!target || (status === 'error' && notFound)) {
    const text = attributes.offerId ? 'Offer not found!' : 'Listing not found!';
    return <NotFound title={target ? (error ?? text) : text} searchUrl={`${site}/search`} />;
  }
  if (status === 'error') {
    return (
      <Problem message={error ?? ''} onRetry={() => void store.getState().load(target, location.search)} />
    );
  }
  if (status !== 'ready') {
    return (
      <div className="ws-loading" role="status" aria-live="polite" aria-busy="true">
        {target.kind === 'offer' ? 'Loading the offer…' : 'Loading the listing…'}
      </div>
    );
  }
  return (
    <ListingViewContext.Provider value={view}>
      {offer ? <OfferPage offer={offer} listing={listing} /> : listing && <ListingPage listing={listing} />}
    </ListingViewContext.Provider>
  );
}
