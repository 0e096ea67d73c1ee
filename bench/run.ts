/**
 * `npm run bench`: bundle sizes, API latency/throughput (PGlite 20k and 100k listings, and
 * PostgreSQL when DATABASE_URL is set), the image resizer and Lighthouse; writes bench/RESULTS.md.
 *
 *   npm run bench                    all sections: writes bench/RESULTS.md (the report up to its
 *                                    first section of its own; the history after it stays)
 *   npm run bench -- sizes api       some sections, printed only
 *   npm run bench -- typos           search that forgives (bench/typos.ts): replaces its own part
 *                                    of bench/RESULTS.md
 *   npm run bench -- runtime         npm start's server (bench/runtime.ts): start, memory, no
 *                                    stalls; replaces its own part of bench/RESULTS.md
 *   npm run bench -- maps            base map tiles and IP location (bench/maps.ts): replaces its
 *                                    own part of bench/RESULTS.md
 *   npm run bench -- scale           search at 20k, 100k and 1M listings on the DATABASE_URL
 *                                    server (bench/scale.ts): its own part of bench/RESULTS.md and
 *                                    bench/scale.svg
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { benchDataset, postgresDatasets, type Dataset, type DatasetResult } from './api';
import { benchImages } from './images';
import type { LoadOptions } from './load';
import { runLighthouse, tenantPages } from './lighthouse';
import { renderReport, type Machine, type Report } from './report';
import { firstLines, measureSizes } from './sizes';
import { benchScale, renderScale, withScaleSection, writeScaleChart } from './scale';
import { benchTypos, renderTypos, TYPOS_START, withTyposSection } from './typos';
import { benchRuntime, renderRuntime, withRuntimeSection } from './runtime';
import { benchMaps, renderMaps, withMapsSection } from './maps';

const root = join(import.meta.dirname, '..');
process.chdir(root);
const started = performance.now();
const say = (message: string) =>
  console.info(`[bench ${((performance.now() - started) / 1000).toFixed(0)}s] ${message}`);

const SECTIONS = ['sizes', 'api', 'images', 'lighthouse', 'typos', 'runtime', 'maps', 'scale'] as const;
type Section = (typeof SECTIONS)[number];
const asked = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = asked.filter((arg) => !SECTIONS.includes(arg as Section));
if (unknown.length)
  throw new Error(`unknown section(s) ${unknown.join(', ')}; choose from ${SECTIONS.join(', ')}`);
const sections = new Set<Section>(asked.length ? (asked as Section[]) : SECTIONS);

const whole = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
  return value;
};
const load: LoadOptions = {
  connections: whole('BENCH_CONNECTIONS', 4),
  warmup: whole('BENCH_WARMUP', 50),
  requests: whole('BENCH_REQUESTS', 400),
  maxSeconds: whole('BENCH_MAX_SECONDS', 20),
  warmupMaxSeconds: 5,
};

/** BENCH_RESEED=1: drop the benchmark databases first, so they are seeded by today's seed code. */
const reseed = process.env.BENCH_RESEED === '1';
const LIGHTHOUSE_DATA_DIR = 'bench/.data-lh';

const message = (error: unknown) => firstLines(error instanceof Error ? error.message : String(error), 6);

/** The commit and how far the working tree is from it (read-only git: no index refresh). */
function codeVersion(): string {
  try {
    const git = (...args: string[]) =>
      execFileSync('git', ['--no-optional-locks', ...args], { cwd: root, encoding: 'utf8' }).trim();
    const changed = git('status', '--porcelain').split('\n').filter(Boolean).length;
    return `commit ${git('rev-parse', '--short', 'HEAD')}${changed ? ` plus ${changed} uncommitted changed or new paths in the working tree` : ''}`;
  } catch {
    return 'unknown (no git)';
  }
}

function machine(): Machine {
  const cpuModel = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? 'unknown';
  const memory = /^Mem:\s+(\S+)\s+(\S+)\s+(\S+)/m.exec(execFileSync('free', ['-h'], { encoding: 'utf8' }));
  const os =
    /^PRETTY_NAME="?([^"\n]+)/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] ?? process.platform;
  return {
    date: new Date().toISOString().slice(0, 10),
    cpuModel,
    nproc: execFileSync('nproc', { encoding: 'utf8' }).trim(),
    memory: memory ? `${memory[1]} total, ${memory[3]} free at start` : 'unknown',
    node: process.version,
    code: codeVersion(),
    os: `${os}, kernel ${execFileSync('uname', ['-r'], { encoding: 'utf8' }).trim()}`,
    loadAverage: loadavg()
      .map((n) => n.toFixed(2))
      .join(' / '),
  };
}

const report: Report = {
  machine: machine(),
  totalSeconds: 0,
};
say(
  `machine: ${report.machine.cpuModel}, ${report.machine.nproc} cores, Node ${report.machine.node}, load ${report.machine.loadAverage}`,
);

if (sections.has('sizes')) {
  try {
    report.sizes = await measureSizes(root, say);
    for (const row of report.sizes.rows) {
      say(
        `size ${row.name}: gzip ${row.gzip} B, brotli ${row.brotli} B${row.budget ? ` (budget ${row.budget.label})` : ''}`,
      );
    }
  } catch (error) {
    report.sizes = { error: message(error) };
    say(`sizes failed: ${message(error)}`);
  }
}

// Lighthouse right after the sizes, so the pages run on the build just measured (the working
// tree here changes under us; npm start rebuilds when sources are newer than dist/).
if (sections.has('lighthouse')) {
  if (reseed) rmSync(join(root, LIGHTHOUSE_DATA_DIR), { recursive: true, force: true });
  try {
    const result = await runLighthouse(
      root,
      {
        // Issue 16's five pages on two tenants (listing and offer ids from the seeded data), and
        // the partner demo page of the carousels.
        paths: [tenantPages, '/demo/offers-carousel.html'],
        runs: whole('BENCH_LH_RUNS', 3),
        only: process.env.BENCH_LH_PAGES,
        dataDir: LIGHTHOUSE_DATA_DIR,
        reportDir: join(root, 'bench/.data-lighthouse'),
      },
      say,
    );
    report.lighthouse = result;
    if (!result.ok) say(`lighthouse could not run: ${result.reason}`);
  } catch (error) {
    report.lighthouse = { error: message(error) };
    say(`lighthouse failed: ${message(error)}`);
  }
}

const PGLITE_20K: Dataset = {
  label: 'PGlite 20k',
  count: 20_000,
  dataDir: join(root, 'bench/.data-20k'),
  stamp: 'pglite-20k',
};

if (sections.has('api')) {
  const datasets: Dataset[] = [
    PGLITE_20K,
    { label: 'PGlite 100k', count: 100_000, dataDir: join(root, 'bench/.data-100k'), stamp: 'pglite-100k' },
  ];
  if (reseed) {
    for (const { dataDir } of datasets) if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  const api: NonNullable<Report['api']> = { load, datasets: [], postgres: 'not set' };
  report.api = api;
  const results: DatasetResult[] = api.datasets;
  try {
    for (const dataset of datasets) results.push(await benchDataset(root, dataset, load, say));
  } catch (error) {
    api.error = message(error);
    say(`api failed: ${message(error)}`);
  }
  if (process.env.DATABASE_URL) {
    try {
      for (const dataset of await postgresDatasets(process.env.DATABASE_URL, [20_000, 100_000], reseed)) {
        results.push(await benchDataset(root, dataset, load, say));
      }
      api.postgres = 'measured';
    } catch (error) {
      api.postgres = { error: message(error) };
      say(`api on PostgreSQL failed: ${message(error)}`);
    }
  }
}

// The resizer does not read the database; its server needs one to start, the 20k one (seeded
// by the api section, or here when only this section runs).
if (sections.has('images')) {
  try {
    report.images = await benchImages(root, PGLITE_20K, load, say);
  } catch (error) {
    report.images = { error: message(error) };
    say(`images failed: ${message(error)}`);
  }
}

let typos: string | null = null;
if (sections.has('typos')) {
  try {
    typos = renderTypos(await benchTypos(root, say), report.machine);
  } catch (error) {
    typos = renderTypos({ error: message(error) }, report.machine);
    say(`typos failed: ${message(error)}`);
  }
}

// npm start's own server (issue 16): start times, memory, no stalls under load. Its own section.
let runtime: string | null = null;
if (sections.has('runtime')) {
  try {
    runtime = renderRuntime(await benchRuntime(root, say), report.machine);
  } catch (error) {
    runtime = renderRuntime({ error: message(error) }, report.machine);
    say(`runtime failed: ${message(error)}`);
  }
}

// Base map tiles and IP location (issue 12). Its own section.
let maps: string | null = null;
if (sections.has('maps')) {
  try {
    maps = renderMaps(await benchMaps(root, say), report.machine);
  } catch (error) {
    maps = renderMaps({ error: message(error) }, report.machine);
    say(`maps failed: ${message(error)}`);
  }
}

// Search at 20k, 100k and 1M listings on PostgreSQL (issue 16). Its own section and chart.
let scale: string | null = null;
if (sections.has('scale')) {
  if (!process.env.DATABASE_URL) {
    scale = renderScale({ skipped: 'DATABASE_URL is not set' }, report.machine);
  } else {
    try {
      const result = await benchScale(process.env.DATABASE_URL, say, { reseed });
      writeScaleChart(root, result);
      scale = renderScale(result, report.machine);
    } catch (error) {
      scale = renderScale({ error: message(error) }, report.machine);
      say(`scale failed: ${message(error)}`);
    }
  }
}

report.totalSeconds = (performance.now() - started) / 1000;
const markdown = renderReport(report);
const results = join(root, 'bench/RESULTS.md');
if (sections.size === SECTIONS.length) {
  // The whole report replaces the file up to its first section of its own; from there on the
  // sections are replaced in place and the written history between them (what was tried, what
  // changed) stays.
  const previous = existsSync(results) ? readFileSync(results, 'utf8') : '';
  const history = previous.includes(TYPOS_START) ? previous.slice(previous.indexOf(TYPOS_START)) : '';
  const base = history ? `${markdown.trimEnd()}\n\n${history}` : markdown;
  writeFileSync(
    results,
    withScaleSection(
      withMapsSection(withRuntimeSection(withTyposSection(base, typos ?? ''), runtime ?? ''), maps ?? ''),
      scale ?? '',
    ),
  );
  say('wrote bench/RESULTS.md');
} else if (sections.size === 1 && runtime) {
  writeFileSync(results, withRuntimeSection(readFileSync(results, 'utf8'), runtime));
  say('updated the runtime section of bench/RESULTS.md');
} else if (sections.size === 1 && typos) {
  writeFileSync(results, withTyposSection(readFileSync(results, 'utf8'), typos));
  say('updated the typos section of bench/RESULTS.md');
} else if (sections.size === 1 && maps) {
  writeFileSync(results, withMapsSection(readFileSync(results, 'utf8'), maps));
  say('updated the maps section of bench/RESULTS.md');
} else if (sections.size === 1 && scale) {
  writeFileSync(results, withScaleSection(readFileSync(results, 'utf8'), scale));
  say('updated the scale section of bench/RESULTS.md');
} else {
  console.info(
    `\n${markdown}${typos ? `\n${typos}` : ''}${runtime ? `\n${runtime}` : ''}${maps ? `\n${maps}` : ''}${scale ? `\n${scale}` : ''}`,
  );
}
