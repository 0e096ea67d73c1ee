/**
 * Where a search looks: the `location` text resolved through the offline gazetteer.
 */
import type { LatLon } from '../../src/domain/geo';
import { lookupPlace, placeReach, type Place } from '../geo/gazetteer';
import { HttpError } from '../http';

/**
 * - `radius`: a city, postal code or 'lat,lon': listings within `miles` of it.
 * - `region`: a state or province typed alone ('Texas', 'ON'): every listing there. Its centre
 *   (of population) is a poor stand-in for a region hundreds of miles wide, so no radius filters
 *   it; distances are still measured from the centre, for sorting, and the region lies within
 *   `miles` of it (placeReach: its farthest city, and REACH_SLACK_MILES), which bounds a walk
 *   outwards from the centre (server/search/query.ts).
 * - `country`: 'USA', 'Canada': every listing of the country, likewise.
 */
export type SearchArea =
  | { kind: 'radius'; centre: LatLon; miles: number; place: Place }
  | {
      kind: 'region';
      centre: LatLon;
      miles: number;
      countryCode: string;
      stateOrProvinceCode: string;
      place: Place;
    }
  | { kind: 'country'; centre: LatLon; miles: number; countryCode: string; place: Place };

/**
 * Miles beyond a region's farthest city that its listings may lie: a listing is at the city or
 * ZIP code it names, or a few miles out of town.
 */
export const REACH_SLACK_MILES = 30;

/**
 * The area of a search, or null without a location (best-of pages and the travel / featured
 * retry search everywhere in the caller's scope). A location that resolves nowhere is a 400.
 */
export function resolveSearchArea(location: string, miles: number): SearchArea | null {
  if (!location) return null;
  const place = lookupPlace(location);
  if (!place) throw new HttpError(400, `location: no place found for "${location}"`, 'location');
  const centre = { lat: place.latitude, lon: place.longitude };
  const reach = () => placeReach(place) + REACH_SLACK_MILES;
  switch (place.kind) {
    case 'region':
      return {
        kind: 'region',
        centre,
        miles: reach(),
        countryCode: place.countryCode,
        stateOrProvinceCode: place.stateOrProvinceCode,
        place,
      };
    case 'country':
      return { kind: 'country', centre, miles: reach(), countryCode: place.countryCode, place };
    default:
      return { kind: 'radius', centre, miles, place };
  }
}
