import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  formatLatLon,
  haversineKm,
  haversineMiles,
  kmToMiles,
  locationLookupKind,
  mapDistanceForZoom,
  milesToKm,
  parseLatLon,
  formatMiles,
  roundMiles,
} from '../../../src/domain/geo';
import { DEFAULT_MAP_ZOOM, EARTH_RADIUS_KM, KM_PER_MILE } from '../../../src/domain/constants';

const newYork = { lat: 40.7128, lon: -74.006 };
const losAngeles = { lat: 34.0522, lon: -118.2437 };

describe('haversine (spec 9)', () => {
  it('uses an earth radius of 6371 km', () => {
    expect(EARTH_RADIUS_KM).toBe(6371);
    // One degree of latitude on a 6371 km sphere.
    expect(haversineKm({ lat: 0, lon: 0 }, { lat: 1, lon: 0 })).toBeCloseTo((6371 * Math.PI) / 180, 6);
  });

  it('measures New York to Los Angeles', () => {
    expect(haversineKm(newYork, losAngeles)).toBeCloseTo(3935.746, 2);
    expect(haversineMiles(newYork, losAngeles)).toBeCloseTo(2445.559, 2);
  });

  it('is 0 for the same point and symmetric', () => {
    expect(haversineKm(newYork, newYork)).toBe(0);
    expect(haversineKm(newYork, losAngeles)).toBeCloseTo(haversineKm(losAngeles, newYork), 9);
  });

  it('never exceeds half the circumference', () => {
    const point = fc.record({
      lat: fc.double({ min: -90, max: 90, noNaN: true }),
      lon: fc.double({ min: -180, max: 180, noNaN: true }),
    });
    fc.assert(
      fc.property(point, point, (a, b) => {
        const d = haversineKm(a, b);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(Math.PI * EARTH_RADIUS_KM + 1e-6);
      }),
    );
  });

  it('converts miles with 1.609344', () => {
    expect(KM_PER_MILE).toBe(1.609344);
    expect(kmToMiles(1.609344)).toBe(1);
    expect(milesToKm(50)).toBeCloseTo(80.4672, 10);
  });
});

describe('mapDistanceForZoom (spec 9)', () => {
  it.each([
    [12, 30],
    [13, 20],
    [14, 5],
    [15, 5],
    [16, 5],
    [11, 50],
    [17, 50],
    [DEFAULT_MAP_ZOOM, 50],
    [13.4, 20],
    [11.6, 30],
  ])('zoom %d -> %d miles', (zoom, miles) => {
    expect(mapDistanceForZoom(zoom)).toBe(miles);
  });

  it('starts maps at zoom 10', () => {
    expect(DEFAULT_MAP_ZOOM).toBe(10);
  });
});

describe('parseLatLon / formatLatLon', () => {
  it('reads a lat,lon pair', () => {
    expect(parseLatLon('30.2672,-97.7431')).toEqual({ lat: 30.2672, lon: -97.7431 });
    expect(parseLatLon(' 0 , 0 ')).toEqual({ lat: 0, lon: 0 });
  });

  it('rejects text and out-of-range values', () => {
    expect(parseLatLon('Austin, TX')).toBeNull();
    expect(parseLatLon('91,0')).toBeNull();
    expect(parseLatLon('0,181')).toBeNull();
    expect(parseLatLon('1,2,3')).toBeNull();
  });

  it('formats a point back', () => {
    expect(formatLatLon({ lat: 30.2672, lon: -97.7431 })).toBe('30.2672,-97.7431');
  });
});

describe('locationLookupKind (spec 4)', () => {
  it('uses coordinates when granted or prompt, the IP otherwise', () => {
    expect(locationLookupKind('granted')).toBe('coordinates');
    expect(locationLookupKind('prompt')).toBe('coordinates');
    expect(locationLookupKind('denied')).toBe('ip');
  });
});

describe('roundMiles', () => {
  it('keeps one decimal, rounding half up', () => {
    expect(roundMiles(3.14159)).toBe(3.1);
    expect(roundMiles(2.25)).toBe(2.3);
    expect(roundMiles(0.04)).toBe(0);
  });
});

describe('formatMiles (cards)', () => {
  it('shows one decimal under 10 miles and whole miles from 10', () => {
    expect(formatMiles(0.04)).toBe('0.0 mi');
    expect(formatMiles(3.14)).toBe('3.1 mi');
    expect(formatMiles(9.94)).toBe('9.9 mi');
    expect(formatMiles(10)).toBe('10 mi');
    expect(formatMiles(12.6)).toBe('13 mi');
  });
});
