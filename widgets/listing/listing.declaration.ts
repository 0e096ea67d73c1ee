import { ANALYTICS_EVENT, DATA_EVENTS } from '../common.declaration';
import { declareElement } from '../declare';

/** <wellspring-listing>: the one declaration of its public contract (widgets/declare.ts). */
export const listingDeclaration = declareElement({
  tag: 'wellspring-listing',
  module: 'widgets/listing/listing.element.ts',
  summary: 'A listing page, or an offer page with its buy buttons.',
  description:
    "A business's listing page (header, gallery, offers, services, hours, reviews, map, contact) by `listing-id` or `old-id`, or with `offer-id` an offer's page with its buy buttons and sharing by email. Listings that are not approved show no contact, about section or questions; unknown ids show 'Listing not found!' or 'Offer not found!'.",
  attributes: {
    'listing-id': { type: 'string', description: 'The merchant id of the listing to show.' },
    'old-id': {
      type: 'string',
      description: 'The id an older listing URL starts with; used when there is no listing-id.',
    },
    'offer-id': {
      type: 'string',
      description: "An offer id: the element shows that offer's page instead of the listing page.",
    },
    'sync-url': {
      type: 'boolean',
      default: 'false',
      description: 'The element owns the page URL (the hosted site): section anchors write the hash.',
    },
  },
  events: {
    ...ANALYTICS_EVENT,
    ...DATA_EVENTS,
    'wellspring-page': {
      detail: '{ title: string; description: string; canonicalLink: string; notFound: boolean }',
      cancelable: false,
      description:
        "The element knows what its page is: the title and description for the document and its canonical path (the tenant's not-found meta URL when loading failed).",
    },
  },
  parts: {
    heading: "The listing's name (or the offer's title on an offer page).",
    card: "Each card of the listing's offers.",
  },
  cssProperties: {},
  slots: {},
});
