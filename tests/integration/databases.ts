import { randomBytes } from 'node:crypto';
import { openDb, type Db } from '../../server/db/driver';

/** A database an integration suite runs against, freshly created and dropped afterwards. */
export interface TestDatabase {
  name: 'pglite' | 'postgres';
  open(): Promise<Db & { drop(): Promise<void> }>;
}

/**
 * Every suite runs on embedded PGlite, and also on a real PostgreSQL when DATABASE_URL is set
 * (`.ci/run` starts one). Each suite gets its own PostgreSQL database, so suites cannot see
 * each other's rows.
 */
export const databases: TestDatabase[] = [
  {
    name: 'pglite',
    async open() {
      const db = await openDb({ dataDir: 'memory://' });
      return Object.assign(db, { drop: () => db.close() });
    },
  },
  ...(process.env.DATABASE_URL
    ? [
        {
          name: 'postgres' as const,
          async open() {
            const adminUrl = process.env.DATABASE_URL!;
            const admin = await openDb({ databaseUrl: adminUrl, dataDir: '' });
            const database = `wellspring_test_${randomBytes(4).toString('hex')}`;
            await admin.exec(`create database ${database}`);
            const url = new URL(adminUrl);
            url.pathname = `/${database}`;
            const db = await openDb({ databaseUrl: url.toString(), dataDir: '' });
            return Object.assign(db, {
              async drop() {
                await db.close();
                await admin.exec(`drop database if exists ${database}`);
                await admin.close();
              },
            });
          },
        },
      ]
    : []),
];
