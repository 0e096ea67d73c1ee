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
 */
export class PointGrid<T extends Point> {
  private readonly cells = new Map<number, T[]>();
  private readonly rows: number;
  private readonly cols: number;

  constructor(private readonly cellsPerDegree: number) {
    this.rows = 180 * cellsPerDegree;
    this.cols = 360 * cellsPerDegree;
  }

  add(item: T): void {
    const key = this.key(this.row(item.latitude), this.col(item.longitude));
    const cell = this.cells.get(key);
    if (cell) cell.push(item);
    else this.cells.set(key, [item]);
  }

  nearest(
    latitude: number,
    longitude: number,
    accept: (item: T) => boolean = () => true,
    maxMiles = Infinity,
  ): { item: T; miles: number } | null {
    const row = this.row(latitude);
    const col = this.col(longitude);
    const cellMiles = MILES_PER_DEGREE / this.cellsPerDegree;
    // Candidates are compared by a flat-earth distance (exact enough at these ranges and several
    // times cheaper than haversine); the winner's distance is then computed properly.
    const cosLatitude = Math.cos(latitude * RADIANS);
    let best: T | null = null;
    let bestSquared = Infinity;
    for (let ring = 0; ring <= this.rows; ring++) {
      for (let dRow = -ring; dRow <= ring; dRow++) {
        const r = row + dRow;
        if (r < 0 || r >= this.rows) continue;
        // Whole rows at the top and bottom of the ring, only the two edge cells in between.
        const step = dRow === -ring || dRow === ring ? 1 : 2 * ring || 1;
        for (let dCol = -ring; dCol <= ring; dCol += step) {
          const cell = this.cells.get(this.key(r, col + dCol));
          if (!cell) continue;
          for (const item of cell) {
            let dLon = item.longitude - longitude;
            if (dLon > 180) dLon -= 360;
            else if (dLon < -180) dLon += 360;
            const dx = dLon * cosLatitude;
            const dy = item.latitude - latitude;
            const squared = dx * dx + dy * dy;
            if (squared < bestSquared && accept(item)) {
              best = item;
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
    if (!best) return null;
    const miles = milesBetween(latitude, longitude, best.latitude, best.longitude);
    return miles <= maxMiles ? { item: best, miles } : null;
  }

  /** Every accepted point within `miles`. */
  within(latitude: number, longitude: number, miles: number, accept: (item: T) => boolean = () => true): T[] {
    const found: T[] = [];
    const cellMiles = MILES_PER_DEGREE / this.cellsPerDegree;
    const rows = Math.ceil(miles / cellMiles) + 1;
    const poleward = Math.min(89.9, Math.abs(latitude) + rows / this.cellsPerDegree);
    const cols = Math.min(this.cols / 2, Math.ceil(miles / (cellMiles * Math.cos(poleward * RADIANS))) + 1);
    const row = this.row(latitude);
    const col = this.col(longitude);
    for (let r = Math.max(0, row - rows); r <= Math.min(this.rows - 1, row + rows); r++) {
      for (let dCol = -cols; dCol <= cols; dCol++) {
        const cell = this.cells.get(this.key(r, col + dCol));
        if (!cell) continue;
        for (const item of cell) {
          if (milesBetween(latitude, longitude, item.latitude, item.longitude) <= miles && accept(item)) {
            found.push(item);
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
