import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { DatabaseBusyError, openDb, type Db } from '../../server/db/driver';
import { BUSY_TEXT, installErrorHandler } from '../../server/http';

/** An API with one route that runs `sql` on `db`, answered by the API's error handler. */
async function apiRunning(db: Pick<Db, 'query'>, sql: string): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(
    async (api) => {
      installErrorHandler(api);
      api.get('/slow', async () => (await db.query(sql)).rows);
    },
    { prefix: '/api' },
  );
  return app;
}

describe('a statement cancelled by the timeout is a 503', () => {
  it('answers 503 with Retry-After and a plain text, never the SQL or its error', async () => {
    const failing = {
      query: () =>
        Promise.reject(
          new DatabaseBusyError({
            cause: Object.assign(new Error('canceling statement due to statement timeout'), {
              code: '57014',
            }),
          }),
        ),
    } as unknown as Db;
    const app = await apiRunning(failing, 'select secret from cards');
    try {
      const response = await app.inject({ url: '/api/slow' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({ error: BUSY_TEXT });
      expect(response.body).not.toMatch(/secret|cancel|statement/);
    } finally {
      await app.close();
    }
  });
});

// PGlite has no statement timeout (it runs one statement at a time, in this process).
describe.skipIf(!process.env.DATABASE_URL)('DB_STATEMENT_TIMEOUT_MS on PostgreSQL', () => {
  let admin: Db;
  let database: string;
  let url: string;
  let db: Db;

  beforeAll(async () => {
    admin = await openDb({ databaseUrl: process.env.DATABASE_URL!, dataDir: '' });
    database = `wellspring_timeout_${Math.random().toString(36).slice(2, 10)}`;
    await admin.exec(`create database ${database}`);
    const address = new URL(process.env.DATABASE_URL!);
    address.pathname = `/${database}`;
    url = address.toString();
    db = await openDb({ databaseUrl: url, dataDir: '', statementTimeoutMs: 300 });
  });
  afterAll(async () => {
    await db?.close();
    await admin?.exec(`drop database if exists ${database}`);
    await admin?.close();
  });

  it('is 5 s unless set', async () => {
    const byDefault = await openDb({ databaseUrl: url, dataDir: '' });
    try {
      const { rows } = await byDefault.query<{ statement_timeout: string }>('show statement_timeout');
      expect(rows[0]?.statement_timeout).toBe('5s');
    } finally {
      await byDefault.close();
    }
  });

  it('cancels a query that runs longer: DatabaseBusyError, not the SQL error', async () => {
    await expect(db.query('select pg_sleep(2)')).rejects.toBeInstanceOf(DatabaseBusyError);
    await expect(db.query('select 1 as one')).resolves.toEqual({ rows: [{ one: 1 }] });
  });

  it('cancels a query in a transaction, which rolls back', async () => {
    await db.exec('create table if not exists timeout_probe (id int)');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into timeout_probe values (1)');
        await tx.query('select pg_sleep(2)');
      }),
    ).rejects.toBeInstanceOf(DatabaseBusyError);
    expect((await db.query('select count(*)::int as n from timeout_probe')).rows).toEqual([{ n: 0 }]);
  });

  it('answers a request whose query is cancelled with 503', async () => {
    const app = await apiRunning(db, 'select pg_sleep(2)');
    try {
      const response = await app.inject({ url: '/api/slow' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: BUSY_TEXT });
    } finally {
      await app.close();
    }
  });

  it('lets migrations and seeding (exec, and a transaction after its exec) run longer, and only them', async () => {
    await db.exec('select pg_sleep(0.6)');
    await db.transaction(async (tx) => {
      await tx.exec('select 1');
      await tx.query('select pg_sleep(0.6)');
    });
    // Every pooled connection is back to the timeout afterwards.
    const settings = await Promise.all(
      Array.from({ length: 10 }, () => db.query<{ statement_timeout: string }>('show statement_timeout')),
    );
    expect(new Set(settings.map(({ rows }) => rows[0]?.statement_timeout))).toEqual(new Set(['300ms']));
    await expect(db.query('select pg_sleep(2)')).rejects.toBeInstanceOf(DatabaseBusyError);
  });
});
