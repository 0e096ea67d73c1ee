import type { Listing } from '../../../src/domain/types';
import { useElement } from '../../define';

/** Spec 2.5's DINING: activities, accommodations, the room and dining text and image. */
export function Dining({ listing }: { listing: Listing }) {
  const { imageUrl } = useElement();
  const text = listing.roomAndDiningDescription.trim();
  if (!listing.activities.length && !listing.accommodations.length && !text) return null;
  return (
    <section id="dining" tabIndex={-1} aria-labelledby="dining-title">
      <h2 id="dining-title">Dining and stay</h2>
      {listing.roomAndDiningImage && (
        <img
          className="section-image"
          src={imageUrl(listing.roomAndDiningImage.url)}
          alt={listing.roomAndDiningImage.caption}
          width={360}
          height={260}
          loading="lazy"
          decoding="async"
        />
      )}
      {text && <p>{text}</p>}
      {listing.facilityAndDiningDescription.trim() && <p>{listing.facilityAndDiningDescription}</p>}
      <dl className="groups">
        {listing.accommodations.length > 0 && (
          <div>
            <dt>Accommodations</dt>
            <dd>{listing.accommodations.join(' · ')}</dd>
          </div>
        )}
        {listing.activities.length > 0 && (
          <div>
            <dt>Activities</dt>
            <dd>{listing.activities.join(' · ')}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
