/** The spatial grid behind the gazetteer's nearest-city and nearest-postal-code lookups. */
import { EARTH_RADIUS_KM, KM_PER_MILE } from '../../src/domain/constants';
import { haversineMiles } from '../../src/domain/geo';

export interface Point {
  latitude: number;
  longitude: number;
}

/** Mean Earth radius of spec 9 (6371 km) in miles. */
const EARTH_RADIUS_MILES = EARTH_RADIUS_KM / KM_PER_MILE;

const RADIANS = Math.PI / 180;

/** Miles per degree of latitude. */
const MILES_PER_DEGREE = EARTH_RADIUS_MILES * RADIANS;

/** Great-circle distance in miles: the domain's haversine, in the gazetteer's argument order. */
function milesBetween(lat1: number, lon1: number, lat2: number, lon2: number): number {
  return haversineMiles({ lat: lat1, lon: lon1 }, { lat: lat2, lon: lon2 });
}

/**
 * Points bucketed in cells of 1/cellsPerDegree degrees. A nearest-point query searches rings of
 * cells outwards from the query's cell and stops once no unvisited ring can hold anything closer,
 * so a lookup reads a few hundred points instead of all of them.
 *
 * The points are numbers, indexes into the coordinate arrays, so that they need not be objects;
 * the cells are runs of one Int32Array rather than an array each. A cell keeps its points in the
 * order given, which decides between points at the same distance.
 */
export class PointGrid {
  /** Each cell's number by its key: cell n holds points[starts[n]] to points[starts[n + 1] - 1]. */
  private readonly cells = new Map<number, number>();
  private readonly starts: Int32Array;
  private readonly points: Int32Array;
  private readonly rows: number;
  private readonly cols: number;

  constructor(
    private readonly cellsPerDegree: number,
    private readonly latitudes: Float64Array,
    private readonly longitudes: Float64Array,
    /** The points to hold (indexes into the coordinate arrays); all of them by default. */
    points: ArrayLike<number> = Int32Array.from(latitudes.keys()),
  ) {
    this.rows = 180 * cellsPerDegree;
    this.cols = 360 * cellsPerDegree;
    const cellOf = new Int32Array(points.length);
    const sizes: number[] = [];
    for (let at = 0; at < points.length; at++) {
      const point = points[at]!;
      const key = this.key(this.row(latitudes[point]!), this.col(longitudes[point]!));
      let cell = this.cells.get(key);
      if (cell === undefined) {
        cell = sizes.push(0) - 1;
        this.cells.set(key, cell);
      }
      sizes[cell]!++;
      cellOf[at] = cell;
    }
    this.starts = new Int32Array(sizes.length + 1);
    for (let cell = 0; cell < sizes.length; cell++) this.starts[cell + 1] = this.starts[cell]! + sizes[cell]!;
    const next = this.starts.slice(0, -1);
    this.points = new Int32Array(points.length);
    for (let at = 0; at < points.length; at++) this.points[next[cellOf[at]!]!++] = points[at]!;
  }

  nearest(
    latitude: number,
    longitude: number,
    accept: (point: number) => boolean = () => true,
    maxMiles = Infinity,
  ): { point: number; miles: number } | null {
    const row = this.row(latitude);
    const col = this.col(longitude);
    const cellMiles = MILES_PER_DEGREE / this.cellsPerDegree;
    // Candidates are compared by a flat-earth distance (exact enough at these ranges and several
    // times cheaper than haversine); the winner's distance is then computed properly.
    const cosLatitude = Math.cos(latitude * RADIANS);
    const { latitudes, longitudes, points, starts } = this;
    let best = -1;
    let bestSquared = Infinity;
    for (let ring = 0; ring <= this.rows; ring++) {
      for (let dRow = -ring; dRow <= ring; dRow++) {
        const r = row + dRow;
        if (r < 0 || r >= this.rows) continue;
        // Whole rows at the top and bottom of the ring, only the two edge cells in between.
        const step = dRow === -ring || dRow === ring ? 1 : 2 * ring || 1;
        for (let dCol = -ring; dCol <= ring; dCol += step) {
          const cell = this.cells.get(this.key(r, col + dCol));
          if (cell === undefined) continue;
          for (let at = starts[cell]!, end = starts[cell + 1]!; at < end; at++) {
            const point = points[at]!;
            let dLon = longitudes[point]! - longitude;
            if (dLon > 180) dLon -= 360;
            else if (dLon < -180) dLon += 360;
            const dx = dLon * cosLatitude;
            const dy = latitudes[point]! - latitude;
            const squared = dx * dx + dy * dy;
            if (squared < bestSquared && accept(point)) {
              best = point;
              bestSquared = squared;
            }
          }
        }
      }
      // Cells of the next ring are at least `ring` whole cells away; a degree of longitude is
      // shortest at the most poleward latitude that ring reaches.
      const poleward = Math.min(89.9, Math.abs(latitude) + (ring + 1) / this.cellsPerDegree);
      const reach = ring * cellMiles * Math.cos(poleward * RADIANS);
      if (reach >= Math.min(Math.sqrt(bestSquared) * MILES_PER_DEGREE, maxMiles)) break;
    }
    if (best < 0) return null;
    const miles = milesBetween(latitude, longitude, latitudes[best]!, longitudes[best]!);
    return miles <= maxMiles ? { point: best, miles } : null;
  }

  /** Every accepted point within `miles`. */
  within(
    latitude: number,
    longitude: number,
    miles: number,
    accept: (point: number) => boolean = () => true,
  ): number[] {
    const { latitudes, longitudes, points, starts } = this;
    const found: number[] = [];
    const cellMiles = MILES_PER_DEGREE / this.cellsPerDegree;
    const rows = Math.ceil(miles / cellMiles) + 1;
    const poleward = Math.min(89.9, Math.abs(latitude) + rows / this.cellsPerDegree);
    const cols = Math.min(this.cols / 2, Math.ceil(miles / (cellMiles * Math.cos(poleward * RADIANS))) + 1);
    const row = this.row(latitude);
    const col = this.col(longitude);
    for (let r = Math.max(0, row - rows); r <= Math.min(this.rows - 1, row + rows); r++) {
      for (let dCol = -cols; dCol <= cols; dCol++) {
        const cell = this.cells.get(this.key(r, col + dCol));
        if (cell === undefined) continue;
        for (let at = starts[cell]!, end = starts[cell + 1]!; at < end; at++) {
          const point = points[at]!;
          if (
            milesBetween(latitude, longitude, latitudes[point]!, longitudes[point]!) <= miles &&
            accept(point)
          ) {
            found.push(point);
          }
        }
      }
    }
    return found;
  }

  private row(latitude: number): number {
    return Math.min(this.rows - 1, Math.floor((latitude + 90) * this.cellsPerDegree));
  }

  private col(longitude: number): number {
    return Math.floor((longitude + 180) * this.cellsPerDegree);
  }

  /** Columns wrap around the antimeridian. */
  private key(row: number, col: number): number {
    return row * this.cols + (((col % this.cols) + this.cols) % this.cols);
  }
}
