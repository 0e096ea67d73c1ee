import { describe, expect, it } from 'vitest';
import {
  autocompleteCacheKey,
  capSuggestions,
  isAutocompleteCriteria,
  isShareMyLocation,
  locationSuggestions,
  merchantSuggestionUrl,
  merchantsSearchUrl,
  offerSuggestionUrl,
  parseSuggestionUrl,
} from '../../../src/domain/suggestions';
import { encodeFilters } from '../../../src/domain/filters';
import type { SuggestionItem, SuggestionType } from '../../../src/domain/types';

const items = (type: SuggestionType, n: number): SuggestionItem[] =>
  Array.from({ length: n }, (_, i) => ({ url: `/x/${i}`, item: `${type} ${i}`, type }));

describe('capSuggestions (spec 9)', () => {
  it('keeps at most 8 per group and 3 locations', () => {
    const capped = capSuggestions({
      merchantNames: items('merchantNames', 12),
      offers: items('offers', 8),
      merchantLocations: items('merchantLocations', 5),
    });
    expect(capped.merchantNames).toHaveLength(8);
    expect(capped.merchantNames?.[7]?.item).toBe('merchantNames 7');
    expect(capped.offers).toHaveLength(8);
    expect(capped.merchantLocations).toHaveLength(3);
  });

  it('hides service options when more than one service category is present', () => {
    const two = capSuggestions({
      serviceCategories: items('serviceCategories', 2),
      serviceOptions: items('serviceOptions', 4),
    });
    expect(two.serviceOptions).toBeUndefined();
    expect(two.serviceCategories).toHaveLength(2);
    const one = capSuggestions({
      serviceCategories: items('serviceCategories', 1),
      serviceOptions: items('serviceOptions', 4),
    });
    expect(one.serviceOptions).toHaveLength(4);
  });

  it('drops empty groups', () => {
    expect(capSuggestions({ offers: [], merchantNames: items('merchantNames', 1) })).toEqual({
      merchantNames: items('merchantNames', 1),
    });
  });
});

describe('locationSuggestions (spec 9)', () => {
  it("puts 'Share my Location' first, on top of at most 3 locations", () => {
    const list = locationSuggestions(items('merchantLocations', 5));
    expect(list).toHaveLength(4);
    expect(list[0]?.item).toBe('Share my Location');
    expect(isShareMyLocation(list[0]!)).toBe(true);
    expect(list.slice(1).map((item) => item.item)).toEqual([
      'merchantLocations 0',
      'merchantLocations 1',
      'merchantLocations 2',
    ]);
  });

  it('leaves the entry out when sharing is not offered', () => {
    expect(locationSuggestions(items('merchantLocations', 2), { shareMyLocation: false })).toHaveLength(2);
  });
});

describe('autocomplete criteria (spec 5, 4)', () => {
  it('skips non-objects and empty criteria', () => {
    expect(isAutocompleteCriteria(null)).toBe(false);
    expect(isAutocompleteCriteria('spa')).toBe(false);
    expect(isAutocompleteCriteria(['spa'])).toBe(false);
    expect(isAutocompleteCriteria({})).toBe(false);
    expect(isAutocompleteCriteria({ keywords: '  ', location: undefined })).toBe(false);
    expect(isAutocompleteCriteria({ keywords: 'spa' })).toBe(true);
  });

  it('caches the same criteria under one key whatever the key order', () => {
    expect(autocompleteCacheKey({ a: 1, b: { d: 2, c: 3 } })).toBe(
      autocompleteCacheKey({ b: { c: 3, d: 2 }, a: 1 }),
    );
    expect(autocompleteCacheKey({ a: 1 })).not.toBe(autocompleteCacheKey({ a: 2 }));
  });
});

describe('suggestion URLs (spec 7)', () => {
  it('builds the three forms', () => {
    const filters = { businessTypes: ['Day Spa'] };
    expect(merchantsSearchUrl(filters)).toBe(`/search/merchants?filters=${encodeFilters(filters)}`);
    expect(merchantSuggestionUrl(42)).toBe('/search/merchants/42');
    expect(offerSuggestionUrl(7)).toBe('/search/offers/7');
  });

  it('reads them back', () => {
    const filters = { 'location.stateOrProvince': ['Québec'] };
    expect(parseSuggestionUrl(merchantsSearchUrl(filters))).toEqual({ kind: 'filters', filters });
    expect(parseSuggestionUrl('https://x.test/search/merchants/42')).toEqual({
      kind: 'merchant',
      merchantId: 42,
    });
    expect(parseSuggestionUrl('/search/offers/7')).toEqual({ kind: 'offer', offerId: 7 });
  });

  it('gives null for other URLs', () => {
    expect(parseSuggestionUrl('/search/offers/abc')).toBeNull();
    expect(parseSuggestionUrl('/site/glow-7')).toBeNull();
  });
});
