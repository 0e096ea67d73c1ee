/**
 * Bundle sizes: gzip and brotli of the loader, of each element's first-use JavaScript and the
 * chunks it loads later (maps), and of the host app's initial JavaScript, against their budgets. Compressed like size-limit does it
 * (@size-limit/file): each file on its own, gzip level 9, brotli quality 11, then summed.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ensureBuilt } from '../server/build';
import { firstUseFiles, hostAppInitialFiles, type Manifest } from './first-use.js';
import { run } from './proc';

const WIDGETS = 'dist/widgets';
const APP = 'dist/app';
const LOADER_SOURCE = 'widgets/loader.ts';
const SEARCH_SOURCE = 'widgets/search/search.element.ts';

export interface Budget {
  bytes: number;
  label: string;
  source: string;
}

export interface SizeRow {
  name: string;
  files: string[];
  raw: number;
  gzip: number;
  brotli: number;
  budget: Budget | null;
}

export interface SizesResult {
  rows: SizeRow[];
  notes: string[];
}

/** Builds what is missing, stale or a development build; then measures. `root` is the repo. */
export async function measureSizes(root: string, say: (message: string) => void): Promise<SizesResult> {
  const notes = await ensureProductionBuild(root, say);
  const manifest = JSON.parse(readFileSync(join(root, WIDGETS, '.vite/manifest.json'), 'utf8')) as Manifest;
  const sizeLimit = await readSizeLimitConfig(root);
  const budgetFor = (files: string[]): Budget | null => {
    const entry = sizeLimit.find((check) => sameFiles(check.files, files));
    return entry ? { bytes: parseLimit(entry.limit), label: entry.limit, source: '.size-limit.js' } : null;
  };

  const rows: SizeRow[] = [];
  const measure = (name: string, files: string[], budget: Budget | null) =>
    rows.push({ name, files, budget, ...compressedSize(root, files) });

  const loaderFiles = [`${WIDGETS}/loader.js`];
  measure('loader.js', loaderFiles, budgetFor(loaderFiles));

  const elements = manifest[LOADER_SOURCE]?.dynamicImports ?? [];
  if (!elements.length) notes.push(`The widgets manifest lists no element chunk under ${LOADER_SOURCE}.`);
  for (const source of elements) {
    const files = firstUseFiles(manifest, source, { outDir: WIDGETS, entry: 'loader.js' });
    const budget = budgetFor(files);
    if (!budget)
      notes.push(`${elementName(source)}: no entry in .size-limit.js lists these files, so no budget.`);
    measure(`${elementName(source)} first use (loader + element chunk + its static imports)`, files, budget);
    // What the element imports later, when a visitor needs it (a map): the files that adds to its
    // first use, as .size-limit.js counts them. Another element it loads has its own row.
    for (const lazy of manifest[source]?.dynamicImports ?? []) {
      if (elements.includes(lazy)) continue;
      const loaded = new Set(files);
      const added = firstUseFiles(manifest, lazy, { outDir: WIDGETS }).filter((file) => !loaded.has(file));
      measure(
        `${elementName(source)} lazy ${posix.basename(lazy)} (files it adds to the first use)`,
        added,
        budgetFor(added),
      );
    }
  }
  // The hosted site's own first load, and with an element: the shared runtime is counted once.
  const site = hostAppInitialFiles(root);
  measure('host app initial JS (index.html module scripts + static imports)', site, budgetFor(site));
  const searchPage = [
    ...new Set([...site, ...firstUseFiles(manifest, SEARCH_SOURCE, { outDir: WIDGETS, entry: 'loader.js' })]),
  ];
  measure(
    'hosted search page (host app initial JS + <wellspring-search> first use)',
    searchPage,
    budgetFor(searchPage),
  );
  // Every multi-file check of .size-limit.js should be one of the closures computed here.
  for (const check of sizeLimit) {
    if (check.files.length > 1 && !rows.some((row) => sameFiles(row.files, check.files))) {
      notes.push(
        `.size-limit.js check "${check.name}" lists files that differ from the closure computed here.`,
      );
    }
  }
  return { rows, notes };
}

function elementName(source: string): string {
  const folder = posix.basename(posix.dirname(source));
  return `<wellspring-${folder}>`;
}

function compressedSize(root: string, files: string[]): { raw: number; gzip: number; brotli: number } {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const content = readFileSync(join(root, file));
    raw += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
    brotli += brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { raw, gzip, brotli };
}

/** size-limit's units (bytes-iec): 'KB'/'kB' are 1000 bytes, 'KiB' 1024. */
export function parseLimit(limit: string): number {
  const match = /^\s*([\d.]+)\s*(B|kB|KB|KiB|MB|MiB)?\s*$/.exec(limit);
  if (!match) throw new Error(`cannot read the size limit "${limit}"`);
  const factor = { B: 1, kB: 1000, KB: 1000, KiB: 1024, MB: 1e6, MiB: 1024 ** 2 }[match[2] ?? 'B'] ?? 1;
  return Math.round(Number(match[1]) * factor);
}

const sameFiles = (a: string[], b: string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

interface SizeLimitCheck {
  name: string;
  files: string[];
  limit: string;
}

/**
 * The checks of .size-limit.js, imported as it is (it reads the widgets manifest relative to the
 * working directory, so the repository root must be the working directory).
 */
async function readSizeLimitConfig(root: string): Promise<SizeLimitCheck[]> {
  if (process.cwd() !== root) throw new Error(`run the benchmark from ${root} (npm run bench)`);
  const module: unknown = await import(pathToFileURL(join(root, '.size-limit.js')).href);
  const checks = (module as { default?: unknown }).default;
  if (!Array.isArray(checks)) throw new Error('.size-limit.js does not export an array of checks');
  return checks.map((check: { name?: unknown; path?: unknown; limit?: unknown }) => {
    const files = Array.isArray(check.path) ? check.path : [check.path];
    if (
      typeof check.name !== 'string' ||
      typeof check.limit !== 'string' ||
      !files.every((f) => typeof f === 'string')
    ) {
      throw new Error(`.size-limit.js: a check without name, path or limit: ${JSON.stringify(check)}`);
    }
    return { name: check.name, files: files as string[], limit: check.limit };
  });
}

/**
 * The production build that `npm run build` makes. Builds when an output is missing, when a
 * source is newer (the rule `npm start` applies, by calling its ensureBuilt), or when dist holds
 * a development build: Vite builds with the development JSX runtime when NODE_ENV is neither
 * unset nor 'production', e.g. for a server/start.ts spawned from Vitest (NODE_ENV=test).
 */
async function ensureProductionBuild(root: string, say: (message: string) => void): Promise<string[]> {
  const notes: string[] = [];
  const outputs = [`${WIDGETS}/loader.js`, `${WIDGETS}/.vite/manifest.json`, `${APP}/index.html`];
  const missing = outputs.filter((file) => !existsSync(join(root, file)));
  const devFiles = missing.length ? [] : developmentBuildFiles(root);
  if (missing.length || devFiles.length) {
    const why = missing.length
      ? `missing ${missing.join(', ')}`
      : `development JSX in ${devFiles.join(', ')}`;
    say(`building (npm run build, NODE_ENV=production): ${why}`);
    if (devFiles.length)
      notes.push(
        `dist/ held a development build (${why}); the benchmark rebuilt it with NODE_ENV=production.`,
      );
    await run('npm', ['run', 'build'], { cwd: root, env: { ...process.env, NODE_ENV: 'production' } });
  } else {
    // server/build.ts builds in this process; Vite takes NODE_ENV from it.
    const before = statSync(join(root, `${WIDGETS}/loader.js`)).mtimeMs;
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await ensureBuilt(root, say);
      if (statSync(join(root, `${WIDGETS}/loader.js`)).mtimeMs !== before)
        notes.push('dist/ was older than its sources and was rebuilt.');
    } catch (error) {
      // A working tree that does not build (work in progress): measure the build that is there.
      if (!outputs.every((file) => existsSync(join(root, file)))) throw error;
      const builtAt = new Date(statSync(join(root, `${APP}/index.html`)).mtimeMs).toISOString();
      const why = firstLines(error instanceof Error ? error.message : String(error), 2);
      notes.push(
        `dist/ is older than its sources and rebuilding failed (${why}); these figures are of the build in dist/ (app built ${builtAt}).`,
      );
      say(`build failed; measuring the existing dist/: ${why}`);
    } finally {
      if (previous === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = previous;
    }
  }
  const stillDev = developmentBuildFiles(root);
  if (stillDev.length) throw new Error(`the build still has development JSX in ${stillDev.join(', ')}`);
  return notes;
}

/** The first lines of a (Vite) error message, without terminal colours. */
export function firstLines(text: string, lines = 3): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .slice(0, lines)
      .join(' ')
  );
}

/** Built chunks that carry the development JSX runtime's source locations (jsxDEV). */
function developmentBuildFiles(root: string): string[] {
  const jsFiles = (dir: string): string[] =>
    existsSync(dir)
      ? readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
          entry.isDirectory()
            ? jsFiles(join(dir, entry.name))
            : entry.name.endsWith('.js')
              ? [join(dir, entry.name)]
              : [],
        )
      : [];
  return [...jsFiles(join(root, WIDGETS)), ...jsFiles(join(root, APP))]
    .filter((file) => /lineNumber:\d+,columnNumber:\d+/.test(readFileSync(file, 'utf8')))
    .map((file) => relative(root, file));
}
