import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Source folders whose changes need a new client build. */
const SOURCES = ['src', 'widgets', 'host-app', 'vite.config.ts', 'package-lock.json'];
const OUTPUTS = ['dist/widgets/loader.js', 'dist/app/index.html'];

/** Builds the widgets and the host app when an output is missing or older than its sources. */
export async function ensureBuilt(root: string, say: (message: string) => void): Promise<void> {
  const builtAt = Math.min(
    ...OUTPUTS.map((file) => (existsSync(join(root, file)) ? statSync(join(root, file)).mtimeMs : 0)),
  );
  const changedAt = Math.max(...SOURCES.map((source) => newestMtime(join(root, source))));
  if (builtAt > changedAt) return;
  const { build } = await import('vite');
  // Vite picks the development JSX runtime from NODE_ENV; a server started under a test runner
  // (NODE_ENV=test) must still build what partners get.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    for (const mode of ['widgets', 'app']) {
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
