/**
 * `npm run bench -- runtime` (issue 16, the server-runtime half): what `npm start` itself does on
 * PGlite with 20,000 listings, as a visitor's server would run it.
 *
 * - Start: a fresh clone (the checkout's files, none of the ignored dist/) as `npm install` leaves
 *   it: its prepare step (the builds, PGlite's clusters and the gazetteer's places), timed,
 *   then its first start; a fresh start of this checkout (its builds made first when stale;
 *   empty data folder: migrations, seed, reopen) and a warm start of the same folder. Starts are
 *   timed to the "ready" line.
 * - Memory: the server's RSS (/proc/PID/status) idle 5 s and 30 s after the fresh start and after
 *   the warm start (V8 lets the start's garbage go in between), and its peaks (VmHWM): the fresh
 *   start's, the warm start's, then (reset) the load's below. Until 2026-11-27 the load's figure
 *   was the process's whole peak, which was the start's (449 MB, the gazetteer's worker reading).
 * - A server that never stalls: while 50 connections search (distinct searches, so the result
 *   cache does not answer them), one client fetches the loader script and another the health
 *   check, one request after another; their latencies are the figures.
 * - Search and autocomplete at 1 and 50 connections: distinct requests (result cache misses):
 *   searches' first pages alone (nothing kept), then every page and sort of each search (whose
 *   keyword plan and count the server keeps for them), and autocomplete again cycling 8 prefixes
 *   (what the result cache answers).
 *
 * Writes its own section of bench/RESULTS.md between the markers below.
 */
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { copyCheckout } from '../tests/integration/helpers';
import { percentile, runLoad, type LoadResult, type Target } from './load';
import { spawnGroup, stopGroup } from './proc';
import type { Machine } from './report';

export const RUNTIME_START = '<!-- runtime:start -->';
export const RUNTIME_END = '<!-- runtime:end -->';

const PORT = Number(process.env.BENCH_RUNTIME_PORT ?? 8304);
const COUNT = 20_000;
const CITIES = [
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
  'Toronto, ON',
  'Montreal, QC',
  'Vancouver, BC',
  'Calgary, AB',
  'Ottawa, ON',
  'Edmonton, AB',
];
const KEYWORDS = ['', 'massage', 'facial', 'nails', 'yoga', 'spa', 'sauna', 'med spa'];
const SORTS = ['distance', 'relevance', 'averageScore'];
const WORDS = [
  'massage',
  'facial',
  'manicure',
  'pedicure',
  'yoga',
  'sauna',
  'wellness',
  'salon',
  'therapy',
  'spa',
  'acupuncture',
  'chiropractor',
  'waxing',
  'eyelash',
  'eyebrow',
  'hair',
  'barber',
  'pilates',
  'meditation',
  'reflexology',
  'hydrotherapy',
  'skincare',
  'botox',
  'laser',
  'nutrition',
  'fitness',
  'boxing',
  'float',
  'cryotherapy',
  'tanning',
  'makeup',
  'bridal',
  'couples',
  'deep tissue',
  'hot stone',
  'aromatherapy',
];
const spa = { publisherid: '1' };
/** Ways to write a city that the gazetteer reads alike: one per phase of searches. */
const SPELLINGS = [
  (city: string) => city,
  (city: string) => city.toLowerCase(),
  (city: string) => city.replace(',', ''),
  (city: string) => city.toUpperCase(),
  (city: string) => city.toLowerCase().replace(',', ''),
  (city: string) => city.toUpperCase().replace(',', ''),
];

/**
 * Distinct search requests, shuffled with a fixed seed: no two the same in a phase. Each phase
 * asks another page `size` and spells the cities its own ways (SPELLINGS), so no phase finds the
 * answers of another in the result cache, nor the plans and counts the server keeps for a
 * search's pages and sorts. `firstPages`: only the first page of each search (cities x
 * keywords), the sorts in turn.
 */
function searches(size: number, spellings: number[], { firstPages = false } = {}): Target[] {
  const all: Target[] = [];
  let search = 0;
  for (const spelling of spellings)
    for (const city of CITIES)
      for (const keywords of KEYWORDS) {
        const sorts = firstPages ? [SORTS[search % SORTS.length]!] : SORTS;
        search++;
        for (const sort of sorts)
          for (let page = 0; page < (firstPages ? 1 : 3); page++) {
            const query = new URLSearchParams({
              location: SPELLINGS[spelling]!(city),
              distance: '50',
              sort,
              page: String(page),
              size: String(size),
            });
            if (keywords) query.set('keywords', keywords);
            all.push({ path: `/api/merchants?${query}`, headers: spa });
          }
      }
  let seed = 16;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return all;
}

/**
 * Distinct prefixes of common words and the cities (2 to 7 letters); `spell` writes them as a
 * phase types them (lower case, capitalised), so no phase finds another's in the result cache.
 */
function prefixes(spell: (text: string) => string): Target[] {
  const words = [...WORDS, ...CITIES.map((city) => city.split(',')[0]!.toLowerCase())];
  const all = new Set<string>();
  for (const word of words) for (let n = 2; n <= Math.min(7, word.length); n++) all.add(word.slice(0, n));
  return [...all].map((text) => ({
    path: `/api/autocomplete?criteria=${encodeURIComponent(spell(text))}`,
    headers: spa,
  }));
}

const EIGHT = ['mas', 'fac', 'man', 'yog', 'sau', 'aus', 'tor', 'spa'].map((text) => ({
  path: `/api/autocomplete?criteria=${text}`,
  headers: spa,
}));

interface Server {
  child: ChildProcess;
  readyMs: number;
  output: string;
}

/**
 * An npm script's command (package.json: `start`, `prepare`): its environment settings and Node's
 * arguments, run by this Node directly rather than through npm, so that the process measured is
 * the script's own.
 */
function npmScript(root: string, name: 'start' | 'prepare'): { env: Record<string, string>; args: string[] } {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: Record<typeof name, string>;
  };
  const words = scripts[name].split(/\s+/);
  // `NAME=value` words before the command set its environment.
  const commandAt = words.findIndex((word) => !/^\w+=/.test(word));
  const settings = words.splice(0, Math.max(0, commandAt));
  const env = Object.fromEntries(settings.map((word) => word.split(/=(.*)/s).slice(0, 2)));
  const [command, ...args] = words;
  if (command !== 'node') throw new Error(`npm's ${name} runs ${command}, not node: ${scripts[name]}`);
  return { env, args };
}

/** `npm start`'s command until its ready line. */
async function start(root: string, dataDir: string): Promise<Server> {
  const started = performance.now();
  const { env, args } = npmScript(root, 'start');
  const child = spawnGroup(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(PORT),
      SEED_COUNT: String(COUNT),
      NODE_ENV: 'development',
      // One load generator: the per-client limits would answer it 429.
      RATE_LIMIT_SEARCH: 'off',
      RATE_LIMIT_CONTENT: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ready line in 15 minutes:\n${output}`)), 900_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/\] ready: /.test(output)) {
        clearTimeout(timer);
        resolve({ child, readyMs: performance.now() - started, output });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
}

/**
 * npm install's prepare step (package.json "prepare": builds, PGlite's clusters, the
 * gazetteer's records) in a checkout, as `npm install` runs it (only what is missing or stale);
 * its time in ms.
 */
function prepare(checkout: string): number {
  const { env, args } = npmScript(checkout, 'prepare');
  const began = performance.now();
  const { status, stdout, stderr } = spawnSync(process.execPath, args, {
    cwd: checkout,
    // A step that failed would leave its work to the start, timed with it: strict, it fails here.
    env: { ...process.env, ...env, PREPARE_STRICT: '1' },
    encoding: 'utf8',
  });
  const took = performance.now() - began;
  if (status !== 0) {
    throw new Error(`the prepare step failed (${status}):\n${stdout}${stderr}`);
  }
  return took;
}

/** VmRSS and VmHWM of a process, in MB. */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/**
 * Sets a process's VmHWM back to its RSS now (Linux: "5" to clear_refs), so the next peak read is
 * of what runs from now on: the loads' peak, not the start's.
 */
function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** The node process of the server (spawnGroup runs it directly). */
const pidOf = (server: Server) => server.child.pid!;

/**
 * Requests `path` one after another, from a process of its own (bench/probe.mjs), until `until`
 * settles; their latencies in ms.
 */
async function probe(
  path: string,
  until: Promise<unknown>,
): Promise<{ p50: number; p99: number; max: number; n: number; failed: number }> {
  const child = fork(join(import.meta.dirname, 'probe.mjs'), [String(PORT), path], {
    // Plain Node: a fork takes this process's flags, tsx's loader (a thread of its own) among them.
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await once(child, 'message'); // started
  const answered = once(child, 'message');
  void until.finally(() => child.send('stop'));
  const [{ latencies, failed }] = (await answered) as [{ latencies: number[]; failed: number }];
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? NaN,
    n: latencies.length,
    failed,
  };
}

export interface RuntimeResult {
  /** npm install's prepare step in a fresh clone: builds, PGlite's clusters, gazetteer. */
  prepareMs: number;
  /** That clone's first start after it: migrations (from the schema's cluster), seed. */
  cloneStartMs: number;
  freshStartMs: number;
  warmStartMs: number;
  rssAfterSeed: number;
  rssSettledSeed: number;
  /** The fresh start's peak (seeding included). */
  rssPeakSeed: number;
  rssIdleWarm: number;
  rssSettledWarm: number;
  /** The warm start's own peak (VmHWM before the loads). */
  rssPeakStart: number;
  rssPeakLoad: number;
  rssAfterLoad: number;
  stall: {
    search: LoadResult;
    loader: Awaited<ReturnType<typeof probe>>;
    health: Awaited<ReturnType<typeof probe>>;
  };
  rows: { name: string; one: LoadResult; fifty: LoadResult }[];
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Idle long enough for the start's last work to end. */
const settle = () => pause(5_000);
/**
 * Idle 25 s more: V8 gives a start's garbage back (the seed's listings, the gazetteer's records)
 * only after 15-30 s idle.
 */
const settleLonger = () => pause(25_000);

export async function benchRuntime(root: string, say: (message: string) => void): Promise<RuntimeResult> {
  say("runtime: a fresh clone: npm install's prepare step, then its first start (seeds 20,000 listings)");
  const clone = copyCheckout(root);
  let prepareMs: number;
  let cloneStartMs: number;
  try {
    prepareMs = prepare(clone);
    const first = await start(clone, join(clone, '.data'));
    cloneStartMs = first.readyMs;
    await stopGroup(first.child);
  } finally {
    rmSync(clone, { recursive: true, force: true });
  }

  // This checkout's builds first: a start finding its sources newer than its build builds them in
  // its own process, and the fresh start's rows read that (RSS 600 MB, the loads beside a build).
  prepare(root);
  const dataDir = join(root, 'bench/.data-runtime');
  rmSync(dataDir, { recursive: true, force: true });
  say('runtime: fresh start (seeding 20,000 listings)');
  let server = await start(root, dataDir);
  const freshStartMs = server.readyMs;
  await settle();
  const { rss: rssAfterSeed, peak: rssPeakSeed } = memory(pidOf(server));
  await settleLonger();
  const rssSettledSeed = memory(pidOf(server)).rss;
  await stopGroup(server.child);

  say('runtime: warm start');
  server = await start(root, dataDir);
  const warmStartMs = server.readyMs;
  try {
    await settle();
    const rssIdleWarm = memory(pidOf(server)).rss;
    await settleLonger();
    const { rss: rssSettledWarm, peak: rssPeakStart } = memory(pidOf(server));
    resetPeak(pidOf(server));
    const options = { warmup: 50, requests: 1_000, maxSeconds: 30, warmupMaxSeconds: 5 };
    say('runtime: 50 connections searching, loader and health probes');
    const searching = runLoad(PORT, searches(12, [0]), { ...options, connections: 50, warmup: 0 });
    const [search, loader, health] = await Promise.all([
      searching,
      probe('/widgets/loader.js', searching),
      probe('/api/health', searching),
    ]);
    const stall = { search, loader, health };
    const rows: RuntimeResult['rows'] = [];
    const capitalised = (text: string) => text[0]!.toUpperCase() + text.slice(1);
    const plans: [string, Target[], Target[]][] = [
      [
        "search, a new search's first page (nothing kept)",
        searches(11, [1], { firstPages: true }),
        searches(13, [2, 5], { firstPages: true }),
      ],
      [
        "search, every page and sort of 128 searches (answers not kept; each search's plan and count are)",
        searches(11, [3]),
        searches(13, [4]),
      ],
      [
        'autocomplete (distinct prefixes, result cache misses)',
        prefixes((text) => text),
        prefixes(capitalised),
      ],
      ['autocomplete (8 prefixes again and again: result cache)', EIGHT, EIGHT],
    ];
    for (const [name, onePlan, fiftyPlan] of plans) {
      say(`runtime: ${name}`);
      const fit = (targets: Target[], warmup: number) => Math.min(1_000, targets.length - warmup);
      const one = await runLoad(PORT, onePlan, {
        ...options,
        connections: 1,
        warmup: 10,
        requests: Math.min(200, onePlan === EIGHT ? 200 : fit(onePlan, 10)),
      });
      const fifty = await runLoad(PORT, fiftyPlan, {
        ...options,
        connections: 50,
        requests: fiftyPlan === EIGHT ? 1_000 : fit(fiftyPlan, 50),
      });
      rows.push({ name, one, fifty });
    }
    const { peak: rssPeakLoad } = memory(pidOf(server));
    await settle();
    const rssAfterLoad = memory(pidOf(server)).rss;
    return {
      prepareMs,
      cloneStartMs,
      freshStartMs,
      warmStartMs,
      rssAfterSeed,
      rssSettledSeed,
      rssPeakSeed,
      rssIdleWarm,
      rssSettledWarm,
      rssPeakStart,
      rssPeakLoad,
      rssAfterLoad,
      stall,
      rows,
    };
  } finally {
    await stopGroup(server.child);
  }
}

export function renderRuntime(result: RuntimeResult | { error: string }, machine: Machine): string {
  const out = [RUNTIME_START, '## Server runtime: no stalls, memory, start (issue 16, server half)', ''];
  if ('error' in result) {
    out.push(`Failed: ${result.error}`, '', RUNTIME_END);
    return out.join('\n');
  }
  const ms = (value: number) => value.toFixed(1);
  const mb = (value: number) => `${Math.round(value)} MB`;
  const s = (value: number) => `${(value / 1000).toFixed(1)} s`;
  const load = (r: LoadResult) =>
    `${ms(r.p50)} | ${ms(r.p99)} | ${Math.round(r.rps)} | ${r.non200} / ${r.errors} (n ${r.requests})`;
  out.push(
    `Measured by \`npm run bench -- runtime\` (bench/runtime.ts) on ${machine.date}: \`npm start\` ` +
      `(\`node server/launch.mjs\`: the server compiled, on plain Node), PGlite, ` +
      `${COUNT.toLocaleString('en-US')} listings, port ${PORT}, rate limits off; ` +
      `${machine.cpuModel}, ${machine.nproc} cores, Node ${machine.node}, ${machine.code}, load average ` +
      `${machine.loadAverage} at start.` +
      // Said only when it was so: the 1-minute load above the core count means other work shared them.
      (Number.parseFloat(machine.loadAverage) > Number(machine.nproc)
        ? ' **Other work shared the cores while this was measured: the figures are pessimistic.**'
        : ''),
    '',
    '| What | Measured | Target |',
    '| --- | ---: | ---: |',
    `| A fresh clone: npm install's prepare step (builds, PGlite's clusters, gazetteer) | ${s(result.prepareMs)} | – |`,
    `| A fresh clone: first start after install (seeds): ready after | ${s(result.cloneStartMs)} | 20 s |`,
    `| Fresh start (empty data folder, build present): ready after | ${s(result.freshStartMs)} | – |`,
    `| Warm start: ready after | ${s(result.warmStartMs)} | 2 s |`,
    `| RSS peak (VmHWM) of the fresh start (seeding) | ${mb(result.rssPeakSeed)} | – |`,
    `| RSS idle 5 s after the fresh start (seeded, reopened) | ${mb(result.rssAfterSeed)} | – |`,
    `| RSS idle 30 s after the fresh start | ${mb(result.rssSettledSeed)} | near idle |`,
    `| RSS idle 5 s after the warm start | ${mb(result.rssIdleWarm)} | 250 MB |`,
    `| RSS idle 30 s after the warm start | ${mb(result.rssSettledWarm)} | 250 MB |`,
    `| RSS peak (VmHWM) of the warm start | ${mb(result.rssPeakStart)} | – |`,
    `| RSS peak (VmHWM) over the loads below (reset after the start) | ${mb(result.rssPeakLoad)} | 400 MB |`,
    `| RSS idle after the loads | ${mb(result.rssAfterLoad)} | – |`,
    `| Loader script while 50 connections search: p50 / p99 / max ms (n) | ${ms(result.stall.loader.p50)} / ${ms(result.stall.loader.p99)} / ${ms(result.stall.loader.max)} (${result.stall.loader.n}, ${result.stall.loader.failed} failed) | p99 10 ms |`,
    `| Health check meanwhile: p50 / p99 / max ms (n) | ${ms(result.stall.health.p50)} / ${ms(result.stall.health.p99)} / ${ms(result.stall.health.max)} (${result.stall.health.n}, ${result.stall.health.failed} failed) | 50 ms |`,
    `| The 50 searching connections: p50 / p99 ms, req/s | ${ms(result.stall.search.p50)} / ${ms(result.stall.search.p99)}, ${Math.round(result.stall.search.rps)} | – |`,
    '',
    '| Request | 1 conn p50 ms | 1 conn p99 ms | req/s | non-200 / errors | 50 conn p50 ms | 50 conn p99 ms | req/s | non-200 / errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...result.rows.map((row) => `| ${row.name} | ${load(row.one)} | ${load(row.fifty)} |`),
    '',
    RUNTIME_END,
  );
  return out.join('\n');
}

/** RESULTS.md with its runtime section replaced, or added at the end. */
export function withRuntimeSection(markdown: string, section: string): string {
  const start = markdown.indexOf(RUNTIME_START);
  const end = markdown.indexOf(RUNTIME_END);
  if (start >= 0 && end > start)
    return `${markdown.slice(0, start)}${section}${markdown.slice(end + RUNTIME_END.length)}`;
  return `${markdown.trimEnd()}\n\n${section}\n`;
}
