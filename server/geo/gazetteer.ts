/**
 * The offline gazetteer: place text, postal codes and `lat,lon` pairs resolved against GeoNames
 * cities and US ZIP / Canadian FSA centroids, for the United States and Canada only. It answers
 * the search's location and the `/geo` calls without any network service, so the product works
 * offline.
 *
 * The public entry: callers import from here, not from the modules behind it (vocabulary.ts the
 * words, point-grid.ts the spatial grid, indexes.ts the lazily built data, parsing.ts the text
 * into a query, lookup.ts the answers).
 */
export { keepGazetteerIn, warmGazetteer, type City } from './indexes';
export {
  citiesByPopulation,
  countryCentre,
  lookupPlace,
  nearestCity,
  nearestPostal,
  placeReach,
  reverseLookup,
  type Place,
} from './lookup';
export type { CountryCode } from './vocabulary';
