import type { Listing } from '../../../src/domain/types';

/** The amenities by kind. */
export function Amenities({ listing }: { listing: Listing }) {
  return (
    <section aria-labelledby="amenities-title">
      <h2 id="amenities-title">Amenities</h2>
      <dl className="groups">
        {listing.amenities.map((amenity) => (
          <div key={amenity.offeringType}>
            <dt>{amenity.offeringType}</dt>
            <dd>{amenity.offerings.join(' · ')}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
