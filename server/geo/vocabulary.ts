/**
 * The gazetteer's words: the two countries, their states and provinces with the spellings people
 * type, the province codes the data packages use, and the one way names are compared (`fold`,
 * `cityKey`), so the indexes and the parsed text meet on the same keys.
 */
import { CA_PROVINCES, US_STATES } from '../../src/domain/regions';

export type CountryCode = 'US' | 'CA';

/** A US state (DC included) or a Canadian province or territory. */
export interface Region {
  code: string;
  name: string;
  countryCode: CountryCode;
}

export const COUNTRY_NAMES: Readonly<Record<CountryCode, string>> = { US: 'United States', CA: 'Canada' };

/** GeoNames admin1 numbers of the Canadian provinces and territories. */
export const CA_ADMIN1: Readonly<Record<string, string>> = {
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
export const FSA_PROVINCE: Readonly<Record<string, string>> = {
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
export const CITY_ALIASES: Readonly<Record<string, string>> = {
  'new york': 'new york city',
  nyc: 'new york city',
};

export const COUNTRY_ALIASES: ReadonlyArray<[string, CountryCode]> = [
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

/** Accent-insensitive, case-insensitive, punctuation-insensitive form: 'Montréal' -> 'montreal'. */
export function fold(text: string): string {
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
export function cityKey(text: string): string {
  return fold(text)
    .split(' ')
    .map((word) => NAME_ABBREVIATIONS[word] ?? word)
    .join(' ');
}

/** Every region by `${countryCode}:${code}` ('US:TX', 'CA:ON'). */
export const regions: ReadonlyMap<string, Region> = (() => {
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
})();

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

/** The region with this code; throws for one that does not exist (a bug in the data, not input). */
export function regionOf(countryCode: CountryCode, code: string): Region {
  const region = regions.get(`${countryCode}:${code}`);
  if (!region) throw new Error(`Unknown region ${countryCode}:${code}`);
  return region;
}

/** The region a folded text names ('tx', 'texas', 'pei'), within `country` when given. */
export function findRegion(folded: string, country: CountryCode | undefined): Region | undefined {
  return regionKeys.get(folded)?.find((region) => !country || region.countryCode === country);
}
