/**
 * `name`'s version, from its own package.json, found by walking up from its entry point: a
 * package's exports may leave package.json out (PGlite's do).
 */
export function packageVersion(name: string): string;
