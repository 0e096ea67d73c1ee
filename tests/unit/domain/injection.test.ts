import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  firstShownListing,
  injectAds,
  injectFeatured,
  injectResults,
  interleave,
} from '../../../src/domain/injection';

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('interleave', () => {
  it('puts leading inserts first, then one after every n-th item', () => {
    expect(
      interleave(['a', 'b', 'c', 'd', 'e', 'f', 'g'], ['X', 'Y', 'Z'], { leading: 1, every: 3 }),
    ).toEqual(['X', 'a', 'b', 'c', 'Y', 'd', 'e', 'f', 'Z', 'g']);
  });

  it('puts an insert after the last item when the count is a multiple', () => {
    expect(interleave([1, 2, 3, 4], ['X', 'Y', 'Z'], { every: 2 })).toEqual([1, 2, 'X', 3, 4, 'Y']);
  });

  it('drops leftover inserts and puts none into an empty list', () => {
    expect(interleave([1], ['X', 'Y'], { every: 5 })).toEqual([1]);
    expect(interleave([], ['X'], { leading: 1, every: 1 })).toEqual([]);
  });

  it('stops when the inserts run out', () => {
    expect(interleave([1, 2, 3, 4], ['X'], { every: 1 })).toEqual([1, 'X', 2, 3, 4]);
  });

  it('makes inserts with a factory, numbered from 0', () => {
    expect(interleave([1, 2, 3, 4], (n) => `ad${n}`, { every: 2 })).toEqual([1, 2, 'ad0', 3, 4, 'ad1']);
  });

  it('has no periodic inserts for every <= 0 or not finite', () => {
    expect(interleave([1, 2], ['X'], { every: 0 })).toEqual([1, 2]);
    expect(interleave([1, 2], ['X'], { every: -1 })).toEqual([1, 2]);
    expect(interleave([1, 2], ['X'], { every: Number.NaN })).toEqual([1, 2]);
  });

  it('keeps items in order and uses min(inserts, leading + floor(n / every)) inserts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer(), { maxLength: 40 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 1, max: 10 }),
        (items, insertCount, leading, every) => {
          const inserts = Array.from({ length: insertCount }, (_, i) => ({ insert: i }));
          const out = interleave(items, inserts, { leading, every });
          const isInsert = (value: unknown) => typeof value === 'object';
          expect(out.filter((value) => !isInsert(value))).toEqual(items);
          const used = out.filter(isInsert);
          const expected =
            items.length === 0 ? 0 : Math.min(insertCount, leading + Math.floor(items.length / every));
          expect(used).toEqual(inserts.slice(0, expected));
        },
      ),
    );
  });
});

describe('injectAds (spec 9)', () => {
  it('adds an ad after every 9 results by default', () => {
    const out = injectAds(range(20), (n) => `ad${n}`, { showAds: true });
    expect(out.indexOf('ad0')).toBe(9);
    expect(out.indexOf('ad1')).toBe(19);
    expect(out).toHaveLength(22);
  });

  it('uses the tenant frequency', () => {
    expect(injectAds(range(4), () => 'ad', { showAds: true, adsFrequency: 2 })).toEqual([
      1,
      2,
      'ad',
      3,
      4,
      'ad',
    ]);
  });

  it('adds nothing when the tenant does not show ads', () => {
    expect(injectAds(range(20), () => 'ad', { showAds: false })).toEqual(range(20));
  });
});

describe('injectFeatured (spec 9)', () => {
  it('puts the first 3 featured on top, then one after every 3 results', () => {
    expect(injectFeatured(range(7), ['A', 'B', 'C', 'D', 'E'])).toEqual([
      'A',
      'B',
      'C',
      1,
      2,
      3,
      'D',
      4,
      5,
      6,
      'E',
      7,
    ]);
  });

  it('uses the tenant settings', () => {
    expect(
      injectFeatured(range(4), ['A', 'B', 'C'], { quantityFirstFeaturedElements: 1, featuredFrequency: 2 }),
    ).toEqual(['A', 1, 2, 'B', 3, 4, 'C']);
  });

  it('leaves results alone without featured items', () => {
    expect(injectFeatured(range(5), [])).toEqual(range(5));
  });
});

describe('injectResults', () => {
  it('injects featured items, then ads counted over the merged list', () => {
    const out = injectResults(range(4), ['A'], () => 'ad', {
      showAds: true,
      adsFrequency: 2,
      quantityFirstFeaturedElements: 1,
    });
    expect(out).toEqual(['A', 1, 'ad', 2, 3, 'ad', 4]);
  });
});

describe('firstShownListing (what a search page preloads)', () => {
  const listing = (merchantId: number) => ({ merchantId });
  it('is the first featured listing when the grid leads with them, else the first result', () => {
    const items = [listing(1), listing(2), listing(3)];
    expect(firstShownListing(items, [listing(9)], {})).toEqual(listing(9));
    expect(firstShownListing(items, [listing(9)], { quantityFirstFeaturedElements: 0 })).toEqual(listing(1));
    expect(firstShownListing(items, [], {})).toEqual(listing(1));
  });

  it('skips a result that is featured too (it shows once, where it is injected)', () => {
    const items = [listing(1), listing(2)];
    expect(firstShownListing(items, [listing(1)], { quantityFirstFeaturedElements: 0 })).toEqual(listing(2));
  });

  it('is nothing when there are no results to inject the featured among', () => {
    expect(firstShownListing([], [listing(9)], {})).toBeUndefined();
    expect(firstShownListing([listing(9)], [listing(9)], {})).toBeUndefined();
  });
});
