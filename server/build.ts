import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * What a build is made from, and what it makes: sources whose changes (by mtime) need a new
 * build, and the dependencies it was built with (the lockfile's hash, kept in `lockfile`).
 */
interface Build {
  sources: string[];
  outputs: string[];
  lockfile: string;
}

/** The widgets, the host app and its server-side page drawer. */
const CLIENT: Build = {
  sources: ['src', 'widgets', 'host-app', 'vite.config.ts'],
  outputs: ['dist/widgets/loader.js', 'dist/app/index.html', 'dist/render/render.js'],
  lockfile: 'dist/lockfile-client.sha256',
};

/** The QA gallery (Storybook): its stories and config, and the manifest its controls come from. */
const GALLERY: Build = {
  sources: ['gallery', '.storybook', 'widgets/custom-elements.json'],
  outputs: ['dist/gallery/index.html'],
  lockfile: 'dist/lockfile-gallery.sha256',
};

/**
 * Builds the widgets, the host app and its server-side page drawer when an output is missing or
 * older than its sources.
 */
export async function ensureBuilt(root: string, say: (message: string) => void): Promise<void> {
  await buildClient(root, say);
}

/**
 * Builds the QA gallery (Storybook, demo mode) when it is missing or older than its sources. The
 * server runs this after it is ready, so a first start is not slower for it: /demo/ lists the
 * partner pages until the gallery is there. A gallery that fails to build is said and skipped.
 */
export async function ensureGallery(root: string, say: (message: string) => void, signal?: AbortSignal) {
  if (!isStale(root, GALLERY)) return;
  say('building the QA gallery…');
  // Built beside and moved into place whole: a server stopped mid-build (Ctrl-C, a test) must not
  // leave a gallery with its index but no preview, which the next start would take as built.
  const output = join(root, 'dist', 'gallery');
  const building = `${output}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  try {
    await promisify(execFile)(
      process.execPath,
      [
        join(root, 'node_modules', 'storybook', 'dist', 'bin', 'dispatcher.js'),
        'build',
        '--output-dir',
        building,
        '--quiet',
        '--disable-telemetry',
      ],
      {
        cwd: root,
        signal,
        env: { ...process.env, NODE_ENV: 'production', STORYBOOK_DISABLE_TELEMETRY: '1' },
      },
    );
    rmSync(output, { recursive: true, force: true });
    renameSync(building, output);
    keepLockfileHash(root, GALLERY);
    say('QA gallery built: /demo/');
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (signal?.aborted) return;
    console.error('[wellspring] the QA gallery could not be built; /demo/ lists the partner pages', error);
  }
}

/**
 * Whether a build is missing or older than its sources, or was built with other dependencies.
 * The lockfile counts by its content: `npm install` writes package-lock.json again even when
 * nothing changed, and by its mtime every install rebuilt (6 s in its prepare step, and the QA
 * gallery at the next start).
 */
function isStale(root: string, { sources, outputs, lockfile }: Build): boolean {
  const builtAt = Math.min(
    ...outputs.map((file) => (existsSync(join(root, file)) ? statSync(join(root, file)).mtimeMs : 0)),
  );
  const changedAt = Math.max(...sources.map((source) => newestMtime(join(root, source))));
  return builtAt <= changedAt || readText(join(root, lockfile)) !== lockfileHash(root);
}

/** Keeps the hash of the lockfile a build was made with (see isStale). */
function keepLockfileHash(root: string, { lockfile }: Build): void {
  writeFileSync(join(root, lockfile), lockfileHash(root));
}

const lockfileHash = (root: string) =>
  createHash('sha256')
    .update(readText(join(root, 'package-lock.json')) ?? '')
    .digest('hex');

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

async function buildClient(root: string, say: (message: string) => void): Promise<void> {
  if (!isStale(root, CLIENT)) return;
  const { build } = await import('vite');
  // Vite picks the development JSX runtime from NODE_ENV; a server started under a test runner
  // (NODE_ENV=test) must still build what partners get.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    for (const mode of ['widgets', 'app', 'render']) {
      say(`building ${mode}…`);
      await build({ configFile: join(root, 'vite.config.ts'), mode, logLevel: 'warn' });
    }
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  keepLockfileHash(root, CLIENT);
  say('build done');
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestMtime(join(path, entry))),
    stat.mtimeMs,
  );
}
