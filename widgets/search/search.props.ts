// Generated from the element declarations (widgets/*/*.declaration.ts) by `npm run elements`: do not edit.

/** <wellspring-search>: r2wc's props of its own attributes (widgets/search/search.declaration.ts). */
export const searchProps = {
  bestOf: 'string',
  syncUrl: 'boolean',
  location: 'string',
  keywords: 'string',
  layout: 'string',
  recentSearches: 'string',
  map: 'boolean',
} as const;
