import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './driver';

const migrationsDir = fileURLToPath(new URL('./migrations', import.meta.url));

/** The SQL files of server/db/migrations in name order, with their texts. */
async function migrationFiles(): Promise<{ name: string; sql: string }[]> {
  const names = (await readdir(migrationsDir)).filter((file) => file.endsWith('.sql')).sort();
  return Promise.all(
    names.map(async (name) => ({ name, sql: await readFile(join(migrationsDir, name), 'utf8') })),
  );
}

/** The schema the migrations make, named by their names and texts (a changed file is another). */
const keyOf = (files: { name: string; sql: string }[]): string => {
  const hash = createHash('sha256');
  for (const { name, sql } of files) hash.update(`${name}\0${sql}\0`);
  return hash.digest('base64url').slice(0, 16);
};

/**
 * The key of the schema `migrate` makes: opened with it (OpenOptions.schema), a fresh PGlite
 * folder starts from the cluster kept for it, its migrations already applied.
 */
export async function migrationsKey(): Promise<string> {
  return keyOf(await migrationFiles());
}

/**
 * Applies the SQL files of server/db/migrations in name order, each once, each in its own
 * transaction, and records them in schema_migrations. Returns the names it applied. On PGlite,
 * an empty database it took through every migration is kept as the schema's cluster (no rows of
 * ours are in it yet), for the fresh folders after.
 */
export async function migrate(db: Db): Promise<string[]> {
  // Empty: no table of anyone's yet, so the cluster after the migrations holds only the schema.
  const { rows } = await db.query<{ empty: boolean }>(
    'select not exists (select 1 from pg_tables where schemaname = current_schema()) as empty',
  );
  await db.exec(`create table if not exists schema_migrations (
    name text primary key,
    applied_at timestamptz not null default now()
  )`);
  const applied = new Set(
    (await db.query<{ name: string }>('select name from schema_migrations')).rows.map((row) => row.name),
  );
  const files = await migrationFiles();
  const done: string[] = [];
  for (const { name, sql } of files) {
    if (applied.has(name)) continue;
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('insert into schema_migrations (name) values ($1)', [name]);
    });
    done.push(name);
  }
  if (rows[0]?.empty && done.length > 0) await db.keepTemplate?.(keyOf(files));
  return done;
}
