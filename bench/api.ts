/**
 * API latency and throughput through real HTTP on 127.0.0.1: for each data set, a child process
 * (bench/api-server.ts) serves the API; this process checks every request once, then runs the
 * closed-loop load of bench/load.ts per scenario.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'node:http';
import type { ServerMessage } from './api-server';
import { get, runLoad, type LoadOptions, type LoadResult, type Target } from './load';
import { freePort, stopGroup, track } from './proc';
import { checkStamp } from './seed-stamp';

/** After the concurrent run (so warm): a short pass on one connection, for the unqueued latency. */
const SERIAL: LoadOptions = { connections: 1, warmup: 0, requests: 40, maxSeconds: 8, warmupMaxSeconds: 0 };

/** Ports this benchmark may use for the API server (shared machine: 8195-8199 are ours). */
const API_PORTS = [8195, 8196, 8197];

export interface Dataset {
  /** 'PGlite 20k' … */
  label: string;
  count: number;
  dataDir?: string;
  databaseUrl?: string;
  /** What to say about the database server (version, settings). */
  note?: string;
  /** Name of its seed stamp (bench/seed-stamp.ts). */
  stamp: string;
}

export interface ScenarioResult extends LoadResult {
  name: string;
  /** One connection, no queue: what one request costs when it waits for no other. */
  serial: LoadResult;
  /** Offers per answer (from the check pass), for the offer scenarios. */
  items: string | null;
}

export interface DatasetResult {
  label: string;
  note?: string;
  kind: 'pglite' | 'postgres';
  listings: number;
  /** Whether this run seeded the database (false: reused). */
  seeded: boolean;
  /** E.g. reused data seeded by older seed code. */
  warnings: string[];
  migrated: string[];
  openMs: number;
  seedMs: number;
  loadAverage: number;
  scenarios: ScenarioResult[];
}

// The carousel's call: its tenant's publisherId and country, a place, 24 offers (spec: shuffles 8).
const US_CITIES = [
  'New York, NY',
  'Los Angeles, CA',
  'Chicago, IL',
  'Houston, TX',
  'Phoenix, AZ',
  'Philadelphia, PA',
  'San Antonio, TX',
  'San Diego, CA',
  'Dallas, TX',
  'Austin, TX',
];
const CA_CITIES = [
  'Toronto, ON',
  'Montreal, QC',
  'Vancouver, BC',
  'Calgary, AB',
  'Ottawa, ON',
  'Edmonton, AB',
];
/** publisherId 1: spa (US) and spa-canada (CA); 13: wellness (US); 6: local (US). */
const US_PUBLISHERS = [1, 13, 6];

const headers = (publisherId: number): Record<string, string> => ({
  publisherId: String(publisherId),
  'x-requested-with': 'XMLHttpRequest',
  accept: 'application/json',
});

const offersPath = (query: Record<string, string>) => `/api/offers?${new URLSearchParams(query)}`;

/** US and Canadian cities interleaved (10 US, 6 CA), each with a publisher of its country. */
function nearTargets(): Target[] {
  const targets: Target[] = [];
  for (let i = 0; i < Math.max(US_CITIES.length, CA_CITIES.length); i++) {
    const us = US_CITIES[i];
    const ca = CA_CITIES[i];
    if (us)
      targets.push({
        path: offersPath({ location: us, country: 'US', size: '24' }),
        headers: headers(US_PUBLISHERS[i % 3]!),
      });
    if (ca)
      targets.push({ path: offersPath({ location: ca, country: 'CA', size: '24' }), headers: headers(1) });
  }
  return targets;
}

const HEALTH: Target = { path: '/api/health', headers: headers(1) };

const searchPath = (query: Record<string, string>) => `/api/merchants?${new URLSearchParams(query)}`;
const KEYWORDS = ['massage', 'facial', 'yoga', 'sauna', 'manicure', 'acupuncture'];

/** The search page's calls: a place, 50 miles, the first page of 12, keywords or not. */
function searchTargets(withKeywords: boolean): Target[] {
  return [
    ...US_CITIES.map((city, i) => ({ city, publisher: US_PUBLISHERS[i % 3]! })),
    ...CA_CITIES.map((city) => ({ city, publisher: 1 })),
  ].map(({ city, publisher }, i) => ({
    path: searchPath({
      location: city,
      distance: '50',
      size: '12',
      page: '0',
      ...(withKeywords ? { keywords: KEYWORDS[i % KEYWORDS.length]! } : { sort: 'distance' }),
    }),
    headers: headers(publisher),
  }));
}

/** Autocomplete as a visitor types: two to four letters of places, services and names. */
const AUTOCOMPLETE_TARGETS: Target[] = ['aus', 'tor', 'mass', 'fac', 'yog', 'seren', 'new y', 'spa'].map(
  (text, i) => ({
    path: `/api/autocomplete?criteria=${encodeURIComponent(text)}`,
    headers: headers(US_PUBLISHERS[i % 3]!),
  }),
);

export const SCENARIOS: { name: string; targets: Target[]; offers: boolean }[] = [
  { name: 'GET /api/offers?location=… (16 US/CA cities)', targets: nearTargets(), offers: true },
  {
    name: 'GET /api/offers (no location; US, CA)',
    targets: [
      { path: offersPath({ country: 'US', size: '24' }), headers: headers(1) },
      { path: offersPath({ country: 'CA', size: '24' }), headers: headers(1) },
      { path: offersPath({ country: 'US', size: '24' }), headers: headers(13) },
      { path: offersPath({ country: 'US', size: '24' }), headers: headers(6) },
    ],
    offers: true,
  },
  {
    name: 'GET /api/tenants/spa',
    targets: [{ path: '/api/tenants/spa', headers: headers(1) }],
    offers: false,
  },
  {
    name: 'GET /api/merchants?location=…&keywords=… (16 cities)',
    targets: searchTargets(true),
    offers: false,
  },
  {
    name: 'GET /api/merchants?location=…&sort=distance (16 cities)',
    targets: searchTargets(false),
    offers: true,
  },
  { name: 'GET /api/autocomplete?criteria=… (8 prefixes)', targets: AUTOCOMPLETE_TARGETS, offers: false },
  { name: 'GET /api/health', targets: [HEALTH], offers: false },
];

/** The listing and offer pages' calls: one by id, over random listings (offers) of the data set. */
function byIdScenario(
  kind: 'merchants' | 'offers',
  sample: { id: number; publisherId: number }[],
): (typeof SCENARIOS)[number] {
  return {
    name: `GET /api/${kind}/{id} (${sample.length} random ${kind === 'merchants' ? 'listings' : 'offers'})`,
    targets: sample.map(({ id, publisherId }) => ({
      path: `/api/${kind}/${id}`,
      headers: headers(publisherId),
    })),
    offers: false,
  };
}

/** Starts the server child for `dataset`, seeding it when needed; resolves when it listens. */
export async function startServer(
  root: string,
  dataset: Dataset,
  say: (message: string) => void,
): Promise<{ child: ChildProcess; ready: Extract<ServerMessage, { type: 'ready' }> }> {
  const port = await freePort(API_PORTS);
  const child = track(
    fork(join(root, 'bench', 'api-server.ts'), [], {
      cwd: root,
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        BENCH_DATA_DIR: dataset.dataDir ?? '',
        BENCH_DB_URL: dataset.databaseUrl ?? '',
        BENCH_COUNT: String(dataset.count),
        BENCH_PORT: String(port),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      detached: true,
    }),
  );
  const ready = await new Promise<Extract<ServerMessage, { type: 'ready' }>>((resolve, reject) => {
    let shown = 0;
    child.on('message', (message: ServerMessage) => {
      if (message.type === 'ready') resolve(message);
      else if (message.loaded === message.total || message.loaded - shown >= message.total / 4) {
        shown = message.loaded;
        say(
          `${dataset.label}: seeding ${message.loaded.toLocaleString('en-US')} / ${message.total.toLocaleString('en-US')}`,
        );
      }
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`${dataset.label}: the API server exited (${signal ?? code}) before it was ready`)),
    );
  });
  return { child, ready };
}

/** `only`: the scenarios to run (by name), e.g. to measure a new one without the rest. */
export async function benchDataset(
  root: string,
  dataset: Dataset,
  load: LoadOptions,
  say: (message: string) => void,
  only: (name: string) => boolean = () => true,
): Promise<DatasetResult> {
  say(`${dataset.label}: starting the API server${dataset.dataDir ? ` on ${dataset.dataDir}` : ''}`);
  const { child, ready } = await startServer(root, dataset, say);
  try {
    say(
      `${dataset.label}: ${ready.seeded ? `seeded ${ready.count.toLocaleString('en-US')} listings in ${(ready.seedMs / 1000).toFixed(1)} s` : 'reused the seeded database'}; listening on 127.0.0.1:${ready.port}`,
    );
    const warnings: string[] = [];
    if (ready.count !== dataset.count)
      warnings.push(`the database holds a seed of ${ready.count} listings, not ${dataset.count}`);
    const stale = checkStamp(
      root,
      dataset.stamp,
      ready.seeded,
      'BENCH_RESEED=1 npm run bench seeds it again',
    );
    if (stale) warnings.push(stale);
    for (const warning of warnings) say(`${dataset.label}: warning: ${warning}`);
    const agent = new Agent({ keepAlive: false });
    const health = JSON.parse((await get(agent, ready.port, HEALTH)).body.toString()) as {
      listings: number;
    };
    const scenarios: ScenarioResult[] = [];
    const loadAverage = loadavg()[0]!;
    const scenarioList = [
      ...SCENARIOS,
      byIdScenario('merchants', ready.listings),
      byIdScenario('offers', ready.offers),
    ].filter((scenario) => only(scenario.name));
    for (const scenario of scenarioList) {
      // Every request answers 200 (and offers, for the offer scenarios) before anything is timed.
      const counts: number[] = [];
      for (const target of scenario.targets) {
        let answer = await get(agent, ready.port, target);
        // On a cold database (its pages on disk) a first statement can pass the 5 s statement
        // timeout (503); asked again, what it read is in memory.
        for (let tries = 1; answer.status === 503 && tries < 3; tries++) {
          answer = await get(agent, ready.port, target);
        }
        if (answer.status !== 200) {
          throw new Error(
            `${dataset.label}: ${target.path} answered ${answer.status}: ${answer.body.toString().slice(0, 200)}`,
          );
        }
        if (scenario.offers)
          counts.push((JSON.parse(answer.body.toString()) as { items: unknown[] }).items.length);
      }
      if (counts.some((count) => count === 0)) {
        warnings.push(`${scenario.name}: some requests found no offers (${counts.join(', ')})`);
        say(`${dataset.label}: warning: ${warnings.at(-1)}`);
      }
      const result = await runLoad(ready.port, scenario.targets, load);
      const serial = await runLoad(ready.port, scenario.targets, {
        ...SERIAL,
        maxSeconds: Math.min(SERIAL.maxSeconds, load.maxSeconds),
      });
      const items = counts.length ? `${Math.min(...counts)}-${Math.max(...counts)}` : null;
      scenarios.push({ name: scenario.name, items, serial, ...result });
      say(
        `${dataset.label}: ${scenario.name}: ${result.requests} requests, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ` +
          `${result.rps.toFixed(0)} req/s; one connection p50 ${serial.p50.toFixed(1)} ms`,
      );
    }
    agent.destroy();
    return {
      label: dataset.label,
      ...(dataset.note ? { note: dataset.note } : {}),
      kind: ready.kind,
      listings: health.listings,
      seeded: ready.seeded,
      warnings,
      migrated: ready.migrated,
      openMs: ready.openMs,
      seedMs: ready.seedMs,
      loadAverage,
      scenarios,
    };
  } finally {
    if (child.connected) child.send('stop');
    await stopGroup(child, 30_000);
  }
}

/**
 * The PostgreSQL data sets for DATABASE_URL: one database per size on that server
 * (wellspring_bench_20k, wellspring_bench_100k), created when missing and kept for later runs,
 * so the database DATABASE_URL names is never touched.
 */
export async function postgresDatasets(
  databaseUrl: string,
  counts: number[],
  reseed: boolean,
): Promise<Dataset[]> {
  const { openDb } = await import('../server/db/driver');
  const admin = await openDb({ databaseUrl, dataDir: '' });
  try {
    const { rows: settings } = await admin.query<{ version: string; fsync: string; shared_buffers: string }>(
      "select current_setting('server_version') as version, current_setting('fsync') as fsync, current_setting('shared_buffers') as shared_buffers",
    );
    const server = settings[0];
    const note = server
      ? `PostgreSQL ${server.version} at ${new URL(databaseUrl).host} (fsync ${server.fsync}, shared_buffers ${server.shared_buffers})`
      : undefined;
    const datasets: Dataset[] = [];
    for (const count of counts) {
      const name = `wellspring_bench_${count / 1000}k`;
      if (reseed) await admin.exec(`drop database if exists ${name}`);
      const { rows } = await admin.query<{ exists: boolean }>(
        'select exists (select 1 from pg_database where datname = $1) as exists',
        [name],
      );
      if (!rows[0]?.exists) await admin.exec(`create database ${name}`);
      const url = new URL(databaseUrl);
      url.pathname = `/${name}`;
      datasets.push({
        label: `PostgreSQL ${count / 1000}k`,
        count,
        stamp: `postgres-${url.host}-${name}`,
        databaseUrl: url.toString(),
        ...(note ? { note } : {}),
      });
    }
    return datasets;
  } finally {
    await admin.close();
  }
}
