// Reading a Vite build manifest (`build.manifest: true`). Plain JavaScript with a .d.ts beside it,
// so that the server's page preloads (server/page-boot.ts), the bench (bench/first-use.js) and the
// size budgets (.size-limit.js, run by Node without a TypeScript loader) share one closure: what
// they count and what the server preloads cannot drift apart.

/**
 * The files (as the manifest names them, relative to the build's outDir) of `source`'s chunk and
 * of every chunk it imports statically, transitively: each once, each before its own imports, in
 * the manifest's import order. Dynamic imports are not followed.
 *
 * A key the manifest lacks is an error naming `manifestName`, unless `skipMissing`: then it is
 * left out, with whatever it would have imported (the server preloads less rather than fail a
 * page when a build is partial or stale).
 *
 * @param {Record<string, { file: string; imports?: string[] }>} manifest
 * @param {string} source a manifest key, e.g. 'widgets/offers-carousel/offers-carousel.element.ts'
 * @param {{ skipMissing?: boolean; manifestName?: string }} [options]
 * @returns {string[]}
 */
export function staticChunkFiles(
  manifest,
  source,
  { skipMissing = false, manifestName = 'the Vite manifest' } = {},
) {
  const files = new Set();
  const seen = new Set();
  /** @param {string} key */
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) {
      if (skipMissing) return;
      throw new Error(`${key} is not in ${manifestName}`);
    }
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(source);
  return [...files];
}
