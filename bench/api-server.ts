/**
 * The API under test, in its own process (forked by bench/api.ts with an IPC channel), so the
 * load generator does not share the server's event loop. Opens the database named by the
 * environment, applies migrations, seeds it once (reused on later runs), then serves
 * `buildApp({ db })` (the API only, as the integration tests do, with the global rate limits
 * raised) on 127.0.0.1.
 *
 *   BENCH_DATA_DIR   PGlite data directory, or
 *   BENCH_DB_URL     postgres://… (PostgreSQL server)
 *   BENCH_COUNT      listings to seed when the database has no seed yet
 *   BENCH_PORT       the port (bench/api.ts picks a free one of 8195-8197)
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { openDb } from '../server/db/driver';
import { migrate } from '../server/db/migrate';
import { ensureSeeded } from '../server/seed/load';
import { warmGazetteer } from '../server/geo/gazetteer';
import { builtInTenants } from '../src/tenant';

export type ServerMessage =
  | { type: 'progress'; loaded: number; total: number }
  | {
      type: 'ready';
      port: number;
      kind: 'pglite' | 'postgres';
      seeded: boolean;
      /** Migrations applied at this start (a reused database may get new ones). */
      migrated: string[];
      count: number;
      openMs: number;
      seedMs: number;
      /** Random listings for the listing-by-id scenario, each with a publisher that sees it. */
      listings: { id: number; publisherId: number }[];
      /** The same for the offer-by-id scenario. */
      offers: { id: number; publisherId: number }[];
    };

/** Listings (and offers) the by-id scenarios ask for. */
const LISTING_SAMPLE = 200;
/** The photo copied for the image benchmark's cold renders, and how many copies. */
export const BENCH_PHOTO = 'spa-3.svg';
export const BENCH_PHOTOS = 120;

const send = (message: ServerMessage) => process.send?.(message);
const since = (start: number) => Math.round(performance.now() - start);

const count = Number(process.env.BENCH_COUNT);
const port = Number(process.env.BENCH_PORT);
if (!process.send) throw new Error('bench/api-server.ts runs as a child of bench/api.ts (IPC)');
if (!Number.isInteger(count) || count <= 0) throw new Error('BENCH_COUNT must be a positive whole number');
if (!Number.isInteger(port) || port <= 0) throw new Error('BENCH_PORT must be a port number');

let started = performance.now();
const db = await openDb({
  dataDir: process.env.BENCH_DATA_DIR ?? '',
  databaseUrl: process.env.BENCH_DB_URL || undefined,
});
const migrated = await migrate(db);
const openMs = since(started);
started = performance.now();
const seed = await ensureSeeded(db, {
  count,
  onProgress: (loaded, total) => send({ type: 'progress', loaded, total }),
});
const seedMs = since(started);
// The gazetteer loads its indexes on the first lookup (about half a second): not part of a request.
warmGazetteer();

const listings = await sampleById('merchants', LISTING_SAMPLE);
const offers = await sampleById('offers', LISTING_SAMPLE);

// The load generator is one client: the global limits are raised so that the benchmark measures
// the API (the limiter's counting included), not its 429s.
const unlimited = { max: 1_000_000_000, windowMs: 60_000 };
const mediaDir = benchMediaDir();
const app = await buildApp({
  db,
  mediaDir,
  rateLimits: { search: unlimited, content: unlimited, images: unlimited, writes: unlimited },
});
await app.listen({ port, host: '127.0.0.1' });
send({
  type: 'ready',
  port,
  kind: db.kind,
  seeded: seed.seeded,
  migrated,
  count: seed.count,
  openMs,
  seedMs,
  listings,
  offers,
});

/**
 * `size` listings (or offers) spread over the whole data set, the same ones on every run (a
 * fixed-seed LCG over ids 1..max: the seed numbers both without gaps), each paired with a
 * publisher whose programs include the listing (of the offer).
 */
async function sampleById(
  table: 'merchants' | 'offers',
  size: number,
): Promise<{ id: number; publisherId: number }[]> {
  const { rows: top } = await db.query<{ max: number }>(
    `select coalesce(max(id), 0)::int as max from ${table}`,
  );
  const max = top[0]?.max ?? 0;
  if (!max) return [];
  let state = 20_261_122;
  const ids = Array.from({ length: size }, () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return 1 + (state % max);
  });
  const { rows } = await db.query<{ id: number; programs: string[] }>(
    `select t.id, m.included_programs as programs from ${table} t
       join merchants m on m.id = ${table === 'offers' ? 't.merchant_id' : 't.id'}
     where t.id = any($1::bigint[])`,
    [ids],
  );
  const tenants = Object.values(builtInTenants);
  return rows.flatMap(({ id, programs }) => {
    const tenant = tenants.find((t) => t.helperInfo.includedPrograms.some((p) => programs.includes(p)));
    return tenant ? [{ id, publisherId: tenant.helperInfo.publisherId }] : [];
  });
}

/**
 * The resizer takes only the product's sizes, so a cold render needs an image it has not seen:
 * server/media plus BENCH_PHOTOS copies of one photo (`/media/bench-{i}.svg`, bench/images.ts).
 */
function benchMediaDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wellspring-bench-media-'));
  const media = join(import.meta.dirname, '..', 'server', 'media');
  cpSync(media, dir, { recursive: true });
  for (let i = 0; i < BENCH_PHOTOS; i++) cpSync(join(media, BENCH_PHOTO), join(dir, `bench-${i}.svg`));
  return dir;
}

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  // Stop taking requests, then close the database so PGlite flushes its data directory.
  await app.close();
  await db.close();
  rmSync(mediaDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('message', (message) => message === 'stop' && void stop());
process.on('disconnect', () => void stop());
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
