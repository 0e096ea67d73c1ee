/**
 * Autocomplete (`GET /autocomplete?criteria=…`): the criteria, the lookup in the suggest table
 * (migration 003_suggest.sql) and the suggestion items of spec 3 with the URLs of spec 7. Text
 * that matches nothing is corrected against the listings' vocabulary (issue 17: 'masage' and the
 * misspelt start 'masa' suggest 'Massage') and looked up once more.
 */
import { MAX_LOCATION_SUGGESTIONS, MAX_SUGGESTIONS_PER_GROUP } from '../../src/domain/constants';
import {
  capSuggestions,
  merchantsSearchUrl,
  merchantSuggestionUrl,
  offerSuggestionUrl,
  SUGGESTION_TYPES,
} from '../../src/domain/suggestions';
import { keywordWords, planKeywords, typoBudget } from '../../src/domain/search-keywords';
import type { Filters, SuggestionItem, Suggestions, SuggestionType } from '../../src/domain/types';
import type { Db } from '../db/driver';
import { HttpError } from '../http';
import { lookupWords } from './keywords';

/** Longest criteria accepted, raw. */
export const MAX_CRITERIA_LENGTH = 500;
/** Longest text looked up. */
export const MAX_TERM_LENGTH = 100;
/** Texts shorter than this match by prefix only: trigrams need three characters. */
const MIN_INFIX_LENGTH = 3;

/** Keys of a criteria object that may hold the typed text, first non-empty wins. */
const TEXT_KEYS = ['keywords', 'location', 'query', 'term', 'text'] as const;

/** What to look up: the typed text and the suggestion groups wanted. */
export interface SuggestRequest {
  text: string;
  types: SuggestionType[];
}

const badCriteria = (message: string) => new HttpError(400, `criteria: ${message}`, 'criteria');

/**
 * Reads the `criteria` parameter. It is either the typed text ('mass', '78701') or a JSON object
 * (`{"keywords":"mass"}`, `{"location":"aus","types":["merchantLocations"]}`): the text is the
 * first non-empty string of keywords, location, query, term or text; `types` narrows the groups.
 * Null when there is nothing to suggest for (spec 5: an empty or non-object criteria gets an
 * empty set): missing, blank, a JSON array, or an object without text. A 400 for over-long input,
 * malformed JSON in braces and unknown types.
 */
export function parseCriteria(raw: unknown): SuggestRequest | null {
  if (Array.isArray(raw)) throw badCriteria('must be given once');
  if (typeof raw !== 'string' || !raw.trim()) return null;
  if (raw.length > MAX_CRITERIA_LENGTH)
    throw badCriteria(`must be at most ${MAX_CRITERIA_LENGTH} characters`);
  const trimmed = raw.trim();
  // Only braces and brackets make it JSON: '78701' is a ZIP to complete, not the number 78701.
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return request(trimmed, SUGGESTION_TYPES);
  let criteria: unknown;
  try {
    criteria = JSON.parse(trimmed);
  } catch {
    throw badCriteria('must be text or a JSON object');
  }
  if (typeof criteria !== 'object' || criteria === null || Array.isArray(criteria)) return null;
  const object = criteria as Record<string, unknown>;
  const text = TEXT_KEYS.map((key) => object[key]).find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  if (!text) return null;
  let types: readonly SuggestionType[] = SUGGESTION_TYPES;
  if (object.types !== undefined) {
    const wanted = object.types;
    if (
      !Array.isArray(wanted) ||
      !wanted.every((type) => SUGGESTION_TYPES.includes(type as SuggestionType))
    ) {
      throw badCriteria(`types must be a list of ${SUGGESTION_TYPES.join(', ')}`);
    }
    types = wanted as SuggestionType[];
  }
  return request(text.trim(), types);
}

function request(text: string, types: readonly SuggestionType[]): SuggestRequest {
  if (text.length > MAX_TERM_LENGTH) throw badCriteria(`text must be at most ${MAX_TERM_LENGTH} characters`);
  return { text, types: [...types] };
}

/**
 * The text as the suggest table's `folded` column holds terms (lower(unaccent(term))): lower
 * case, accents dropped, spaces collapsed. NFD covers the accents of US and Canadian place and
 * business names ('Montréal'); PostgreSQL's unaccent also maps ligatures, which nobody types.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** LIKE treats % and _ (and its escape, \) specially; typed text means them literally. */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The LIKE patterns of a text:
 * - `prefix` 'swe mas%': the whole term starts with it (with `from` and `to`, the byte range of
 *   such terms: btree, text_pattern_ops);
 * - `wordPrefix` '% swe mas%': a later word starts with it (ranked second);
 * - `match`, what a row must meet: the prefix for one or two characters, else the first word
 *   anywhere and each later one at a word's start, in order, '%swe% mas%' (trigram GIN), so 'swe
 *   mas' finds 'Swedish Massage'. A typed space starts a word: 'new y' is not 'New client special:
 *   Abhyanga' (the trigram bitmap of '%new%y%' held 15,000 such offers at a million listings).
 */
export function likePatterns(text: string): {
  match: string;
  prefix: string;
  wordPrefix: string;
  from: string;
  to: string;
} {
  const folded = foldText(text);
  const prefix = `${escapeLike(folded)}%`;
  const [first = '', ...later] = folded.split(' ').map(escapeLike);
  const match =
    folded.length < MIN_INFIX_LENGTH ? prefix : `%${first}%${later.map((word) => ` ${word}%`).join('')}`;
  // The byte range of the terms that start with the text (~>=~ and ~<~ compare bytes; U+FFFF
  // sorts after every character a term holds), for the prefix index of the listing rows.
  return { match, prefix, wordPrefix: `% ${prefix}`, from: folded, to: `${folded}\uffff` };
}

interface SuggestRow {
  kind: SuggestionType;
  term: string;
  merchant_id: number | null;
  offer_id: number | null;
  filter: string | null;
  data: Record<string, unknown>;
}

/** The kinds of suggestion with a row per listing or offer (the others are filter values). */
const LISTING_KINDS = ['merchantNames', 'merchantBannerNames', 'offers'] as const;

/**
 * Rows read per kind of listing row, before ranking: the first whole-term prefix matches in term
 * order and the first later-word matches in the order of the rest (btree each), and the first
 * matches anywhere in the table's order (trigram GIN; the table is written in term order).
 * Bounded whatever the number of listings; ranked by closeness, then popularity.
 */
const PREFIX_CANDIDATES = 16;
const MATCH_CANDIDATES = 100;

/**
 * What a row in one of the caller's programs must also meet to be seen by the caller ($4): none
 * of its programs excluded and, for offers, running now. A suggest_word row, whose program the
 * lookup names, is held to this alone.
 */
const NOT_EXCLUDED_AND_CURRENT = `not excluded_programs && $4::text[]
    and (ends_at is null
      or (starts_at <= (now() at time zone 'utc') and ends_at > (now() at time zone 'utc')))`;

/**
 * What a row must meet to be seen by the caller ($4). The function suggest_infix (migration 026)
 * applies the same rule to the matches anywhere.
 */
const VISIBLE = `programs && $4::text[] and ${NOT_EXCLUDED_AND_CURRENT}`;

/** How close a match is: 0 the whole term starts with the text ($2), 1 a later word ($3), 2 a piece. */
const CLOSENESS = 'case when folded like $2 then 0 when folded like $3 then 1 else 2 end';

/**
 * The matching suggestions per group, best first, at most 8 a group and 3 locations: whole-term
 * prefix matches, then word-prefix matches, then other pieces; within those the most popular.
 * One statement (indexes of migration 017_suggest_lookup.sql and 023_suggest_words.sql; the
 * matches anywhere through suggest_infix of migration 026, which keeps the planner on the trigram
 * index):
 * - filter suggestions (services, business types, places: a row per value and program, a few
 *   thousand, on their own trigram index) are merged into one per value, their weight summed over
 *   the caller's programs;
 * - each wanted kind with a row per listing or offer (a million names at a million listings) is
 *   read in bounded parts, its kind written into each so that its own indexes answer: the first
 *   PREFIX_CANDIDATES whole-term prefix matches in term order (byte order, `using ~<~`, the order
 *   of the prefix index, so its scan stops there: 'spa' among the offers at a million listings
 *   sorted 16,000 matches otherwise, 30 ms); for three characters and more, the first
 *   PREFIX_CANDIDATES later-word matches the same way (suggest_word of migration 023), and the
 *   first MATCH_CANDIDATES matches of any kind. Each part is read only for a kind whose earlier
 *   parts have fewer matches than its group shows, as its matches rank after theirs. A common
 *   text ('mas') no longer reads and sorts every match; a rare one (a spa's name) is found whole;
 * - the best of each group by a top-N per kind.
 */
const suggestSql = (types: readonly SuggestionType[], infix: boolean) => {
  const kinds = LISTING_KINDS.filter((kind) => types.includes(kind));
  const prefixes = kinds.map(
    (kind) => `prefix_${kind} as materialized (
  select kind, term, merchant_id, offer_id, null::text as filter, data, weight, 0 as closeness
  from suggest
  where kind = '${kind}' and merchant_id is not null and folded ~>=~ $8::text and folded ~<~ $9::text
    and ${VISIBLE}
  order by folded using ~<~
  limit ${PREFIX_CANDIDATES}
),
`,
  );
  // Later words' starts rank after whole-term prefixes (closeness), so a kind whose prefixes fill
  // its group ($7) reads none; matches anywhere rank after both, and their trigram bitmap ('mass'
  // in 69,000 offer titles of a program at a million) is built only when the two do not fill it.
  // A row found both ways is the same row in `merged` (CLOSENESS on its term), kept once.
  const words = infix
    ? kinds.map(
        (kind) => `words_${kind} as materialized (
  select s.kind, s.term, s.merchant_id, s.offer_id, null::text as filter, s.data, s.weight, ${CLOSENESS} as closeness
  from (
    select match.suggest_id
    from unnest($4::text[]) as caller(program)
    cross join lateral (
      select suggest_id, rest from suggest_word
      where kind = '${kind}' and program = caller.program and rest ~>=~ $8::text and rest ~<~ $9::text
        and ${NOT_EXCLUDED_AND_CURRENT} and (select count(*) from prefix_${kind}) < $7::int
      order by rest using ~<~
      limit ${PREFIX_CANDIDATES}
    ) match
    group by match.suggest_id
    order by min(match.rest) using ~<~
    limit ${PREFIX_CANDIDATES}
  ) word
  join suggest s on s.id = word.suggest_id
),
`,
      )
    : [];
  const matches = (kind: string) =>
    infix
      ? `
  union
  select * from words_${kind}
  union
  select kind, term, merchant_id, offer_id, null, data, weight, ${CLOSENESS}
  from suggest_infix('${kind}', $1, $4::text[], ${MATCH_CANDIDATES})
  where (
    select count(*) from (
      select merchant_id, offer_id from prefix_${kind} union select merchant_id, offer_id from words_${kind}
    ) seen
  ) < $7::int`
      : '';
  return `
with ${prefixes.join('')}${words.join('')}merged as materialized (
  select kind, term, null::bigint as merchant_id, null::bigint as offer_id, filter, (array_agg(data))[1] as data,
    sum(weight) as weight, min(${CLOSENESS}) as closeness
  from suggest
  where merchant_id is null and folded like $1 and kind = any ($5::text[])
    and ${VISIBLE}
  group by kind, term, filter
  ${kinds.map((kind) => `union\n  select * from prefix_${kind}${matches(kind)}`).join('\n  ')}
)
select best.*
from unnest($5::text[]) with ordinality as wanted(kind, position)
cross join lateral (
  select merged.kind, merged.term, merged.merchant_id, merged.offer_id, merged.filter, merged.data
  from merged
  where merged.kind = wanted.kind
  order by merged.closeness, merged.weight desc, merged.term, merged.merchant_id, merged.offer_id
  limit case when wanted.kind = 'merchantLocations' then $6::int else $7::int end
) best
order by wanted.position`;
};

/**
 * Suggestions for a text, scoped to the caller's programs, grouped and capped (capSuggestions).
 * Only text that matches nothing as typed is corrected (correctedText), so an exact match never
 * gives way to a correction and the usual keystroke costs no vocabulary lookup.
 */
export async function suggest(
  db: Db,
  request: SuggestRequest,
  programs: readonly string[],
): Promise<Suggestions> {
  const lookup = async (text: string) => {
    const patterns = likePatterns(text);
    const sql = suggestSql(request.types, patterns.match !== patterns.prefix);
    const { rows } = await db.query<SuggestRow>(
      sql,
      [
        patterns.match,
        patterns.prefix,
        patterns.wordPrefix,
        programs,
        request.types,
        MAX_LOCATION_SUGGESTIONS,
        MAX_SUGGESTIONS_PER_GROUP,
        // The byte range of whole-term prefixes, read only with a kind of listing row.
        ...(request.types.some((type) => LISTING_KINDS.includes(type as (typeof LISTING_KINDS)[number]))
          ? [patterns.from, patterns.to]
          : []),
      ],
      // A few texts (which groups, whether matches anywhere are read), typed again and again.
      { prepared: true },
    );
    return rows;
  };
  let rows = await lookup(request.text);
  if (!rows.length) {
    const corrected = await correctedText(db, request.text, programs);
    if (corrected) rows = await lookup(corrected);
  }
  const groups: Suggestions = {};
  for (const row of rows) (groups[row.kind] ??= []).push(suggestionItem(row));
  return capSuggestions(groups);
}

/**
 * The text with its typos corrected, the last word read as a start still being typed ('masa' ->
 * 'massage'); null when nothing is corrected. Words of 1-3 letters are never corrected.
 */
export async function correctedText(
  db: Pick<Db, 'query'>,
  text: string,
  programs: readonly string[],
): Promise<string | null> {
  const words = keywordWords(text);
  if (!words.some((word) => typoBudget(word) > 0)) return null;
  const lookups = await lookupWords(db, words, programs, { typos: true, typing: true });
  return planKeywords({ pieces: [{ kind: 'words', words }], words, hasOr: false }, lookups, { typing: true })
    .corrected;
}

/** A suggestion item of spec 3, its URL in one of the three forms of spec 7. */
function suggestionItem(row: SuggestRow): SuggestionItem {
  const base = { item: row.term, type: row.kind };
  if (row.offer_id !== null) {
    return { ...base, ...row.data, url: offerSuggestionUrl(row.offer_id), offerId: row.offer_id };
  }
  if (row.merchant_id !== null) {
    return { ...base, ...row.data, url: merchantSuggestionUrl(row.merchant_id), merchantId: row.merchant_id };
  }
  // A place searches its state or province (the filters of spec 3 have no city); the element
  // puts `item` ('Austin, TX') in the location field for a radius search.
  const filters: Filters =
    row.filter === 'location'
      ? {
          'location.countryCode': [String(row.data.countryCode)],
          'location.stateOrProvince': [String(row.data.stateOrProvince)],
        }
      : { [row.filter as keyof Filters]: [row.term] };
  const item: SuggestionItem = {
    ...base,
    url: merchantsSearchUrl(filters),
    filter: row.filter ?? '',
    filters,
  };
  if (row.filter === 'location') item.address = row.term;
  return item;
}
