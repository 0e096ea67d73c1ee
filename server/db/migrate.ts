import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './driver';

const migrationsDir = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Applies the SQL files of server/db/migrations in name order, each once, each in its own
 * transaction, and records them in schema_migrations. Returns the names it applied.
 */
export async function migrate(db: Db): Promise<string[]> {
  await db.exec(`create table if not exists schema_migrations (
    name text primary key,
    applied_at timestamptz not null default now()
  )`);
  const applied = new Set(
    (await db.query<{ name: string }>('select name from schema_migrations')).rows.map((row) => row.name),
  );
  const files = (await readdir(migrationsDir)).filter((file) => file.endsWith('.sql')).sort();
  const done: string[] = [];
  for (const file of files) {
    if (applied.has(file)) continue;
    const sql = await readFile(join(migrationsDir, file), 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('insert into schema_migrations (name) values ($1)', [file]);
    });
    done.push(file);
  }
  return done;
}
