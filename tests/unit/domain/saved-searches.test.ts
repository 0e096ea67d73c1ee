import { describe, expect, it } from 'vitest';
import { savedSearchesToDelete } from '../../../src/domain/saved-searches';

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
