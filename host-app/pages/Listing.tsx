import type { PageProps } from '../App';

/** A listing page, or with an offer id the offer page; the listing element fills it (issue 5). */
export default function Listing({ tenant, route }: PageProps) {
  const { id, offer } = route.params;
  return (
    <section>
      <h1>{offer ? `Offer #${offer}` : 'Listing'}</h1>
      <wellspring-listing
        tenant={tenant.name}
        {...(id ? { 'listing-id': id } : {})}
        {...(offer ? { 'offer-id': offer } : {})}
      />
    </section>
  );
}
