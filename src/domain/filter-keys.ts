/**
 * The filters of spec 3, declared once: each key with the kind of value it holds. The `Filters`
 * type, the browser's codec (filters.ts), the API's validation (server/search/params.ts) and the
 * search SQL (server/search/query.ts) all follow this table, so a new filter is added here first
 * and the compiler then asks for it everywhere else.
 */

/** Every filter key with the kind of value it holds, in serialisation order (stable URLs). */
export const FILTER_KINDS = {
  hasOffers: 'boolean',
  averageScore: 'number',
  businessTypes: 'strings',
  includedPrograms: 'strings',
  'services.options': 'strings',
  'services.category': 'strings',
  'location.countryCode': 'strings',
  'location.stateOrProvince': 'strings',
  subscriptionTierDisplayName: 'string',
  'promotions.promotionTypeName': 'string',
} as const;

export type FilterKey = keyof typeof FILTER_KINDS;

/** The value each kind stands for. */
export interface FilterValues {
  boolean: boolean;
  number: number;
  string: string;
  strings: string[];
}

export type FilterKind = keyof FilterValues;

/** The value a filter key holds. */
export type FilterValue<K extends FilterKey> = FilterValues[(typeof FILTER_KINDS)[K]];

/** The filter keys, in the order they are serialised. */
export const FILTER_KEYS = Object.keys(FILTER_KINDS) as FilterKey[];
