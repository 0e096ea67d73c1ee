/**
 * The visitor's position when they already allowed it ('lat,lon'), for elements that must not
 * prompt on their own: the start of a listing's directions; with their city by IP address, the
 * visitor's place (placeWithoutAsking) where the carousel starts and a card's balance finds places.
 */
import { useEffect, useState } from 'react';
import type { Api } from '../src/api/client';
import { LOCATION_SHARED_RESET_MS } from '../src/domain/constants';
import type { UserLocation } from '../src/domain/types';

export async function grantedPosition(): Promise<string | undefined> {
  try {
    const permission = await navigator.permissions?.query({ name: 'geolocation' });
    if (permission?.state !== 'granted') return undefined;
    const { coords } = await new Promise<GeolocationPosition>((resolve, reject) =>
      navigator.geolocation.getCurrentPosition(resolve, reject, {
        timeout: 5000,
        // A position shared within the location-shared interval (spec 4) is fresh enough.
        maximumAge: LOCATION_SHARED_RESET_MS,
      }),
    );
    return `${coords.latitude.toFixed(4)},${coords.longitude.toFixed(4)}`;
  } catch {
    return undefined;
  }
}

/** grantedPosition as component state: undefined until (and unless) it is known. */
export function useGrantedPosition(): string | undefined {
  const [position, setPosition] = useState<string>();
  useEffect(() => {
    let live = true;
    void grantedPosition().then((found) => live && setPosition(found));
    return () => {
      live = false;
    };
  }, []);
  return position;
}

/** GET /geo without a query: a user location, and how the server found it. */
export type IpLookupAnswer = UserLocation & {
  source?: 'ip' | 'country';
  attribution?: { text: string; link: string };
};

/** Where the visitor is, found without asking, and the credit its source asks for. */
export interface QuietPlace {
  /** Place text or 'lat,lon', as the API takes a location. */
  location: string;
  /** The IP database's credit when the place came from it (its licence asks for the link). */
  credit?: { text: string; link: string };
}

/**
 * The visitor's place for an element that never prompts: their position if they already allowed
 * it, else their city by IP address; undefined when neither is known (a private or unknown
 * address: the caller falls back to the tenant's country).
 */
export async function placeWithoutAsking(api: Pick<Api, 'geo'>): Promise<QuietPlace | undefined> {
  const position = await grantedPosition();
  if (position) return { location: position };
  const found = (await api.geo().catch(() => undefined)) as IpLookupAnswer | undefined;
  // 'country': the server had no city for the address and answered the country's centre.
  if (found?.source !== 'ip' || !found.normalizeLocation) return undefined;
  return { location: found.normalizeLocation, ...(found.attribution && { credit: found.attribution }) };
}
