import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb, type Db } from '../../server/db/driver';
import { migrationsKey } from '../../server/db/migrate';

/** Two connections to one database, as two instances behind a load balancer hold them. */
export interface SharedDatabase {
  first: Db;
  second: Db;
  drop(): Promise<void>;
}

/** A database an integration suite runs against, freshly created and dropped afterwards. */
export interface TestDatabase {
  name: 'pglite' | 'postgres';
  open(): Promise<Db & { drop(): Promise<void> }>;
  /**
   * The same fresh database opened twice: on PostgreSQL two pools, as two servers would have; on
   * PGlite (one process) one Db that two apps share.
   */
  openTwice(): Promise<SharedDatabase>;
}

/** A fresh PostgreSQL database on the DATABASE_URL server, opened `connections` times. */
async function freshPostgres(connections: number): Promise<{ dbs: Db[]; drop(): Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL!;
  const admin = await openDb({ databaseUrl: adminUrl, dataDir: '' });
  const database = `wellspring_test_${randomBytes(4).toString('hex')}`;
  await admin.exec(`create database ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const dbs: Db[] = [];
  for (let i = 0; i < connections; i++) dbs.push(await openDb({ databaseUrl: url.toString(), dataDir: '' }));
  return {
    dbs,
    async drop() {
      for (const db of dbs) await db.close();
      await admin.exec(`drop database if exists ${database}`);
      await admin.close();
    },
  };
}

/**
 * A fresh PGlite database in a folder of its own, removed afterwards. On disk rather than in
 * memory, as `npm start` has it: a worker that PGlite leaves spinning (electric-sql/pglite#1068)
 * is replaced by the driver's watchdog on the same files, so a rare spin costs a suite seconds,
 * not every later test.
 */
async function freshPglite(): Promise<{ db: Db; drop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wellspring-test-'));
  // Migrated already when the schema's cluster is kept (migrate.ts), as `npm start`'s are.
  const db = await openDb({ dataDir, schema: await migrationsKey() });
  return {
    db,
    async drop() {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const pglite: TestDatabase = {
  name: 'pglite',
  async open() {
    const { db, drop } = await freshPglite();
    return Object.assign(db, { drop });
  },
  async openTwice() {
    const { db, drop } = await freshPglite();
    return { first: db, second: db, drop };
  },
};

export const postgres: TestDatabase = {
  name: 'postgres',
  async open() {
    const { dbs, drop } = await freshPostgres(1);
    return Object.assign(dbs[0]!, { drop });
  },
  async openTwice() {
    const { dbs, drop } = await freshPostgres(2);
    return { first: dbs[0]!, second: dbs[1]!, drop };
  },
};

/**
 * Every suite runs on embedded PGlite, and also on a real PostgreSQL when DATABASE_URL is set
 * (`.ci/run` starts one). Each suite gets its own PostgreSQL database, so suites cannot see
 * each other's rows.
 */
export const databases: TestDatabase[] = [pglite, ...(process.env.DATABASE_URL ? [postgres] : [])];
