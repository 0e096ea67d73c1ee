/**
 * `npm install`'s prepare step (package.json "prepare", run through server/launch.mjs): makes what
 * a checkout's first `npm start` would otherwise make before it can seed, all kept in dist/ as
 * that start keeps them: the browser builds (Vite), PGlite's clusters (empty, and with the
 * migrations applied) and the gazetteer's records. On two cores those ran beside the first start's
 * seed and slowed it by a third (28-34 s to ready instead of 21-25, bench/RESULTS.md). Whatever is
 * already there and current is left.
 *
 * A step that fails is said and left to `npm start`, which makes it again and stops on the same
 * error: an install is not failed for it. PREPARE_STRICT=1 (the runtime bench, which times the
 * step) makes such a step fail the process instead.
 */
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './build';
import { openDb } from './db/driver';
import { migrate, migrationsKey } from './db/migrate';
import { warmGazetteer } from './geo/gazetteer';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = performance.now();
const say = (message: string) =>
  console.info(`[wellspring prepare ${((performance.now() - started) / 1000).toFixed(1)}s] ${message}`);

async function step(name: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    console.warn(`[wellspring prepare] ${name} failed; npm start will make it again:`, error);
    if (process.env.PREPARE_STRICT === '1') process.exitCode = 1;
  }
}

// Side by side: the build is this thread's work, the cluster and the gazetteer are each a worker
// thread's.
await Promise.all([
  step('the browser build', () => ensureBuilt(root, say)),
  // A throwaway database: opening it keeps the empty cluster (pglite-worker.mjs), and migrating it
  // the schema's (migrate.ts).
  step("PGlite's clusters", async () => {
    const db = await openDb({ dataDir: 'memory://', schema: await migrationsKey() });
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
  }),
  step("the gazetteer's records", () => warmGazetteer()),
]);
say("done: dist/ holds the builds, PGlite's clusters and the gazetteer");
