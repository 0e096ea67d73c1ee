import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCATION_SHARED_RESET_MS } from '../../../../src/domain/constants';
import type { UserLocation } from '../../../../src/domain/types';
import {
  findVisitorLocation,
  geolocationPermission,
  locationSharedReset,
  type LocationDeps,
} from '../../../../widgets/search/search.location';

const place = (normalizeLocation: string) => ({ normalizeLocation }) as UserLocation;

/** Fakes of navigator.permissions, navigator.geolocation and the geo API. */
function deps({
  state = 'prompt' as PermissionState | 'missing',
  position = { latitude: 30.26715, longitude: -97.74306 } as
    { latitude: number; longitude: number } | 'refused',
  places = { '30.2672,-97.7431': 'Austin, TX' } as Record<string, string>,
  ip = 'Lebanon, KS' as string | 'down',
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
      return place(ip);
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
    await expect(findVisitorLocation(value, { ask: false })).resolves.toEqual({
      location: '30.2672,-97.7431',
      label: 'Austin, TX',
      source: 'coordinates',
    });
    expect(getCurrentPosition).toHaveBeenCalledOnce();
    expect(lookup).toHaveBeenCalledWith('30.2672,-97.7431');
  });

  it('prompt: asks the browser when the visitor chose Share my Location', async () => {
    const { value, getCurrentPosition } = deps({ state: 'prompt' });
    const found = await findVisitorLocation(value, { ask: true });
    expect(found.source).toBe('coordinates');
    expect(getCurrentPosition).toHaveBeenCalledOnce();
  });

  it('prompt: never prompts on its own (a search opening without a place): the IP lookup', async () => {
    const { value, getCurrentPosition, lookup } = deps({ state: 'prompt' });
    await expect(findVisitorLocation(value, { ask: false })).resolves.toEqual({
      location: 'Lebanon, KS',
      label: 'Lebanon, KS',
      source: 'ip',
    });
    expect(getCurrentPosition).not.toHaveBeenCalled();
    expect(lookup).toHaveBeenCalledWith();
  });

  it('denied: the IP lookup, without asking the browser', async () => {
    const { value, getCurrentPosition } = deps({ state: 'denied' });
    const found = await findVisitorLocation(value, { ask: true });
    expect(found.source).toBe('ip');
    expect(getCurrentPosition).not.toHaveBeenCalled();
  });

  it('refused at the prompt: the IP lookup', async () => {
    const { value } = deps({ state: 'prompt', position: 'refused' });
    await expect(findVisitorLocation(value, { ask: true })).resolves.toMatchObject({ source: 'ip' });
  });

  it('coordinates the lookup cannot name keep the coordinates as their label', async () => {
    const { value } = deps({ state: 'granted', places: {} });
    await expect(findVisitorLocation(value, { ask: true })).resolves.toEqual({
      location: '30.2672,-97.7431',
      label: '30.2672,-97.7431',
      source: 'coordinates',
    });
  });

  it('no location results: the tenant country', async () => {
    const us = deps({ state: 'denied', ip: 'down' });
    await expect(findVisitorLocation(us.value, { ask: true })).resolves.toEqual({
      location: 'United States',
      label: 'United States',
      source: 'country',
    });
    const ca = deps({ state: 'prompt', position: 'refused', ip: 'down', country: 'CA' });
    await expect(findVisitorLocation(ca.value, { ask: true })).resolves.toMatchObject({ location: 'Canada' });
  });

  it('a browser without the Permissions API counts as prompt', async () => {
    await expect(geolocationPermission({ permissions: undefined })).resolves.toBe('prompt');
    await expect(
      geolocationPermission({ permissions: { query: () => Promise.reject(new TypeError('unsupported')) } }),
    ).resolves.toBe('prompt');
    const { value, getCurrentPosition } = deps({ state: 'missing' });
    await findVisitorLocation(value, { ask: true });
    expect(getCurrentPosition).toHaveBeenCalledOnce();
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
