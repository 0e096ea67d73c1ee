import { defineElement } from '../define';
import { offersCarouselProps } from './offers-carousel.props';
import { OffersCarousel } from './OffersCarousel';

defineElement('wellspring-offers-carousel', OffersCarousel, offersCarouselProps);
