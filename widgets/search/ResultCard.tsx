import type { ListingCard } from '../../src/domain/types';
import { Stars } from '../../src/ui/Stars';
import { useElement } from '../define';
import { starsStyles } from '../stars.styles';
import { useShadowStyles } from '../styles';
import { resultCardStyles } from './result-card.styles';
import { useSearchView } from './search.context';

/** One result: image, name (the link), place, distance, rating, offers and a featured badge. */
export function ResultCard({
  listing,
  position,
  featured = false,
  headingLevel = 3,
}: {
  listing: ListingCard;
  /** 1-based place in the results, for the select event. */
  position: number;
  featured?: boolean;
  headingLevel?: 3 | 4;
}) {
  const { tenant, imageUrl } = useElement();
  useShadowStyles(starsStyles, resultCardStyles);
  const { listingUrl, onSelect } = useSearchView();
  const url = listingUrl(listing);
  const image = listing.images[0];
  const { city, stateOrProvinceCode, stateOrProvince } = listing.location;
  const place = [city, stateOrProvinceCode || stateOrProvince].filter(Boolean).join(', ');
  const offer = listing.offers[0];
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <article className={`card${featured ? ' featured' : ''}`}>
      <img
        src={imageUrl(image?.url || tenant.endpoints.defaultCardImage)}
        alt=""
        width={360}
        height={260}
        loading="lazy"
        decoding="async"
      />
      <div className="card-body">
        {featured && <span className="badge">Featured</span>}
        <Heading className="card-title">
          <a href={url} onClick={(event) => onSelect(event, listing, position)}>
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
        {tenant.options.global.showReviews && listing.totalReviews > 0 && (
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

export function formatMiles(miles: number): string {
  return `${miles < 10 ? miles.toFixed(1) : Math.round(miles)} mi`;
}
