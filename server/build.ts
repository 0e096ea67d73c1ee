import { execFile } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** Source folders whose changes need a new client build. */
const SOURCES = ['src', 'widgets', 'host-app', 'vite.config.ts', 'package-lock.json'];
const OUTPUTS = ['dist/widgets/loader.js', 'dist/app/index.html', 'dist/render/render.js'];

/** The QA gallery (Storybook): its stories and config, and the manifest its controls come from. */
const GALLERY_SOURCES = ['gallery', '.storybook', 'widgets/custom-elements.json', 'package-lock.json'];
const GALLERY_OUTPUT = 'dist/gallery/index.html';

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
  if (!isStale(root, [GALLERY_OUTPUT], GALLERY_SOURCES)) return;
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
    say('QA gallery built: /demo/');
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (signal?.aborted) return;
    console.error('[wellspring] the QA gallery could not be built; /demo/ lists the partner pages', error);
  }
}

function isStale(root: string, outputs: string[], sources: string[]): boolean {
  const builtAt = Math.min(
    ...outputs.map((file) => (existsSync(join(root, file)) ? statSync(join(root, file)).mtimeMs : 0)),
  );
  const changedAt = Math.max(...sources.map((source) => newestMtime(join(root, source))));
  return builtAt <= changedAt;
}

async function buildClient(root: string, say: (message: string) => void): Promise<void> {
  if (!isStale(root, OUTPUTS, SOURCES)) return;
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
