// Generated from the element declarations (widgets/*/*.declaration.ts) by `npm run elements`: do not edit.

/** <wellspring-listing>: r2wc's props of its own attributes (widgets/listing/listing.declaration.ts). */
export const listingProps = {
  listingId: 'string',
  oldId: 'string',
  offerId: 'string',
  syncUrl: 'boolean',
} as const;
