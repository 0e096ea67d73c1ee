/**
 * `npm start`: builds what is missing, opens (and on first start seeds) the database, and serves
 * the host app, the API, the widgets and the demo gallery from one process.
 */
import { join } from 'node:path';
import { resolveTenant } from '../src/tenant';
import { buildApp } from './app';
import { ensureBuilt } from './build';
import { ConfigError, readConfig } from './config';
import { openDb } from './db/driver';
import { migrate } from './db/migrate';
import { ensureSeeded } from './seed/load';
import { warmGazetteer } from './geo/gazetteer';

const root = join(import.meta.dirname, '..');
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)}s`;
const say = (message: string) => console.info(`[wellspring ${elapsed()}] ${message}`);

const config = (() => {
  try {
    return readConfig();
  } catch (error) {
    // A setting the operator must fix: say which, without a stack trace.
    if (!(error instanceof ConfigError)) throw error;
    console.error(`[wellspring] cannot start: ${error.message}`);
    process.exit(1);
  }
})();
const tenant = resolveTenant(config.tenant);

async function prepareDatabase() {
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).catch(
    (error: unknown) => {
      if (config.databaseUrl) throw error;
      // PGlite cannot open a data directory that a forced kill (not Ctrl-C) left half written.
      console.error(
        `\nThe embedded database in ${config.dataDir} could not be opened. If the server was killed ` +
          `rather than stopped with Ctrl-C, the folder may be damaged: delete it to start fresh ` +
          `(rm -rf ${config.dataDir}); it is rebuilt and seeded on the next start.\n`,
      );
      throw error;
    },
  );
  say(
    db.kind === 'pglite'
      ? `database: embedded PGlite in ${config.dataDir}`
      : 'database: PostgreSQL (DATABASE_URL)',
  );
  const applied = await migrate(db);
  if (applied.length) say(`migrations applied: ${applied.join(', ')}`);
  let lastShown = 0;
  const { seeded, count } = await ensureSeeded(db, {
    count: config.seedCount,
    onProgress: (loaded, total) => {
      if (loaded === total || loaded - lastShown >= total / 4) {
        lastShown = loaded;
        say(`seeding listings: ${loaded.toLocaleString('en-US')} / ${total.toLocaleString('en-US')}`);
      }
    },
  });
  say(
    seeded
      ? `seeded ${count.toLocaleString('en-US')} listings`
      : `${count.toLocaleString('en-US')} listings ready`,
  );
  return db;
}

const [db] = await Promise.all([prepareDatabase(), ensureBuilt(root, say)]);
// Load the offline gazetteer now rather than on the first search by place.
warmGazetteer();
const app = await buildApp({
  db,
  logger: true,
  demo: config.demo,
  trustProxy: config.trustProxy,
  adminToken: config.adminToken,
  rateLimits: config.rateLimits,
  site: {
    distDir: join(root, 'dist'),
    demoDir: join(root, 'demo'),
    mediaDir: join(root, 'server', 'media'),
    tenant,
    tenantHosts: config.tenantHosts,
  },
});
await app.listen({ port: config.port, host: config.host });
const origin = `http://${config.host}:${config.port}`;
say(
  `ready: ${origin}/ (tenant ${tenant.name}) · API ${origin}/api · ${origin}/widgets/loader.js · ${origin}/demo/`,
);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  say(`${signal}: closing`);
  // Stop taking requests first, then close the database so PGlite flushes its data directory.
  await app.close();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
