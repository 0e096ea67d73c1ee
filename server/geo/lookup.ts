/** The gazetteer's lookups: a parsed place text, a point or a country resolved to a Place. */
import { cityIndex, postalIndex, type City } from './indexes';
import { parsePlaceText, regionSuffixes, validCoordinates, type PostalCode } from './parsing';
import {
  CITY_ALIASES,
  cityKey,
  COUNTRY_NAMES,
  findRegion,
  regionOf,
  type CountryCode,
  type Region,
} from './vocabulary';

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
  const postal = postalIndex();
  const found = postal.grid.nearest(
    latitude,
    longitude,
    (area) => {
      const region = postal.region(area);
      return (
        region.countryCode === countryCode &&
        (stateOrProvinceCode === undefined || region.code === stateOrProvinceCode)
      );
    },
    maxMiles,
  );
  return found ? { code: postal.code(found.point), miles: found.miles } : null;
}

/** The code of nearestPostal; '' when none is within 60 miles. */
function nearestPostalCode(
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
  const cities = cityIndex();
  const found = cities.grid.nearest(
    latitude,
    longitude,
    countryCode ? (city) => cities.region(city).countryCode === countryCode : undefined,
  );
  return found ? { city: cities.city(found.point), miles: found.miles } : null;
}

/**
 * The city that names a point: the nearest one, unless a city at least ten times larger is
 * nearly as close. A downtown Toronto postal area sits closer to the 'East York' point than to
 * Toronto's, but people there say Toronto; Santa Monica stays Santa Monica, Brooklyn Brooklyn.
 */
function namingCity(
  latitude: number,
  longitude: number,
  inRegion?: (region: Region) => boolean,
): City | null {
  const cities = cityIndex();
  const accept = inRegion && ((city: number) => inRegion(cities.region(city)));
  const nearest = cities.grid.nearest(latitude, longitude, accept);
  if (!nearest) return null;
  const reach = Math.min(2 * nearest.miles + 2, 8);
  const nearestPopulation = cities.populations[nearest.point]!;
  let best = nearest.point;
  for (const city of cities.grid.within(latitude, longitude, reach, accept)) {
    const population = cities.populations[city]!;
    if (population >= 10 * nearestPopulation && population > cities.populations[best]!) best = city;
  }
  return cities.city(best);
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

const reaches = new Map<string, number>();

/**
 * Miles from a region's or a country's centre (its Place) to its farthest city: a circle that
 * holds all of it. 0 for any other place.
 */
export function placeReach(place: Place): number {
  if (place.kind !== 'region' && place.kind !== 'country') return 0;
  const key = `${place.countryCode}:${place.kind === 'region' ? place.stateOrProvinceCode : ''}`;
  let miles = reaches.get(key);
  if (miles === undefined) {
    miles = cityIndex().farthestMiles(
      place,
      (region) =>
        region.countryCode === place.countryCode &&
        (place.kind === 'country' || region.code === place.stateOrProvinceCode),
    );
    reaches.set(key, miles);
  }
  return miles;
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
    list = cityIndex()
      .rankedList()
      .filter((city) => wanted.has(city.countryCode));
    populationLists.set(key, list);
  }
  return list;
}

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
  const query = parsePlaceText(text);
  if (!query) return null;
  switch (query.kind) {
    case 'coordinates': {
      const { latitude, longitude } = query;
      const near = cityIndex().grid.nearest(latitude, longitude, undefined, MAX_COORDINATE_MILES);
      return near ? reverseLookup(latitude, longitude) : null;
    }
    case 'postal':
      return postalPlace(query.postal);
    case 'names': {
      const trailingPostal = query.postal && postalPlace(query.postal);
      const place = namesPlace(query.parts, query.country);
      if (place && trailingPostal && place.kind === 'city') {
        return trailingPostal.countryCode === place.countryCode
          ? { ...place, postalCode: trailingPostal.postalCode }
          : place;
      }
      return place ?? trailingPostal ?? null;
    }
  }
}

/** A postal code's place, or null for a well-formed code that does not exist. */
function postalPlace(postal: PostalCode): Place | null {
  const index = postalIndex();
  const found = index.find(postal.area);
  if (found < 0) return null;
  const area = index.area(found);
  if (postal.countryCode === 'US') {
    return makePlace(
      'postal',
      area.city,
      regionOf('US', area.stateOrProvinceCode),
      postal.code,
      area.latitude,
      area.longitude,
    );
  }
  // FSA names in the data are district descriptions; the nearest city in the province reads better.
  const near =
    namingCity(area.latitude, area.longitude, (region) => region.code === area.stateOrProvinceCode) ??
    namingCity(area.latitude, area.longitude, (region) => region.countryCode === 'CA');
  return makePlace(
    'postal',
    near?.name ?? '',
    regionOf('CA', area.stateOrProvinceCode),
    postal.code,
    area.latitude,
    area.longitude,
  );
}

function namesPlace(parts: string[], country: CountryCode | undefined): Place | null {
  if (!parts.length) return country ? countryCentre(country) : null;

  if (parts.length >= 2) {
    // '…, Austin, TX': the last part is the region, the one before it the city.
    const region = findRegion(parts[parts.length - 1]!, country);
    if (!region) return null;
    return cityInRegion(parts[parts.length - 2]!, region);
  }

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
  for (const split of regionSuffixes(whole)) {
    const trailingRegion = findRegion(split.region, country);
    if (!trailingRegion) continue;
    const place = cityInRegion(split.city, trailingRegion);
    if (place) return place;
  }
  const loose = findCity(whole, country, undefined, true);
  return loose ? cityPlace(loose) : null;
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
    const index = postalIndex();
    const found = index.findUsCity(region.code, cityKey(folded));
    if (found >= 0) {
      const area = index.area(found);
      return makePlace('city', area.city, region, area.code, area.latitude, area.longitude);
    }
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
  const cities = cityIndex();
  const key = cityKey(folded);
  const keys = [CITY_ALIASES[key] ?? key];
  if (loose && key.endsWith(' city')) keys.push(key.slice(0, -' city'.length));
  for (const candidate of keys) {
    const found = cities.findByName(candidate, (city) => {
      const region = cities.region(city);
      return (!country || region.countryCode === country) && (!regionCode || region.code === regionCode);
    });
    if (found >= 0) return cities.city(found);
  }
  return undefined;
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
