/**
 * `npm start`: builds what is missing, opens (and on first start seeds) the database, and serves
 * the host app, the API, the widgets and the demo gallery from one process.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunningEmulator } from './accounts/emulator';
import { ensureBuilt, ensureGallery } from './build';
import { ConfigError, readConfig } from './config';
import { DataDirInUseError } from './db/data-dir-lock';
import { openDb, type Db } from './db/driver';
import { migrate, migrationsKey } from './db/migrate';
// Everything else is imported below, once the database has begun to open.

const root = fileURLToPath(new URL('..', import.meta.url));
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
/** From this many listings a fresh seed is worth a reopen (below, the growth is a few MB). */
const REOPEN_AFTER_SEEDING = 5_000;

async function prepareDatabase(opening: Promise<Db>) {
  const db = await opening;
  const { seeded } = await migrateAndSeed(db);
  if (!seeded || db.kind !== 'pglite' || config.seedCount < REOPEN_AFTER_SEEDING) return db;
  // Seeding grew PGlite's WebAssembly memory by hundreds of MB, which it never gives back: a new
  // worker on the seeded files starts small again (the "near idle after a fresh seed").
  await db.close();
  const fresh = await openDatabase();
  say('database reopened after seeding');
  return fresh;
}

/** The migrations' key, read once: the reopen after seeding opens for the same schema. */
const schema = migrationsKey();

async function openDatabase() {
  return openDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    // A fresh folder starts with the migrations applied when the schema's cluster is kept.
    schema: await schema,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    onPgliteRestart: (reason) => console.warn(`[wellspring] ${reason}`),
  }).catch((error: unknown) => {
    if (config.databaseUrl) throw error;
    // Another process has the folder (a second server, a backup): two would corrupt it.
    if (error instanceof DataDirInUseError) {
      console.error(`[wellspring] cannot start: ${error.message}`);
      process.exit(1);
    }
    // A forced kill does not cause this (tests/integration/crash.test.ts): the files themselves
    // are damaged or unreadable (disk, permissions). The backup is the way back.
    console.error(
      `\nThe embedded database in ${config.dataDir} could not be opened (the error follows). ` +
        `Check the folder's disk and permissions, or restore the latest backup into it: ` +
        `npm run restore -- FILE --force (README, Backups).\n`,
    );
    throw error;
  });
}

/** Applies the migrations and seeds an empty database (SEED); says what it did. */
async function migrateAndSeed(db: Db): Promise<{ seeded: boolean }> {
  say(
    db.kind === 'pglite'
      ? `database: embedded PGlite in ${config.dataDir}`
      : 'database: PostgreSQL (DATABASE_URL)',
  );
  const applied = await migrate(db);
  if (applied.length) say(`migrations applied: ${applied.join(', ')}`);
  if (!config.seed) {
    // SEED=0 (the production default): nothing generated; only the built-in tenants' settings.
    const tenants = await ensureTenants(db);
    if (tenants.length) say(`tenant settings written: ${tenants.join(', ')}`);
    const count = await listingCount(db);
    say(
      count
        ? `${count.toLocaleString('en-US')} listings ready (seeding is off)`
        : 'no listings: the database is empty and seeding is off (SEED=1 generates SEED_COUNT listings)',
    );
    return { seeded: false };
  }
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
  return { seeded };
}

// PGlite's worker thread starts its WebAssembly (most of a warm start's second) while this thread
// loads the rest of the server's modules (half a second more): so they are imported only now.
const opening = openDatabase();
// Its failure is met where it is awaited, even if it comes before the imports are done.
opening.catch(() => {});
const [
  { resolveTenant },
  { buildApp },
  { ensureSeeded, ensureTenants, listingCount },
  { warmGazetteer },
  { accountsFromEnv },
  { startAccounts },
  { createIpLocator },
] = await Promise.all([
  import('../src/tenant'),
  import('./app'),
  import('./seed/load'),
  import('./geo/gazetteer'),
  import('./accounts/accounts'),
  import('./accounts/start'),
  import('./geo/ip-location'),
]);
const tenant = resolveTenant(config.tenant);
const preparing = Promise.all([prepareDatabase(opening), ensureBuilt(root, say)]);
// The offline gazetteer is read now rather than on the first search by place, on a thread of its
// own while PGlite opens in its worker thread.
void warmGazetteer();
const [db] = await preparing;
const accounts = accountsFromEnv(process.env);
// DOCUMENT_STORE=firestore: tenant settings and users' documents in Cloud Firestore (or the
// emulator of FIRESTORE_EMULATOR_HOST); by default the documents table of the database.
const firestore = process.env.DOCUMENT_STORE?.trim() === 'firestore';
if (firestore) say(`documents: Cloud Firestore, project ${accounts.projectId}`);
const app = await buildApp({
  db,
  accounts,
  // Loaded only then: the Firestore client is 0.7 s of module loading and its memory.
  ...(firestore && {
    documents: (await import('./documents/firestore')).createFirestoreDocumentStore({
      projectId: accounts.projectId,
    }),
  }),
  logger: true,
  demo: config.demo,
  trustProxy: config.trustProxy,
  adminToken: config.adminToken,
  rateLimits: config.rateLimits,
  limits: config.limits,
  tileDir: join(config.dataDir, 'tiles'),
  ipLocator: createIpLocator(config.ipLocationDb),
  site: {
    distDir: join(root, 'dist'),
    demoDir: join(root, 'demo'),
    mediaDir: join(root, 'server', 'media'),
    tenant,
    tenantHosts: config.tenantHosts,
  },
});
// Signals are handled before the ready line: a stop that arrives at once (a test, a container
// stopped while starting) still closes the database, where Node's default ended the process.
// A shutdown stops what runs in the background where it is: sign-in's install or start (not
// awaited until the emulator answers) and the QA gallery's build.
const shutdown = new AbortController();
let emulator: Promise<RunningEmulator | undefined> = Promise.resolve(undefined);
async function stop(signal: string) {
  if (shutdown.signal.aborted) return;
  shutdown.abort();
  say(`${signal}: closing`);
  // Stop taking requests first, then close the database so PGlite flushes its data directory.
  await app.close();
  await (await emulator)?.stop();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const origin = `http://${config.host}:${config.port}`;
say(
  `ready: ${origin}/ (tenant ${tenant.name}) · API ${origin}/api · ${origin}/widgets/loader.js · ${origin}/demo/`,
);

if (!shutdown.signal.aborted) {
  // In the background: the site serves now, sign-in appears once the emulator answers.
  emulator = startAccounts(accounts, { demo: config.demo, env: process.env, say, signal: shutdown.signal });
  // The QA gallery builds once the site is up (demo mode): /demo/ shows it when it is there.
  if (config.demo) void ensureGallery(root, say, shutdown.signal);
}
