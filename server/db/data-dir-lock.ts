import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The lock file inside a PGlite data directory: the process id of the one process using it. */
export const LOCK_FILE = 'wellspring.lock';

/** The data directory is open in another live process (a running server, a backup). */
export class DataDirInUseError extends Error {
  override readonly name = 'DataDirInUseError';
}

/** Directories this process holds, so a second open in the same process is refused too. */
const held = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the data directory for this process, or throws DataDirInUseError naming the process that
 * has it. PGlite itself lets two processes open one directory, and two PostgreSQL instances
 * writing the same files corrupt them: a second `npm start` on the same DATA_DIR, or a backup
 * taken while the server runs. A lock left by a killed process (its id is no longer running, or
 * is this process's own, as pid 1 in a restarted container) is taken over. Returns the release.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = resolve(dataDir);
  if (held.has(dir)) throw new DataDirInUseError(`${dir} is already open in this process`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, LOCK_FILE);
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw error;
    }
    const owner = Number(readFileSync(file, 'utf8').trim());
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner)) {
      throw new DataDirInUseError(
        `${dir} is in use by process ${owner} (a running server?): stop it first. ` +
          `If no such process uses it, delete ${file}.`,
      );
    }
    // Stale: its process is gone. Removed, then taken with the same exclusive create, so of two
    // processes taking over at once only one wins.
    try {
      unlinkSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  held.add(dir);
  return () => {
    held.delete(dir);
    try {
      unlinkSync(file);
    } catch {
      // Already gone (the directory was removed): nothing to release.
    }
  };
}
