/**
 * The judged relevance set (issue 17): queries over the seeded listings with the listings that
 * answer them (tests/relevance/judged.json, written by build-judged.ts), and how a search's
 * ranking is scored against them.
 */
import type { SeedOptions } from '../../server/seed/load';

/** The seed the judgements were made on: the integration tests' size, a fixed day. */
export const RELEVANCE_SEED: SeedOptions = { count: 3_000, now: new Date('2026-11-22T00:00:00Z') };

export interface JudgedQuery {
  /** What the visitor types (spa tenant, no location). */
  query: string;
  kind: 'exact' | 'typo' | 'abbreviation' | 'synonym' | 'multi-word' | 'place' | 'prefix' | 'partial';
  /** What the visitor means, in words. */
  criterion: string;
  /** The listings that meet the criterion, by id. */
  relevant: number[];
}

/** How many of the first results are judged. */
export const CUTOFF = 3;

/**
 * Precision at 3, out of what could be relevant: the relevant listings among the first three,
 * over three or, when fewer listings are relevant, over their number (a query with one right
 * answer scores 1 when that answer is in the first three).
 */
export function precisionAt3(ranked: readonly number[], relevant: readonly number[]): number {
  const wanted = new Set(relevant);
  const found = ranked.slice(0, CUTOFF).filter((id) => wanted.has(id)).length;
  return found / Math.min(CUTOFF, relevant.length);
}

/** The reciprocal rank of the first relevant listing (0 when none is in `ranked`). */
export function reciprocalRank(ranked: readonly number[], relevant: readonly number[]): number {
  const wanted = new Set(relevant);
  const at = ranked.findIndex((id) => wanted.has(id));
  return at < 0 ? 0 : 1 / (at + 1);
}
