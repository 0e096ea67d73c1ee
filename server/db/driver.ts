import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import { lockDataDir } from './data-dir-lock';

/** A row set: what every query answers, on either engine. */
export interface Rows<T> {
  rows: T[];
}

/**
 * The one database interface the server uses. The same parameterised SQL ($1, $2, …) runs on
 * embedded PGlite (the default) and on a PostgreSQL server (DATABASE_URL).
 */
export interface Db {
  readonly kind: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Rows<T>>;
  /**
   * Runs several statements without parameters (migrations, seeding, analyze): the maintenance
   * path, without the statement timeout; inside a transaction, for the rest of that transaction.
   */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in one transaction on one connection; rolls back when it throws. */
  transaction<T>(fn: (tx: Pick<Db, 'query' | 'exec'>) => Promise<T>): Promise<T>;
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
   * cancel one, so it has none. @default 5000 (DB_STATEMENT_TIMEOUT_MS)
   */
  statementTimeoutMs?: number;
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
    : openPglite(options.dataDir);
}

async function openPglite(dataDir: string): Promise<Db> {
  const [{ PGlite, types }, { cube }, { earthdistance }, { pg_trgm }, { unaccent }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/cube'),
    import('@electric-sql/pglite/contrib/earthdistance'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
  ]);
  // One process at a time per data directory (./data-dir-lock.ts); memory:// is this process's own.
  const unlock = dataDir.startsWith('memory://') ? () => {} : lockDataDir(dataDir);
  const pg: PGlite = await PGlite.create(dataDir, {
    extensions: { cube, earthdistance, pg_trgm, unaccent },
    // Same JavaScript types as the pg adapter below: ids, counts and scores as numbers.
    parsers: { [types.INT8]: Number, [types.NUMERIC]: Number },
  }).catch((error: unknown) => {
    unlock();
    throw error;
  });
  const query = async <T>(sql: string, params: unknown[] = []): Promise<Rows<T>> => {
    const result = await pg.query<T>(sql, params);
    return { rows: result.rows };
  };
  const exec = async (sql: string): Promise<void> => {
    await pg.exec(sql);
  };
  return {
    kind: 'pglite',
    query,
    exec,
    transaction: (fn) =>
      pg.transaction((tx) =>
        fn({
          query: async <T>(sql: string, params: unknown[] = []) => ({
            rows: (await tx.query<T>(sql, params)).rows,
          }),
          exec: async (sql: string) => void (await tx.exec(sql)),
        }),
      ),
    close: async () => {
      await pg.close();
      unlock();
    },
  };
}

async function openPostgres(databaseUrl: string, statementTimeoutMs: number): Promise<Db> {
  const { default: pgModule } = await import('pg');
  // numeric and bigint come back as strings by default; our ids and scores fit in a double.
  pgModule.types.setTypeParser(pgModule.types.builtins.INT8, Number);
  pgModule.types.setTypeParser(pgModule.types.builtins.NUMERIC, Number);
  const pool: Pool = new pgModule.Pool({
    connectionString: databaseUrl,
    max: 10,
    // Sent when each connection starts: the session's default, which `reset` returns to.
    ...(statementTimeoutMs > 0 && { statement_timeout: statementTimeoutMs }),
  });
  // Fail at start, not on the first request, when the server is unreachable.
  await pool.query('select 1');
  return {
    kind: 'postgres',
    query: async <T>(sql: string, params: unknown[] = []) => {
      try {
        return { rows: (await pool.query(sql, params)).rows as T[] };
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
          query: async <T>(sql: string, params: unknown[] = []) => {
            try {
              return { rows: (await client.query(sql, params)).rows as T[] };
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
    close: () => pool.end(),
  };
}
