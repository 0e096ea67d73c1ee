import { defineElement } from '../define';
import { OffersCarousel, type OffersCarouselAttributes } from './OffersCarousel';

/** Attributes of <wellspring-offers-carousel>, besides tenant, api and site. */
export const offersCarouselAttributes = { location: 'string', heading: 'string' } as const satisfies Record<
  keyof OffersCarouselAttributes,
  'string'
>;

defineElement('wellspring-offers-carousel', OffersCarousel, offersCarouselAttributes);
