import type { ListingCard as ListingCardData } from '../../src/domain/types';
import { cardImage } from '../../src/domain/images';
import { ListingCard } from '../../src/ui/ListingCard';
import { listingCardStyles } from '../../src/ui/listing-card.styles';
import { starsStyles } from '../../src/ui/stars.styles';
import { useElement } from '../define';
import { useShadowStyles } from '../styles';
import { resultCardStyles } from './result-card.styles';
import { useSearchView } from './search.context';

/** One search result: the shared listing card, linking where the search element routes. */
export function ResultCard({
  listing,
  position,
  featured = false,
  headingLevel = 3,
  eager = false,
}: {
  listing: ListingCardData;
  /** 1-based place in the results, for the select event. */
  position: number;
  featured?: boolean;
  headingLevel?: 3 | 4;
  /** Among the first cards, which a phone shows on its first screen. */
  eager?: boolean;
}) {
  const { tenant, imageUrl } = useElement();
  useShadowStyles(starsStyles, listingCardStyles, resultCardStyles);
  const { listingUrl, onSelect } = useSearchView();
  return (
    <ListingCard
      listing={listing}
      href={listingUrl(listing)}
      imageSrc={imageUrl(cardImage(listing, tenant.endpoints.defaultCardImage))}
      showReviews={tenant.options.global.showReviews}
      featured={featured}
      headingLevel={headingLevel}
      eager={eager}
      onSelect={(event) => onSelect(event, listing, position)}
    />
  );
}
