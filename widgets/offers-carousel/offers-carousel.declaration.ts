import { ANALYTICS_EVENT, DATA_EVENTS } from '../common.declaration';
import { declareElement } from '../declare';

/** <wellspring-offers-carousel>: the one declaration of its public contract (widgets/declare.ts). */
export const offersCarouselDeclaration = declareElement({
  tag: 'wellspring-offers-carousel',
  module: 'widgets/offers-carousel/offers-carousel.element.ts',
  summary: 'Current offers near a place, as a carousel of cards.',
  description:
    "Current offers of the tenant's listings near a place, or the best rated in the tenant's country, as a carousel that turns by itself (paused on hover and focus) with previous, pause and next buttons, and turns by a swipe. Each card links to the offer page.",
  attributes: {
    location: {
      type: 'string',
      default: "the visitor's shared position, else the best rated in the country",
      description: "Place text ('Austin, TX'), a ZIP or postal code, or 'lat,lon'.",
    },
    heading: {
      type: 'string',
      default: "'Offers near you' or 'Offers near {place}'",
      description: 'The heading above the offers.',
    },
  },
  events: {
    ...ANALYTICS_EVENT,
    ...DATA_EVENTS,
    'wellspring-offer-select': {
      detail: '{ offerId: number; merchantId: number; url: string }',
      cancelable: true,
      description: 'An offer card was chosen. Cancel it to route in-page instead of following the link.',
    },
  },
  parts: {
    heading: 'The heading above the offers.',
    card: 'Each offer card (a link to the offer).',
  },
  cssProperties: {},
  slots: {},
});
