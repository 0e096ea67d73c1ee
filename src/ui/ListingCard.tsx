import type { MouseEvent } from 'react';
import { formatMiles } from '../domain/geo';
import type { ListingCard as ListingCardData } from '../domain/types';
import { Stars } from './Stars';

/**
 * One listing as a card: image, name (the link; the whole card is its target), place, distance,
 * rating, offers and a featured badge. The search element's results and the hosted site's
 * listing modules both draw it, styled by `listingCardStyles` (./listing-card.styles).
 */
export function ListingCard({
  listing,
  href,
  imageSrc,
  showReviews,
  featured = false,
  headingLevel = 3,
  eager = false,
  onSelect,
}: {
  listing: ListingCardData;
  href: string;
  /** The card image's URL, already through the tenant's image resizer where there is one. */
  imageSrc: string;
  showReviews: boolean;
  featured?: boolean;
  /** The card title's heading level, one below the heading of the list it is in. */
  headingLevel?: 1 | 2 | 3 | 4;
  /** On the first screen: fetched at once rather than once laid out (it is often the largest paint). */
  eager?: boolean;
  onSelect?: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const { city, stateOrProvinceCode, stateOrProvince } = listing.location;
  const place = [city, stateOrProvinceCode || stateOrProvince].filter(Boolean).join(', ');
  const offer = listing.offers[0];
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={`card${featured ? ' featured' : ''}`} part="card">
      <img
        src={imageSrc}
        alt=""
        width={360}
        height={260}
        loading={eager ? 'eager' : 'lazy'}
        // The first screen's cards are drawn with their text, not decoded apart for a later frame.
        decoding={eager ? 'sync' : 'async'}
      />
      <div className="card-body">
        {featured && <span className="badge">Featured</span>}
        <Heading className="card-title">
          <a href={href} onClick={onSelect}>
            {listing.name}
          </a>
        </Heading>
        <p className="card-meta">
          {place}
          {listing.distance !== null && (
            <>
              {place && ' · '}
              {formatMiles(listing.distance)}
            </>
          )}
        </p>
        {showReviews && listing.totalReviews > 0 && (
          <Stars score={listing.averageScore} reviews={listing.totalReviews} />
        )}
        {offer && (
          <p className="card-offer">
            <span className="offer-count">
              {listing.offers.length} {listing.offers.length === 1 ? 'offer' : 'offers'}
            </span>{' '}
            {offer.title}
          </p>
        )}
      </div>
    </article>
  );
}
