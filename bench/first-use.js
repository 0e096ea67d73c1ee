// The first-use closure of a lazily loaded chunk, read from a Vite manifest: the same rule as
// .size-limit.js (an element's first use costs the loader plus every chunk its module imports
// statically). Plain JavaScript with a .d.ts beside it, so that .size-limit.js (run by Node
// without a TypeScript loader) could import it too instead of keeping its own copy.

/**
 * Files (joined to `outDir`) that a page downloads before `source` can run: the `entry` file and
 * the chunk of `source` with its static imports, transitively. Dynamic imports are not followed.
 *
 * @param {Record<string, { file: string; imports?: string[] }>} manifest
 * @param {string} source a manifest key, e.g. 'widgets/offers-carousel/offers-carousel.element.ts'
 * @param {{ outDir: string; entry?: string }} options
 * @returns {string[]}
 */
export function firstUseFiles(manifest, source, { outDir, entry }) {
  const files = new Set(entry ? [`${outDir}/${entry}`] : []);
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest of ${outDir}`);
    files.add(`${outDir}/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(source);
  return [...files];
}
