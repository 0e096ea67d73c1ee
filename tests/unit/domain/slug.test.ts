import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  canonicalUrl,
  listingOldIdMapPath,
  listingPath,
  numberToWords,
  offerPath,
  slugify,
} from '../../../src/domain/slug';
import { parseListingSlug, parseOfferSlug } from '../../../src/domain/slug-ids';

describe('numberToWords', () => {
  it.each([
    [0, 'zero'],
    [7, 'seven'],
    [13, 'thirteen'],
    [40, 'forty'],
    [99, 'ninety-nine'],
    [100, 'one hundred'],
    [101, 'one hundred one'],
    [115, 'one hundred fifteen'],
    [1000, 'one thousand'],
    [1021, 'one thousand twenty-one'],
    [1_000_000, 'one million'],
    [
      123_456_789,
      'one hundred twenty-three million four hundred fifty-six thousand seven hundred eighty-nine',
    ],
  ])('%i -> %s', (n, words) => {
    expect(numberToWords(n)).toBe(words);
  });

  it('returns digits for numbers it does not spell', () => {
    expect(numberToWords(-3)).toBe('-3');
    expect(numberToWords(2.5)).toBe('2.5');
    expect(numberToWords(1e12)).toBe('1000000000000');
  });
});

describe('slugify (spec 2.3)', () => {
  it.each([
    ['100 Spa', 'one-hundred-spa'],
    ['21 Degrees Spa', 'twenty-one-degrees-spa'],
    ['7 Seas', 'seven-seas'],
    ['Body & Soul', 'body-and-soul'],
    ['Spa && Bath', 'spa-and-and-bath'],
    ['The   Spa!!', 'the-spa'],
    ["Gentlemen's Den", 'gentlemens-den'],
    ['Glow - Skin -- Studio', 'glow-skin-studio'],
    ['Montréal Spa', 'montreal-spa'],
    ['Zen (Day) Spa.', 'zen-day-spa'],
    ['  & Spa &  ', 'and-spa-and'],
    ['#1 Spa', 'one-spa'],
    ['1,000 Islands Spa', 'one-thousand-islands-spa'],
    ['Spa 7', 'spa-7'],
    ['3rd Street Spa', '3rd-street-spa'],
    ['', ''],
  ])('%j -> %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('always gives lower-case word segments joined by single hyphens, never an all-digit first segment', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (name) => {
        const slug = slugify(name);
        expect(slug).toMatch(/^([a-z0-9_]+(-[a-z0-9_]+)*)?$/);
        expect(slug.split('-')[0]).not.toMatch(/^\d+$/);
      }),
    );
  });
});

describe('listing and offer paths', () => {
  it('builds /{route}/{slug}-{merchantId}', () => {
    expect(listingPath('site', '100 Spa & Bath', 42)).toBe('/site/one-hundred-spa-and-bath-42');
    expect(listingPath('spa', 'Glow', 7)).toBe('/spa/glow-7');
  });

  it('does not leave a leading hyphen when the name has no slug', () => {
    expect(listingPath('local', '!!!', 5)).toBe('/local/5');
  });

  it('builds /offer/{slug}-{offerId}', () => {
    expect(offerPath('Spa Day & Massage', 77)).toBe('/offer/spa-day-and-massage-77');
  });

  it('builds the old-id map path', () => {
    expect(listingOldIdMapPath('site', 9001)).toBe('/site/map/9001');
  });
});

describe('parseListingSlug (spec 2.3, 4)', () => {
  it('reads a trailing merchant id', () => {
    expect(parseListingSlug('one-hundred-spa-42')).toEqual({ kind: 'id', id: 42 });
    expect(parseListingSlug('42')).toEqual({ kind: 'id', id: 42 });
  });

  it('reads a leading old id when there is no trailing id', () => {
    expect(parseListingSlug('9001-glow-spa')).toEqual({ kind: 'oldId', oldId: 9001 });
  });

  it('prefers the trailing id when both ends are numeric', () => {
    expect(parseListingSlug('9001-spa-7')).toEqual({ kind: 'id', id: 7 });
  });

  it('gives null without a numeric end', () => {
    expect(parseListingSlug('glow-spa')).toBeNull();
    expect(parseListingSlug('')).toBeNull();
    expect(parseListingSlug('glow-4x')).toBeNull();
  });

  it('reads back the merchant id of any listing path', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.integer({ min: 1, max: 2 ** 31 }), (name, id) => {
        const slug = listingPath('site', name, id).slice('/site/'.length);
        expect(parseListingSlug(slug)).toEqual({ kind: 'id', id });
      }),
    );
  });
});

describe('parseOfferSlug (spec 2.3)', () => {
  it('reads the id from the last segment', () => {
    expect(parseOfferSlug('spa-day-for-two-77')).toEqual({
      offerId: 77,
      canonicalSlug: 'spa-day-for-two-77',
    });
  });

  it('in single-page mode reads the id from the first segment and keeps the rest as canonical link', () => {
    expect(parseOfferSlug('77-spa-day-for-two', true)).toEqual({
      offerId: 77,
      canonicalSlug: 'spa-day-for-two',
    });
  });

  it('gives null when the expected segment is not numeric', () => {
    expect(parseOfferSlug('77-spa-day')).toBeNull();
    expect(parseOfferSlug('spa-day-77', true)).toBeNull();
  });

  it('reads back the offer id of any offer path', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.integer({ min: 1, max: 2 ** 31 }), (title, id) => {
        const slug = offerPath(title, id).slice('/offer/'.length);
        expect(parseOfferSlug(slug)?.offerId).toBe(id);
      }),
    );
  });
});

describe('canonicalUrl', () => {
  it('joins base and path with one slash', () => {
    expect(canonicalUrl('https://example.com/', '/site/glow-7')).toBe('https://example.com/site/glow-7');
    expect(canonicalUrl('https://example.com', 'site/glow-7')).toBe('https://example.com/site/glow-7');
  });
});
