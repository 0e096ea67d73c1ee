import { describe, expect, it } from 'vitest';
import { PointGrid, type Point } from '../../../../server/geo/point-grid';
import { haversineMiles } from '../../../../src/domain/geo';

interface Spot extends Point {
  id: number;
}

/** A small deterministic generator: the same points on every run. */
function spots(
  count: number,
  seed: number,
  box: { south: number; north: number; west: number; east: number },
): Spot[] {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return Array.from({ length: count }, (_, id) => ({
    id,
    latitude: box.south + next() * (box.north - box.south),
    longitude: box.west + next() * (box.east - box.west),
  }));
}

const miles = (a: Point, b: Point) =>
  haversineMiles({ lat: a.latitude, lon: a.longitude }, { lat: b.latitude, lon: b.longitude });

const NORTH_AMERICA = { south: 25, north: 60, west: -130, east: -60 };

describe('PointGrid', () => {
  const points = spots(3000, 7, NORTH_AMERICA);
  const grid = new PointGrid<Spot>(2);
  for (const point of points) grid.add(point);
  const queries = spots(200, 11, NORTH_AMERICA);

  it('finds the nearest point as a scan of every point does', () => {
    for (const query of queries) {
      const found = grid.nearest(query.latitude, query.longitude);
      const closest = Math.min(...points.map((point) => miles(query, point)));
      expect(found).not.toBeNull();
      // Candidates are ranked by a flat-earth distance: equal to the scan but for near ties.
      expect(found!.miles).toBeLessThanOrEqual(closest * 1.01 + 0.01);
      expect(found!.miles).toBeCloseTo(miles(query, found!.item), 6);
    }
  });

  it('honours the filter and the distance limit', () => {
    const even = (point: Spot) => point.id % 2 === 0;
    for (const query of queries.slice(0, 50)) {
      expect(grid.nearest(query.latitude, query.longitude, even)!.item.id % 2).toBe(0);
      const limited = grid.nearest(query.latitude, query.longitude, undefined, 1);
      if (limited) expect(limited.miles).toBeLessThanOrEqual(1);
    }
    expect(grid.nearest(0, 0, undefined, 100)).toBeNull();
  });

  it('returns exactly the points within a distance', () => {
    for (const query of queries.slice(0, 50)) {
      const found = grid.within(query.latitude, query.longitude, 60).map((point) => point.id);
      const scanned = points.filter((point) => miles(query, point) <= 60).map((point) => point.id);
      expect(found.sort((a, b) => a - b)).toEqual(scanned.sort((a, b) => a - b));
    }
  });

  it('looks across the antimeridian', () => {
    const wrap = new PointGrid<Spot>(2);
    wrap.add({ id: 1, latitude: 52, longitude: 179.9 });
    wrap.add({ id: 2, latitude: 52, longitude: 170 });
    expect(wrap.nearest(52, -179.9)!.item.id).toBe(1);
    expect(wrap.within(52, -179.9, 20).map((point) => point.id)).toEqual([1]);
  });
});
