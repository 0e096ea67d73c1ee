/** bench/RESULTS.md from the measured figures: nothing in it is typed by hand. */
import type { DatasetResult, ScenarioResult } from './api';
import type { ImagesResult } from './images';
import type { LoadOptions } from './load';
import type { LighthouseResult } from './lighthouse';
import type { SizesResult } from './sizes';

export interface Machine {
  date: string;
  cpuModel: string;
  nproc: string;
  memory: string;
  node: string;
  /** Commit and working-tree state measured. */
  code: string;
  os: string;
  loadAverage: string;
}

export interface Report {
  machine: Machine;
  totalSeconds: number;
  /** Undefined: the section was not asked for. */
  sizes?: SizesResult | { error: string };
  api?: {
    load: LoadOptions;
    datasets: DatasetResult[];
    postgres: 'not set' | 'measured' | { error: string };
    error?: string;
  };
  images?: ImagesResult | { error: string };
  lighthouse?: LighthouseResult | { error: string };
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const kb = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;
const ms = (n: number | null, digits = 1) => (n === null || Number.isNaN(n) ? '–' : n.toFixed(digits));
/** A Markdown table; `left` is how many leading columns are text (left-aligned), the rest are numbers. */
const table = (head: string[], rows: string[][], left = 1) =>
  [
    `| ${head.join(' | ')} |`,
    `|${head.map((_, i) => (i < left ? '---' : '---:')).join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');

export function renderReport(report: Report): string {
  const { machine } = report;
  const out: string[] = [];
  out.push(
    '# Benchmarks',
    '',
    `Written by \`npm run bench\` (bench/run.ts) on ${machine.date}: its sections (bundle sizes to ` +
      `Lighthouse, search that forgives, server runtime, maps, search at scale) were measured in that run ` +
      `(${Math.round(report.totalSeconds)} s in all); the sections other commands write and the ` +
      'subsections that tell what changed keep the dates they give. Its tables are not edited by hand.',
    '',
    '## Machine',
    '',
    table(
      ['', ''],
      [
        ['CPU', `${machine.cpuModel} (\`nproc\`: ${machine.nproc})`],
        ['Memory (`free -h`)', machine.memory],
        ['Node', machine.node],
        ['OS', machine.os],
        ['Code', machine.code],
        [
          'Load average (1 min) at start',
          `${machine.loadAverage} (other engineers run tests on this machine at the same time)`,
        ],
      ],
      2,
    ),
    '',
    '## Commands',
    '',
    '```sh',
    'npm run bench                       # all sections; writes this file',
    'npm run bench -- sizes              # one or more of: sizes api images lighthouse (prints, does not write this file)',
    'DATABASE_URL=postgres://… npm run bench   # adds the API on PostgreSQL (databases wellspring_bench_20k/_100k on that server)',
    '```',
    '',
    'Knobs (environment): `BENCH_CONNECTIONS` (4), `BENCH_WARMUP` (50), `BENCH_REQUESTS` (400), `BENCH_MAX_SECONDS` (20), `BENCH_LH_RUNS` (3), `BENCH_LH_PAGES` (only the pages whose URL contains it),',
    '`BENCH_RESEED=1` (drop the benchmark databases and seed them again).',
    'Seeded data lives in `bench/.data-20k`, `bench/.data-100k` and `bench/.data-lh` (git-ignored) and is reused; ' +
      '`bench/.data-stamps/` records which version of server/seed filled each, so reused data from older seed code is flagged.',
    '',
  );

  if (report.sizes) out.push(...sizesSection(report.sizes));
  if (report.api) out.push(...apiSection(report.api));
  if (report.images) out.push(...imagesSection(report.images));
  if (report.lighthouse) out.push(...lighthouseSection(report.lighthouse));
  return `${out.join('\n').trimEnd()}\n`;
}

export function sizesSection(sizes: NonNullable<Report['sizes']>): string[] {
  const out: string[] = ['## Bundle sizes', ''];
  if ('error' in sizes) out.push(`Not measured: ${sizes.error}`, '');
  else {
    out.push(
      'Each file compressed on its own and summed, as size-limit does: gzip level 9, brotli quality 11. ' +
        "Budgets are gzip; kB = 1000 bytes (size-limit's unit).",
      '',
      table(
        ['What', 'Files', 'Raw', 'gzip', 'brotli', 'Budget (gzip)', 'Status'],
        sizes.rows.map((row) => [
          row.name.replace(/<[^>]+>/g, (tag) => `\`${tag}\``),
          row.files.map((file) => `\`${file}\``).join('<br>'),
          kb(row.raw),
          `**${kb(row.gzip)}**`,
          kb(row.brotli),
          row.budget ? `${row.budget.label} (${row.budget.source})` : 'none',
          !row.budget
            ? '–'
            : row.gzip <= row.budget.bytes
              ? `OK (${Math.round((100 * row.gzip) / row.budget.bytes)} %)`
              : `**OVER** by ${kb(row.gzip - row.budget.bytes)}`,
        ]),
        2,
      ),
      '',
    );
    for (const note of sizes.notes) out.push(`- ${note}`);
    if (sizes.notes.length) out.push('');
  }
  return out;
}

export function apiSection(api: NonNullable<Report['api']>): string[] {
  const out: string[] = ['## API latency and throughput', ''];
  const { load } = api;
  out.push(
    `Real HTTP on 127.0.0.1: \`buildApp({ db })\` (API only) in a child process (bench/api-server.ts); the load ` +
      `generator (bench/load.ts, node:http keep-alive) in the parent. Closed loop: ${load.connections} connections, ` +
      `${load.warmup} warm-up requests (at most ${load.warmupMaxSeconds} s), then ${load.requests} measured requests per row ` +
      `(no new request after ${load.maxSeconds} s: the column n says how many ran), cycling through the row's ` +
      'requests. Every request is checked once (200, offers found) before timing. Latency in ms (nearest rank); ' +
      `with ${load.requests} samples p99 is the ${Math.ceil(load.requests * 0.01)}th-slowest, so read it as a rough tail figure. ` +
      'Client and server share the 2 cores (and the machine with other work), so these are lower bounds on capacity.',
    '',
    'PGlite runs one statement at a time, so with several connections a request queues behind the others: ' +
      `under ${load.connections} connections, latency is about ${load.connections} x (1000 / req/s) ms once the database is ` +
      'the bottleneck. The column "1 conn p50" is a short pass on one connection afterwards (up to 40 requests or 8 s): ' +
      'the cost of a request that waits for no other.',
    '',
    "Offer requests are the carousel's call: `size=24`, the tenant's `country`, `publisherId` 1 / 13 / 6. With a location: " +
      '10 US cities (New York, Los Angeles, Chicago, Houston, Phoenix, Philadelphia, San Antonio, San Diego, Dallas, Austin) ' +
      'and 6 Canadian (Toronto, Montreal, Vancouver, Calgary, Ottawa, Edmonton), 50 miles.',
    '',
  );
  if (api.error) out.push(`Stopped: ${api.error}`, '');
  for (const dataset of api.datasets) {
    out.push(
      `### ${dataset.label} (${int(dataset.listings)} listings, ${dataset.kind})`,
      '',
      `${dataset.note ? `${dataset.note}. ` : ''}Database ${dataset.seeded ? `seeded in this run in ${(dataset.seedMs / 1000).toFixed(1)} s` : 'reused from an earlier run'}; ` +
        `open + migrate ${(dataset.openMs / 1000).toFixed(1)} s` +
        `${dataset.migrated.length ? ` (applied ${dataset.migrated.join(', ')})` : ''}. ` +
        `Load average at start: ${dataset.loadAverage.toFixed(2)}.` +
        dataset.warnings.map((warning) => ` **Warning:** ${warning}.`).join(''),
      '',
      scenarioTable(dataset.scenarios, 'offers per answer'),
      '',
    );
  }
  if (api.postgres === 'not set')
    out.push('PostgreSQL: not measured in this run (`DATABASE_URL` was not set).', '');
  else if (typeof api.postgres === 'object') out.push(`PostgreSQL: failed: ${api.postgres.error}`, '');
  return out;
}

/** Latency rows of bench/load.ts; `items` is the last column (`itemsHead`). */
function scenarioTable(scenarios: ScenarioResult[], itemsHead: string): string {
  return table(
    [
      'Request',
      'n',
      'p50 ms',
      'p90 ms',
      'p99 ms',
      'max ms',
      'req/s',
      '1 conn p50 ms',
      'non-200 / errors',
      itemsHead,
    ],
    scenarios.map((s) => [
      s.name,
      String(s.requests),
      ms(s.p50),
      ms(s.p90),
      ms(s.p99),
      ms(s.max),
      int(s.rps),
      `${ms(s.serial.p50)} (n ${s.serial.requests})`,
      `${s.non200 + s.serial.non200} / ${s.errors + s.serial.errors}`,
      s.items ?? '–',
    ]),
  );
}

export function imagesSection(images: NonNullable<Report['images']>): string[] {
  const out: string[] = ['## Image resizer', ''];
  if ('error' in images) return [...out, `Not measured: ${images.error}`, ''];
  out.push(
    '`GET /api/images?url=/media/bench-{i}.svg&width=360&height=260` (the result card size; copies of the SVG photo ' +
      'spa-3.svg: librsvg renders it, sharp crops and encodes), ' +
      `in the API server child of the API section (${images.label} database, not read by this route), same load generator. ` +
      '`Accept: image/avif,image/webp,*/*` (Chromium, Firefox) answers WebP, `image/avif,*/*` AVIF. ' +
      'The resizer caches results in memory per source version, size and format and takes only the sizes the product ' +
      'uses, so a cold row asks for 50 copies (0-49) once each, with no warm-up; its "1 conn" pass asks for 50 other ' +
      'copies (50-99) once each. ' +
      'One render per format ran first, so the one-off loading of the codecs is in no row. The warm row repeats ' +
      'copy 0 (made by the cold pass; the server answered `Server-Timing: cache;desc=hit`). ' +
      'The resizer renders at most cores - 1 images at once (1 here) and queues the rest, so cold latency under ' +
      'several connections is mostly queueing.',
    '',
    scenarioTable(images.scenarios, 'format, mean size'),
    '',
  );
  return out;
}

/** Issue 16's page targets (Lighthouse mobile, simulated throttling). */
const PAGE_TARGETS = { performance: 98, lcpMs: 1500, cls: 0.02, tbtMs: 50 } as const;

export function lighthouseSection(lh: NonNullable<Report['lighthouse']>): string[] {
  const out: string[] = ['## Lighthouse', ''];
  if ('error' in lh) out.push(`Lighthouse could not run: ${lh.error}`, '');
  else if (!lh.ok) out.push(`Lighthouse could not run: ${lh.reason}`, '');
  else {
    out.push(
      `Lighthouse ${lh.lighthouseVersion} (npm) driving ${lh.chromium} (${lh.chromiumVersion}) with ` +
        '`--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run`, ' +
        `against \`npm start\` (TENANT=wellness, own DATA_DIR, port 8199; 127.0.0.1 is the wellness tenant's host, spa.localhost the spa tenant's; ` +
        `on each: home, a search near Austin, TX, a listing near Austin with current offers, its first offer, the balance page). Mobile emulation (Lighthouse's default): ${lh.settings}. ` +
        `Lighthouse's CPU benchmark index here: ${lh.benchmarkIndex ?? '–'}. ` +
        `${lh.runs} runs per page; the row is the run with the median performance score (the last two columns: every run).`,
      '',
      table(
        [
          'Page',
          'Performance',
          'Accessibility',
          'Best practices',
          'SEO',
          'LCP ms',
          'TBT ms',
          'CLS',
          'FCP ms',
          'Performance, all runs',
          'LCP ms, all runs',
        ],
        lh.pages.map((page) =>
          'failed' in page
            ? [`\`${page.path}\``, `failed: ${page.failed}`, '', '', '', '', '', '', '', '', '']
            : [
                `\`${page.path}\``,
                String(page.scores.performance ?? '–'),
                String(page.scores.accessibility ?? '–'),
                String(page.scores['best-practices'] ?? '–'),
                String(page.scores.seo ?? '–'),
                ms(page.lcpMs, 0),
                ms(page.tbtMs, 0),
                ms(page.cls, 3),
                ms(page.fcpMs, 0),
                page.performanceScores.join(', '),
                page.lcpRunsMs.map((lcp) => ms(lcp, 0)).join(', '),
              ],
        ),
      ),
      '',
    );
    const short = lh.pages.flatMap((page) => {
      if ('failed' in page) return [];
      const misses = [
        (page.scores.performance ?? 0) < PAGE_TARGETS.performance && `performance ${page.scores.performance}`,
        (page.lcpMs ?? Infinity) > PAGE_TARGETS.lcpMs && `LCP ${ms(page.lcpMs, 0)} ms`,
        (page.cls ?? Infinity) > PAGE_TARGETS.cls && `CLS ${ms(page.cls, 3)}`,
        (page.tbtMs ?? Infinity) > PAGE_TARGETS.tbtMs && `TBT ${ms(page.tbtMs, 0)} ms`,
      ].filter(Boolean);
      return misses.length ? [`\`${page.path}\` (${misses.join(', ')})`] : [];
    });
    out.push(
      `Issue 16's targets: performance at least ${PAGE_TARGETS.performance}, LCP at most ${PAGE_TARGETS.lcpMs} ms, ` +
        `CLS at most ${PAGE_TARGETS.cls}, TBT at most ${PAGE_TARGETS.tbtMs} ms. ` +
        (short.length ? `Short of them: ${short.join('; ')}.` : 'Every page meets them.'),
      '',
    );
    for (const warning of lh.warnings) out.push(`**Warning:** ${warning}.`, '');
    out.push('Audits that cost points (score below 0.9) in the median run:', '');
    for (const page of lh.pages) {
      if ('failed' in page) continue;
      out.push(
        `- \`${page.path}\`: ${page.warnings.length ? page.warnings.map((warning) => warning.replace(/\s+/g, ' ')).join('; ') : 'none'}.`,
      );
    }
    out.push('');
    out.push('The median run of each page is kept as JSON in `bench/.data-lighthouse/` (git-ignored).', '');
  }
  return out;
}
