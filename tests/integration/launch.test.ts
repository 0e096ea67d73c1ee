/**
 * `npm start` runs the server compiled (server/launch.mjs): once per change of its sources, so a
 * start after an edit runs the edit, and a start without one compiles nothing.
 */
import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRODUCTION_KEYS } from '../../server/config';
import { runStart } from './helpers';

const root = join(import.meta.dirname, '..', '..');

/**
 * `node server/launch.mjs` in production without its keys: the compiled server runs and exits at
 * once, saying what is missing.
 */
async function launch(): Promise<string> {
  const env: Record<string, string | undefined> = { ...process.env, NODE_ENV: 'production', PORT: '8195' };
  for (const key of PRODUCTION_KEYS) delete env[key];
  return (await runStart(env)).output;
}

describe('npm start (server/launch.mjs)', () => {
  it('compiles the server when a source changed, and not again until one does', async () => {
    const now = new Date();
    await utimes(join(root, 'server', 'config.ts'), now, now);
    const afterEdit = await launch();
    expect(afterEdit).toContain('[wellspring] server compiled in');
    expect(afterEdit).toContain('cannot start: NODE_ENV=production needs');

    const again = await launch();
    expect(again).not.toContain('server compiled');
    expect(again).toContain('cannot start: NODE_ENV=production needs');
  });
});
