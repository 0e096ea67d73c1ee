/**
 * `npm start`: compiles the server's TypeScript (esbuild, about 0.2 s, only when a source changed)
 * into dist/server/ and runs it on plain Node. `node server/launch.mjs prepare` (npm install's
 * prepare step) runs server/prepare.ts the same way. Under tsx the server carried tsx's loader
 * thread and its transforms: 40 MB more memory and 0.7 s more start (issue 16, bench/RESULTS.md).
 *
 * Plain JavaScript, since it runs before anything can compile TypeScript. The compiled server is
 * split where server/start.ts imports lazily (its database opens while the rest loads), and the
 * packages stay in node_modules. Tests and the CLIs (`npm run tenant`, backups) run the sources
 * through tsx or Vitest.
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const outdir = join(root, 'dist', 'server');
const ENTRIES = ['start', 'prepare'];
const entryFile = (name) => join(outdir, `${name}.js`);
const entry = entryFile(process.argv[2] === 'prepare' ? 'prepare' : 'start');
/** The last build: when it began and its sources (esbuild's metafile inputs, from the root). */
const buildFile = join(outdir, 'build.json');
/** Chunks of earlier builds are deleted once this old: a server started before may still load them. */
const OLD_CHUNK_MS = 60 * 60 * 1000;

/** Whether the last build is missing, or one of its sources (or this file) changed after it began. */
function isStale() {
  if (!ENTRIES.every((name) => existsSync(entryFile(name))) || !existsSync(buildFile)) return true;
  const { began, inputs } = JSON.parse(readFileSync(buildFile, 'utf8'));
  return [...inputs, relative(root, fileURLToPath(import.meta.url))].some((input) => {
    const path = join(root, input);
    return !existsSync(path) || statSync(path).mtimeMs >= began;
  });
}

/**
 * A source's `import.meta.url` names the source file, not the compiled chunk: the server finds its
 * migrations, media and worker scripts beside its sources.
 */
const sourceUrls = {
  name: 'source-urls',
  setup(build) {
    build.onLoad({ filter: /[\\/]server[\\/].*\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      // dirname and filename would name the chunk's folder: a source says import.meta.url.
      if (/import\.meta\.(dirname|filename)/.test(text)) {
        return { errors: [{ text: `${relative(root, args.path)}: use import.meta.url, not dirname` }] };
      }
      const source = JSON.stringify(relative(outdir, args.path).split('\\').join('/'));
      return {
        contents: text.replaceAll('import.meta.url', `new URL(${source}, import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
};

/** Writes a file whole (beside, then renamed): a server starting meanwhile never reads half of it. */
function writeWhole(path, contents) {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, path);
}

async function compile() {
  const began = Date.now();
  const esbuild = await import('esbuild');
  try {
    const result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: ENTRIES.map((name) => join(root, 'server', `${name}.ts`)),
      outdir,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      sourcemap: 'linked',
      metafile: true,
      write: false,
      logLevel: 'warning',
      plugins: [sourceUrls],
    });
    mkdirSync(outdir, { recursive: true });
    // The chunks first (content-hashed names), the entries that import them last.
    const isEntry = (file) => ENTRIES.some((name) => file.path === entryFile(name));
    const files = [...result.outputFiles].sort((a, b) => Number(isEntry(a)) - Number(isEntry(b)));
    for (const file of files) writeWhole(file.path, file.contents);
    removeOldChunks(new Set([...files.map((file) => basename(file.path)), basename(buildFile)]));
    writeWhole(buildFile, JSON.stringify({ began, inputs: Object.keys(result.metafile.inputs) }));
  } finally {
    await esbuild.stop();
  }
  const seconds = ((Date.now() - began) / 1000).toFixed(1);
  console.info(`[wellspring] server compiled in ${seconds}s`);
}

/** Deletes the files of earlier builds that are over an hour old (another start may race us). */
function removeOldChunks(keep) {
  for (const name of readdirSync(outdir)) {
    if (keep.has(name)) continue;
    const path = join(outdir, name);
    try {
      if (Date.now() - statSync(path).mtimeMs > OLD_CHUNK_MS) rmSync(path, { force: true });
    } catch {
      // Removed by another start meanwhile.
    }
  }
}

if (isStale()) await compile();
// Stack traces name the TypeScript sources (the chunks carry source maps).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(entry).href);
