/**
 * Distances and map rules (spec 9 'Search and paging', 4 'Location permission').
 */

import { DEFAULT_DISTANCE, EARTH_RADIUS_KM, KM_PER_MILE } from './constants';

/** A point in decimal degrees. */
export interface LatLon {
  lat: number;
  lon: number;
}

const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres (haversine, earth radius 6371 km). */
export function haversineKm(from: LatLon, to: LatLon): number {
  const dLat = toRadians(to.lat - from.lat);
  const dLon = toRadians(to.lon - from.lon);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(from.lat)) * Math.cos(toRadians(to.lat)) * Math.sin(dLon / 2) ** 2;
  // min() guards against a rounding error pushing a just above 1 for antipodal points.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Great-circle distance in miles (haversine kilometres / 1.609344). */
export function haversineMiles(from: LatLon, to: LatLon): number {
  return kmToMiles(haversineKm(from, to));
}

/** Kilometres to miles. */
export function kmToMiles(km: number): number {
  return km / KM_PER_MILE;
}

/** Miles to kilometres. */
export function milesToKm(miles: number): number {
  return miles * KM_PER_MILE;
}

/** Distances are shown in miles with one decimal (search cards, offer cards). */
export function roundMiles(miles: number): number {
  return Math.round(miles * 10) / 10;
}

/** A distance as cards show it: one decimal under 10 miles, whole miles from there ('3.2 mi'). */
export function formatMiles(miles: number): string {
  return `${miles < 10 ? miles.toFixed(1) : Math.round(miles)} mi`;
}

/** Every radius `mapDistanceForZoom` answers, so the API can accept them. */
export const MAP_DISTANCES: readonly number[] = [DEFAULT_DISTANCE, 30, 20, 5];

/**
 * Search radius in miles for a map zoom level, so a search on the map covers about what is
 * visible: 12 gives 30, 13 gives 20, 14 to 16 give 5, anything else 50. A fractional zoom
 * (maps zoom smoothly) is rounded to the nearest level first.
 */
export function mapDistanceForZoom(zoom: number): number {
  const level = Math.round(zoom);
  if (level === 12) return 30;
  if (level === 13) return 20;
  if (level >= 14 && level <= 16) return 5;
  return DEFAULT_DISTANCE;
}

/**
 * Reads a 'lat,lon' pair (the geo lookup's `loc`, a search location typed as coordinates).
 * Null unless both are numbers within range (latitude -90..90, longitude -180..180).
 */
export function parseLatLon(text: string): LatLon | null {
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!match) return null;
  const lat = Number(match[1]);
  const lon = Number(match[2]);
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { lat, lon };
}

/** A point as the 'lat,lon' text the geo lookup and search location accept. */
export function formatLatLon(point: LatLon): string {
  return `${point.lat},${point.lon}`;
}

/** The browser's geolocation permission state. */
export type LocationPermission = 'granted' | 'prompt' | 'denied';

/**
 * How the visitor's location is looked up: from the browser's coordinates when permission is
 * granted or may still be asked for, otherwise from the IP address.
 */
export function locationLookupKind(permission: LocationPermission): 'coordinates' | 'ip' {
  return permission === 'granted' || permission === 'prompt' ? 'coordinates' : 'ip';
}

/** The listings' countries by their English names ('US' -> 'United States'). */
export const COUNTRY_NAMES: Readonly<Record<string, string>> = { US: 'United States', CA: 'Canada' };

/** The search location of a country: its name, which the geo lookup resolves to the whole country. */
export function countryLocation(country: string): string {
  return COUNTRY_NAMES[country] ?? country;
}
