/**
 * The judged relevance set (issue 17): every query of tests/relevance/judged.json must put its
 * relevant listings in the first three results (all of them, or three when more are relevant),
 * so a later change cannot quietly make search worse. Precision at 3 and the mean reciprocal rank
 * are printed per kind of query and recorded in bench/RESULTS.md.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { migrate } from '../../server/db/migrate';
import { ensureSeeded } from '../../server/seed/load';
import type { ListingCard, SearchResult } from '../../src/domain/types';
import judged from '../relevance/judged.json' with { type: 'json' };
import { precisionAt3, reciprocalRank, RELEVANCE_SEED, type JudgedQuery } from '../relevance/judged';
import { databases } from './databases';

const queries = judged.queries as JudgedQuery[];
const spa = { publisherid: '1' };

describe.each(databases)('judged relevance on $name', ({ name, open }) => {
  let db: Awaited<ReturnType<(typeof databases)[number]['open']>>;
  let app: FastifyInstance;
  const scores: { kind: string; precision: number; reciprocal: number }[] = [];

  beforeAll(async () => {
    db = await open();
    await migrate(db);
    await ensureSeeded(db, RELEVANCE_SEED);
    app = await buildApp({ db });
  });
  afterAll(async () => {
    if (scores.length === queries.length) report(name, scores);
    await app?.close();
    await db?.drop();
  });

  it('judges at least 60 queries of every kind', () => {
    expect(queries.length).toBeGreaterThanOrEqual(60);
    const kinds = new Set(queries.map((query) => query.kind));
    for (const kind of ['exact', 'typo', 'abbreviation', 'synonym', 'multi-word', 'place'])
      expect(kinds).toContain(kind);
  });

  it.each(queries.map((query) => [query.query, query] as const))(
    '%s: the relevant listings lead',
    async (_, query) => {
      const params = new URLSearchParams({ keywords: query.query, size: '10' });
      const response = await app.inject({ url: `/api/merchants?${params}`, headers: spa });
      expect(response.statusCode).toBe(200);
      const ranked = (response.json() as SearchResult<ListingCard>).items.map((item) => item.merchantId);
      const precision = precisionAt3(ranked, query.relevant);
      scores.push({ kind: query.kind, precision, reciprocal: reciprocalRank(ranked, query.relevant) });
      expect({ query: query.query, top3: ranked.slice(0, 3), precision }).toEqual({
        query: query.query,
        top3: ranked.slice(0, 3),
        precision: 1,
      });
    },
  );
});

/** Precision at 3 and MRR, per kind and overall, as a table on the console. */
function report(database: string, scores: { kind: string; precision: number; reciprocal: number }[]) {
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const kinds = [...new Set(scores.map((score) => score.kind))];
  const rows = [...kinds, 'all'].map((kind) => {
    const of = scores.filter((score) => kind === 'all' || score.kind === kind);
    return {
      kind,
      queries: of.length,
      'precision@3': mean(of.map((score) => score.precision)).toFixed(3),
      MRR: mean(of.map((score) => score.reciprocal)).toFixed(3),
    };
  });
  console.info(`judged relevance on ${database}`);
  console.table(rows);
}
