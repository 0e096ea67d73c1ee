/**
 * The cost and the quality of search that forgives (issue 17), in process on PGlite:
 * - the correction step (the vocabulary lookup and the keyword plan of server/search/keywords.ts)
 *   alone, and the whole search with it against the search as typed, at 20,000 listings;
 * - the autocomplete's correction (only for text that matches nothing);
 * - the vocabulary's size and what building it costs (the seed's triggers do the same work);
 * - the judged relevance set (tests/relevance/judged.json): precision at 3 and MRR per kind.
 *
 *   npm run bench -- typos     this section only; updates its part of bench/RESULTS.md
 */
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { openDb, type Db } from '../server/db/driver';
import { migrate } from '../server/db/migrate';
import { keywordPlan } from '../server/search/keywords';
import type { Machine } from './report';
import { searchStatement, type SearchRow } from '../server/search/query';
import { suggest } from '../server/search/suggest';
import { ensureSeeded } from '../server/seed/load';
import { builtInTenants } from '../src/tenant';
import type { TenantScope } from '../server/tenants';
import type { ListingCard, SearchResult } from '../src/domain/types';
import judged from '../tests/relevance/judged.json' with { type: 'json' };
import { precisionAt3, reciprocalRank, RELEVANCE_SEED, type JudgedQuery } from '../tests/relevance/judged';

export interface Timing {
  name: string;
  p50: number;
  p99: number;
}

export interface TyposResult {
  listings: number;
  vocabulary: { program: string; words: number }[];
  rebuildMs: number;
  timings: Timing[];
  relevance: { kind: string; queries: number; precision: number; mrr: number }[];
  /** The same timings on PostgreSQL at a million listings (bench/scale.ts's database). */
  postgres?: { listings: number; timings: Timing[] } | { skipped: string };
}

/** Queries of the cost runs: as typed (known words), with typos, with a prefix being typed. */
const KNOWN = ['massage', 'facial austin', 'hot stone massage', 'yoga', 'day spa chicago', 'pedicure'];
const TYPOS = ['masage', 'facail austin', 'hot stone masage', 'yoag', 'day spa chicgo', 'pedicur'];
const ROUNDS = 100;
/**
 * A timing stops after this many seconds of runs, at ROUNDS at most (and at least 10): a search
 * without a place over a million listings takes seconds, and 100 of them held a full bench for
 * over ten minutes.
 */
const MAX_SECONDS = 30;
const MIN_ROUNDS = 10;

/** Whether another measured run fits: fewer than ROUNDS so far, and within MAX_SECONDS. */
const another = (done: number, started: number) =>
  done < ROUNDS && (done < MIN_ROUNDS || performance.now() - started < MAX_SECONDS * 1000);

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

const summary = (name: string, samples: number[]): Timing => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { name, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
};

async function time(name: string, run: () => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < 5; i++) await run();
  const samples: number[] = [];
  const started = performance.now();
  while (another(samples.length, started)) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return summary(name, samples);
}

/**
 * Two ways of doing the same thing, run in turn (a, b, a, b, ...) so the load of the shared
 * machine falls on both alike; also the p50 of the per-pair difference (b - a).
 */
async function paired(
  names: [string, string, string],
  a: (round: number) => Promise<unknown>,
  b: (round: number) => Promise<unknown>,
): Promise<Timing[]> {
  for (let i = 0; i < 5; i++) {
    await a(i);
    await b(i);
  }
  const first: number[] = [];
  const second: number[] = [];
  const started = performance.now();
  for (let i = 0; another(i, started); i++) {
    let start = performance.now();
    await a(i);
    first.push(performance.now() - start);
    start = performance.now();
    await b(i);
    second.push(performance.now() - start);
  }
  const differences = first.map((value, i) => second[i]! - value);
  return [summary(names[0], first), summary(names[1], second), summary(names[2], differences)];
}

/** Each query of `queries` in turn, so a timing covers the mix. */
function rotating(queries: string[], run: (query: string) => Promise<unknown>): () => Promise<unknown> {
  let next = 0;
  return () => run(queries[next++ % queries.length]!);
}

const spaScope = (): TenantScope => {
  const tenant = builtInTenants.spa;
  return { tenants: [tenant], programs: ['SPA_NETWORK'], tenant };
};

export async function benchTypos(
  root: string,
  say: (message: string) => void,
  count = 20_000,
): Promise<TyposResult> {
  const db: Db = await openDb({ dataDir: join(root, `bench/.data-typos-${count / 1000}k`) });
  try {
    await migrate(db);
    say(`typos: seeding ${count} listings when not seeded yet`);
    await ensureSeeded(db, { count });
    const vocabulary = (
      await db.query<{ program: string; words: number }>(
        'select program, count(*)::int as words from search_vocabulary group by program order by program',
      )
    ).rows;
    // What the seed's triggers do for all listings at once, rolled back.
    const rebuildStart = performance.now();
    await db
      .transaction(async (tx) => {
        await tx.exec(
          `truncate search_vocabulary; do $$ begin execute search_vocabulary_add_sql('merchants'); end $$`,
        );
        throw new Error('rollback');
      })
      .catch(() => undefined);
    const rebuildMs = performance.now() - rebuildStart;

    const timings = await correctionTimings(db, say, 'typos');
    const relevance = await judgedScores(say);
    const postgres = process.env.DATABASE_URL
      ? await postgresTimings(process.env.DATABASE_URL, say)
      : { skipped: 'DATABASE_URL is not set' };
    return { listings: count, vocabulary, rebuildMs, timings, relevance, postgres };
  } finally {
    await db.close();
  }
}

/** The PostgreSQL database of a million listings that bench/scale.ts seeds (never seeded here). */
export const POSTGRES_1M = 'wellspring_bench_1m';

/** The same timings on the million listings of bench/scale.ts, when that database is seeded. */
async function postgresTimings(
  databaseUrl: string,
  say: (message: string) => void,
): Promise<NonNullable<TyposResult['postgres']>> {
  const url = new URL(databaseUrl);
  url.pathname = `/${POSTGRES_1M}`;
  let db: Db;
  try {
    db = await openDb({ databaseUrl: url.toString(), dataDir: '', statementTimeoutMs: 0 });
    await db.query('select 1');
  } catch {
    return {
      skipped: `no database ${POSTGRES_1M} on the DATABASE_URL server (npm run bench -- scale seeds it)`,
    };
  }
  try {
    await migrate(db);
    const { rows } = await db.query<{ listings: number }>('select count(*)::int as listings from merchants');
    const listings = rows[0]?.listings ?? 0;
    if (listings < 1_000_000)
      return { skipped: `${POSTGRES_1M} holds ${listings} listings, not a million yet` };
    return { listings, timings: await correctionTimings(db, say, 'typos 1M') };
  } finally {
    await db.close();
  }
}

/**
 * The correction step alone and with the search it serves, for the spa tenant (no location,
 * relevance, a page of 12), on `db`: what bench/typos.ts reports per database.
 */
async function correctionTimings(db: Db, say: (message: string) => void, label: string): Promise<Timing[]> {
  const scope = spaScope();
  const programs = scope.programs;
  const page = { sort: 'relevance' as const, page: 0, size: 12 };
  /** One page: keywords as typed (plan null: the SQL before issue 17), or planned first. */
  const runSearch = async (keywords: string, planned: boolean) => {
    const plan = planned ? await keywordPlan(db, keywords, { programs }) : null;
    const criteria = { keywords, plan, area: null, hasOffers: false, filters: {} };
    const statement = searchStatement(criteria, page, programs);
    return db.query<SearchRow>(statement.text, statement.values);
  };
  say(`${label}: timing the correction step and the searches`);
  const timings: Timing[] = [
    await time(
      'correction step, words as typed',
      rotating(KNOWN, (q) => keywordPlan(db, q, { programs })),
    ),
    await time(
      'correction step, with typos',
      rotating(TYPOS, (q) => keywordPlan(db, q, { programs })),
    ),
    ...(await paired(
      [
        'search of words as typed, SQL as before issue 17 (no lookup)',
        'search of words as typed, with the correction step',
        'added by the correction step (per-pair difference)',
      ],
      (round) => runSearch(KNOWN[round % KNOWN.length]!, false),
      (round) => runSearch(KNOWN[round % KNOWN.length]!, true),
    )),
    ...(await paired(
      [
        'search of the corrected words as typed, with the correction step',
        'search with typos, corrected',
        'added by a misspelt word (per-pair difference)',
      ],
      (round) => runSearch(KNOWN[round % KNOWN.length]!, true),
      (round) => runSearch(TYPOS[round % TYPOS.length]!, true),
    )),
    await time(
      'autocomplete, text that matches (mass, faci)',
      rotating(['mass', 'faci'], (q) =>
        suggest(db, { text: q, types: ['serviceCategories', 'serviceOptions', 'merchantNames'] }, programs),
      ),
    ),
    await time(
      'autocomplete, misspelt (masa, facal)',
      rotating(['masa', 'facal'], (q) =>
        suggest(db, { text: q, types: ['serviceCategories', 'serviceOptions', 'merchantNames'] }, programs),
      ),
    ),
  ];
  for (const timing of timings)
    say(`${label}: ${timing.name}: p50 ${timing.p50.toFixed(2)} ms, p99 ${timing.p99.toFixed(2)} ms`);
  return timings;
}

/** The judged set on its own seed (in memory), through the API as the relevance test runs it. */
async function judgedScores(say: (message: string) => void): Promise<TyposResult['relevance']> {
  say('typos: the judged relevance set');
  const db = await openDb({ dataDir: 'memory://' });
  await migrate(db);
  await ensureSeeded(db, RELEVANCE_SEED);
  const app = await buildApp({ db });
  const scores: { kind: string; precision: number; reciprocal: number }[] = [];
  try {
    for (const query of judged.queries as JudgedQuery[]) {
      const search = new URLSearchParams({ keywords: query.query, size: '10' });
      const response = await app.inject({ url: `/api/merchants?${search}`, headers: { publisherid: '1' } });
      const ranked = (response.json() as SearchResult<ListingCard>).items.map((item) => item.merchantId);
      scores.push({
        kind: query.kind,
        precision: precisionAt3(ranked, query.relevant),
        reciprocal: reciprocalRank(ranked, query.relevant),
      });
    }
  } finally {
    await app.close();
    await db.close();
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  return [...new Set(scores.map((score) => score.kind)), 'all'].map((kind) => {
    const of = scores.filter((score) => kind === 'all' || score.kind === kind);
    return {
      kind,
      queries: of.length,
      precision: mean(of.map((score) => score.precision)),
      mrr: mean(of.map((score) => score.reciprocal)),
    };
  });
}

export const TYPOS_START = '<!-- typos:start -->';
export const TYPOS_END = '<!-- typos:end -->';

/** The section of RESULTS.md, between its markers (so `npm run bench -- typos` can replace it). */
export function renderTypos(result: TyposResult | { error: string }, machine: Machine): string {
  const out = [TYPOS_START, '## Search that forgives (issue 17)', ''];
  if ('error' in result) {
    out.push(`Failed: ${result.error}`, '', TYPOS_END);
    return out.join('\n');
  }
  const ms = (value: number) => value.toFixed(2);
  const added = result.timings.find((timing) => timing.name.startsWith('added by'));
  out.push(
    `Measured by \`npm run bench -- typos\` (bench/typos.ts) on ${machine.date}, in process on PGlite with ` +
      `${result.listings.toLocaleString('en-US')} listings (spa tenant, no location, page of 12), ` +
      `${ROUNDS} runs each after 5 warm-up runs (fewer, at least ${MIN_ROUNDS}, where they passed ` +
      `${MAX_SECONDS} s); ${machine.cpuModel}, ${machine.nproc} cores, Node ` +
      `${machine.node}, ${machine.code}, load average ${machine.loadAverage} at start (shared machine).`,
    '',
    '| What | p50 ms | p99 ms |',
    '| --- | ---: | ---: |',
    ...result.timings.map((timing) => `| ${timing.name} | ${ms(timing.p50)} | ${ms(timing.p99)} |`),
    '',
  );
  if (added) {
    out.push(
      `Added p50 of the correction step on a search of words as typed: ${ms(added.p50)} ms (the two ` +
        'search rows run in turn, a pair per query; the budget of issue 17 is 2 ms). A word that is not ' +
        'in the vocabulary costs more: its trigram neighbours are read (the correction step with typos).',
      '',
    );
  }
  const misspelt = result.timings.find((timing) => timing.name.startsWith('added by a misspelt'));
  if (misspelt) {
    out.push(
      `Added p50 of a misspelt word against the same search spelt right (both through the correction step): ` +
        `${ms(misspelt.p50)} ms: the correction step's trigram neighbours (one lookup statement for every word, ` +
        'migration 016) and the search of the word with its corrections as alternatives, ranked below exact ' +
        'matches (the correction step alone is the first two rows).',
      '',
    );
  }
  if (result.postgres && 'timings' in result.postgres) {
    out.push(
      `The same on PostgreSQL at ${result.postgres.listings.toLocaleString('en-US')} listings (the database of ` +
        '`npm run bench -- scale`, DATABASE_URL server):',
      '',
      '| What | p50 ms | p99 ms |',
      '| --- | ---: | ---: |',
      ...result.postgres.timings.map(
        (timing) => `| ${timing.name} | ${ms(timing.p50)} | ${ms(timing.p99)} |`,
      ),
      '',
    );
  } else if (result.postgres) {
    out.push(`PostgreSQL at a million listings: not measured (${result.postgres.skipped}).`, '');
  }
  out.push(
    `Vocabulary: ${result.vocabulary.map((row) => `${row.words.toLocaleString('en-US')} words (${row.program})`).join(', ')}; ` +
      `building it from all listings at once takes ${Math.round(result.rebuildMs)} ms (what the seed's triggers add, ` +
      'batch by batch). It grows with distinct words, not with listings: the lookups read a few index pages whatever ' +
      'the number of listings.',
    '',
    'Judged relevance set (tests/relevance/judged.json, 3,000 seeded listings; precision at 3 counts the relevant ' +
      'listings among the first three over three, or over their number when fewer are relevant):',
    '',
    '| Kind | Queries | Precision at 3 | MRR |',
    '| --- | ---: | ---: | ---: |',
    ...result.relevance.map(
      (row) => `| ${row.kind} | ${row.queries} | ${row.precision.toFixed(3)} | ${row.mrr.toFixed(3)} |`,
    ),
    '',
    TYPOS_END,
  );
  return out.join('\n');
}

/** RESULTS.md with its typos section replaced, or added at the end. */
export function withTyposSection(markdown: string, section: string): string {
  const start = markdown.indexOf(TYPOS_START);
  const end = markdown.indexOf(TYPOS_END);
  if (start >= 0 && end > start)
    return `${markdown.slice(0, start)}${section}${markdown.slice(end + TYPOS_END.length)}`;
  return `${markdown.trimEnd()}\n\n${section}\n`;
}
