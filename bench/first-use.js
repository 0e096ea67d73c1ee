// What a page downloads before a chunk can run, read from the builds' Vite manifests: the rule
// .size-limit.js budgets (an element's first use costs the loader plus every chunk its module
// imports statically). Plain JavaScript with a .d.ts beside it, so that .size-limit.js (run by
// Node without a TypeScript loader) imports it instead of keeping its own copy.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { staticChunkFiles } from '../server/vite-manifest.js';

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
  const files = staticChunkFiles(manifest, source, { manifestName: `the Vite manifest of ${outDir}` });
  return [...new Set([...(entry ? [entry] : []), ...files].map((file) => `${outDir}/${file}`))];
}

/**
 * The hosted site's initial JavaScript, as paths under `root` (the repository): index.html's
 * module scripts and modulepreload links and the elements' loader, which the app imports on every
 * page, then every static import of those files, transitively,
 * from the app's and the widgets' manifests. The shared runtime is among them: the app imports it
 * from /widgets/chunks/.
 *
 * @param {string} root
 * @returns {string[]}
 */
export function hostAppInitialFiles(root) {
  const html = readFileSync(join(root, 'dist/app/index.html'), 'utf8');
  const urls = [
    ...[...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]),
    ...[...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((match) => match[1]),
    // The app imports the elements' loader once it has hydrated (host-app/main.tsx): every page.
    '/widgets/loader.js',
  ];
  // The site's URLs: /widgets/* is the widgets build (the loader, the shared runtime), the rest
  // the app's.
  const builds = [
    { prefix: '/widgets/', outDir: 'dist/widgets', isApp: false },
    { prefix: '/', outDir: 'dist/app', isApp: true },
  ].map((build) => ({ ...build, manifest: readManifest(root, build.outDir) }));
  const files = new Set();
  /** @param {string} url */
  const visit = (url) => {
    const path = url.split('?')[0];
    const build = builds.find(({ prefix }) => path.startsWith(prefix));
    const file = path.slice(build.prefix.length);
    const manifestName = `the Vite manifest of ${build.outDir}`;
    const source = Object.keys(build.manifest).find((key) => build.manifest[key].file === file);
    if (!source) throw new Error(`${url} (loaded by the host app) is not in ${manifestName}`);
    for (const chunk of staticChunkFiles(build.manifest, source, { manifestName })) {
      const built = `${build.outDir}/${chunk}`;
      if (files.has(built)) continue;
      files.add(built);
      // The app imports the shared runtime as an external URL (sharedRuntime in vite.config.ts),
      // which its manifest does not record: that one import is read from the minified chunk.
      if (build.isApp) for (const imported of widgetsImports(join(root, built))) visit(imported);
    }
  };
  for (const url of urls) visit(url);
  return [...files];
}

/**
 * @param {string} root
 * @param {string} outDir
 * @returns {Record<string, { file: string; imports?: string[] }>}
 */
function readManifest(root, outDir) {
  return JSON.parse(readFileSync(join(root, outDir, '.vite/manifest.json'), 'utf8'));
}

/**
 * The /widgets/ URLs that a built chunk imports statically (`import … from "/widgets/…"`, not
 * `import("…")`).
 *
 * @param {string} path
 * @returns {string[]}
 */
function widgetsImports(path) {
  const code = readFileSync(path, 'utf8');
  const statements =
    /(?:^|[;}\n])\s*(?:import|export)\s*(?:[\w$*{}\s,]*?from\s*)?(["'])(\/widgets\/[^"']+?\.js)\1/g;
  return [...code.matchAll(statements)].map((match) => match[2]);
}
