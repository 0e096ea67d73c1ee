/**
 * Backups of the embedded database (PGlite): the data directory as one gzipped tarball (PGlite's
 * `dumpDataDir`), and back. A PostgreSQL server (DATABASE_URL) is backed up with its own tools
 * (pg_dump). Both take the data directory's lock (./data-dir-lock.ts): never while a server has it.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { basename, dirname, join, resolve } from 'node:path';
import { lockDataDir, LOCK_FILE } from './data-dir-lock';
import { openDb } from './driver';

/** The restore would replace a data directory that holds files, and `force` was not given. */
export class DataDirNotEmptyError extends Error {
  override readonly name = 'DataDirNotEmptyError';
}

/** Whether `dir` holds anything besides a lock file. */
async function hasFiles(dir: string): Promise<boolean> {
  if (!existsSync(dir)) return false;
  return (await readdir(dir)).some((entry) => entry !== LOCK_FILE);
}

/**
 * The backup file as PGlite loads it, after checking it is one: a gzipped tar archive (PGlite fails
 * on anything else outside any promise the caller could catch).
 */
async function readBackup(file: string): Promise<Blob> {
  const bytes = await readFile(resolve(file));
  let tar: Buffer;
  try {
    tar = gunzipSync(bytes);
  } catch {
    throw new Error(`${resolve(file)} is not a backup: not gzip-compressed`);
  }
  // A tar header carries 'ustar' at offset 257.
  if (tar.subarray(257, 262).toString('latin1') !== 'ustar') {
    throw new Error(`${resolve(file)} is not a backup: not a tar archive`);
  }
  return new Blob([bytes], { type: 'application/x-gzip' });
}

/**
 * Writes the data directory `dataDir` to `file` (a .tar.gz) and returns its size in bytes. The
 * server must be stopped: the copy is of a closed database, consistent by construction.
 */
export async function backupDataDir(dataDir: string, file: string): Promise<number> {
  const dir = resolve(dataDir);
  if (!existsSync(join(dir, 'PG_VERSION'))) throw new Error(`${dir} holds no database to back up`);
  const unlock = lockDataDir(dir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const pg = await PGlite.create(dir);
    let archive: Blob;
    try {
      archive = await pg.dumpDataDir('gzip');
    } finally {
      await pg.close();
    }
    const bytes = new Uint8Array(await archive.arrayBuffer());
    await mkdir(dirname(resolve(file)), { recursive: true });
    // Written beside and renamed: a backup file is either whole or absent.
    const partial = `${resolve(file)}.partial`;
    await writeFile(partial, bytes);
    await rename(partial, resolve(file));
    return bytes.length;
  } finally {
    unlock();
  }
}

/**
 * Restores a backup `file` into `dataDir`. A directory with files in it is replaced only with
 * `force` (DataDirNotEmptyError otherwise). The backup is unpacked into a new directory beside it
 * and opened there (migrations table read) before it takes the place of the old one, so a bad file
 * leaves the old data as it was. Returns the number of migrations the restored database had.
 */
export async function restoreDataDir(
  file: string,
  dataDir: string,
  { force = false }: { force?: boolean } = {},
): Promise<number> {
  const dir = resolve(dataDir);
  if ((await hasFiles(dir)) && !force) {
    throw new DataDirNotEmptyError(`${dir} is not empty: pass --force to replace it with the backup`);
  }
  const archive = await readBackup(file);
  const unlock = lockDataDir(dir);
  const staging = join(dirname(dir), `.${basename(dir)}.restoring-${process.pid}`);
  try {
    await rm(staging, { recursive: true, force: true });
    const { PGlite } = await import('@electric-sql/pglite');
    const pg = await PGlite.create(staging, { loadDataDir: archive });
    await pg.close();
    // The backup's own lock came along in the archive: its process is long gone.
    await rm(join(staging, LOCK_FILE), { force: true });
    // Opened as the server opens it (extensions and all) before it replaces anything.
    const db = await openDb({ dataDir: staging });
    let migrations: number;
    try {
      const { rows } = await db.query<{ n: number }>('select count(*)::int as n from schema_migrations');
      migrations = rows[0]!.n;
    } finally {
      await db.close();
    }
    const replaced = `${staging}.old`;
    if (existsSync(dir)) await rename(dir, replaced);
    await rename(staging, dir);
    await rm(replaced, { recursive: true, force: true });
    return migrations;
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  } finally {
    unlock();
  }
}
