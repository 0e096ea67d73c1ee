/**
 * `npm run backup` and `npm run restore` for the embedded database: a round trip through a file,
 * a data directory with files replaced only with --force, and neither while the directory is open
 * in another process (a running server).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../server/db/driver';
import { migrate } from '../../server/db/migrate';
import { LOCK_FILE } from '../../server/db/data-dir-lock';

const root = join(import.meta.dirname, '..', '..');

/** Runs `tsx server/backup.ts …` (what the npm scripts run) with DATA_DIR set, to its exit. */
function run(dataDir: string, ...args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/backup.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

async function withDb<T>(dataDir: string, fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDb({ dataDir });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

const note = (db: Db) =>
  db
    .query<{ data: { text: string } }>(`select data from documents where path = 'test/backup'`)
    .then(({ rows }) => rows[0]?.data.text);
const setNote = (db: Db, text: string) =>
  db.query(
    `insert into documents (path, data) values ('test/backup', $1)
     on conflict (path) do update set data = excluded.data`,
    [JSON.stringify({ text })],
  );

describe('npm run backup / restore', () => {
  let dir: string;
  const source = () => join(dir, 'source');
  const file = () => join(dir, 'backups', 'one.tar.gz');

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wellspring-backup-'));
    await withDb(source(), async (db) => {
      await migrate(db);
      await setNote(db, 'before the backup');
    });
  }, 60_000);
  afterAll(async () => dir && rm(dir, { recursive: true, force: true }));

  it('backs the data directory up to a file and restores it into an empty one', async () => {
    const backup = await run(source(), 'backup', file());
    expect(backup.output).toContain(`to ${file()}`);
    expect(backup.code).toBe(0);
    expect((await stat(file())).size).toBeGreaterThan(100_000);
    expect(existsSync(join(source(), LOCK_FILE))).toBe(false);

    const target = join(dir, 'restored');
    const restore = await run(target, 'restore', file());
    expect(restore.output).toContain(`into ${target}`);
    expect(restore.code).toBe(0);
    await withDb(target, async (db) => {
      expect(await note(db)).toBe('before the backup');
      // The same schema, the extensions included, and nothing left to migrate.
      expect(await migrate(db)).toEqual([]);
      const { rows } = await db.query<{ km: number }>(
        `select round(earth_distance(ll_to_earth(0, 0), ll_to_earth(0, 1)) / 1000) as km`,
      );
      expect(rows[0]!.km).toBe(111);
    });
    // No staging folder left behind.
    expect((await readdir(dir)).sort()).toEqual(['backups', 'restored', 'source']);
  }, 120_000);

  it('replaces a data directory with files only with --force', async () => {
    await withDb(source(), (db) => setNote(db, 'after the backup'));

    const refused = await run(source(), 'restore', file());
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('is not empty: pass --force');
    await withDb(source(), async (db) => expect(await note(db)).toBe('after the backup'));

    const forced = await run(source(), 'restore', file(), '--force');
    expect(forced.code).toBe(0);
    await withDb(source(), async (db) => expect(await note(db)).toBe('before the backup'));
  }, 120_000);

  it('refuses both while another process has the data directory open, and a file that is no backup', async () => {
    const db = await openDb({ dataDir: source() });
    try {
      const backup = await run(source(), 'backup', join(dir, 'backups', 'two.tar.gz'));
      expect(backup.code).toBe(1);
      expect(backup.output).toContain(`is in use by process ${process.pid}`);
      expect(existsSync(join(dir, 'backups', 'two.tar.gz'))).toBe(false);
      const restore = await run(source(), 'restore', file(), '--force');
      expect(restore.code).toBe(1);
      expect(restore.output).toContain('is in use by process');
      expect(await note(db)).toBe('before the backup');
    } finally {
      await db.close();
    }

    const target = join(dir, 'from-garbage');
    const garbage = await run(target, 'restore', join(root, 'package.json'));
    expect(garbage.code).toBe(1);
    expect(garbage.output).toContain('failed:');
    expect(existsSync(join(target, 'PG_VERSION'))).toBe(false);
    expect((await readdir(dir)).filter((entry) => entry.includes('restoring'))).toEqual([]);
  }, 120_000);
});
