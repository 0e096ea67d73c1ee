import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  base64UrlToUtf8,
  cleanFilters,
  decodeFilters,
  encodeFilters,
  isEmptyFilters,
  queryToSearch,
  removeSearchOrigin,
  searchToApiQuery,
  searchToQuery,
  utf8ToBase64Url,
  type UrlSearch,
} from '../../../src/domain/filters';
import type { Filters } from '../../../src/domain/types';

const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

describe('cleanFilters (spec 3: only non-empty values)', () => {
  it('drops empty values and unknown keys', () => {
    const dirty = {
      hasOffers: false,
      averageScore: 0,
      businessTypes: [],
      includedPrograms: ['', 'SPA_NETWORK'],
      'services.options': ['Manicure'],
      'services.category': undefined,
      subscriptionTierDisplayName: '',
      other: 'x',
    } as unknown as Filters;
    expect(cleanFilters(dirty)).toEqual({
      includedPrograms: ['SPA_NETWORK'],
      'services.options': ['Manicure'],
    });
  });

  it('keeps true, positive scores and non-empty texts', () => {
    const filters: Filters = {
      hasOffers: true,
      averageScore: 4,
      'promotions.promotionTypeName': 'Featured Merchant',
    };
    expect(cleanFilters(filters)).toEqual(filters);
  });

  it('isEmptyFilters', () => {
    expect(isEmptyFilters({ hasOffers: false, businessTypes: [] })).toBe(true);
    expect(isEmptyFilters(null)).toBe(true);
    expect(isEmptyFilters({ averageScore: 3 })).toBe(false);
  });
});

describe('encodeFilters', () => {
  it('is base64url of the JSON with the padding removed', () => {
    const filters: Filters = { businessTypes: ['Spa>>>'] };
    const json = JSON.stringify(filters);
    // 28 bytes: standard base64 would end in '==' and contain '+'.
    expect(json.length % 3).not.toBe(0);
    expect(Buffer.from(json).toString('base64')).toMatch(/\+.*==$/);
    const encoded = encodeFilters(filters);
    expect(encoded).toBe(b64url(json));
    expect(encoded).not.toMatch(/[=+/]/);
  });

  it('encodes UTF-8, not Latin-1', () => {
    const encoded = encodeFilters({
      'location.stateOrProvince': ['Québec'],
      businessTypes: ['Montréal Spa'],
    });
    expect(JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'))).toEqual({
      businessTypes: ['Montréal Spa'],
      'location.stateOrProvince': ['Québec'],
    });
  });

  it('serialises only non-empty values, in a stable key order', () => {
    expect(encodeFilters({})).toBe('');
    expect(encodeFilters({ hasOffers: false, businessTypes: [] })).toBe('');
    expect(encodeFilters({ averageScore: 4, hasOffers: true })).toBe(
      encodeFilters({ hasOffers: true, averageScore: 4 }),
    );
    expect(encodeFilters({ hasOffers: true, businessTypes: [] })).toBe(b64url('{"hasOffers":true}'));
  });
});

describe('decodeFilters (spec 4: falls back to empty filters)', () => {
  it('reads what encodeFilters wrote', () => {
    const filters: Filters = { businessTypes: ['Day Spa'], averageScore: 4, 'location.countryCode': ['CA'] };
    expect(decodeFilters(encodeFilters(filters))).toEqual(filters);
  });

  it('reads padded standard base64, and a space where a + was', () => {
    const json = '{"businessTypes":["Spa>>>"]}';
    const standard = Buffer.from(json).toString('base64');
    expect(decodeFilters(standard)).toEqual({ businessTypes: ['Spa>>>'] });
    expect(decodeFilters(standard.replace(/\+/g, ' '))).toEqual({ businessTypes: ['Spa>>>'] });
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['not base64', '!!!not-base64!!!'],
    ['an impossible base64 length', 'eyJhYiI6M'],
    ['valid base64 of invalid JSON', b64url('{"hasOffers": tru')],
    ['valid base64 of invalid UTF-8', Buffer.from([0x7b, 0xff, 0xfe, 0x7d]).toString('base64url')],
    ['JSON null', b64url('null')],
    ['a JSON array', b64url('[1,2]')],
    ['a JSON string', b64url('"Day Spa"')],
    ['a list key holding a string', b64url('{"businessTypes":"Day Spa"}')],
    ['a number key holding a string', b64url('{"averageScore":"4"}')],
    ['a list of numbers', b64url('{"services.options":[1,2]}')],
    ['a boolean key holding a string', b64url('{"hasOffers":"true"}')],
  ])('gives {} for %s', (_label, encoded) => {
    expect(decodeFilters(encoded)).toEqual({});
  });

  it('ignores unknown keys', () => {
    expect(decodeFilters(b64url('{"hasOffers":true,"future":{"x":1}}'))).toEqual({ hasOffers: true });
  });

  it('drops empty values it reads', () => {
    expect(decodeFilters(b64url('{"hasOffers":false,"businessTypes":[],"averageScore":3}'))).toEqual({
      averageScore: 3,
    });
  });

  it('round-trips any filters, any Unicode included', () => {
    const text = fc.string({ unit: 'binary', minLength: 1, maxLength: 12 });
    const list = fc.array(text, { maxLength: 4 });
    const filters = fc.record(
      {
        hasOffers: fc.boolean(),
        averageScore: fc.integer({ min: 0, max: 5 }),
        businessTypes: list,
        includedPrograms: list,
        'services.options': list,
        'services.category': list,
        'location.countryCode': list,
        'location.stateOrProvince': list,
        subscriptionTierDisplayName: fc.string({ unit: 'binary', maxLength: 12 }),
        'promotions.promotionTypeName': fc.string({ unit: 'binary', maxLength: 12 }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(filters, (f) => {
        const encoded = encodeFilters(f);
        expect(encoded).toMatch(/^[A-Za-z0-9_-]*$/);
        expect(decodeFilters(encoded)).toEqual(cleanFilters(f));
      }),
    );
  });

  it('never throws, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (input) => {
        const result = decodeFilters(input);
        expect(typeof result).toBe('object');
        expect(Array.isArray(result)).toBe(false);
      }),
    );
  });
});

describe('utf8ToBase64Url / base64UrlToUtf8', () => {
  it('matches Node base64url for UTF-8 text', () => {
    expect(utf8ToBase64Url('Montréal')).toBe(b64url('Montréal'));
    expect(base64UrlToUtf8(b64url('Montréal ☕ 🧖'))).toBe('Montréal ☕ 🧖');
  });

  it('throws on invalid input', () => {
    expect(() => base64UrlToUtf8('a')).toThrow();
    expect(() => base64UrlToUtf8('ab*d')).toThrow();
  });
});

describe('searchToQuery / queryToSearch (URL state)', () => {
  it('writes only what differs from the defaults, never searchOrigin', () => {
    const query = searchToQuery({
      keywords: 'hot stone',
      location: 'Montréal, QC',
      distance: 50,
      sort: 'relevance',
      hasOffers: false,
      filters: {},
      searchOrigin: 'Austin, TX',
    } as UrlSearch);
    expect(query).toBe('keywords=hot+stone&location=Montr%C3%A9al%2C+QC');
    expect(query).not.toContain('searchOrigin');
  });

  it('writes distance, sort, hasOffers, filters and utm parameters', () => {
    const query = new URLSearchParams(
      searchToQuery({
        distance: 15,
        sort: 'distance',
        hasOffers: true,
        filters: { averageScore: 4 },
        utmQuery: 'utm_source=mail&utm_medium=email',
      }),
    );
    expect(query.get('distance')).toBe('15');
    expect(query.get('sort')).toBe('distance');
    expect(query.get('hasOffers')).toBe('true');
    expect(query.get('filters')).toBe(b64url('{"averageScore":4}'));
    expect(query.get('utm_source')).toBe('mail');
    expect(query.get('utm_medium')).toBe('email');
  });

  it('reads a query string with or without its ?', () => {
    expect(queryToSearch('?keywords=yoga&distance=30')).toEqual({
      keywords: 'yoga',
      distance: 30,
      filters: {},
    });
    expect(queryToSearch('keywords=yoga')).toEqual({ keywords: 'yoga', filters: {} });
  });

  it('ignores unusable values and searchOrigin', () => {
    expect(
      queryToSearch('sort=cheapest&distance=-5&hasOffers=yes&filters=%21%21&searchOrigin=x&page=3&other=1'),
    ).toEqual({ filters: {} });
    expect(queryToSearch('distance=abc')).toEqual({ filters: {} });
  });

  it('decodes UTF-8 filters from a URL', () => {
    const url = `/search?${searchToQuery({ filters: { 'location.stateOrProvince': ['Québec'] } })}`;
    expect(queryToSearch(url.split('?')[1] ?? '').filters).toEqual({
      'location.stateOrProvince': ['Québec'],
    });
  });

  it('round-trips every URL search (property)', () => {
    const nonEmpty = fc.string({ unit: 'binary', minLength: 1, maxLength: 20 });
    const list = fc.array(nonEmpty, { minLength: 1, maxLength: 3 });
    const filters = fc.record(
      {
        hasOffers: fc.constant(true),
        averageScore: fc.integer({ min: 1, max: 5 }),
        businessTypes: list,
        'services.options': list,
        'location.stateOrProvince': list,
        subscriptionTierDisplayName: nonEmpty,
      },
      { requiredKeys: [] },
    );
    const utmPair = fc.tuple(
      fc.stringMatching(/^[a-z]{1,8}$/).map((name) => `utm_${name}`),
      fc.string({ unit: 'binary', maxLength: 10 }),
    );
    const search = fc.record(
      {
        keywords: nonEmpty,
        location: nonEmpty,
        distance: fc.integer({ min: 1, max: 500 }).filter((d) => d !== 50),
        sort: fc.constantFrom('distance' as const, 'averageScore' as const),
        hasOffers: fc.constant(true),
        filters,
        utmQuery: fc
          .array(utmPair, { minLength: 1, maxLength: 3 })
          .map((pairs) => new URLSearchParams(pairs).toString()),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(search, (s) => {
        const expected: UrlSearch = { ...s, filters: cleanFilters(s.filters) };
        expect(queryToSearch(searchToQuery(s))).toEqual(expected);
      }),
    );
  });
});

describe('searchToApiQuery', () => {
  it('adds paging, sortTypes and searchOrigin for the API', () => {
    const params = new URLSearchParams(
      searchToApiQuery({
        location: 'Austin, TX',
        page: 2,
        size: 12,
        distance: 50,
        sort: 'relevance',
        sortTypes: ['relevance', 'distance'],
        searchOrigin: '30.26,-97.74',
      }),
    );
    expect(Object.fromEntries(params)).toEqual({
      location: 'Austin, TX',
      distance: '50',
      sort: 'relevance',
      page: '2',
      size: '12',
      sortTypes: 'relevance,distance',
      searchOrigin: '30.26,-97.74',
    });
  });

  it('asks for page 0 when none is given', () => {
    expect(new URLSearchParams(searchToApiQuery({})).get('page')).toBe('0');
  });
});

describe('removeSearchOrigin (spec 3)', () => {
  it('removes searchOrigin from a URL and keeps the rest in order', () => {
    expect(removeSearchOrigin('/merchants?page=1&searchOrigin=Austin&size=12#top')).toBe(
      '/merchants?page=1&size=12#top',
    );
    expect(removeSearchOrigin('https://x.test/search?searchOrigin=a')).toBe('https://x.test/search');
  });

  it('works on a bare query string and leaves URLs without one alone', () => {
    expect(removeSearchOrigin('searchOrigin=a&keywords=b')).toBe('keywords=b');
    expect(removeSearchOrigin('/search')).toBe('/search');
    expect(removeSearchOrigin('/search?searchOriginal=1')).toBe('/search?searchOriginal=1');
  });
});
