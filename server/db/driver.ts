import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { Pool } from 'pg';
import { lockDataDir } from './data-dir-lock';

/** A row set: what every query answers, on either engine. */
export interface Rows<T> {
  rows: T[];
}

export interface QueryOptions {
  /**
   * A statement run again and again with other values (the suggestions, the keyword lookup, a
   * search's statements): prepared once per connection (named after its text), so PostgreSQL
   * parses it once and plans it once for any values (plan_cache_mode force_generic_plan: on
   * PostgreSQL on connections of their own, on PGlite set around each such statement by its
   * worker). A connection keeps the MAX_PREPARED it ran last. Only where that one plan is as
   * good for every value: measure at a million listings (a plan for any values computes each
   * expression of the values again where a plan for the values at hand had folded it into a
   * constant: see server/search/query.ts's earthBox and computedOnce).
   */
  prepared?: boolean;
}

/**
 * Statements a connection keeps prepared at most. Each holds its plan in the database's memory
 * (a search's about 100 KB, up to 600 KB; on PGlite memory that WebAssembly never gives back),
 * and a search prepares one per shape (its filters, keyword groups, sort and page size): past
 * this, PGlite's worker closes the statement it ran least recently, and a PostgreSQL connection
 * is closed and opened again.
 */
export const MAX_PREPARED = 64;

/** The name a prepared statement has on every connection: its text's hash (63 bytes at most). */
export const statementName = (sql: string): string =>
  `w${createHash('sha1').update(sql).digest('base64url')}`;

/** A statement as node-postgres takes it: named (so prepared) when the options ask for it. */
const pgStatement = (sql: string, values: unknown[], options?: QueryOptions) => ({
  text: sql,
  values,
  ...(options?.prepared && { name: statementName(sql) }),
});

/**
 * The one database interface the server uses. The same parameterised SQL ($1, $2, …) runs on
 * embedded PGlite (the default) and on a PostgreSQL server (DATABASE_URL).
 */
export interface Db {
  readonly kind: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Rows<T>>;
  /**
   * A short query that must not wait behind the others (the health check): first in PGlite's
   * queue (it waits for the one statement running, or an open transaction), and on PostgreSQL a
   * connection of its own, outside the pool that searches share.
   */
  priorityQuery<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Rows<T>>;
  /**
   * When the database last answered a statement without an error (performance.now(); 0 before
   * the first): that it works, known without asking it again (the health check under load).
   */
  readonly answeredAt: number;
  /**
   * Runs several statements without parameters (migrations, seeding, analyze): the maintenance
   * path, without the statement timeout; inside a transaction, for the rest of that transaction.
   */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in one transaction on one connection; rolls back when it throws. */
  transaction<T>(fn: (tx: Pick<Db, 'query' | 'exec'>) => Promise<T>): Promise<T>;
  /**
   * PGlite only: keeps the cluster as it is now as the start of fresh folders opened for `schema`
   * (OpenOptions.schema), unless one is kept already. migrate.ts calls it once it has applied
   * every migration to an empty database.
   */
  keepTemplate?(schema: string): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres://… to use a PostgreSQL server; otherwise PGlite in `dataDir`. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` for a throwaway in-memory database. */
  dataDir: string;
  /**
   * PostgreSQL cancels a statement of `query` (and `transaction`'s) that runs longer: one slow
   * query cannot hold a pooled connection for long, and the caller gets a DatabaseBusyError (a 503)
   * instead. 0: no limit. PGlite runs one statement at a time in this process and has no timer to
   * cancel one (its worker runs one statement at a time), so it has none. @default 5000 (DB_STATEMENT_TIMEOUT_MS)
   */
  statementTimeoutMs?: number;
  /**
   * PGlite only: a request outside a transaction that its worker has not answered in this long is
   * taken as stuck and the worker is replaced (see `openPglite`). Migrations, seeding and other
   * transactions get ten times as long. @default 15000
   */
  pgliteStuckAfterMs?: number;
  /** Told each time a stuck PGlite worker is replaced, with why (for the operator's log). */
  onPgliteRestart?: (reason: string) => void;
  /**
   * PGlite only: where the empty cluster that fresh data folders start from is kept (see
   * pglite-worker.mjs `templateFile`). @default dist/pglite/
   */
  pgliteTemplateDir?: string;
  /**
   * PGlite only: the schema the caller migrates the database to (migrate.ts `migrationsKey()`). A
   * fresh folder starts from the cluster kept for it (Db.keepTemplate) when there is one, with its
   * migrations applied: 0.8 s sooner than applying them.
   */
  schema?: string | undefined;
}

/**
 * A statement was cancelled by the statement timeout: the database is too busy (or the query too
 * heavy) for now. `statusCode` 503 makes it the API's 'try again' answer, never the SQL.
 */
export class DatabaseBusyError extends Error {
  override readonly name = 'DatabaseBusyError';
  readonly statusCode = 503;
  constructor(options?: { cause: unknown }) {
    super('The database is busy', options);
  }
}

/** PostgreSQL's query_canceled: the statement timeout (or a cancel request) stopped it. */
const QUERY_CANCELED = '57014';

/** The driver's error for a cancelled statement; any other error as it is. */
function translated(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code === QUERY_CANCELED
    ? new DatabaseBusyError({ cause: error })
    : error;
}

export async function openDb(options: OpenOptions): Promise<Db> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.statementTimeoutMs ?? 5000)
    : openPglite(options.dataDir, options.pgliteStuckAfterMs ?? 15_000, options.onPgliteRestart, {
        templateDir: options.pgliteTemplateDir,
        schema: options.schema,
      });
}

/** What the driver asks the PGlite worker (./pglite-worker.mjs). */
type WorkerRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[]; name?: string | undefined }
  | { id: number; op: 'exec'; sql: string }
  | { id: number; op: 'keepTemplate'; schema: string }
  | { id: number; op: 'close' };

/** An error as plain data (an Error's own fields do not survive postMessage). */
interface WorkerError {
  message: string;
  fields: Record<string, unknown>;
}

/**
 * The worker's answers; id 0 is its start: ready, or the error that stopped it. A query's answer
 * says whether PGlite described its columns (`described`): a select always does.
 */
type WorkerAnswer =
  | { id: number; rows: unknown[]; described?: boolean }
  | { id: number; error: WorkerError }
  | { id: 0; ready: true };

/**
 * When the request a statement serves began (performance.now()), set by the app for each HTTP
 * request (server/app.ts). PGlite's queue runs the oldest request's statements first: a request
 * with several statements in a row (a misspelt start's suggestions: three) then waits behind the
 * queue once, not once a statement (at 50 connections on PGlite, autocomplete misses p99 three
 * times their p50). A statement outside a request counts from when it is queued.
 */
export const requestBegan = new AsyncLocalStorage<number>();

/** A request waiting for the PGlite worker; `tx` marks one of the open transaction's. */
interface Job {
  request: DistributiveOmit<WorkerRequest, 'id'>;
  tx: symbol | null;
  /** When its request began (requestBegan): the queue's order. */
  since: number;
  /** `begin`: the transaction it opens. */
  opens?: symbol;
  /** `commit` or `rollback`: the transaction ends with it. */
  closes?: boolean;
  /** How many times a read was asked again of a new worker (at most READ_RETRIES). */
  retries?: number;
  resolve: (rows: unknown[]) => void;
  reject: (error: Error) => void;
}
type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

/** A PostgreSQL error from the worker, with its fields (`code`, `detail`, …) as PGlite set them. */
function rebuilt({ message, fields }: WorkerError): Error {
  return Object.assign(new Error(message), fields);
}

/**
 * How many times a read that lost its worker is asked again of a new one. Twice: a lost answer has
 * struck the same read twice in a row (a CI run's autocomplete test got its 503 after 751 ms).
 */
const READ_RETRIES = 2;

/** A statement that only reads (safe to ask again): a select, or a `with` that changes nothing. */
function isRead(request: WorkerRequest | Job['request']): boolean {
  return (
    request.op === 'query' &&
    /^\s*(select|with)\b/i.test(request.sql) &&
    !/\b(insert|update|delete|merge)\b/i.test(request.sql)
  );
}

/** What a PGlite worker is started with besides its data directory. */
interface WorkerSettings {
  templateDir?: string | undefined;
  schema?: string | undefined;
}

/** Starts a PGlite worker on `dataDir` and waits until its database is open. */
async function startWorker(dataDir: string, settings: WorkerSettings): Promise<Worker> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataDir, maxPrepared: MAX_PREPARED, ...settings },
  });
  try {
    await new Promise<void>((resolve, reject) => {
      const opened = (answer: WorkerAnswer) => {
        worker.off('error', reject).off('exit', exited);
        if ('error' in answer) reject(rebuilt(answer.error));
        else resolve();
      };
      const exited = (code: number) => {
        worker.off('message', opened).off('error', reject);
        reject(new Error(`the PGlite worker exited (${code}) while opening`));
      };
      worker.once('message', opened).once('error', reject).once('exit', exited);
    });
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  worker.unref();
  return worker;
}

/**
 * The database stopped answering (a PGlite worker found stuck) and was reopened: the statement
 * that hung, and the rest of its transaction, did not happen. A 503, as a busy database is.
 */
export class DatabaseRestartedError extends Error {
  override readonly name = 'DatabaseRestartedError';
  readonly statusCode = 503;
  constructor() {
    super('The database stopped answering and was restarted; try again');
  }
}

/**
 * PGlite in a worker thread (./pglite-worker.mjs), so no query blocks the event loop. The worker
 * runs one request at a time, as PGlite does; this side keeps the queue: `priority` requests (the
 * health check) go first, then the oldest HTTP request's (requestBegan), and while a transaction
 * is open only its own requests run.
 *
 * A watchdog replaces a worker that stops answering: PGlite's WebAssembly can, rarely and at
 * random, spin forever on an ordinary statement (electric-sql/pglite#1068; seen here once in about
 * fifteen runs of the autocomplete suite, on a primary-key lookup). The worker is terminated and
 * a new one opens the same data directory, which PostgreSQL recovers as after a crash: every
 * committed change is kept. The stuck request is asked again of the new worker when it only reads;
 * otherwise it gets a DatabaseRestartedError. An in-memory database cannot be reopened, so there
 * the driver fails for good, naming why.
 */
async function openPglite(
  dataDir: string,
  stuckAfterMs: number,
  onRestart: (reason: string) => void = () => {},
  settings: WorkerSettings = {},
): Promise<Db> {
  // One process at a time per data directory (./data-dir-lock.ts); memory:// is this process's own.
  const inMemory = dataDir.startsWith('memory://');
  const unlock = inMemory ? () => {} : lockDataDir(dataDir);
  let worker: Worker;
  try {
    worker = await startWorker(dataDir, settings);
  } catch (error) {
    unlock();
    throw error;
  }
  let failure: Error | null = null;

  const normal: Job[] = [];
  const priority: Job[] = [];
  let running: (Job & { id: number; watchdog: NodeJS.Timeout }) | null = null;
  let answeredAt = 0;
  let nextId = 1;
  /** The open transaction: while set, only its requests are sent. */
  let txOwner: symbol | null = null;
  /** Set while a stuck worker is being replaced: nothing is sent until the new one is open. */
  let restarting: Promise<void> | null = null;

  /** How long a request may go unanswered: transactions and exec (maintenance) get ten times as long. */
  const stuckLimit = (job: Job) => (job.tx || job.request.op === 'exec' ? stuckAfterMs * 10 : stuckAfterMs);
  const take = (queue: Job[]) => {
    const index = txOwner ? queue.findIndex((job) => job.tx === txOwner) : 0;
    return index >= 0 && index < queue.length ? queue.splice(index, 1)[0]! : null;
  };
  const pump = () => {
    if (running || failure || restarting) return;
    const job = take(priority) ?? take(normal);
    // An idle worker does not keep the process alive (a script that forgets close() still ends);
    // one with work does, as a pending query on the main thread would.
    if (!job) return void worker.unref();
    worker.ref();
    if (job.opens) txOwner = job.opens;
    const watchdog = setTimeout(() => replaceStuckWorker(), stuckLimit(job)).unref();
    running = { ...job, id: nextId++, watchdog };
    worker.postMessage({ ...job.request, id: running.id });
  };
  const answered = (answer: WorkerAnswer) => {
    const job = running;
    if (!job || answer.id !== job.id) return;
    // PGlite can, rarely, answer a statement with nothing at all: no columns, no rows, no error (a
    // select it did not run; seen about once in twenty fresh starts on a trigram index query, and
    // the worker then hangs on its next statement). A read answered so is a worker gone wrong,
    // replaced as a stuck one is, and the read asked again of the new worker.
    if ('rows' in answer && answer.described === false && isRead(job.request)) {
      return replaceStuckWorker('PGlite answered a select without its columns');
    }
    clearTimeout(job.watchdog);
    running = null;
    // A failed `begin` opened nothing; a commit or rollback ends the transaction either way.
    if (job.closes || (job.opens && 'error' in answer)) txOwner = null;
    if ('error' in answer) job.reject(rebuilt(answer.error));
    else if ('rows' in answer) {
      answeredAt = performance.now();
      job.resolve(answer.rows);
    }
    pump();
  };
  const fail = (error: Error) => {
    failure ??= error;
    if (running) clearTimeout(running.watchdog);
    for (const job of [...(running ? [running] : []), ...priority.splice(0), ...normal.splice(0)]) {
      job.reject(failure);
    }
    running = null;
  };
  const watch = (current: Worker) => {
    current.on('message', answered);
    current.on('error', (error) => current === worker && fail(error));
    current.on('exit', (code) => {
      if (current === worker && !restarting) fail(new Error(`the PGlite worker stopped (exit code ${code})`));
    });
  };
  /** Transactions that died with a replaced worker: their later requests are refused, not sent. */
  const deadTransactions = new Set<symbol>();
  const replaceStuckWorker = (why?: string) => {
    const stuck = running;
    if (!stuck || failure || restarting) return;
    clearTimeout(stuck.watchdog);
    const reason = why ?? `PGlite answered nothing for ${stuckLimit(stuck)} ms`;
    if (inMemory) {
      fail(
        new Error(`The in-memory PGlite database stopped answering (${reason}; electric-sql/pglite#1068)`),
      );
      void worker.terminate();
      return;
    }
    running = null;
    onRestart(`${reason}; its worker is replaced (electric-sql/pglite#1068)`);
    // A read outside a transaction is asked again of the new worker, first in line (READ_RETRIES
    // times at most): the visitor waits longer but gets an answer. A write may or may not have
    // happened: not repeated.
    const retries = stuck.retries ?? 0;
    if (!stuck.tx && retries < READ_RETRIES && isRead(stuck.request)) {
      priority.unshift({ ...stuck, retries: retries + 1 });
    } else stuck.reject(new DatabaseRestartedError());
    // The open transaction died with the worker: its queued requests fail, and later ones (its
    // rollback) are refused at once.
    if (txOwner) {
      const dead = txOwner;
      deadTransactions.add(dead);
      for (const queue of [priority, normal]) {
        for (let i = queue.length - 1; i >= 0; i--) {
          if (queue[i]!.tx === dead) queue.splice(i, 1)[0]!.reject(new DatabaseRestartedError());
        }
      }
      txOwner = null;
    }
    const old = worker;
    restarting = (async () => {
      await old.terminate();
      worker = await startWorker(dataDir, settings);
      watch(worker);
    })().then(
      () => {
        restarting = null;
        pump();
      },
      (error: unknown) => {
        restarting = null;
        fail(error instanceof Error ? error : new Error(String(error)));
      },
    );
  };
  watch(worker);

  const send = (
    request: Job['request'],
    {
      tx = null,
      urgent = false,
      ...marks
    }: Partial<Pick<Job, 'tx' | 'opens' | 'closes'>> & { urgent?: boolean } = {},
  ) =>
    new Promise<unknown[]>((resolve, reject) => {
      if (failure) return reject(failure);
      if (tx && deadTransactions.has(tx)) return reject(new DatabaseRestartedError());
      const queue = urgent ? priority : normal;
      const since = requestBegan.getStore() ?? performance.now();
      // Behind every statement of a request as old or older.
      let at = queue.length;
      while (at > 0 && queue[at - 1]!.since > since) at--;
      queue.splice(at, 0, { request, tx, since, resolve, reject, ...marks });
      pump();
    });
  const query = async <T>(
    sql: string,
    params: unknown[] = [],
    tx: symbol | null = null,
    options?: QueryOptions,
  ) => ({
    rows: (await send(
      { op: 'query', sql, params, name: options?.prepared ? statementName(sql) : undefined },
      { tx },
    )) as T[],
  });
  const exec = async (sql: string, tx: symbol | null = null) =>
    void (await send({ op: 'exec', sql }, { tx }));

  return {
    kind: 'pglite',
    get answeredAt() {
      return answeredAt;
    },
    query: (sql, params, options) => query(sql, params, null, options),
    priorityQuery: async <T>(sql: string, params: unknown[] = []) => ({
      rows: (await send({ op: 'query', sql, params }, { urgent: true })) as T[],
    }),
    exec: (sql) => exec(sql),
    transaction: async (fn) => {
      const tx = Symbol('transaction');
      // `begin` waits its turn like any request; from then on only this transaction's requests run
      // until its commit or rollback.
      await send({ op: 'exec', sql: 'begin' }, { opens: tx });
      try {
        const result = await fn({
          query: (sql, params, options) => query(sql, params, tx, options),
          exec: (sql) => exec(sql, tx),
        });
        await send({ op: 'exec', sql: 'commit' }, { tx, closes: true });
        return result;
      } catch (error) {
        await send({ op: 'exec', sql: 'rollback' }, { tx, closes: true }).catch((rollbackError: unknown) => {
          // The worker that held the transaction was replaced: nothing is left to roll back.
          if (!(rollbackError instanceof DatabaseRestartedError)) throw rollbackError;
        });
        throw error;
      } finally {
        deadTransactions.delete(tx);
      }
    },
    keepTemplate: async (schema) => void (await send({ op: 'keepTemplate', schema })),
    close: async () => {
      await restarting;
      await send({ op: 'close' }).catch(() => undefined);
      fail(new Error('The database is closed'));
      await worker.terminate();
      unlock();
    },
  };
}

async function openPostgres(databaseUrl: string, statementTimeoutMs: number): Promise<Db> {
  const { default: pgModule } = await import('pg');
  // numeric and bigint come back as strings by default; our ids and scores fit in a double.
  pgModule.types.setTypeParser(pgModule.types.builtins.INT8, Number);
  pgModule.types.setTypeParser(pgModule.types.builtins.NUMERIC, Number);
  // No JIT compilation: PostgreSQL compiles a statement whose estimated cost passes
  // jit_above_cost, 50-60 ms here on every call, for statements that run in milliseconds (a
  // search without a place whose widest tier, never read, is estimated at a walk of the table).
  // Nor parallel workers: started for such a tier's estimate, two workers cost 37-50 ms before
  // its one-time filter found it was not to be read (the wellness card's 'gym' without a place:
  // 25 ms -> 85 at a million listings); a search reads few rows, and the server's cores serve
  // other searches meanwhile.
  const sessionOptions = '-c jit=off -c max_parallel_workers_per_gather=0';
  const pool: Pool = new pgModule.Pool({
    connectionString: databaseUrl,
    max: 10,
    options: sessionOptions,
    // Sent when each connection starts: the session's default, which `reset` returns to.
    ...(statementTimeoutMs > 0 && { statement_timeout: statementTimeoutMs }),
  });
  // The health check's own connection: it answers while every pooled one is busy searching.
  const priorityPool: Pool = new pgModule.Pool({
    connectionString: databaseUrl,
    max: 1,
    idleTimeoutMillis: 0,
    options: sessionOptions,
    ...(statementTimeoutMs > 0 && { statement_timeout: statementTimeoutMs }),
  });
  // The prepared statements' own connections (QueryOptions.prepared: the suggestions, the
  // searches, the document store), where each is planned once for any values. PostgreSQL kept
  // planning the suggest statement for its values on every call at a million listings, its one
  // plan being estimated costlier, though it is the faster: 1.1 ms of a 2.4 ms call (median) was
  // planning. On the main pool every other statement keeps its plan for its own values. As many
  // as the main pool's: the searches run here.
  const preparedPool: Pool = new pgModule.Pool({
    connectionString: databaseUrl,
    max: 10,
    options: `-c plan_cache_mode=force_generic_plan ${sessionOptions}`,
    ...(statementTimeoutMs > 0 && { statement_timeout: statementTimeoutMs }),
  });
  /** The statements each prepared connection has prepared (MAX_PREPARED). */
  const preparedNames = new WeakMap<object, Set<string>>();
  /** A statement prepared on a connection of preparedPool. */
  const preparedQuery = async (sql: string, params: unknown[]) => {
    const client = await preparedPool.connect();
    const names = preparedNames.get(client) ?? new Set<string>();
    preparedNames.set(client, names);
    const statement = pgStatement(sql, params, { prepared: true });
    names.add(statement.name!);
    try {
      const { rows } = await client.query(statement);
      // A connection that has prepared more than it may keeps none: the next one opens afresh.
      client.release(names.size > MAX_PREPARED);
      return rows;
    } catch (error) {
      // Closed, as pool.query closes a connection whose statement failed.
      client.release(error instanceof Error ? error : true);
      throw error;
    }
  };
  // Fail at start, not on the first request, when the server is unreachable.
  await pool.query('select 1');
  let answeredAt = 0;
  /** The rows of an answer, noting when it came. */
  const answered = <T>(rows: unknown[]) => {
    answeredAt = performance.now();
    return { rows: rows as T[] };
  };
  return {
    kind: 'postgres',
    get answeredAt() {
      return answeredAt;
    },
    priorityQuery: async <T>(sql: string, params: unknown[] = []) => {
      try {
        return answered<T>((await priorityPool.query(sql, params)).rows);
      } catch (error) {
        throw translated(error);
      }
    },
    query: async <T>(sql: string, params: unknown[] = [], options?: QueryOptions) => {
      try {
        const rows = options?.prepared
          ? await preparedQuery(sql, params)
          : (await pool.query(sql, params)).rows;
        return answered<T>(rows);
      } catch (error) {
        throw translated(error);
      }
    },
    exec: async (sql) => {
      const client = await pool.connect();
      try {
        await client.query('set statement_timeout = 0');
        await client.query(sql);
      } finally {
        // Back to the pool with the session's default again; a connection that cannot is dropped.
        const reset = await client.query('reset statement_timeout').then(
          () => undefined,
          (error: unknown) => error as Error,
        );
        client.release(reset);
      }
    },
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({
          query: async <T>(sql: string, params: unknown[] = [], options?: QueryOptions) => {
            try {
              return { rows: (await client.query(pgStatement(sql, params, options))).rows as T[] };
            } catch (error) {
              throw translated(error);
            }
          },
          exec: async (sql: string) => {
            await client.query('set local statement_timeout = 0');
            await client.query(sql);
          },
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    close: async () => {
      await Promise.all([pool.end(), priorityPool.end(), preparedPool.end()]);
    },
  };
}
