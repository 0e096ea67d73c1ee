/**
 * Where the visitor is (spec 4 'Location permission', 'Location-shared flag'): the browser's
 * coordinates when permission is 'granted' or 'prompt' (the browser then asks the visitor),
 * otherwise ('denied', or a refusal at the prompt) the IP lookup, and the tenant's country when
 * neither answers. Browser and API access come in as `LocationDeps`
 * so the decisions are tested without a browser.
 */
import { LOCATION_SHARED_RESET_MS } from '../../src/domain/constants';
import { countryLocation, locationLookupKind, type LocationPermission } from '../../src/domain/geo';
import type { UserLocation } from '../../src/domain/types';
import type { IpLookupAnswer } from '../visitor-position';

export interface LocationDeps {
  /** navigator.permissions, when the browser has it. */
  permissions?: Pick<Permissions, 'query'> | undefined;
  /** navigator.geolocation, when the browser has it. */
  geolocation?: Pick<Geolocation, 'getCurrentPosition'> | undefined;
  /** GET /geo/{query}; without a query, the IP lookup. */
  lookup(query?: string): Promise<UserLocation>;
  /** The tenant's country code ('US', 'CA'). */
  country: string;
}

/** A place to search from. */
export interface VisitorLocation {
  /** The search location: 'lat,lon' from the browser, else place text. */
  location: string;
  /** What the visitor reads: 'Austin, TX'. */
  label: string;
  /** How it was found. */
  source: 'coordinates' | 'ip' | 'country';
  /** The IP database's credit, which its licence asks a page showing the place to link (source 'ip'). */
  attribution?: { text: string; link: string };
}

/** The geolocation permission; 'prompt' when the browser cannot tell (it will ask). */
export async function geolocationPermission(
  deps: Pick<LocationDeps, 'permissions'>,
): Promise<LocationPermission> {
  try {
    const status = await deps.permissions?.query({ name: 'geolocation' });
    return status?.state ?? 'prompt';
  } catch {
    return 'prompt';
  }
}

/** Coordinates rounded to 4 decimals (about 10 m), as the geo lookup gives them. */
export const formatCoordinates = (latitude: number, longitude: number): string =>
  `${latitude.toFixed(4)},${longitude.toFixed(4)}`;

function currentPosition(geolocation: LocationDeps['geolocation']): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!geolocation) return reject(new Error('No geolocation'));
    geolocation.getCurrentPosition(
      ({ coords }) => resolve(formatCoordinates(coords.latitude, coords.longitude)),
      reject,
      { timeout: 10_000, maximumAge: LOCATION_SHARED_RESET_MS },
    );
  });
}

/**
 * The visitor's location, as spec 4 has it: with permission 'granted' or 'prompt' the browser's
 * coordinates (at 'prompt' the browser asks); with 'denied', a refusal or no fix in time, the IP
 * lookup; when that has no city for the visitor (a private or unknown address), the tenant country.
 */
export async function findVisitorLocation(deps: LocationDeps): Promise<VisitorLocation> {
  const permission = await geolocationPermission(deps);
  if (locationLookupKind(permission) === 'coordinates' && deps.geolocation) {
    try {
      const location = await currentPosition(deps.geolocation);
      // The coordinates are the search location; the lookup only names them.
      const label = await deps.lookup(location).then(
        (place) => place.normalizeLocation || location,
        () => location,
      );
      return { location, label, source: 'coordinates' };
    } catch {
      // Refused at the prompt, or no fix in time: the IP lookup below.
    }
  }
  try {
    const place: IpLookupAnswer = await deps.lookup();
    // 'country': the server had no city for the address and answered the country's centre.
    if (place.normalizeLocation && place.source !== 'country')
      return {
        location: place.normalizeLocation,
        label: place.normalizeLocation,
        source: 'ip',
        ...(place.attribution && { attribution: place.attribution }),
      };
  } catch {
    // No IP answer: the tenant country below.
  }
  const country = countryLocation(deps.country);
  return { location: country, label: country, source: 'country' };
}

/**
 * The location-shared flag: on once the visitor shared their coordinates, back to off every
 * 10 minutes, so a later 'Share my Location' asks the browser again for a fresh position.
 * Returns a stop function.
 */
export function locationSharedReset(
  reset: () => void,
  timers: { setInterval: typeof setInterval; clearInterval: typeof clearInterval } = globalThis,
): () => void {
  const id = timers.setInterval(reset, LOCATION_SHARED_RESET_MS);
  return () => timers.clearInterval(id);
}
