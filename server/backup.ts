/**
 * `npm run backup [-- FILE]` and `npm run restore -- FILE [--force]`: the embedded database
 * (PGlite in DATA_DIR) to one file and back. Stop the server first; both refuse while it runs.
 * With DATABASE_URL the database is a PostgreSQL server: use pg_dump and pg_restore instead.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { backupDataDir, DataDirNotEmptyError, restoreDataDir } from './db/backup';
import { DataDirInUseError } from './db/data-dir-lock';

const USAGE = 'usage: npm run backup [-- FILE]  |  npm run restore -- FILE [--force]';

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false } },
  });
  const [command, file] = positionals;
  if (process.env.DATABASE_URL) {
    console.error('DATABASE_URL is set: back up that PostgreSQL server with pg_dump, not this script');
    return 2;
  }
  const dataDir = resolve(process.env.DATA_DIR ?? '.data');
  if (command === 'backup' && positionals.length <= 2) {
    const target = resolve(file ?? `wellspring-backup-${stamp()}.tar.gz`);
    const bytes = await backupDataDir(dataDir, target);
    console.info(`backed up ${dataDir} to ${target} (${(bytes / 1e6).toFixed(1)} MB)`);
    return 0;
  }
  if (command === 'restore' && file && positionals.length === 2) {
    const migrations = await restoreDataDir(resolve(file), dataDir, { force: values.force });
    console.info(`restored ${resolve(file)} into ${dataDir} (${migrations} migrations); start the server`);
    return 0;
  }
  console.error(USAGE);
  return 2;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  // What went wrong, for the operator: the server is running, the folder is not empty, no file…
  const known = error instanceof DataDirInUseError || error instanceof DataDirNotEmptyError;
  console.error(
    `[wellspring] ${known ? '' : 'failed: '}${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
}
