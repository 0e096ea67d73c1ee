import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCATION_SHARED_RESET_MS } from '../../../../src/domain/constants';
import type { UserLocation } from '../../../../src/domain/types';
import {
  findVisitorLocation,
  geolocationPermission,
  locationSharedReset,
  type LocationDeps,
} from '../../../../widgets/search/search.location';

const place = (normalizeLocation: string, extra: object = {}) =>
  ({ normalizeLocation, ...extra }) as UserLocation;

const DBIP = { text: 'IP Geolocation by DB-IP', link: 'https://db-ip.com' };

/** Fakes of navigator.permissions, navigator.geolocation and the geo API. */
function deps({
  state = 'prompt' as PermissionState | 'missing',
  position = { latitude: 30.26715, longitude: -97.74306 } as
    { latitude: number; longitude: number } | 'refused',
  places = { '30.2672,-97.7431': 'Austin, TX' } as Record<string, string>,
  ip = 'Montréal, QC' as string | 'down' | 'private',
  country = 'US',
} = {}) {
  const getCurrentPosition = vi.fn<Geolocation['getCurrentPosition']>((success, failure) => {
    if (position === 'refused')
      failure?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError);
    else success({ coords: position } as GeolocationPosition);
  });
  const lookup = vi.fn(async (query?: string) => {
    if (query === undefined) {
      if (ip === 'down') throw new Error('network');
      // A private or unknown address: the server answers the country's centre, saying so.
      if (ip === 'private') return place('Lebanon, KS', { source: 'country' });
      return place(ip, { source: 'ip', attribution: DBIP });
    }
    const found = places[query];
    if (!found) throw new Error('404');
    return place(found);
  });
  const value: LocationDeps = {
    permissions:
      state === 'missing' ? undefined : { query: vi.fn(async () => ({ state }) as PermissionStatus) },
    geolocation: { getCurrentPosition },
    lookup,
    country,
  };
  return { value, getCurrentPosition, lookup };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the location permission flow (spec 4)', () => {
  it('granted: the browser coordinates, named by the geo lookup', async () => {
    const { value, getCurrentPosition, lookup } = deps({ state: 'granted' });
    await expect(findVisitorLocation(value)).resolves.toEqual({
      location: '30.2672,-97.7431',
      label: 'Austin, TX',
      source: 'coordinates',
    });
    expect(getCurrentPosition).toHaveBeenCalledOnce();
    expect(lookup).toHaveBeenCalledWith('30.2672,-97.7431');
    expect(lookup).not.toHaveBeenCalledWith();
  });

  it('prompt: the coordinates lookup too, on load (the browser asks the visitor)', async () => {
    const { value, getCurrentPosition, lookup } = deps({ state: 'prompt' });
    await expect(findVisitorLocation(value)).resolves.toEqual({
      location: '30.2672,-97.7431',
      label: 'Austin, TX',
      source: 'coordinates',
    });
    expect(getCurrentPosition).toHaveBeenCalledOnce();
    expect(lookup).not.toHaveBeenCalledWith();
  });

  it('denied: the IP lookup, without asking the browser, with the IP database credit', async () => {
    const { value, getCurrentPosition, lookup } = deps({ state: 'denied' });
    await expect(findVisitorLocation(value)).resolves.toEqual({
      location: 'Montréal, QC',
      label: 'Montréal, QC',
      source: 'ip',
      attribution: DBIP,
    });
    expect(getCurrentPosition).not.toHaveBeenCalled();
    expect(lookup).toHaveBeenCalledWith();
  });

  it('prompt refused by the visitor: the IP lookup', async () => {
    const { value, getCurrentPosition } = deps({ state: 'prompt', position: 'refused' });
    await expect(findVisitorLocation(value)).resolves.toMatchObject({
      source: 'ip',
      location: 'Montréal, QC',
    });
    expect(getCurrentPosition).toHaveBeenCalledOnce();
  });

  it('coordinates the lookup cannot name keep the coordinates as their label', async () => {
    const { value } = deps({ state: 'granted', places: {} });
    await expect(findVisitorLocation(value)).resolves.toEqual({
      location: '30.2672,-97.7431',
      label: '30.2672,-97.7431',
      source: 'coordinates',
    });
  });

  it('no location results: the tenant country', async () => {
    const us = deps({ state: 'denied', ip: 'down' });
    await expect(findVisitorLocation(us.value)).resolves.toEqual({
      location: 'United States',
      label: 'United States',
      source: 'country',
    });
    const ca = deps({ state: 'prompt', position: 'refused', ip: 'down', country: 'CA' });
    await expect(findVisitorLocation(ca.value)).resolves.toMatchObject({ location: 'Canada' });
  });

  it("an address the IP database cannot place (the server's country answer): the tenant country", async () => {
    const { value } = deps({ state: 'denied', ip: 'private', country: 'CA' });
    await expect(findVisitorLocation(value)).resolves.toEqual({
      location: 'Canada',
      label: 'Canada',
      source: 'country',
    });
  });

  it('a browser without the Permissions API counts as prompt: the coordinates lookup', async () => {
    await expect(geolocationPermission({ permissions: undefined })).resolves.toBe('prompt');
    await expect(
      geolocationPermission({ permissions: { query: () => Promise.reject(new TypeError('unsupported')) } }),
    ).resolves.toBe('prompt');
    const { value, getCurrentPosition } = deps({ state: 'missing' });
    await expect(findVisitorLocation(value)).resolves.toMatchObject({ source: 'coordinates' });
    expect(getCurrentPosition).toHaveBeenCalledOnce();
  });

  it('a browser without geolocation: the IP lookup', async () => {
    const { value } = deps({ state: 'prompt' });
    await expect(findVisitorLocation({ ...value, geolocation: undefined })).resolves.toMatchObject({
      source: 'ip',
    });
  });
});

describe('the location-shared flag', () => {
  it('resets every 10 minutes until stopped', () => {
    vi.useFakeTimers();
    const reset = vi.fn();
    const stop = locationSharedReset(reset);
    vi.advanceTimersByTime(LOCATION_SHARED_RESET_MS - 1);
    expect(reset).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reset).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(LOCATION_SHARED_RESET_MS);
    expect(reset).toHaveBeenCalledTimes(2);
    stop();
    vi.advanceTimersByTime(LOCATION_SHARED_RESET_MS * 3);
    expect(reset).toHaveBeenCalledTimes(2);
    expect(LOCATION_SHARED_RESET_MS).toBe(600_000);
  });
});
