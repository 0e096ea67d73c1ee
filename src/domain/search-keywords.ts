/**
 * Keywords that forgive (issue 17): how typed keywords are read, how far a typo may be from the
 * word it stands for, the synonyms and abbreviations every tenant gets, and the plan of a keyword
 * search once the listings' vocabulary has been asked about each word. The server looks the words
 * up (server/search/keywords.ts) and turns the plan into SQL (server/search/query.ts); the rules
 * themselves are here, pure, so they are tested on their own.
 *
 * Order of the rules, as Algolia and Typesense apply them:
 * 1. Quoted phrases, negations (-word) and 'or' are the web search syntax of PostgreSQL's
 *    websearch_to_tsquery and are left as typed; a query with 'or' is not rewritten at all.
 * 2. Synonyms and abbreviations (DEFAULT_SYNONYMS and the tenant's own) add alternatives; they
 *    count as exact matches.
 * 3. A word the vocabulary knows (itself or its stem: 'massages' is 'massage') is exact.
 * 4. The last word may be a prefix still being typed ('swedish mass'): the vocabulary words it
 *    starts are exact alternatives.
 * 5. Any other word may be a typo: the vocabulary words within its typo budget (typoBudget, with
 *    transpositions counted as one edit) become alternatives that count as typos, and the word
 *    as typed stays an alternative, so a listing that has it ranks first.
 */

// ---------------------------------------------------------------------------------------------
// Words

/** Lower case without accents ('Montréal' -> 'montreal'), as the vocabulary holds its words. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * The words of a text as the vocabulary splits them (migration 012_search_vocabulary.sql):
 * folded, then runs of a-z and 0-9 ("Couple's Anti-Aging" -> couple, s, anti, aging).
 */
export function keywordWords(text: string): string[] {
  return foldText(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

// ---------------------------------------------------------------------------------------------
// Typos

/** The shortest word that may hold a typo (typoBudget). */
export const MIN_TYPO_LENGTH = 4;

/**
 * How many typos a word may hold: none for 1-3 letters (too many short words are one edit
 * apart), one for 4-7, two for 8 and more (Algolia's minWordSizefor1Typo 4 and for2Typos 8).
 */
export function typoBudget(word: string): number {
  if (word.length < MIN_TYPO_LENGTH) return 0;
  return word.length < 8 ? 1 : 2;
}

/**
 * The edit distance between two words: insertions, deletions, substitutions and transpositions
 * of two neighbouring letters count one each ('facail' -> 'facial' is 1, where Levenshtein says
 * 2). The optimal string alignment form: no letter is edited twice. Gives up above `max` and
 * answers max + 1 (the caller only wants to know whether a word is within its budget).
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = alignmentRows(a, b, max);
  const distance = rows === null ? max + 1 : rows[rows.length - 1]![b.length]!;
  return distance > max ? max + 1 : distance;
}

/**
 * The least edit distance between `prefix` and any start of `word`: how far a word still being
 * typed is from a word it may become ('masa' -> 'massage' is 1: 'mass'). 0 when `word` starts
 * with `prefix`. Like editDistance, max + 1 when over `max`.
 */
export function prefixEditDistance(prefix: string, word: string, max = Infinity): number {
  const rows = alignmentRows(prefix, word, max);
  if (rows === null) return max + 1;
  const distance = Math.min(...rows[rows.length - 1]!);
  return distance > max ? max + 1 : distance;
}

/**
 * The dynamic programme of the optimal string alignment distance: row i, column j is the
 * distance between the first i letters of `a` and the first j of `b`. Null when a whole row is
 * over `max` (no alignment can come back under it).
 */
function alignmentRows(a: string, b: string, max: number): number[][] | null {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    const previous = rows[i - 1]!;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      }
      row.push(best);
    }
    if (Math.min(...row) > max) return null;
    rows.push(row);
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Synonyms

/**
 * A line of the synonym table. Two-way (the default): each term finds every other ('sauna',
 * 'steam room'). One-way: the first term also finds the others, not the reverse ('mani' ->
 * 'manicure': 'manicure' does not find what says only 'mani'). A term may be several words.
 */
export interface SynonymEntry {
  terms: string[];
  /** Only the first term is expanded. @default false */
  oneWay?: boolean;
}

/**
 * The synonyms and abbreviations of every tenant; a tenant adds its own in
 * `searchEnvironment.synonyms` (sauna <-> steam room where its spas want that). Regular plurals
 * need no line: full-text search stems them ('massages' is 'massage'), and a typed plural also
 * matches a term without its 's'.
 */
export const DEFAULT_SYNONYMS: readonly SynonymEntry[] = [
  { terms: ['mani', 'manicure'], oneWay: true },
  { terms: ['pedi', 'pedicure'], oneWay: true },
  { terms: ['manipedi', 'manicure pedicure'], oneWay: true },
  { terms: ['couples', "couple's"], oneWay: true },
  { terms: ['nails', 'nail salon', 'manicure'], oneWay: true },
  { terms: ['med spa', 'medical spa'] },
  { terms: ['medspa', 'medical spa'], oneWay: true },
  { terms: ['massage therapist', 'massage'], oneWay: true },
  { terms: ['eyebrow', 'brow'], oneWay: true },
  { terms: ['eyelash', 'lash'], oneWay: true },
  { terms: ['hot tub', 'whirlpool'] },
  { terms: ['pregnancy', 'prenatal'] },
  { terms: ['gym', 'fitness'], oneWay: true },
  { terms: ['spinning', 'spin class'], oneWay: true },
  { terms: ['wax', 'waxing'], oneWay: true },
  { terms: ['tan', 'tanning'], oneWay: true },
  { terms: ['hiit', 'high intensity interval training'] },
  { terms: ['detox', 'cleanse'] },
  { terms: ['botox', 'neurotoxin'] },
];

/** A synonym line as the matcher reads it: each term as its folded words. */
interface SynonymLine {
  terms: string[][];
  oneWay: boolean;
}

/** Longest synonym term in words: longer spans are not looked for. */
const MAX_TERM_WORDS = 4;

const compileSynonyms = (entries: readonly SynonymEntry[]): SynonymLine[] =>
  entries
    .map((entry) => ({
      terms: entry.terms
        .map(keywordWords)
        .filter((words) => words.length > 0 && words.length <= MAX_TERM_WORDS),
      oneWay: entry.oneWay ?? false,
    }))
    .filter((line) => line.terms.length > 1);

/** A typed word stands for a term's word when they are equal or one is the other plus 's'. */
const sameWord = (typed: string, term: string) =>
  typed === term || typed === `${term}s` || `${typed}s` === term;

/** Whether `words` from `start` begin with `term`. */
const startsWithTerm = (words: readonly string[], start: number, term: readonly string[]) =>
  term.every((word, i) => words[start + i] !== undefined && sameWord(words[start + i]!, word));

/** A span of typed words that a synonym line covers, and the alternatives it adds. */
export interface SynonymSpan {
  start: number;
  length: number;
  /** The other terms of the line, as texts ('manicure', 'steam room'). */
  alternatives: string[];
}

/**
 * The synonym spans of the typed words, left to right, the longest term first; a word belongs to
 * one span at most. `entries` are the tenant's lines, after DEFAULT_SYNONYMS.
 */
export function synonymSpans(words: readonly string[], entries: readonly SynonymEntry[] = []): SynonymSpan[] {
  const lines = compileSynonyms([...DEFAULT_SYNONYMS, ...entries]);
  const spans: SynonymSpan[] = [];
  let start = 0;
  while (start < words.length) {
    // The longest term that starts here; then every line with a term of that length here adds
    // its other terms ('nails' may be in the defaults and in the tenant's own lines).
    let length = 0;
    for (const line of lines) {
      for (const term of expandable(line)) {
        if (term.length > length && startsWithTerm(words, start, term)) length = term.length;
      }
    }
    if (!length) {
      start += 1;
      continue;
    }
    const typed = words.slice(start, start + length).join(' ');
    const alternatives: string[] = [];
    for (const line of lines) {
      const matched = expandable(line).find(
        (term) => term.length === length && startsWithTerm(words, start, term),
      );
      if (!matched) continue;
      for (const term of line.terms) {
        const text = term.join(' ');
        if (term !== matched && text !== typed && !alternatives.includes(text)) alternatives.push(text);
      }
    }
    spans.push({ start, length, alternatives });
    start += length;
  }
  return spans;
}

/** The terms of a line that are expanded: the first of a one-way line, all of a two-way one. */
const expandable = (line: SynonymLine) => (line.oneWay ? line.terms.slice(0, 1) : line.terms);

// ---------------------------------------------------------------------------------------------
// Reading typed keywords

/** A piece of typed keywords: plain words, or web search syntax kept as typed. */
export type KeywordPiece =
  | { kind: 'words'; words: string[] }
  /** A quoted phrase or a negation ('-pilates', '-"hot stone"'), passed on as typed. */
  | { kind: 'syntax'; text: string };

export interface ParsedKeywords {
  pieces: KeywordPiece[];
  /** The plain words, in order (what synonyms, prefixes and typos apply to). */
  words: string[];
  /** The keywords use 'or': they are searched as typed. */
  hasOr: boolean;
}

/** Typed keywords as websearch_to_tsquery splits them: "quoted phrases", -negations, the rest. */
const keywordChunks = (keywords: string): string[] =>
  [...keywords.matchAll(/-?"[^"]*"?|[^\s"]+/g)].map(([chunk]) => chunk);

/** A chunk websearch_to_tsquery reads as syntax: a quoted phrase or a negation. */
const isSyntax = (chunk: string): boolean =>
  chunk.startsWith('"') || (chunk.startsWith('-') && keywordWords(chunk).length > 0);

/**
 * The hyphenated words of keywords of plain words ('walk-in', 'anti-aging'), each once as typed;
 * none for keywords with a phrase, a negation or 'or'. Full-text search's parser keeps such a word
 * whole, as a lexeme of its own ('walk-in') before its parts, so that lexeme alone finds what the
 * phrase of the word (`'walk-in' <-> 'walk'`) finds, without the positions that have every
 * listing found read again (server/search/query.ts, migration 033).
 */
export function hyphenatedWords(keywords: string): string[] {
  const chunks = keywordChunks(keywords);
  if (chunks.some((chunk) => isSyntax(chunk) || keywordWords(chunk).join() === 'or')) return [];
  return [...new Set(chunks.filter((chunk) => /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+$/u.test(chunk)))];
}

/**
 * Reads keywords the way websearch_to_tsquery does: "quoted phrases", a leading '-' for a
 * negation, the word 'or'; everything else is plain words (keywordWords).
 */
export function parseKeywords(keywords: string): ParsedKeywords {
  const pieces: KeywordPiece[] = [];
  const words: string[] = [];
  let hasOr = false;
  for (const chunk of keywordChunks(keywords)) {
    if (isSyntax(chunk)) {
      pieces.push({ kind: 'syntax', text: chunk });
      continue;
    }
    const chunkWords = keywordWords(chunk);
    if (chunkWords.length === 1 && chunkWords[0] === 'or') hasOr = true;
    if (chunkWords.length === 0) continue;
    words.push(...chunkWords);
    const last = pieces[pieces.length - 1];
    if (last?.kind === 'words') last.words.push(...chunkWords);
    else pieces.push({ kind: 'words', words: chunkWords });
  }
  return { pieces, words, hasOr };
}

// ---------------------------------------------------------------------------------------------
// The plan of a keyword search

/** A word of the listings' vocabulary and how often the caller's listings use it. */
export interface VocabularyWord {
  word: string;
  listings: number;
}

/** What the vocabulary says about one typed word (server/search/keywords.ts asks it). */
export interface WordLookup {
  /** The word, or its stem, is in the vocabulary; or it is a stop word or a number. */
  known: boolean;
  /** A stop word ('the', 'and'): full-text search ignores it. */
  stop: boolean;
  /** Vocabulary words near it by trigrams, nearest first (typo candidates). */
  near: VocabularyWord[];
  /** For the last word: vocabulary words near it as the start of a word (prefix candidates). */
  starts: VocabularyWord[];
}

/** One typed word (or a span a synonym covers) and what may match it. */
export interface KeywordGroup {
  /** As typed (folded). */
  typed: string;
  /** Alternatives that count as exact: the typed text, its synonyms, the words it starts. */
  exact: string[];
  /** Corrections within the typo budget, best first. */
  typos: string[];
}

export interface KeywordPlan {
  /** Each must match (or, in a partial match, as many as can). */
  groups: KeywordGroup[];
  /** Phrases and negations, as typed, for websearch_to_tsquery ('' for none). */
  syntax: string;
  /**
   * False: nothing to add, the keywords are searched as typed (websearch_to_tsquery), as before
   * issue 17. True: the groups are searched (server/search/query.ts).
   */
  rewritten: boolean;
  /** The keywords with each typo replaced by its best correction; null without corrections. */
  corrected: string | null;
}

/** Typo corrections kept per word: the nearest, most used first. */
export const MAX_CORRECTIONS = 3;
/** Words a prefix being typed stands for, most used first. */
export const MAX_COMPLETIONS = 4;
/** A prefix shorter than this stands for no words ('a' would stand for hundreds). */
export const MIN_PREFIX_LENGTH = 2;

/** Whether a typed word gets a vocabulary lookup: numbers ('100 palms') are taken as typed. */
export const needsLookup = (word: string): boolean => !/^[0-9]+$/.test(word);

export interface PlanOptions {
  /** The tenant's synonym lines (DEFAULT_SYNONYMS always apply). */
  synonyms?: readonly SynonymEntry[];
  /** Search for exactly what was typed: no typos, no prefixes (synonyms still apply). */
  exact?: boolean;
  /**
   * The keywords are still being typed (autocomplete): a misspelt start of the last word
   * ('masa' for 'massage') competes with whole-word corrections. @default false
   */
  typing?: boolean;
}

/**
 * The plan of a keyword search. `lookups` holds what the vocabulary says of each plain word
 * (parsed.words, by index; a word without a lookup counts as known).
 */
export function planKeywords(
  parsed: ParsedKeywords,
  lookups: ReadonlyMap<number, WordLookup>,
  options: PlanOptions = {},
): KeywordPlan {
  const syntax = parsed.pieces
    .filter((piece) => piece.kind === 'syntax')
    .map((piece) => piece.text)
    .join(' ');
  if (parsed.hasOr) return { groups: [], syntax, rewritten: false, corrected: null };

  const { words } = parsed;
  const spans = new Map(synonymSpans(words, options.synonyms).map((span) => [span.start, span]));
  const groups: KeywordGroup[] = [];
  const corrections = new Map<number, string>();
  let rewritten = false;
  for (let i = 0; i < words.length;) {
    const span = spans.get(i);
    if (span) {
      const typed = words.slice(i, i + span.length).join(' ');
      groups.push({ typed, exact: [typed, ...span.alternatives], typos: [] });
      if (span.alternatives.length) rewritten = true;
      i += span.length;
      continue;
    }
    const word = words[i]!;
    const lookup = lookups.get(i);
    i += 1;
    if (lookup?.stop) continue;
    const group: KeywordGroup = { typed: word, exact: [word], typos: [] };
    groups.push(group);
    if (!lookup || lookup.known || options.exact) continue;
    const last = i === words.length;
    if (last && word.length >= MIN_PREFIX_LENGTH) {
      const completions = byUse(
        lookup.starts.filter((entry) => entry.word.startsWith(word) && entry.word !== word),
      );
      if (completions.length) {
        group.exact.push(...completions.slice(0, MAX_COMPLETIONS));
        rewritten = true;
        continue;
      }
    }
    const budget = typoBudget(word);
    if (!budget) continue;
    const pool = [...lookup.near, ...lookup.starts];
    const whole = nearest(pool, (entry) => editDistance(word, entry.word, budget), word, budget);
    const started = last
      ? nearest(pool, (entry) => prefixEditDistance(word, entry.word, budget), word, budget)
      : [];
    // A word still being typed (autocomplete) takes whole words and starts alike, the most used
    // first ('masa': 'massage'). A submitted search takes whole words first ('masage' is
    // 'massage', not 'management'), unless a start as near is far more used: 'swedish masa' means
    // 'massage', not the city of 'mesa' nor 'casa'.
    const ranked =
      options.typing || startOutweighs(whole, started)
        ? nearest([...whole, ...started], (entry) => entry.distance, word, budget)
        : whole.length
          ? whole
          : started;
    const typos = ranked.map((entry) => entry.word).slice(0, MAX_CORRECTIONS);
    if (typos.length) {
      group.typos = typos;
      corrections.set(i - 1, typos[0]!);
      rewritten = true;
    }
  }

  const corrected = corrections.size ? correctedText(parsed, corrections) : null;
  return { groups, syntax, rewritten, corrected };
}

/**
 * How many times more listings a start must have than a whole-word correction as near, for a
 * submitted search to read its last word as that start: a rare whole word ('mesa', a city) gives
 * way to a common start ('massage'), a common one ('massage' for 'masage') does not.
 */
export const START_OVER_WHOLE = 20;

const startOutweighs = (whole: readonly Candidate[], started: readonly Candidate[]): boolean => {
  const [bestWhole] = whole;
  const [bestStart] = started;
  return Boolean(
    bestWhole &&
    bestStart &&
    bestStart.distance <= bestWhole.distance &&
    bestStart.listings >= START_OVER_WHOLE * bestWhole.listings,
  );
};

/**
 * Whether a submitted search should also read the last word's nearest starts of words (a second
 * statement, server/search/keywords.ts): only when its trigram neighbours hold neither a word it
 * starts nor a correction within its budget, whole or as a start. Otherwise they cannot change the
 * plan enough to pay for the lookup.
 */
export function needsFuzzyStarts(word: string, lookup: WordLookup): boolean {
  if (lookup.known || lookup.stop) return false;
  const pool = [...lookup.near, ...lookup.starts];
  if (
    word.length >= MIN_PREFIX_LENGTH &&
    pool.some((entry) => entry.word.startsWith(word) && entry.word !== word)
  )
    return false;
  const budget = typoBudget(word);
  if (!budget) return false;
  return !pool.some((entry) => entry.word !== word && prefixEditDistance(word, entry.word, budget) <= budget);
}

/** A candidate word with its edit distance from the typed word. */
interface Candidate extends VocabularyWord {
  distance: number;
}

/**
 * The candidates within `budget` of the typed word by `measure`, only those at the smallest
 * distance, the most used first (then alphabetical); the typed word itself is not one.
 */
function nearest<T extends VocabularyWord>(
  pool: readonly T[],
  measure: (entry: T) => number,
  typed: string,
  budget: number,
): Candidate[] {
  const best = new Map<string, Candidate>();
  for (const entry of pool) {
    if (entry.word === typed) continue;
    const distance = measure(entry);
    const seen = best.get(entry.word);
    if (distance > budget || (seen && seen.distance < distance)) continue;
    best.set(entry.word, {
      word: entry.word,
      listings: Math.max(entry.listings, seen?.listings ?? 0),
      distance,
    });
  }
  const all = [...best.values()];
  const least = Math.min(...all.map((candidate) => candidate.distance));
  return all
    .filter((candidate) => candidate.distance === least)
    .sort((a, b) => b.listings - a.listings || (a.word < b.word ? -1 : 1));
}

/** Most used first, then alphabetical; the words only. */
function byUse(entries: VocabularyWord[]): string[] {
  return [...entries]
    .sort((a, b) => b.listings - a.listings || (a.word < b.word ? -1 : 1))
    .map((entry) => entry.word);
}

/** The keywords with corrections in place: plain words folded, syntax as typed. */
function correctedText(parsed: ParsedKeywords, corrections: ReadonlyMap<number, string>): string {
  let index = 0;
  return parsed.pieces
    .map((piece) => {
      if (piece.kind === 'syntax') return piece.text;
      return piece.words.map((word) => corrections.get(index++) ?? word).join(' ');
    })
    .join(' ');
}
