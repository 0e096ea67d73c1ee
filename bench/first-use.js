// The first-use closure of a lazily loaded chunk, read from a Vite manifest: the same rule as
// .size-limit.js (an element's first use costs the loader plus every chunk its module imports
// statically). Plain JavaScript with a .d.ts beside it, so that .size-limit.js (run by Node
// without a TypeScript loader) could import it too instead of keeping its own copy.
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';

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

/**
 * The hosted site's initial JavaScript, as paths under `root` (the repository): index.html's
 * module scripts and modulepreload links, then every static import of those files, transitively
 * (read from the minified chunks: the app's manifest does not follow its imports of the widgets
 * build). The shared runtime is among them: the app imports it from /widgets/chunks/.
 *
 * @param {string} root
 * @returns {string[]}
 */
export function hostAppInitialFiles(root) {
  const html = readFileSync(join(root, 'dist/app/index.html'), 'utf8');
  const urls = [
    ...[...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]),
    ...[...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((match) => match[1]),
  ];
  const files = new Set();
  /** @param {string} file */
  const visit = (file) => {
    if (files.has(file)) return;
    if (!existsSync(join(root, file))) throw new Error(`${file} (imported by the host app) is not built`);
    files.add(file);
    const code = readFileSync(join(root, file), 'utf8');
    for (const match of code.matchAll(
      /(?:^|[;}\n])\s*(?:import|export)\s*(?:[\w$*{}\s,]*?from\s*)?(["'])([^"']+?\.js)\1/g,
    )) {
      const specifier = match[2];
      visit(specifier.startsWith('/') ? urlToFile(specifier) : posix.join(posix.dirname(file), specifier));
    }
  };
  for (const url of urls) visit(urlToFile(url));
  return [...files];
}

/**
 * A URL path of the site to its built file: /widgets/* in dist/widgets, the rest in dist/app.
 *
 * @param {string} url
 */
function urlToFile(url) {
  const path = url.split('?')[0];
  return path.startsWith('/widgets/') ? `dist/widgets/${path.slice('/widgets/'.length)}` : `dist/app${path}`;
}
