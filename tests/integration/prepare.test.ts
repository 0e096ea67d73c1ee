/**
 * `npm install`'s prepare step (server/prepare.ts): a fresh clone gets its browser builds, PGlite's
 * clusters (empty, and migrated) and the gazetteer's records at install, so its first `npm start`
 * only seeds.
 */
import { appendFileSync, existsSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyCheckout, runStart, startServer, stopServer } from './helpers';

describe('npm install: the prepare step', () => {
  let clone: string;
  beforeAll(() => {
    clone = copyCheckout();
  });
  afterAll(() => clone && rm(clone, { recursive: true, force: true }));
  const env = { ...process.env, DATABASE_URL: undefined };
  const kept = (folder: string, pattern: RegExp) =>
    existsSync(join(clone, 'dist', folder)) &&
    readdirSync(join(clone, 'dist', folder)).some((name) => pattern.test(name));

  it("builds, keeps PGlite's clusters and the gazetteer, and the first start then only seeds", async () => {
    expect(existsSync(join(clone, 'dist'))).toBe(false);
    const prepared = await runStart(env, { args: ['prepare'], cwd: clone, timeoutMs: 150_000 });
    expect(prepared.code, prepared.output).toBe(0);
    expect(prepared.output).toContain('building widgets');
    expect(prepared.output).not.toContain('failed');
    for (const file of ['widgets/loader.js', 'app/index.html', 'render/render.js']) {
      expect(existsSync(join(clone, 'dist', file)), file).toBe(true);
    }
    expect(kept('pglite', /^cluster-[\d.]+\.tar$/)).toBe(true);
    expect(kept('pglite', /^cluster-[\d.]+-schema-[\w-]+\.tar$/)).toBe(true);
    expect(kept('gazetteer', /^us-ca-.+\.json$/)).toBe(true);

    // Again, after `npm install` wrote the lockfile again as it does (the same text, a new mtime):
    // everything is there and current, so nothing is built.
    const now = new Date();
    utimesSync(join(clone, 'package-lock.json'), now, now);
    const again = await runStart(env, { args: ['prepare'], cwd: clone, timeoutMs: 60_000 });
    expect(again.code, again.output).toBe(0);
    expect(again.output).not.toContain('building');

    const server = await startServer(
      { DATA_DIR: join(clone, '.data'), PORT: '8197', SEED_COUNT: '200', DEMO: '0' },
      clone,
    );
    try {
      expect(server.output()).not.toContain('building');
      // Its folder started from the migrated cluster: there were no migrations left to apply.
      expect(server.output()).not.toContain('migrations applied');
      expect(server.output()).toMatch(/seeding listings: 200 \/ 200/);
      const page = await fetch('http://127.0.0.1:8197/');
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('/widgets/loader.js');
    } finally {
      expect(await stopServer(server.child)).toBe(0);
    }

    // Built with other dependencies (another lockfile than the one kept with it): built again.
    writeFileSync(join(clone, 'dist', 'lockfile-client.sha256'), 'an earlier lockfile');
    const rebuilt = await runStart(env, { args: ['prepare'], cwd: clone, timeoutMs: 150_000 });
    expect(rebuilt.code, rebuilt.output).toBe(0);
    expect(rebuilt.output).toContain('building widgets');

    // A step that fails is said and left to npm start: the install goes on. The runtime bench,
    // which times the step, asks for strictness (PREPARE_STRICT): the same failure fails it.
    appendFileSync(join(clone, 'widgets', 'loader.ts'), '\nexport const broken = ;\n');
    const failed = await runStart(env, { args: ['prepare'], cwd: clone, timeoutMs: 150_000 });
    expect(failed.code, failed.output).toBe(0);
    expect(failed.output).toContain('the browser build failed; npm start will make it again');
    const strict = await runStart(
      { ...env, PREPARE_STRICT: '1' },
      { args: ['prepare'], cwd: clone, timeoutMs: 150_000 },
    );
    expect(strict.code, strict.output).toBe(1);
  }, 480_000);
});
