/**
 * What a visitor types as a location, turned into a query: a `lat,lon` pair, a postal code, or
 * name parts with the country taken off. Pure text work: no data is read here; lookup.ts resolves
 * the query against the indexes.
 */
import { COUNTRY_ALIASES, fold, type CountryCode } from './vocabulary';

const COORDINATES = /^([+-]?\d{1,3}(?:\.\d+)?)\s*,\s*([+-]?\d{1,3}(?:\.\d+)?)$/;
const US_ZIP = /^(\d{5})(?:[-\s]?(\d{4}))?$/;
const CA_POSTAL = /^([a-z]\d[a-z])(?:\s?(\d[a-z]\d))?$/i;
/** A postal code at the end of a longer text: 'Austin, TX 78701', 'Toronto ON M5V 3L9'. */
const TRAILING_POSTAL = /[\s,]+(\d{5}(?:-\d{4})?|[a-z]\d[a-z](?:\s?\d[a-z]\d)?)$/i;

/** A well-formed postal code; whether it exists is for the lookup to say. */
export interface PostalCode {
  countryCode: CountryCode;
  /** The key of its area in the data: the five-digit ZIP, or the FSA in capitals ('M5V'). */
  area: string;
  /** As the place shows it: '78701-1234', 'M5V 3L9', or the area alone. */
  code: string;
}

export type PlaceQuery =
  | { kind: 'coordinates'; latitude: number; longitude: number }
  | { kind: 'postal'; postal: PostalCode }
  | {
      kind: 'names';
      /** Folded comma-separated parts, the country removed: ['austin', 'tx'], ['salt lake city utah']. */
      parts: string[];
      /** A country named at the end ('…, Canada', 'Toronto Canada'). */
      country?: CountryCode;
      /** A postal code after the names ('Austin, TX 78701'): used when the names give a city. */
      postal?: PostalCode;
    };

export function validCoordinates(latitude: number, longitude: number): boolean {
  return (
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180
  );
}

/**
 * The query a location text asks; null when it cannot be one (empty, over 200 characters, or a
 * `lat,lon` pair out of range).
 */
export function parsePlaceText(text: string): PlaceQuery | null {
  if (typeof text !== 'string') return null;
  const input = text.trim();
  if (!input || input.length > 200) return null;

  const coordinates = COORDINATES.exec(input);
  if (coordinates) {
    const latitude = Number(coordinates[1]);
    const longitude = Number(coordinates[2]);
    return validCoordinates(latitude, longitude) ? { kind: 'coordinates', latitude, longitude } : null;
  }

  const postal = parsePostalCode(input);
  if (postal) return { kind: 'postal', postal };

  const trailing = TRAILING_POSTAL.exec(input);
  if (trailing?.[1]) {
    return {
      kind: 'names',
      ...nameParts(input.slice(0, trailing.index)),
      postal: parsePostalCode(trailing[1]),
    };
  }
  return { kind: 'names', ...nameParts(input) };
}

/** A whole text that is a US ZIP (with or without its +4) or a Canadian postal code or FSA. */
function parsePostalCode(text: string): PostalCode | undefined {
  const zip = US_ZIP.exec(text);
  if (zip?.[1]) {
    return { countryCode: 'US', area: zip[1], code: zip[2] ? `${zip[1]}-${zip[2]}` : zip[1] };
  }
  const canadian = CA_POSTAL.exec(text);
  if (canadian?.[1]) {
    const fsa = canadian[1].toUpperCase();
    return { countryCode: 'CA', area: fsa, code: canadian[2] ? `${fsa} ${canadian[2].toUpperCase()}` : fsa };
  }
  return undefined;
}

function nameParts(text: string): { parts: string[]; country?: CountryCode } {
  const parts = text
    .split(',')
    .map(fold)
    .filter((part) => part.length > 0);
  if (!parts.length) return { parts };

  const last = parts[parts.length - 1]!;
  const wholeCountry = COUNTRY_ALIASES.find(([alias]) => alias === last);
  if (wholeCountry) {
    parts.pop();
    return { parts, country: wholeCountry[1] };
  }
  if (parts.length === 1) {
    // 'Toronto Canada': a country at the end of a one-part text.
    const suffix = COUNTRY_ALIASES.find(([alias]) => last.endsWith(` ${alias}`));
    if (suffix) return { parts: [last.slice(0, -suffix[0].length - 1)], country: suffix[1] };
  }
  return { parts };
}

/**
 * The ways to read the last one to four words of a one-part text as a region, longest first:
 * 'salt lake city utah' -> … { city: 'salt lake city', region: 'utah' }.
 */
export function regionSuffixes(folded: string): Array<{ city: string; region: string }> {
  const words = folded.split(' ');
  const splits: Array<{ city: string; region: string }> = [];
  for (let size = Math.min(4, words.length - 1); size >= 1; size--) {
    splits.push({ city: words.slice(0, -size).join(' '), region: words.slice(-size).join(' ') });
  }
  return splits;
}
