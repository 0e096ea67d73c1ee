/**
 * The visitor's position when they already allowed it ('lat,lon'), for elements that must not
 * prompt on their own: the carousel's starting place, the start of a listing's directions.
 */
import { useEffect, useState } from 'react';
import { LOCATION_SHARED_RESET_MS } from '../src/domain/constants';

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
