// A dependency's version as installed. Plain JavaScript with a .d.ts beside it, so that the PGlite
// worker (plain JavaScript, outside any TypeScript loader) and the server's TypeScript find it one
// way: both name a file they keep in dist/ after the version of the package it came from.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * `name`'s version, from its own package.json, found by walking up from its entry point: a
 * package's exports may leave package.json out (PGlite's do).
 *
 * @param {string} name
 * @returns {string}
 */
export function packageVersion(name) {
  let folder = dirname(createRequire(import.meta.url).resolve(name));
  while (!existsSync(join(folder, 'package.json'))) folder = dirname(folder);
  return JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).version;
}
