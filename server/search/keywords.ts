/**
 * The vocabulary lookup behind forgiving keywords (issue 17): one statement asks the listings'
 * vocabulary (migration 012_search_vocabulary.sql) about every typed word, and the pure rules of
 * src/domain/search-keywords.ts make the plan of the search from the answers.
 *
 * Cost: one statement for all the words. A known word (most words) is two index probes, by word
 * and by stem. Only an unknown word reads trigram neighbours: the nearest few above a similarity
 * floor (a GIN index, migration 025), and the last word the words it starts (a btree range), but
 * no neighbours when it starts some (it stands for those words). Its nearest words as the start
 * of a word are read only while the text is being typed (autocomplete), or in a second statement
 * when neither gave the last word a correction. The vocabulary grows with distinct words, not
 * with listings: about 4,000 words a program at twenty thousand listings, 9,600 at a million.
 */
import {
  keywordWords,
  MIN_PREFIX_LENGTH,
  MIN_TYPO_LENGTH,
  needsFuzzyStarts,
  needsLookup,
  parseKeywords,
  planKeywords,
  synonymSpans,
  type KeywordGroup,
  type KeywordPlan,
  type ParsedKeywords,
  type SynonymEntry,
  type VocabularyWord,
  type WordLookup,
} from '../../src/domain/search-keywords';
import type { Db } from '../db/driver';

/** Trigram neighbours read per unknown word: the right word is nearly always in the first few. */
export const NEAR_CANDIDATES = 12;

/**
 * Per typed word ($1, in order): whether it is a stop word and whether the vocabulary knows it or
 * its stem for the caller's programs ($2); for an unknown word, when typos are looked for ($3),
 * its NEAR_CANDIDATES nearest words by trigram similarity above a floor (search_vocabulary_near,
 * migrations 025 and 030); and for the last word ($4, 1-based) the words it starts (a range of the
 * prefix index, most used first) and, when the text is still being typed ($5), its nearest words
 * as the start of a word (search_vocabulary_starts). Neither trigram read is made for a word
 * shorter than MIN_TYPO_LENGTH: it has no typo budget, and its few trigrams clear the index for
 * most of the vocabulary. A last word of MIN_PREFIX_LENGTH letters or more that starts words is
 * read as those words (planKeywords' completions), so neither trigram read is made for it: they
 * were most of such a lookup ('facia' typed, 7.7 ms on PGlite; 4.8 without).
 * For a search (not typing), how many listings use its stem, of every program and of the caller's
 * (search_lexeme_uses, migration 031: the keyword index's stems, descriptions' too), and the
 * table's size (KeywordReach); words after the first $6 are only counted (no neighbours
 * read: a synonym's words, a phrase's). One statement for every word (migration
 * 016_vocabulary_lookup.sql): the branches a word does not need are cut by their one-time filters.
 * Prepared (one plan for any words, QueryOptions.prepared): planning was a third to a half of a
 * lookup on PGlite. The counts are written into the text, so the one plan knows its limits.
 */
const LOOKUP_SQL = `
with typed as materialized (
  select q.word, q.position::int as position, s.lexeme, s.lexeme = '' as stop,
    s.lexeme = ''
      or exists (select 1 from search_vocabulary v where v.word = q.word and v.program = any ($2::text[]))
      or exists (select 1 from search_vocabulary v where v.lexeme = s.lexeme and v.program = any ($2::text[]))
      as known
  from unnest($1::text[]) with ordinality as q(word, position)
  cross join lateral (select search_lexeme(q.word) as lexeme) s
)
select t.position, t.stop, t.known, near.words as near, prefixed.words as starts,
  fuzzy.words as fuzzy_starts, u.uses, u.uses_in_scope,
  (select greatest(c.reltuples, 0)::int from pg_class c
    where not $5::boolean and c.oid = 'merchants'::regclass) as listings
from typed t
cross join lateral (
  select jsonb_agg(jsonb_build_object('word', p.word, 'listings', p.listings)) as words,
    count(*) > 0 and length(t.word) >= ${MIN_PREFIX_LENGTH} as completes
  from (
    select s.word, sum(s.listings)::int as listings from search_vocabulary s
    where $3::boolean and not t.known and t.position = $4::int
      and s.word ~>=~ t.word and s.word ~<~ (t.word || '~') and s.program = any ($2::text[])
    group by s.word
    order by 2 desc, 1
    limit ${NEAR_CANDIDATES}
  ) p
) prefixed
cross join lateral (
  select jsonb_agg(jsonb_build_object('word', n.word, 'listings', n.listings)) as words
  from (
    select v.word, sum(v.listings)::int as listings
    from search_vocabulary_near(t.word, $2::text[], ${NEAR_CANDIDATES}) v
    where $3::boolean and not t.known and not prefixed.completes and t.position <= $6::int
      and length(t.word) >= ${MIN_TYPO_LENGTH}
    group by v.word
  ) n
) near
cross join lateral (
  select jsonb_agg(jsonb_build_object('word', f.word, 'listings', f.listings)) as words
  from (
    select f.word, sum(f.listings)::int as listings
    from search_vocabulary_starts(t.word, $2::text[], ${NEAR_CANDIDATES}) f
    where $5::boolean and $3::boolean and not t.known and t.position = $4::int
      and not prefixed.completes and length(t.word) >= ${MIN_TYPO_LENGTH}
    group by f.word
  ) f
) fuzzy
cross join lateral (
  select coalesce(sum(u.listings), 0)::int as uses,
    coalesce(sum(u.listings) filter (where u.program = any ($2::text[])), 0)::int as uses_in_scope
  from search_lexeme_uses u
  where not $5::boolean and u.lexeme = t.lexeme and not t.stop
) u`;

/**
 * The nearest words of one word as the start of a word: asked apart, for a search whose last word
 * found neither a correction nor a completion in the first statement (rare).
 */
const STARTS_SQL = `
select f.word, sum(f.listings)::int as listings
from search_vocabulary_starts($1, $2::text[], ${NEAR_CANDIDATES}) f
group by f.word`;

interface LookupRow {
  position: number;
  stop: boolean;
  known: boolean;
  near: VocabularyWord[] | null;
  starts: VocabularyWord[] | null;
  fuzzy_starts: VocabularyWord[] | null;
  uses: number;
  uses_in_scope: number;
  /** Listings in the table (the planner's estimate, 0 before the first ANALYZE); null typing. */
  listings: number | null;
}

/**
 * What the vocabulary says of a word, with how often listings use it (its stem; 0 for an unknown
 * or a stop word, and while typing: autocomplete does not ask): a search's estimates of how many
 * listings the keyword index holds for it and of how many of them are the caller's (KeywordReach).
 */
export interface SearchWordLookup extends WordLookup, KeywordReach {}

/**
 * What the vocabulary says of each word, by its index in `words`. Numbers are not looked up
 * (planKeywords takes a word without a lookup as typed). Near and start candidates are read only
 * for unknown words, and only when `typos` is on; `typing` (autocomplete) also reads the last
 * word's nearest starts of words up front, as planKeywords' typing mode weighs them every time.
 * The words of `counted` are only counted, in the same statement: by their index in
 * `[...words, ...counted]`.
 */
export async function lookupWords(
  db: Pick<Db, 'query'>,
  words: readonly string[],
  programs: readonly string[],
  { typos, typing = false, counted = [] }: { typos: boolean; typing?: boolean; counted?: readonly string[] },
): Promise<Map<number, SearchWordLookup>> {
  const asked = [...words, ...counted]
    .map((word, index) => ({ word, index }))
    .filter(({ word }) => needsLookup(word));
  const lookups = new Map<number, SearchWordLookup>();
  if (!asked.length) return lookups;
  const last = asked.findIndex(({ index }) => index === words.length - 1) + 1;
  const typed = asked.filter(({ index }) => index < words.length).length;
  const { rows } = await db.query<LookupRow>(
    LOOKUP_SQL,
    [asked.map(({ word }) => word), programs, typos, last, typing, typed],
    { prepared: true },
  );
  for (const row of rows) {
    lookups.set(asked[row.position - 1]!.index, {
      known: row.known,
      stop: row.stop,
      near: row.near ?? [],
      starts: onceEach([...(row.starts ?? []), ...(row.fuzzy_starts ?? [])]),
      uses: row.uses,
      usesInScope: row.uses_in_scope,
      listings: row.listings ?? 0,
    });
  }
  const lastLookup = lookups.get(words.length - 1);
  if (typos && !typing && lastLookup && needsFuzzyStarts(words.at(-1)!, lastLookup)) {
    const { rows: starts } = await db.query<VocabularyWord>(STARTS_SQL, [words.at(-1), programs], {
      prepared: true,
    });
    lastLookup.starts.push(...starts);
  }
  return lookups;
}

/**
 * Each word once, with the most listings it was found with: a word both in the prefix range and
 * among the nearest starts (a word too short to complete reads both) counts the range's, every
 * program's, where the nearest starts count only the programs' rows they read.
 */
function onceEach(words: VocabularyWord[]): VocabularyWord[] {
  const listings = new Map<string, number>();
  for (const { word, listings: n } of words) listings.set(word, Math.max(n, listings.get(word) ?? 0));
  return [...listings].map(([word, n]) => ({ word, listings: n }));
}

export interface KeywordOptions {
  programs: readonly string[];
  /** The tenant's own synonym lines. */
  synonyms?: readonly SynonymEntry[];
  /** Search for exactly what was typed: no typo corrections, no prefixes. */
  exact?: boolean;
}

/**
 * A keyword plan, and at most how many listings match it by its words' counts (KeywordReach); null
 * when no word bounds it (numbers only, an 'or' with a negation alone). It picks the index a
 * search within a radius starts from (query.ts, `radiusIndex`), and whether one without a place
 * reads by rating tier.
 */
export type SearchKeywordPlan = KeywordPlan & {
  reach: KeywordReach | null;
  /** The same for its partial match: listings with any one of its groups (when none has all). */
  partialReach: KeywordReach | null;
};

/** At most how many listings match a search, by how many use its words' stems (migration 031). */
export interface KeywordReach {
  /** Listings of every program (what the keyword index holds for the word). */
  uses: number;
  /** Listings of the caller's programs. */
  usesInScope: number;
  /** Listings in the table, of every program (the planner's estimate; 0 before ANALYZE). */
  listings: number;
}

/** About how many listings match a term of a search, of every program and of the caller's. */
type Uses = Omit<KeywordReach, 'listings'>;

/** At most how many listings match every one of some terms: the rarest (null: none is bounded). */
function allOf(bounds: readonly (Uses | null | undefined)[]): Uses | null {
  return bounds.reduce<Uses | null>(
    (rarest, next) => (next && (!rarest || next.usesInScope < rarest.usesInScope) ? next : rarest),
    null,
  );
}

/** At most how many listings match any one of some terms: their sum (null: one is unbounded). */
function anyOf(bounds: readonly (Uses | null)[]): Uses | null {
  let sum = { uses: 0, usesInScope: 0 };
  for (const bound of bounds) {
    if (!bound) return null;
    sum = { uses: sum.uses + bound.uses, usesInScope: sum.usesInScope + bound.usesInScope };
  }
  return sum;
}

/**
 * At most how many listings match one group of a plan, by the words' `uses`: a listing matches one
 * of its alternatives (the typed text, synonyms, completions, corrections), and an alternative's
 * listings all use its rarest word. Null when an alternative has no counted word. ('med spa' or
 * 'medical spa', estimated by 'med' alone, read 2,149 listings through the keyword index for an
 * estimated 400: at 20,000 listings on PGlite a first page took 12 ms, against 6 through the
 * location index.)
 */
function groupReach(group: KeywordGroup, uses: ReadonlyMap<string, Uses>): Uses | null {
  const alternatives = [...new Set([...group.exact, ...group.typos])];
  return anyOf(
    alternatives.map((alternative) => allOf(alternative.split(' ').map((word) => uses.get(word)))),
  );
}

/** The words of the phrases typed in quotes (not negated): a match has every one. */
const phraseWords = (parsed: ParsedKeywords): string[] =>
  parsed.pieces.flatMap((piece) =>
    piece.kind === 'syntax' && piece.text.startsWith('"') ? keywordWords(piece.text) : [],
  );

/**
 * Keywords with 'or' as websearch_to_tsquery reads them ('a b or c' is a & b | c): per
 * alternative, the words a match has (its words and its phrases'), or null when it has none that
 * bounds it (only negations: '-facial' matches nearly every listing).
 */
function orAlternatives(parsed: ParsedKeywords): (string[] | null)[] {
  const alternatives: { words: string[]; terms: number }[] = [{ words: [], terms: 0 }];
  const term = (words: string[]) => {
    const current = alternatives.at(-1)!;
    current.words.push(...words);
    current.terms += 1;
  };
  for (const piece of parsed.pieces) {
    if (piece.kind === 'syntax') term(piece.text.startsWith('"') ? keywordWords(piece.text) : []);
    else {
      for (const word of piece.words) {
        if (word === 'or') alternatives.push({ words: [], terms: 0 });
        else term([word]);
      }
    }
  }
  return alternatives
    .filter((alternative) => alternative.terms > 0)
    .map((alternative) => (alternative.words.length ? alternative.words : null));
}

/**
 * The plan of a keyword search for the caller (see planKeywords), and its reach: at most how many
 * listings match it, by how many listings use its words' stems (null without any: numbers only, or
 * an 'or' with a negation alone). The words of its synonyms and quoted phrases, and those of
 * keywords with 'or' (searched as typed), are counted in the same statement as the typed words
 * are looked up. Null without keywords.
 */
export async function keywordPlan(
  db: Pick<Db, 'query'>,
  keywords: string,
  options: KeywordOptions,
): Promise<SearchKeywordPlan | null> {
  if (!keywords.trim()) return null;
  const parsed = parseKeywords(keywords);
  const phrases = phraseWords(parsed);
  const alternatives = parsed.hasOr ? orAlternatives(parsed) : null;
  // With 'or' nothing is looked up for the plan (searched as typed): its words are only counted.
  const typed = alternatives ? [] : parsed.words;
  const counted = alternatives
    ? alternatives.flatMap((words) => words ?? [])
    : [
        ...synonymSpans(parsed.words, options.synonyms).flatMap((span) =>
          span.alternatives.flatMap((alternative) => alternative.split(' ')),
        ),
        ...phrases,
      ];
  const extra = [...new Set(counted)].filter((word) => !typed.includes(word));
  const lookups = await lookupWords(db, typed, options.programs, {
    typos: !options.exact && !alternatives,
    counted: extra,
  });
  const plan = planKeywords(parsed, alternatives ? new Map() : lookups, options);
  const listings = lookups.values().next().value?.listings ?? 0;
  // How many listings use each word the lookups counted: a typed or counted word (its stem), and
  // an unknown word's corrections and completions (in the caller's programs only, as the
  // vocabulary reads them).
  const uses = new Map<string, Uses>();
  const words = [...typed, ...extra];
  for (const [index, lookup] of lookups) {
    if (lookup.stop) continue;
    for (const { word, listings: n } of [...lookup.near, ...lookup.starts]) {
      uses.set(word, { uses: n, usesInScope: n });
    }
    uses.set(words[index]!, { uses: lookup.uses, usesInScope: lookup.usesInScope });
  }
  const groups = plan.groups.map((group) => groupReach(group, uses));
  const phrased = phrases.map((word) => uses.get(word));
  const bound = alternatives
    ? anyOf(alternatives.map((words) => words && allOf(words.map((word) => uses.get(word)))))
    : allOf([...groups, ...phrased]);
  // Keywords with 'or' are searched as typed, never in part.
  const partialBound = alternatives ? null : allOf([anyOf(groups), ...phrased]);
  return {
    ...plan,
    reach: bound && { ...bound, listings },
    partialReach: partialBound && { ...partialBound, listings },
  };
}
