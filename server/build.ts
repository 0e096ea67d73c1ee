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
  for (const mode of ['widgets', 'app']) {
    say(`building ${mode}…`);
    await build({ configFile: join(root, 'vite.config.ts'), mode, logLevel: 'warn' });
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
