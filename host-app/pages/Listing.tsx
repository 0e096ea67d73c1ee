import { parseListingSlug, parseOfferSlug } from '../../src/domain/slug';
import type { PageProps } from '../App';

/** A listing page, or with an offer the offer page; the listing element fills it (issue 5). */
export default function Listing({ tenant, route }: PageProps) {
  const { id, oldId, offer } = route.params;
  const offerId = offer ? parseOfferSlug(offer)?.offerId : undefined;
  const listing = id ? parseListingSlug(id) : null;
  const listingId = listing?.kind === 'id' ? listing.id : undefined;
  return (
    <section>
      <h1>
        {offer
          ? offerId
            ? `Offer #${offerId}`
            : 'Offer not found!'
          : listing || oldId
            ? 'Listing'
            : 'Listing not found!'}
      </h1>
      <wellspring-listing
        tenant={tenant.name}
        {...(listingId ? { 'listing-id': String(listingId) } : {})}
        {...(offerId ? { 'offer-id': String(offerId) } : {})}
      />
    </section>
  );
}
