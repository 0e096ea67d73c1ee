import { describe, expect, it } from 'vitest';
import {
  parseRecentSearches,
  recentKeywordSuggestions,
  recentLocationSuggestions,
  savedSearchesToDelete,
} from '../../../src/domain/saved-searches';

const stored = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `s${i}`, timestamp: 1_000_000 + ((i * 7919) % n) * 1000 }));

describe('savedSearchesToDelete (spec 9: 50 per user)', () => {
  it('deletes nothing below the limit', () => {
    expect(savedSearchesToDelete(stored(49))).toEqual([]);
    expect(savedSearchesToDelete([])).toEqual([]);
  });

  it('deletes the oldest on reaching the limit', () => {
    const searches = stored(50);
    const oldest = searches.reduce((a, b) => (a.timestamp <= b.timestamp ? a : b));
    expect(savedSearchesToDelete(searches)).toEqual([oldest]);
  });

  it('deletes enough of the oldest when over the limit', () => {
    const searches = stored(52);
    const deleted = savedSearchesToDelete(searches);
    expect(deleted).toHaveLength(3);
    const sorted = [...searches].sort((a, b) => a.timestamp - b.timestamp);
    expect(deleted).toEqual(sorted.slice(0, 3));
  });

  it('compares ISO strings and Dates by time, and keeps stored order on ties', () => {
    const searches = [
      { id: 'b', timestamp: '2025-03-02T00:00:00Z' },
      { id: 'a', timestamp: new Date('2025-03-01T00:00:00Z') },
      { id: 'c', timestamp: '2025-03-01T00:00:00Z' },
    ];
    expect(savedSearchesToDelete(searches, 2).map((s) => s.id)).toEqual(['a', 'c']);
  });

  it('deletes unreadable timestamps first', () => {
    const searches = [
      { id: 'ok', timestamp: 1 },
      { id: 'bad', timestamp: 'yesterday' },
    ];
    expect(savedSearchesToDelete(searches, 2).map((s) => s.id)).toEqual(['bad']);
  });
});

describe('recent searches suggested again (issue 14)', () => {
  const recent = [
    { keywords: 'facial', location: 'Denver, CO' },
    { keywords: 'Massage', location: 'Austin, TX' },
    { keywords: 'massage', location: 'austin, tx' },
    { keywords: '', location: 'Boulder, CO' },
    { keywords: 'hot stone massage', location: 'Denver, CO' },
  ];

  it('reads the attribute, ignoring what is not a list of searches', () => {
    expect(parseRecentSearches(JSON.stringify(recent))).toEqual(recent);
    expect(parseRecentSearches(undefined)).toEqual([]);
    expect(parseRecentSearches('not json')).toEqual([]);
    expect(parseRecentSearches('{"keywords":"spa"}')).toEqual([]);
    expect(
      parseRecentSearches('[null, 3, {"keywords": 7}, {"keywords": "  spa ", "location": ["x"]}, {}]'),
    ).toEqual([{ keywords: 'spa', location: '' }]);
    const many = Array.from({ length: 80 }, (_, i) => ({ keywords: `k${i}`, location: '' }));
    expect(parseRecentSearches(JSON.stringify(many))).toHaveLength(50);
    expect(parseRecentSearches(JSON.stringify([{ keywords: 'x'.repeat(500) }]))[0]?.keywords).toHaveLength(
      200,
    );
  });

  it('suggests keywords containing what was typed, each search once, newest first', () => {
    expect(recentKeywordSuggestions(recent)).toEqual([recent[0], recent[1], recent[4]]);
    expect(recentKeywordSuggestions(recent, 'MASS')).toEqual([recent[1], recent[4]]);
    expect(recentKeywordSuggestions(recent, 'stone')).toEqual([recent[4]]);
    expect(recentKeywordSuggestions(recent, 'sauna')).toEqual([]);
  });

  it('suggests at most 8 keywords and 3 places (spec 9)', () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ keywords: `spa ${i}`, location: `City ${i}` }));
    expect(recentKeywordSuggestions(many, 'spa')).toHaveLength(8);
    expect(recentLocationSuggestions(many)).toEqual(['City 0', 'City 1', 'City 2']);
  });

  it('suggests places containing what was typed, each once whatever its case', () => {
    expect(recentLocationSuggestions(recent)).toEqual(['Denver, CO', 'Austin, TX', 'Boulder, CO']);
    expect(recentLocationSuggestions(recent, 'co')).toEqual(['Denver, CO', 'Boulder, CO']);
  });
});
