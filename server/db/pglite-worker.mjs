/**
 * PGlite in a worker thread (started by ./driver.ts): PGlite runs PostgreSQL in WebAssembly on the
 * thread that calls it, so on the main thread every query stopped every other request (issue 16:
 * the health check answered 5 times in 4 s while 50 connections searched). Here it has a thread of
 * its own; the main thread sends one request at a time (driver.ts queues them, health first) and
 * stays free for HTTP. PGlite's own PGliteWorker is for browsers (it needs navigator.locks and a
 * BroadcastChannel; electric-sql/pglite#398), hence this small protocol over worker_threads.
 *
 * Plain JavaScript: a worker starts outside tsx's and vitest's loaders. The messages are typed in
 * driver.ts (WorkerRequest, WorkerAnswer).
 */
import { Blob, Buffer } from 'node:buffer';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { basename, dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { parse, PGlite, protocol, types } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { packageVersion } from '../package-version.js';

const port = parentPort;
if (!port) throw new Error('server/db/pglite-worker.mjs runs as a worker thread of server/db/driver.ts');

/** An error as plain data: an Error's own fields (PostgreSQL's `code`, `detail`, …) do not survive postMessage. */
function plain(error) {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { message: error.message, fields };
}

/**
 * An empty cluster as PGlite's initdb makes it, kept from the first data folder this checkout
 * creates (dist/pglite/, one per PGlite version): a later fresh folder (a test suite's database,
 * a reset, a second instance) loads it in 0.5 s where initdb takes 2.3 s here. Made right after
 * initdb, before any migration, so it holds nothing of ours.
 *
 * With a `schema` (migrate.ts `migrationsKey`: the migrations' names and texts, hashed), the
 * cluster with every one of those migrations applied and no rows of ours (migrate.ts keeps it):
 * a fresh folder opened for that schema starts from it, and its migrations are already there.
 */
const CLUSTER = `cluster-${packageVersion('@electric-sql/pglite')}`;

function templateFile(schema) {
  const dir = workerData.templateDir ?? fileURLToPath(new URL('../../dist/pglite/', import.meta.url));
  return join(dir, schema ? `${CLUSTER}-schema-${schema}.tar` : `${CLUSTER}.tar`);
}

/**
 * Keeps the cluster as it is now as `file`, unless it is there already; a failure only costs later
 * starts time. The files it replaces go: clusters of earlier PGlite versions, and for a schema's
 * cluster those of earlier schemas.
 */
async function keepTemplate(file) {
  if (existsSync(file)) return;
  const temporary = `${file}.${process.pid}-${threadId}.tmp`;
  const isSchemas = (name) => name.startsWith(`${CLUSTER}-schema-`);
  const isThisVersions = (name) => name === `${CLUSTER}.tar` || isSchemas(name);
  // Another PGlite version's clusters go; of this version's, an earlier schema's when a schema's
  // cluster is kept (the empty cluster stays: a new schema starts from it).
  const replaced = (name) =>
    /^cluster-.+\.tar$/.test(name) &&
    name !== basename(file) &&
    (!isThisVersions(name) || (isSchemas(name) && isSchemas(basename(file))));
  try {
    const tar = await pg.dumpDataDir('none');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(temporary, Buffer.from(await tar.arrayBuffer()));
    // Whole or not at all: a folder loading it meanwhile reads the old file or none.
    renameSync(temporary, file);
    for (const other of readdirSync(dirname(file))) {
      if (replaced(other)) rmSync(join(dirname(file), other), { force: true });
    }
  } catch (error) {
    rmSync(temporary, { force: true });
    console.warn(`[wellspring] the PGlite cluster could not be kept in ${file}:`, error);
  }
}

/**
 * This thread gives way to the server's main thread when both want a core: a request that needs
 * no database (the loader script, a page's assets, the health check) waits behind no statement.
 * Its nice value is raised by 10, for this thread alone (Linux keeps one per thread, and its id
 * is in /proc/thread-self). Elsewhere the thread keeps the process's.
 */
function yieldToMainThread() {
  try {
    const [, id] = /\/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self')) ?? [];
    if (id) setPriority(Number(id), Math.min(19, getPriority(Number(id)) + 10));
  } catch {
    // Not Linux, or not allowed: the same priority as the main thread.
  }
}

let pg;
try {
  yieldToMainThread();
  const { dataDir } = workerData;
  const template = templateFile();
  const fresh = dataDir.startsWith('memory://') || !existsSync(join(dataDir, 'PG_VERSION'));
  // The schema's cluster if there is one, else the empty one, else initdb.
  const startFrom = [workerData.schema && templateFile(workerData.schema), template].find(
    (file) => fresh && file && existsSync(file),
  );
  const loadDataDir = startFrom ? new Blob([readFileSync(startFrom)]) : undefined;
  pg = await PGlite.create(dataDir, {
    loadDataDir,
    extensions: { cube, earthdistance, pg_trgm, unaccent },
    // 32 MB of shared buffers instead of PostgreSQL's 128 MB, which all end up in the WebAssembly
    // memory (it never shrinks): the files' other pages come from the OS page cache. Measured with
    // bench/runtime.ts at 20k listings: 95 MB less RSS idle (448 -> 353 MB), search and
    // autocomplete as fast or faster. (An earlier try was undone for statements that ran past
    // 30 s under load; that was PGlite's endless spin, which driver.ts's watchdog now heals.)
    //
    // wal_level minimal (no replica to feed here): what a transaction writes into a table it
    // created or truncated is written to the table's files at commit instead of also to the
    // write-ahead log, page by page. The seed truncates and fills the listings' tables and builds
    // their indexes in one transaction: a fresh start of 20,000 listings 1.2-2.4 s sooner (of
    // 21-25 s). Crash safety is the same: a commit's files are written before it returns.
    startParams: [
      ...PGlite.defaultStartParams,
      ...['-c', 'shared_buffers=32MB', '-c', 'wal_level=minimal', '-c', 'max_wal_senders=0'],
    ],
    // Same JavaScript types as the pg adapter: ids, counts and scores as numbers.
    parsers: { [types.INT8]: Number, [types.NUMERIC]: Number },
  });
  if (fresh && !loadDataDir) await keepTemplate(template);
} catch (error) {
  port.postMessage({ id: 0, error: plain(error) });
  process.exit(1);
}
port.postMessage({ id: 0, ready: true });

/**
 * The parameter types of each statement prepared in this backend, by name (driver.ts `prepared`),
 * the one run least recently first: past workerData.maxPrepared, that one is closed.
 */
const prepared = new Map();

/**
 * plan_cache_mode as this backend has it: 'generic' (force_generic_plan) for the statements
 * prepared here, 'auto' (PostgreSQL's default) for the unnamed ones of `pg.query`; null after an
 * exec, which may have changed it (a rollback undoes a SET made in its transaction). It is set
 * only when it changes: most requests are prepared statements, and a SET and a RESET around each
 * were a fifth of a short one's time here. (The driver sends one request at a time.)
 */
let planMode = 'auto';

/** Bytes of several protocol messages, sent to PGlite at once. */
function joined(messages) {
  const bytes = new Uint8Array(messages.reduce((sum, message) => sum + message.length, 0));
  let at = 0;
  for (const message of messages) {
    bytes.set(message, at);
    at += message.length;
  }
  return bytes;
}

/**
 * A statement prepared once under `name` and then only bound and run: PostgreSQL parses it once,
 * where `pg.query` (an unnamed statement) parses and plans it every time. The same protocol steps
 * as `pg.query`, with a name, and planned once for any values (plan_cache_mode, as the driver's
 * prepared connections on PostgreSQL): left to choose, PostgreSQL planned the suggest statement
 * for its values on every call here (80 custom plans of 80, 2-8 ms each), its one plan being
 * estimated costlier. Autocomplete misses at 20,000 listings in process: p50 3.9-4.4 -> 2.5 ms.
 * Only for these statements: the unnamed ones keep plans for their own values. Its bind, execute
 * and sync go to PGlite as one message (one call into its WebAssembly, not four).
 */
function preparedQuery({ name, sql, params }) {
  const { serialize } = protocol;
  return pg._runExclusiveQuery(async () => {
    const run = async (message) => (await pg.execProtocol(message, { syncToFs: false })).messages;
    let parameterTypes = prepared.get(name);
    if (parameterTypes) {
      prepared.delete(name);
      prepared.set(name, parameterTypes);
    } else {
      try {
        if (prepared.size >= workerData.maxPrepared) {
          const [leastRecent] = prepared.keys();
          prepared.delete(leastRecent);
          await run(serialize.close({ type: 'S', name: leastRecent }));
        }
        // Closed first (no error if absent): a preparation that failed half way leaves none behind.
        await run(serialize.close({ type: 'S', name }));
        await run(serialize.parse({ name, text: sql, types: [] }));
        parameterTypes = parse.parseDescribeStatementResults(
          await run(serialize.describe({ type: 'S', name })),
        );
      } finally {
        await run(serialize.sync());
      }
      prepared.set(name, parameterTypes);
    }
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = pg.serializers[parameterTypes[index]];
      return serializer ? serializer(value) : value.toString();
    });
    const generic =
      planMode === 'generic' ? [] : [serialize.query('set plan_cache_mode = force_generic_plan')];
    // Set before the call: it runs first, and holds even when the bind or the execute fails.
    planMode = 'generic';
    const messages = await run(
      joined([
        ...generic,
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    // The statement's result is the last (a SET before it has its own).
    return parse.parseResults(messages, pg.parsers).at(-1);
  });
}

async function answer(request) {
  try {
    switch (request.op) {
      case 'query': {
        if (!request.name && planMode !== 'auto') {
          await pg.exec('reset plan_cache_mode');
          planMode = 'auto';
        }
        const result = request.name
          ? await preparedQuery(request)
          : await pg.query(request.sql, request.params);
        // Every select describes its columns, even with no rows: driver.ts takes a read answered
        // without a description as a lost answer (see `described` there).
        return { id: request.id, rows: result.rows, described: result.fields.length > 0 };
      }
      case 'exec':
        planMode = null;
        await pg.exec(request.sql);
        return { id: request.id, rows: [] };
      case 'keepTemplate':
        await keepTemplate(templateFile(request.schema));
        return { id: request.id, rows: [] };
      case 'close':
        await pg.close();
        return { id: request.id, rows: [] };
      default:
        throw new Error(`unknown request ${String(request.op)}`);
    }
  } catch (error) {
    return { id: request.id, error: plain(error) };
  }
}

port.on('message', (request) => {
  void answer(request).then((reply) => port.postMessage(reply));
});
