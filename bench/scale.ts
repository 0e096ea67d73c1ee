/**
 * The scale curve of search on PostgreSQL (issue 16): p50 and p99 of search (keywords and none,
 * by distance and by relevance, misspelt keywords), the service aggregations and autocomplete at
 * 20,000, 100,000 and 1,000,000 listings, one call at a time, in this process against the SQL
 * layer (server/search: the keyword plan, the statements and their rows, as the routes call
 * them), so the figures are the database's and not the HTTP layer's or a result cache's. Then the
 * query plans (EXPLAIN ANALYZE, BUFFERS) of the slowest case, and the curve as an SVG chart
 * beside RESULTS.md (bench/scale.svg).
 *
 * Each size is its own database on the DATABASE_URL server, `wellspring_bench_20k`, `_100k` and
 * `_1m`, seeded once (1M takes 10-40 minutes here) and reused by later runs; migrations newer
 * than the seed are applied on open. BENCH_RESEED=1 drops and seeds them again;
 * BENCH_SCALE_SIZES=20k,100k measures only those sizes.
 *
 *   DATABASE_URL=postgres://… npm run bench -- scale      this section only; updates its part of
 *                                                         bench/RESULTS.md and bench/scale.svg
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseBusyError, openDb, type Db, type QueryOptions } from '../server/db/driver';
import { explainAsRun } from '../server/db/explain';
import { migrate } from '../server/db/migrate';
import { warmGazetteer } from '../server/geo/gazetteer';
import { parseSearchParams } from '../server/search/params';
import { searchMerchants, serviceAggregations } from '../server/search/search';
import { suggest } from '../server/search/suggest';
import { ensureSeeded } from '../server/seed/load';
import type { TenantScope } from '../server/tenants';
import { SUGGESTION_TYPES } from '../src/domain/suggestions';
import { builtInTenants } from '../src/tenant';
import type { Machine } from './report';

export const SCALE_SIZES = [
  { label: '20k', count: 20_000 },
  { label: '100k', count: 100_000 },
  { label: '1m', count: 1_000_000 },
] as const;

/** The budget of issue 16 for search at 1M listings on PostgreSQL (p99, ms). */
export const SEARCH_P99_BUDGET_MS = 40;
/** And for autocomplete (p99, ms). */
export const AUTOCOMPLETE_P99_BUDGET_MS = 5;

/** Measured calls per kind and size (after WARMUP), unless MAX_SECONDS runs out first. */
const ROUNDS = Number(process.env.BENCH_SCALE_ROUNDS ?? 200);
/**
 * Warm-up calls per kind: one round of the rotation (16 cities x 6 keywords x 3 tenants repeat
 * every 48 calls), so each city's pages are read once before the timing. With 10, the first kind
 * measured after switching databases read its pages from disk: p99 0.4-1.7 s in that kind alone.
 */
const WARMUP = 48;
const MAX_SECONDS = 30;

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
const KEYWORDS = ['massage', 'facial', 'yoga', 'sauna', 'manicure', 'acupuncture'];
const MISSPELT = ['masage', 'facail', 'yoag', 'suana', 'manicur', 'acupunctre'];
const TYPED = ['aus', 'tor', 'mass', 'fac', 'yog', 'seren', 'new y', 'spa'];
/**
 * Starts typed with a typo, which match nothing as typed: the suggest statement, the vocabulary
 * lookup and the suggest statement again with the correction (server/search/suggest.ts).
 */
const TYPED_MISSPELT = ['masa', 'facal', 'yoag', 'mssa', 'pedicur', 'acupunc', 'chicgo', 'toronot'];

/**
 * Searches without a place for words few listings of a scope have together, as phrases and as
 * words (the last two match only in part for some tenants: the listings with most of the words).
 * Five, so that with the three tenants and the two sorts in turn each meets every other.
 */
const RARE = [
  '"acupuncture needles"',
  'reflexology needles',
  '"deep tissue"',
  'acupuncture needles',
  'cupping reiki',
];

/**
 * Searches without a place for two words each common in every scope, which some scopes' listings
 * rarely or never have together (no wellness listing has both 'yoga' and 'massage'). Five, as RARE.
 */
const COMMON_PAIRS = ['yoga massage', 'facial massage', 'nail salon', 'sauna yoga', 'day spa'];

/**
 * Words of the listings' descriptions that visitors type ('walk-in', 'quiet', 'parking'): the
 * keyword index holds them, and a search's reach counts them (migration 031). Six, so that with
 * the three tenants and the two sorts in turn each meets every other.
 */
const DESCRIBED = ['walk-in', 'quiet', 'day', 'parking', 'couples', 'anti-aging'];

/** The tenant of each call in turn: spa (US and Canada), wellness, local. */
const TENANTS = ['spa', 'wellness', 'local'] as const;
/** The i-th call's tenant, in turn. */
const tenantAt = (i: number) => TENANTS[i % TENANTS.length]!;
const scopeOf = (name: (typeof TENANTS)[number]): TenantScope => {
  const tenant = builtInTenants[name];
  return { tenants: [tenant], programs: [...tenant.helperInfo.includedPrograms], tenant };
};
/** A Canadian city is searched by the spa tenant (spa-canada shares its programs). */
const scopeFor = (i: number): TenantScope =>
  scopeOf(CITIES[i % CITIES.length]!.match(/, (ON|QC|BC|AB)$/) ? 'spa' : tenantAt(i));

/** The page the search element asks for: a place, 50 miles, 12 a page. */
const searchAt = (i: number, extra: Record<string, string>) =>
  parseSearchParams({
    location: CITIES[i % CITIES.length]!,
    distance: '50',
    size: '12',
    page: '0',
    ...extra,
  });

/**
 * States, provinces and countries typed alone: a search of every listing there (no radius), by
 * the spa tenant in Canada and the three tenants in turn in the US. Large and small ones, and
 * small ones whose box around the centre holds a large city of another (Maine's holds Boston,
 * New Jersey's New York and Philadelphia). ('Quebec' alone is the city; 'QC' the province.)
 */
const STATES = [
  'Texas',
  'Ontario',
  'California',
  'Vermont',
  'QC',
  'Rhode Island',
  'Maine',
  'New Jersey',
  'USA',
  'Canada',
];
const CANADIAN = new Set(['Ontario', 'QC', 'Canada']);
const stateAt = (i: number, extra: Record<string, string>) =>
  parseSearchParams({ location: STATES[i % STATES.length]!, size: '12', page: '0', ...extra });
const stateScopeFor = (i: number): TenantScope =>
  scopeOf(CANADIAN.has(STATES[i % STATES.length]!) ? 'spa' : tenantAt(i));

type Call = (db: Db, i: number) => Promise<unknown>;

/** The i-th call's keyword, in turn. */
const keyword = (i: number) => KEYWORDS[i % KEYWORDS.length]!;
/** A search of the i-th city's radius (searchAt) with the i-th call's parameters. */
const inCity =
  (extra: (i: number) => Record<string, string>): Call =>
  (db, i) =>
    searchMerchants(db, searchAt(i, extra(i)), scopeFor(i));
/** A search of the i-th state, province or country (stateAt) with the i-th call's parameters. */
const inState =
  (extra: (i: number) => Record<string, string>): Call =>
  (db, i) =>
    searchMerchants(db, stateAt(i, extra(i)), stateScopeFor(i));

/**
 * A search without a place (the whole scope, as a search page opened without one asks), with the
 * i-th call's parameters, by the three tenants in turn.
 */
const everywhereAt = (extra: Record<string, string>) =>
  parseSearchParams({ size: '12', page: '0', ...extra });
const everywhere =
  (extra: (i: number) => Record<string, string>): Call =>
  (db, i) =>
    searchMerchants(db, everywhereAt(extra(i)), scopeOf(tenantAt(i)));

/** The request kinds of the curve, as the routes make them. */
export const SCALE_KINDS: { name: string; call: Call }[] = [
  { name: 'search, keywords, by relevance', call: inCity((i) => ({ keywords: keyword(i) })) },
  {
    name: 'search, keywords, by distance',
    call: inCity((i) => ({ keywords: keyword(i), sort: 'distance' })),
  },
  {
    name: 'search, misspelt keywords, by relevance',
    call: inCity((i) => ({ keywords: MISSPELT[i % MISSPELT.length]! })),
  },
  { name: 'search, no keywords, by distance', call: inCity(() => ({ sort: 'distance' })) },
  { name: 'search, no keywords, by relevance', call: inCity(() => ({ sort: 'relevance' })) },
  {
    name: 'search a state or country, keywords, by relevance',
    call: inState((i) => ({ keywords: keyword(i) })),
  },
  {
    name: 'search a state or country, keywords, by rating',
    call: inState((i) => ({ keywords: keyword(i), sort: 'averageScore' })),
  },
  {
    name: 'search a state or country, no keywords, by rating',
    call: inState(() => ({ sort: 'averageScore' })),
  },
  {
    name: 'search a state or country, no keywords, by distance',
    call: inState(() => ({ sort: 'distance' })),
  },
  {
    name: 'search without a place, keywords, by relevance',
    call: everywhere((i) => ({ keywords: keyword(i) })),
  },
  {
    name: 'search without a place, rare words and phrases',
    call: everywhere((i) => ({
      keywords: RARE[i % RARE.length]!,
      sort: i % 2 ? 'averageScore' : 'relevance',
    })),
  },
  {
    name: 'search without a place, two common words',
    call: everywhere((i) => ({
      keywords: COMMON_PAIRS[i % COMMON_PAIRS.length]!,
      sort: i % 2 ? 'averageScore' : 'relevance',
    })),
  },
  {
    name: 'search, words of descriptions',
    call: inCity((i) => ({
      keywords: DESCRIBED[i % DESCRIBED.length]!,
      sort: i % 2 ? 'distance' : 'relevance',
    })),
  },
  {
    name: 'search without a place, words of descriptions',
    call: everywhere((i) => ({
      keywords: DESCRIBED[i % DESCRIBED.length]!,
      sort: i % 2 ? 'averageScore' : 'relevance',
    })),
  },
  { name: 'search without a place, no keywords, by relevance', call: everywhere(() => ({})) },
  {
    name: 'services (keywords and none)',
    call: (db, i) => serviceAggregations(db, searchAt(i, i % 2 ? { keywords: keyword(i) } : {}), scopeFor(i)),
  },
  {
    name: 'services without a place (keywords and none)',
    call: (db, i) =>
      serviceAggregations(db, everywhereAt(i % 2 ? { keywords: keyword(i) } : {}), scopeOf(tenantAt(i))),
  },
  {
    name: 'autocomplete',
    call: (db, i) =>
      suggest(db, { text: TYPED[i % TYPED.length]!, types: [...SUGGESTION_TYPES] }, scopeFor(i).programs),
  },
  {
    name: 'autocomplete, misspelt',
    call: (db, i) =>
      suggest(
        db,
        { text: TYPED_MISSPELT[i % TYPED_MISSPELT.length]!, types: [...SUGGESTION_TYPES] },
        scopeFor(i).programs,
      ),
  },
];

export interface KindTiming {
  kind: string;
  calls: number;
  /** Calls the database gave up on (its statement timeout): timed until they failed. */
  failed: number;
  p50: number;
  p99: number;
}

export interface SizeResult {
  label: string;
  listings: number;
  seeded: boolean;
  seedSeconds: number;
  timings: KindTiming[];
}

export interface ScaleResult {
  server: string;
  sizes: SizeResult[];
  /** The slowest kind by p99 at the largest size, with the plans of its slowest call. */
  slowest: { size: string; kind: string; ms: number; plans: { sql: string; plan: string }[] } | null;
}

/** A statement a call ran, how (prepared or not) and in how long. */
interface Recorded {
  text: string;
  values: unknown[];
  prepared: boolean;
  ms: number;
}

/** A Db that records each statement and how long it took. */
function recording(db: Db): { db: Db; statements: Recorded[] } {
  const statements: Recorded[] = [];
  const wrapped: Db = {
    kind: db.kind,
    get answeredAt() {
      return db.answeredAt;
    },
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction(fn),
    close: () => db.close(),
    priorityQuery: (text, values) => db.priorityQuery(text, values),
    // With the caller's options: a prepared statement (the suggestions) runs as the route runs it.
    query: async <T>(text: string, values?: unknown[], options?: QueryOptions) => {
      const start = performance.now();
      const rows = await db.query<T>(text, values, options);
      statements.push({
        text,
        values: values ?? [],
        prepared: Boolean(options?.prepared),
        ms: performance.now() - start,
      });
      return rows;
    },
  };
  return { db: wrapped, statements };
}

/**
 * Whether a call answered: false when the database gave up on it (its statement timeout, a 503
 * for a visitor, who waited as long): timed and counted, and the curve goes on.
 */
async function answered(call: () => Promise<unknown>): Promise<boolean> {
  try {
    await call();
    return true;
  } catch (error) {
    if (error instanceof DatabaseBusyError) return false;
    throw error;
  }
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

/** The database of one size on the server of `databaseUrl`, created when missing. */
async function sizeDatabase(databaseUrl: string, label: string, reseed: boolean): Promise<string> {
  const name = `wellspring_bench_${label}`;
  const admin = await openDb({ databaseUrl, dataDir: '' });
  try {
    if (reseed) await admin.exec(`drop database if exists ${name}`);
    const { rows } = await admin.query<{ exists: boolean }>(
      'select exists (select 1 from pg_database where datname = $1) as exists',
      [name],
    );
    if (!rows[0]?.exists) await admin.exec(`create database ${name}`);
  } finally {
    await admin.close();
  }
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function benchScale(
  databaseUrl: string,
  say: (message: string) => void,
  { reseed = false }: { reseed?: boolean } = {},
): Promise<ScaleResult> {
  warmGazetteer();
  const sizes: SizeResult[] = [];
  let server = '';
  let slowest: ScaleResult['slowest'] = null;
  const only = process.env.BENCH_SCALE_SIZES?.split(',').map((label) => label.trim());
  const unknown = only?.filter((label) => !SCALE_SIZES.some((size) => size.label === label)) ?? [];
  if (unknown.length) throw new Error(`BENCH_SCALE_SIZES: unknown size(s) ${unknown.join(', ')}`);
  const wanted = SCALE_SIZES.filter((size) => !only || only.includes(size.label));
  for (const size of wanted) {
    const url = await sizeDatabase(databaseUrl, size.label, reseed);
    const db = await openDb({ databaseUrl: url, dataDir: '', statementTimeoutMs: 0 });
    try {
      await migrate(db);
      const seedStart = performance.now();
      let shown = 0;
      const seed = await ensureSeeded(db, {
        count: size.count,
        onProgress: (loaded, total) => {
          if (loaded === total || loaded - shown >= total / 10) {
            shown = loaded;
            say(
              `scale ${size.label}: seeding ${loaded.toLocaleString('en-US')} / ${total.toLocaleString('en-US')}`,
            );
          }
        },
      });
      const seedSeconds = (performance.now() - seedStart) / 1000;
      if (seed.count !== size.count)
        throw new Error(`${url} holds a seed of ${seed.count} listings, not ${size.count}`);
      // shared_buffers decides the curve at a million listings: at PostgreSQL's default 128 MB the
      // database's 7.9 GB is read back from the OS page cache, search by search (RESULTS.md).
      const { rows } = await db.query<{ version: string; buffers: string; listings: number }>(
        `select current_setting('server_version') as version, current_setting('shared_buffers') as buffers,
          (select count(*)::int from merchants) as listings`,
      );
      server = `PostgreSQL ${rows[0]!.version} at ${new URL(databaseUrl).host} (shared_buffers ${rows[0]!.buffers})`;
      const timings: KindTiming[] = [];
      for (const kind of SCALE_KINDS) {
        const { db: recorded, statements } = recording(db);
        for (let i = 0; i < WARMUP; i++) await answered(() => kind.call(db, i));
        const samples: number[] = [];
        let failed = 0;
        let worst = { ms: -1, statements: [] as typeof statements };
        const started = performance.now();
        for (let i = 0; i < ROUNDS && performance.now() - started < MAX_SECONDS * 1000; i++) {
          statements.length = 0;
          const start = performance.now();
          if (!(await answered(() => kind.call(recorded, i)))) failed++;
          const ms = performance.now() - start;
          samples.push(ms);
          if (ms > worst.ms) worst = { ms, statements: [...statements] };
        }
        samples.sort((a, b) => a - b);
        const timing = {
          kind: kind.name,
          calls: samples.length,
          failed,
          p50: percentile(samples, 0.5),
          p99: percentile(samples, 0.99),
        };
        timings.push(timing);
        say(
          `scale ${size.label}: ${kind.name}: p50 ${timing.p50.toFixed(1)} ms, p99 ${timing.p99.toFixed(1)} ms (${samples.length} calls${failed ? `, ${failed} failed` : ''})`,
        );
        if (size === wanted.at(-1) && (!slowest || timing.p99 > slowest.ms)) {
          slowest = {
            size: size.label,
            kind: kind.name,
            ms: timing.p99,
            plans: await explain(db, worst.statements),
          };
        }
      }
      sizes.push({
        label: size.label,
        listings: rows[0]!.listings,
        seeded: seed.seeded,
        seedSeconds,
        timings,
      });
    } finally {
      await db.close();
    }
  }
  return { server, sizes, slowest };
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of each statement of a call, run again with its values and the plan
 * it ran with (a prepared statement's one plan for any values).
 */
async function explain(db: Db, statements: Recorded[]) {
  const plans: { sql: string; plan: string }[] = [];
  for (const statement of statements) {
    const rows = (await explainAsRun(db, statement, {
      prepared: statement.prepared,
      options: 'analyze, buffers',
    })) as { 'QUERY PLAN': string }[];
    plans.push({
      sql: `${statement.text.trim()}\n-- values: ${JSON.stringify(statement.values)}${
        statement.prepared ? '\n-- prepared: one plan for any values' : ''
      }`,
      plan: rows.map((row) => row['QUERY PLAN']).join('\n'),
    });
  }
  return plans;
}

export const SCALE_START = '<!-- scale:start -->';
export const SCALE_END = '<!-- scale:end -->';
export const SCALE_CHART = 'scale.svg';

/** The section of RESULTS.md, between its markers. */
export function renderScale(
  result: ScaleResult | { error: string } | { skipped: string },
  machine: Machine,
): string {
  const out = [SCALE_START, '## Search at scale on PostgreSQL (issue 16)', ''];
  if ('error' in result || 'skipped' in result) {
    out.push(
      'error' in result ? `Failed: ${result.error}` : `Not measured: ${result.skipped}`,
      '',
      SCALE_END,
    );
    return out.join('\n');
  }
  const ms = (value: number | undefined) => (value === undefined ? '' : value.toFixed(1));
  out.push(
    `Measured by \`npm run bench -- scale\` (bench/scale.ts) on ${machine.date}: ${result.server}, one call at a ` +
      `time, in process against the SQL layer (the keyword plan, the statements and their rows as the routes ` +
      `run them; no HTTP, no result cache), up to ${ROUNDS} calls per kind after ${WARMUP} warm-up calls ` +
      `(at most ${MAX_SECONDS} s), rotating over 16 US and Canadian cities (50 miles, 12 a page), six ` +
      `keywords and three tenants (a state or country: ${STATES.length} states, provinces and countries ` +
      `typed alone, every listing there: ${STATES.join(', ')}; without a place, the tenant's whole scope); autocomplete over ${TYPED.length} typed starts and ${TYPED_MISSPELT.length} ` +
      `misspelt ones. ${machine.cpuModel}, ` +
      `${machine.nproc} cores shared with other work (load average ${machine.loadAverage} at start), ` +
      `${machine.code}. Budgets of issue 16 at 1M: search p99 ${SEARCH_P99_BUDGET_MS} ms, autocomplete p99 ` +
      `${AUTOCOMPLETE_P99_BUDGET_MS} ms. Chart: [${SCALE_CHART}](${SCALE_CHART}) (p99 against listings).`,
    '',
    `| Kind | ${result.sizes.map((size) => `${size.label} p50 / p99 ms`).join(' | ')} |`,
    `| --- | ${result.sizes.map(() => '---:').join(' | ')} |`,
    ...SCALE_KINDS.map(({ name }) => {
      const cells = result.sizes.map((size) => {
        const timing = size.timings.find((t) => t.kind === name);
        if (!timing) return '';
        return `${ms(timing.p50)} / ${ms(timing.p99)}${timing.failed ? ` (${timing.failed} failed)` : ''}`;
      });
      return `| ${name} | ${cells.join(' | ')} |`;
    }),
    '',
    `Listings: ${result.sizes.map((size) => `${size.label} ${size.listings.toLocaleString('en-US')}${size.seeded ? ` (seeded by this run in ${Math.round(size.seedSeconds)} s)` : ''}`).join(', ')}.`,
    '',
  );
  const last = result.sizes.at(-1);
  if (last) {
    const over = last.timings.filter((t) =>
      t.kind.startsWith('autocomplete') ? t.p99 > AUTOCOMPLETE_P99_BUDGET_MS : t.p99 > SEARCH_P99_BUDGET_MS,
    );
    out.push(
      over.length
        ? `Over budget at ${last.label}: ${over.map((t) => `${t.kind} (p99 ${ms(t.p99)} ms)`).join('; ')}.`
        : `Every kind is within its budget at ${last.label}.`,
      '',
    );
  }
  if (result.slowest) {
    out.push(
      `### The slowest case: ${result.slowest.kind} at ${result.slowest.size} (p99 ${ms(result.slowest.ms)} ms)`,
      '',
      'The statements of its slowest call, run again under EXPLAIN (ANALYZE, BUFFERS):',
      '',
    );
    for (const { sql, plan } of result.slowest.plans)
      out.push('```sql', sql, '```', '', '```text', plan, '```', '');
  }
  out.push(...TEN_MILLION, '', SCALE_END);
  return out.join('\n');
}

/** What would change at 10M listings (prose: the measured curve is the evidence). */
const TEN_MILLION = [
  '### At 10M listings',
  '',
  '- **What stays flat**: the keyword plan (the vocabulary grows with distinct words, not listings) and ' +
    'autocomplete (each kind of listing row reads at most its first 16 whole-term prefix matches and its first ' +
    '100 trigram matches before ranking; only building the GIN bitmap of a common trigram grows with listings).',
  '- **What grows**: a search within a radius, a state or a country walks the location index nearest ' +
    "first, which holds each listing's keyword, program and region signatures beside its place " +
    '(migrations 021, 027), and stops at its 1,001st match (by distance, after its page); a state with ' +
    "fewer matches is walked to the edge of its box, and its page by rating reads the state's rating " +
    'index. At 10M a 50-mile radius around New York holds about 650,000 ' +
    'listings: a common word still stops after a few thousand entries, but a word few listings near have ' +
    "walks all of the radius's entries (about ten times today's 31 ms), and every match is read from " +
    'the table (1,001 for a page by relevance, on as many pages). The changes, in order: listings stored ' +
    'in geographic order (CLUSTER, or the seed in place order) so that the matches of one radius share ' +
    'pages, a region split into cells so that a walk can skip cells without the word, and partitioning ' +
    '(below).',
  '- **Partitioning**: list-partition `merchants` by program (each tenant reads one partition) or by country; ' +
    'every index and the vocabulary shrink per partition, and the seed or a reindex runs per partition. Hash ' +
    'partitioning would not help: every search would read every partition.',
  '- **A search engine beside PostgreSQL**: at 10M with typo tolerance, facets and relevance on every ' +
    'keystroke, Typesense or OpenSearch fed from PostgreSQL (logical replication or an outbox of listing changes) ' +
    'answers search and autocomplete, PostgreSQL stays the source of truth and serves listings by id.',
  '- **Read replicas**: search is read-only; streaming replicas behind the API (DATABASE_URL for writes, a ' +
    'read URL for search) scale the request rate linearly; they do not make one query faster.',
];

/** RESULTS.md with its scale section replaced, or added at the end. */
export function withScaleSection(markdown: string, section: string): string {
  const start = markdown.indexOf(SCALE_START);
  const end = markdown.indexOf(SCALE_END);
  if (start >= 0 && end > start)
    return `${markdown.slice(0, start)}${section}${markdown.slice(end + SCALE_END.length)}`;
  return `${markdown.trimEnd()}\n\n${section}\n`;
}

/** One colour a kind (fifteen): the legend's names tell lines apart only by them. */
const COLOURS = [
  '#1f77b4',
  '#ff7f0e',
  '#2ca02c',
  '#d62728',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#7f7f7f',
  '#bcbd22',
  '#17becf',
  '#393b79',
  '#ad494a',
  '#637939',
  '#8c6d31',
  '#7b4173',
];

/** The curve as an SVG chart: p99 (log ms) against listings (log), one line per kind. */
export function scaleChart(result: ScaleResult): string {
  // Room on the right for the legend's longest name (about 6.5 px a character at 12 px).
  const right = 42 + 6.5 * Math.max(...SCALE_KINDS.map(({ name }) => name.length)) + 10;
  const width = 510 + right;
  const height = Math.max(420, 30 + 20 * SCALE_KINDS.length + 50);
  const left = 60;
  const top = 30;
  const bottom = 50;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const counts = result.sizes.map((size) => size.listings);
  const values = result.sizes.flatMap((size) => size.timings.map((t) => t.p99));
  const [xMin, xMax] = [Math.log10(Math.min(...counts)), Math.log10(Math.max(...counts))];
  const yMin = Math.floor(Math.log10(Math.max(0.1, Math.min(AUTOCOMPLETE_P99_BUDGET_MS, ...values))));
  const yMax = Math.ceil(Math.log10(Math.max(SEARCH_P99_BUDGET_MS, ...values)));
  const x = (count: number) => left + ((Math.log10(count) - xMin) / Math.max(1e-9, xMax - xMin)) * plotW;
  const y = (ms: number) => top + plotH - ((Math.log10(Math.max(0.1, ms)) - yMin) / (yMax - yMin)) * plotH;
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<title>Search p99 latency against listings on PostgreSQL (bench/scale.ts)</title>`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="${left}" y="18" font-size="14">p99 latency (ms, log scale) against listings, PostgreSQL, one call at a time</text>`,
  ];
  for (let power = yMin; power <= yMax; power++) {
    const ms = 10 ** power;
    parts.push(
      `<line x1="${left}" x2="${left + plotW}" y1="${y(ms)}" y2="${y(ms)}" stroke="#ddd"/>`,
      `<text x="${left - 6}" y="${y(ms) + 4}" text-anchor="end">${ms >= 1 ? ms : ms.toFixed(1)}</text>`,
    );
  }
  for (const count of counts) {
    parts.push(
      `<line x1="${x(count)}" x2="${x(count)}" y1="${top}" y2="${top + plotH}" stroke="#eee"/>`,
      `<text x="${x(count)}" y="${top + plotH + 18}" text-anchor="middle">${count.toLocaleString('en-US')}</text>`,
    );
  }
  parts.push(
    `<text x="${left + plotW / 2}" y="${height - 10}" text-anchor="middle">listings (log scale)</text>`,
    `<line x1="${left}" x2="${left + plotW}" y1="${y(SEARCH_P99_BUDGET_MS)}" y2="${y(SEARCH_P99_BUDGET_MS)}" stroke="#d62728" stroke-dasharray="6 4"/>`,
    `<text x="${left + plotW - 4}" y="${y(SEARCH_P99_BUDGET_MS) - 4}" text-anchor="end" fill="#d62728">search budget ${SEARCH_P99_BUDGET_MS} ms</text>`,
    `<line x1="${left}" x2="${left + plotW}" y1="${y(AUTOCOMPLETE_P99_BUDGET_MS)}" y2="${y(AUTOCOMPLETE_P99_BUDGET_MS)}" stroke="#9467bd" stroke-dasharray="2 4"/>`,
    `<text x="${left + plotW - 4}" y="${y(AUTOCOMPLETE_P99_BUDGET_MS) - 4}" text-anchor="end" fill="#9467bd">autocomplete budget ${AUTOCOMPLETE_P99_BUDGET_MS} ms</text>`,
  );
  SCALE_KINDS.forEach(({ name }, i) => {
    const colour = COLOURS[i % COLOURS.length]!;
    const points = result.sizes.flatMap((size) => {
      const timing = size.timings.find((t) => t.kind === name);
      return timing ? [[x(size.listings), y(timing.p99)] as const] : [];
    });
    parts.push(
      `<polyline fill="none" stroke="${colour}" stroke-width="2" points="${points.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(' ')}"/>`,
      ...points.map(
        ([px, py]) => `<circle cx="${px.toFixed(1)}" cy="${py.toFixed(1)}" r="3" fill="${colour}"/>`,
      ),
      `<line x1="${left + plotW + 16}" x2="${left + plotW + 36}" y1="${top + 10 + i * 20}" y2="${top + 10 + i * 20}" stroke="${colour}" stroke-width="2"/>`,
      `<text x="${left + plotW + 42}" y="${top + 14 + i * 20}">${escape(name)}</text>`,
    );
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

/** Writes the chart beside RESULTS.md. */
export function writeScaleChart(root: string, result: ScaleResult): void {
  writeFileSync(join(root, 'bench', SCALE_CHART), scaleChart(result));
}
