import { describe, expect, it } from 'vitest';
import { PointGrid, type Point } from '../../../../server/geo/point-grid';
import { haversineMiles } from '../../../../src/domain/geo';

/** A small deterministic generator: the same points on every run. */
function spots(
  count: number,
  seed: number,
  box: { south: number; north: number; west: number; east: number },
): Point[] {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return Array.from({ length: count }, () => ({
    latitude: box.south + next() * (box.north - box.south),
    longitude: box.west + next() * (box.east - box.west),
  }));
}

const miles = (a: Point, b: Point) =>
  haversineMiles({ lat: a.latitude, lon: a.longitude }, { lat: b.latitude, lon: b.longitude });

const NORTH_AMERICA = { south: 25, north: 60, west: -130, east: -60 };

/** A grid of these points: point i of the grid is points[i]. */
function gridOf(points: Point[], only?: number[]): PointGrid {
  return new PointGrid(
    2,
    Float64Array.from(points, (point) => point.latitude),
    Float64Array.from(points, (point) => point.longitude),
    only,
  );
}

describe('PointGrid', () => {
  const points = spots(3000, 7, NORTH_AMERICA);
  const grid = gridOf(points);
  const queries = spots(200, 11, NORTH_AMERICA);

  it('finds the nearest point as a scan of every point does', () => {
    for (const query of queries) {
      const found = grid.nearest(query.latitude, query.longitude);
      const closest = Math.min(...points.map((point) => miles(query, point)));
      expect(found).not.toBeNull();
      // Candidates are ranked by a flat-earth distance: equal to the scan but for near ties.
      expect(found!.miles).toBeLessThanOrEqual(closest * 1.01 + 0.01);
      expect(found!.miles).toBeCloseTo(miles(query, points[found!.point]!), 6);
    }
  });

  it('honours the filter and the distance limit', () => {
    const even = (point: number) => point % 2 === 0;
    for (const query of queries.slice(0, 50)) {
      expect(grid.nearest(query.latitude, query.longitude, even)!.point % 2).toBe(0);
      const limited = grid.nearest(query.latitude, query.longitude, undefined, 1);
      if (limited) expect(limited.miles).toBeLessThanOrEqual(1);
    }
    expect(grid.nearest(0, 0, undefined, 100)).toBeNull();
  });

  it('returns exactly the points within a distance', () => {
    for (const query of queries.slice(0, 50)) {
      const found = grid.within(query.latitude, query.longitude, 60);
      const scanned = points.flatMap((point, index) => (miles(query, point) <= 60 ? [index] : []));
      expect(found.sort((a, b) => a - b)).toEqual(scanned);
    }
  });

  it('looks across the antimeridian', () => {
    const wrap = gridOf([
      { latitude: 52, longitude: 179.9 },
      { latitude: 52, longitude: 170 },
    ]);
    expect(wrap.nearest(52, -179.9)!.point).toBe(0);
    expect(wrap.within(52, -179.9, 20)).toEqual([0]);
  });

  it('holds only the points it is given, and keeps their order between equals', () => {
    const twins = [
      { latitude: 40, longitude: -100 },
      { latitude: 40, longitude: -100 },
      { latitude: 40, longitude: -100 },
      { latitude: 41, longitude: -100 },
    ];
    expect(gridOf(twins).nearest(40, -100)!.point).toBe(0);
    expect(gridOf(twins, [2, 1, 3]).nearest(40, -100)!.point).toBe(2);
    expect(gridOf(twins, [1, 3]).within(40, -100, 100)).toEqual([1, 3]);
    expect(gridOf(twins, [3]).nearest(40, -100)!.point).toBe(3);
  });
});
