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
  /** Runs several statements without parameters (migrations). */
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
}

export async function openDb(options: OpenOptions): Promise<Db> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
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

async function openPostgres(databaseUrl: string): Promise<Db> {
  const { default: pgModule } = await import('pg');
  // numeric and bigint come back as strings by default; our ids and scores fit in a double.
  pgModule.types.setTypeParser(pgModule.types.builtins.INT8, Number);
  pgModule.types.setTypeParser(pgModule.types.builtins.NUMERIC, Number);
  const pool: Pool = new pgModule.Pool({ connectionString: databaseUrl, max: 10 });
  // Fail at start, not on the first request, when the server is unreachable.
  await pool.query('select 1');
  return {
    kind: 'postgres',
    query: async <T>(sql: string, params: unknown[] = []) => ({
      rows: (await pool.query(sql, params)).rows as T[],
    }),
    exec: async (sql) => void (await pool.query(sql)),
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn({
          query: async <T>(sql: string, params: unknown[] = []) => ({
            rows: (await client.query(sql, params)).rows as T[],
          }),
          exec: async (sql: string) => void (await client.query(sql)),
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
