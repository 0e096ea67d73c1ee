/**
 * Which version of the seed code filled a reused benchmark database. The seed mark the server
 * keeps says only that a seed is complete, so a database seeded before server/seed changed is
 * reused as it is; a stamp beside it (bench/.data-stamps/, git-ignored) lets the report say so.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SEED_DIR = 'server/seed';
const STAMP_DIR = 'bench/.data-stamps';

/** A hash of the seed code (server/seed/*.ts, scratch files starting with a dot left out). */
export function seedFingerprint(root: string): string {
  const hash = createHash('sha256');
  const dir = join(root, SEED_DIR);
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.ts') && !name.startsWith('.'))
    .sort()) {
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(dir, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

const stampFile = (root: string, name: string) => join(root, STAMP_DIR, `${name}.txt`);

export function writeStamp(root: string, name: string, fingerprint: string): void {
  mkdirSync(join(root, STAMP_DIR), { recursive: true });
  writeFileSync(stampFile(root, name), `${fingerprint}\n`);
}

/**
 * After a start: stamps a database seeded now; for a reused one, a note when it was seeded by
 * other seed code than today's (or by a run that left no stamp). Undefined when all is current.
 */
export function checkStamp(
  root: string,
  name: string,
  seededNow: boolean,
  reseedHint: string,
): string | undefined {
  const fingerprint = seedFingerprint(root);
  if (seededNow) {
    writeStamp(root, name, fingerprint);
    return undefined;
  }
  const file = stampFile(root, name);
  const stamp = existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
  if (stamp === fingerprint) return undefined;
  return stamp
    ? `reused data seeded by an earlier version of ${SEED_DIR} (${reseedHint})`
    : `reused data of unknown seed version (${reseedHint})`;
}
