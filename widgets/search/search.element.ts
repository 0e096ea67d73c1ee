import { defineElement } from '../define';
import { Search, type SearchAttributes } from './Search';

/**
 * Attributes of <wellspring-search>, besides tenant, api and site; documented on
 * `SearchAttributes` with their defaults. Prop names map to attributes in kebab case
 * (bestOf: best-of, syncUrl: sync-url).
 */
export const searchAttributes = {
  bestOf: 'string',
  syncUrl: 'boolean',
  location: 'string',
  keywords: 'string',
  layout: 'string',
  map: 'boolean',
} as const satisfies Record<keyof SearchAttributes, 'string' | 'boolean'>;

defineElement('wellspring-search', Search, searchAttributes);
