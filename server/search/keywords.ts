/**
 * The vocabulary lookup behind forgiving keywords (issue 17): one statement asks the listings'
 * vocabulary (migration 012_search_vocabulary.sql) about every typed word, and the pure rules of
 * src/domain/search-keywords.ts make the plan of the search from the answers.
 *
 * Cost: a known word (most words) is two index probes, by word and by stem. Only an unknown word
 * reads trigram neighbours: the nearest few by GiST distance (KNN, `<->`; the last word also by
 * distance to the start of a word, `<<->`). The vocabulary grows with distinct words, not with
 * listings, so the lookup costs about the same at a million listings as at twenty thousand.
 */
import {
  needsLookup,
  parseKeywords,
  planKeywords,
  type KeywordPlan,
  type SynonymEntry,
  type VocabularyWord,
  type WordLookup,
} from '../../src/domain/search-keywords';
import type { Db } from '../db/driver';

/** Trigram neighbours read per unknown word: the right word is nearly always in the first few. */
export const NEAR_CANDIDATES = 12;

/**
 * Per typed word ($1, in order): whether it is a stop word, whether the vocabulary knows it or
 * its stem for the caller's programs ($2), and for an unknown word, when typos are looked for
 * ($4), its $3 nearest words, and for the last word ($5, 1-based) also its nearest words as the
 * start of a word (search_vocabulary_near and _starts, migration 012). The CASE branches are
 * subplans: they run only for the words that need them.
 */
const LOOKUP_SQL = `
with typed as materialized (
  select q.word, q.position::int as position, s.lexeme = '' as stop,
    s.lexeme = ''
      or exists (select 1 from search_vocabulary v where v.word = q.word and v.program = any ($2::text[]))
      or exists (select 1 from search_vocabulary v where v.lexeme = s.lexeme and v.program = any ($2::text[]))
      as known
  from unnest($1::text[]) with ordinality as q(word, position)
  cross join lateral (select search_lexeme(q.word) as lexeme) s
)
select t.position, t.stop, t.known,
  case when $4::boolean and not t.known then (
    select jsonb_agg(jsonb_build_object('word', n.word, 'listings', n.listings))
    from search_vocabulary_near(t.word, $2::text[], $3::int) n
  ) end as near,
  case when $4::boolean and not t.known and t.position = $5::int then (
    select jsonb_agg(jsonb_build_object('word', n.word, 'listings', n.listings))
    from search_vocabulary_starts(t.word, $2::text[], $3::int) n
  ) end as starts
from typed t`;

interface LookupRow {
  position: number;
  stop: boolean;
  known: boolean;
  near: VocabularyWord[] | null;
  starts: VocabularyWord[] | null;
}

/**
 * What the vocabulary says of each word, by its index in `words`. Numbers are not looked up
 * (planKeywords takes a word without a lookup as typed). Near and start candidates are read only
 * for unknown words, and only when `typos` is on.
 */
export async function lookupWords(
  db: Pick<Db, 'query'>,
  words: readonly string[],
  programs: readonly string[],
  { typos }: { typos: boolean },
): Promise<Map<number, WordLookup>> {
  const asked = words.map((word, index) => ({ word, index })).filter(({ word }) => needsLookup(word));
  const lookups = new Map<number, WordLookup>();
  if (!asked.length) return lookups;
  const last = asked.findIndex(({ index }) => index === words.length - 1) + 1;
  const { rows } = await db.query<LookupRow>(LOOKUP_SQL, [
    asked.map(({ word }) => word),
    programs,
    NEAR_CANDIDATES,
    typos,
    last,
  ]);
  for (const row of rows) {
    lookups.set(asked[row.position - 1]!.index, {
      known: row.known,
      stop: row.stop,
      near: row.near ?? [],
      starts: row.starts ?? [],
    });
  }
  return lookups;
}

export interface KeywordOptions {
  programs: readonly string[];
  /** The tenant's own synonym lines. */
  synonyms?: readonly SynonymEntry[];
  /** Search for exactly what was typed: no typo corrections, no prefixes. */
  exact?: boolean;
}

/** The plan of a keyword search for the caller (see planKeywords); null without keywords. */
export async function keywordPlan(
  db: Pick<Db, 'query'>,
  keywords: string,
  options: KeywordOptions,
): Promise<KeywordPlan | null> {
  if (!keywords.trim()) return null;
  const parsed = parseKeywords(keywords);
  if (parsed.hasOr || !parsed.words.length) return planKeywords(parsed, new Map(), options);
  const lookups = await lookupWords(db, parsed.words, options.programs, { typos: !options.exact });
  return planKeywords(parsed, lookups, options);
}
