import { defineElement } from '../define';
import { Listing, type ListingAttributes } from './Listing';

/** Attributes of <wellspring-listing>, besides tenant, api and site. */
export const listingAttributes = {
  listingId: 'string',
  oldId: 'string',
  offerId: 'string',
  syncUrl: 'boolean',
} as const satisfies Record<keyof ListingAttributes, 'string' | 'boolean'>;

defineElement('wellspring-listing', Listing, listingAttributes);
