import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  editDistance,
  hyphenatedWords,
  keywordWords,
  needsFuzzyStarts,
  parseKeywords,
  planKeywords,
  prefixEditDistance,
  synonymSpans,
  typoBudget,
  type WordLookup,
} from '../../../src/domain/search-keywords';

/** A lookup as the vocabulary answers it: known, or unknown with its neighbours. */
const known: WordLookup = { known: true, stop: false, near: [], starts: [] };
const stop: WordLookup = { known: true, stop: true, near: [], starts: [] };
const unknown = (near: [string, number][], starts: [string, number][] = []): WordLookup => ({
  known: false,
  stop: false,
  near: near.map(([word, listings]) => ({ word, listings })),
  starts: starts.map(([word, listings]) => ({ word, listings })),
});
const lookups = (...entries: WordLookup[]) => new Map(entries.map((lookup, index) => [index, lookup]));

describe('typo budget by word length', () => {
  it.each([
    ['spa', 0],
    ['tan', 0],
    ['yoga', 1],
    ['massage', 1],
    ['pedicure', 2],
    ['reflexology', 2],
  ])('%s may hold %i typos', (word, budget) => {
    expect(typoBudget(word)).toBe(budget);
  });
});

describe('edit distance', () => {
  it('counts insertions, deletions and substitutions as one each', () => {
    expect(editDistance('masage', 'massage')).toBe(1);
    expect(editDistance('massagee', 'massage')).toBe(1);
    expect(editDistance('mossage', 'massage')).toBe(1);
    expect(editDistance('msg', 'massage')).toBe(4);
  });

  it('counts a swap of two neighbouring letters as one edit', () => {
    expect(editDistance('facail', 'facial')).toBe(1);
    expect(editDistance('yoag', 'yoga')).toBe(1);
  });

  it('gives up above the budget and answers budget + 1', () => {
    expect(editDistance('acupunture', 'acupuncture', 2)).toBe(1);
    expect(editDistance('sauna', 'salon', 1)).toBe(2);
    expect(editDistance('a', 'abcdef', 2)).toBe(3);
  });

  it('is symmetric, 0 only for equal words, and within the length difference and the longer length', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), maxLength: 8 });
    fc.assert(
      fc.property(word, word, (a, b) => {
        const distance = editDistance(a, b);
        expect(editDistance(b, a)).toBe(distance);
        expect(distance === 0).toBe(a === b);
        expect(distance).toBeGreaterThanOrEqual(Math.abs(a.length - b.length));
        expect(distance).toBeLessThanOrEqual(Math.max(a.length, b.length));
      }),
    );
  });

  it('measures a word being typed against the start of a word', () => {
    expect(prefixEditDistance('mass', 'massage')).toBe(0);
    expect(prefixEditDistance('masa', 'massage')).toBe(1);
    expect(prefixEditDistance('masag', 'massage')).toBe(1);
    expect(prefixEditDistance('facal', 'facials')).toBe(1);
    expect(prefixEditDistance('xyz', 'massage', 1)).toBe(2);
  });
});

describe('reading keywords', () => {
  it('folds accents and case, and splits on anything but letters and digits', () => {
    expect(keywordWords("Couple's Anti-Aging FACIAL in Montréal")).toEqual([
      'couple',
      's',
      'anti',
      'aging',
      'facial',
      'in',
      'montreal',
    ]);
  });

  it('keeps quoted phrases and negations as typed, and notices or', () => {
    const parsed = parseKeywords('hot "stone massage" -prenatal yoga');
    expect(parsed.words).toEqual(['hot', 'yoga']);
    expect(parsed.pieces).toEqual([
      { kind: 'words', words: ['hot'] },
      { kind: 'syntax', text: '"stone massage"' },
      { kind: 'syntax', text: '-prenatal' },
      { kind: 'words', words: ['yoga'] },
    ]);
    expect(parsed.hasOr).toBe(false);
    expect(parseKeywords('yoga or pilates').hasOr).toBe(true);
    expect(parseKeywords('anti-aging').words).toEqual(['anti', 'aging']);
  });

  it('finds the hyphenated words of plain keywords, which are tested by their own lexeme', () => {
    expect(hyphenatedWords('walk-in')).toEqual(['walk-in']);
    expect(hyphenatedWords('Anti-Aging facial co-op anti-aging')).toEqual([
      'Anti-Aging',
      'co-op',
      'anti-aging',
    ]);
    expect(hyphenatedWords('après-ski 24-7 spa walk-in')).toEqual(['après-ski', '24-7', 'walk-in']);
    // No hyphen inside a word, or one that is not between letters or digits.
    expect(hyphenatedWords('massage sauna')).toEqual([]);
    expect(hyphenatedWords('walk- in')).toEqual([]);
    expect(hyphenatedWords('walk-in!')).toEqual([]);
    // Syntax websearch_to_tsquery reads as more than words: the keywords are searched as typed.
    expect(hyphenatedWords('walk-in "day spa"')).toEqual([]);
    expect(hyphenatedWords('walk-in -sauna')).toEqual([]);
    expect(hyphenatedWords('walk-in or sauna')).toEqual([]);
  });
});

describe('synonyms and abbreviations', () => {
  it('expands abbreviations one way', () => {
    expect(synonymSpans(['mani', 'pedi'])).toEqual([
      { start: 0, length: 1, alternatives: ['manicure'] },
      { start: 1, length: 1, alternatives: ['pedicure'] },
    ]);
    // One-way: 'manicure' does not find what only says 'mani'.
    expect(synonymSpans(['manicure'])).toEqual([]);
  });

  it("expands two-way lines from any term, the tenant's lines after the defaults", () => {
    const tenant = [{ terms: ['sauna', 'steam room'] }];
    expect(synonymSpans(['sauna'], tenant)).toEqual([{ start: 0, length: 1, alternatives: ['steam room'] }]);
    expect(synonymSpans(['steam', 'room'], tenant)).toEqual([
      { start: 0, length: 2, alternatives: ['sauna'] },
    ]);
    expect(synonymSpans(['sauna'])).toEqual([]);
  });

  it('matches a typed plural to a singular term, and the longest term first', () => {
    const tenant = [{ terms: ['sauna', 'steam room'] }];
    expect(synonymSpans(['saunas'], tenant)[0]?.alternatives).toEqual(['steam room']);
    expect(synonymSpans(['med', 'spa', 'austin'])).toEqual([
      { start: 0, length: 2, alternatives: ['medical spa'] },
    ]);
  });

  it('adds up every line of a term', () => {
    const tenant = [{ terms: ['nails', 'gel manicure'], oneWay: true }];
    expect(synonymSpans(['nails'], tenant)[0]?.alternatives).toEqual([
      'nail salon',
      'manicure',
      'gel manicure',
    ]);
  });
});

describe('the plan of a keyword search', () => {
  it('searches known words as typed', () => {
    const plan = planKeywords(parseKeywords('Massage Austin'), lookups(known, known));
    expect(plan).toEqual({
      groups: [
        { typed: 'massage', exact: ['massage'], typos: [] },
        { typed: 'austin', exact: ['austin'], typos: [] },
      ],
      syntax: '',
      rewritten: false,
      corrected: null,
    });
  });

  it('corrects an unknown word to the nearest words within its budget, most used first', () => {
    const plan = planKeywords(
      parseKeywords('masage austin'),
      lookups(
        unknown([
          ['massage', 900],
          ['massages', 400],
          ['message', 3],
          ['sage', 50],
        ]),
        known,
      ),
    );
    expect(plan.groups[0]).toEqual({ typed: 'masage', exact: ['masage'], typos: ['massage'] });
    expect(plan.rewritten).toBe(true);
    expect(plan.corrected).toBe('massage austin');
  });

  it('keeps every correction at the smallest distance, at most three', () => {
    const plan = planKeywords(
      parseKeywords('yogo'),
      lookups(
        unknown([
          ['yoga', 500],
          ['york', 20],
          ['yogi', 4],
          ['togo', 2],
          ['yoda', 1],
        ]),
      ),
    );
    // 'yoga', 'yogi', 'togo', 'yoda' are all one edit away; 'york' two.
    expect(plan.groups[0]!.typos).toEqual(['yoga', 'yogi', 'togo']);
  });

  it('does not correct words of three letters or fewer', () => {
    const plan = planKeywords(parseKeywords('spx'), lookups(unknown([['spa', 900]])));
    expect(plan.groups[0]!.typos).toEqual([]);
    expect(plan.rewritten).toBe(false);
    expect(plan.corrected).toBeNull();
  });

  it('takes the last word as a prefix being typed before looking for typos', () => {
    const plan = planKeywords(
      parseKeywords('swedish mass'),
      lookups(
        known,
        unknown(
          [['mask', 3]],
          [
            ['massage', 900],
            ['massachusetts', 40],
            ['mask', 3],
          ],
        ),
      ),
    );
    expect(plan.groups[1]).toEqual({
      typed: 'mass',
      exact: ['mass', 'massage', 'massachusetts'],
      typos: [],
    });
    expect(plan.corrected).toBeNull();
  });

  it('corrects a misspelt prefix of the last word', () => {
    const plan = planKeywords(
      parseKeywords('masa'),
      lookups(
        unknown(
          [],
          [
            ['massage', 900],
            ['maple', 9],
          ],
        ),
      ),
    );
    expect(plan.groups[0]!.typos).toEqual(['massage']);
    expect(plan.corrected).toBe('massage');
  });

  it('applies synonyms instead of corrections, and drops stop words', () => {
    const plan = planKeywords(parseKeywords('the mani pedi'), lookups(stop, unknown([['mania', 1]])));
    expect(plan.groups).toEqual([
      { typed: 'mani', exact: ['mani', 'manicure'], typos: [] },
      { typed: 'pedi', exact: ['pedi', 'pedicure'], typos: [] },
    ]);
    expect(plan.rewritten).toBe(true);
    expect(plan.corrected).toBeNull();
  });

  it('searches exactly what was typed when asked: synonyms, no typos, no prefixes', () => {
    const options = { exact: true };
    const plan = planKeywords(
      parseKeywords('masage mani'),
      lookups(unknown([['massage', 900]]), known),
      options,
    );
    expect(plan.groups.map((group) => [group.exact, group.typos])).toEqual([
      [['masage'], []],
      [['mani', 'manicure'], []],
    ]);
    expect(plan.corrected).toBeNull();
  });

  it('passes phrases and negations on, and leaves a query with or as typed', () => {
    const plan = planKeywords(parseKeywords('facail -"hot stone"'), lookups(unknown([['facial', 300]])));
    expect(plan.syntax).toBe('-"hot stone"');
    expect(plan.corrected).toBe('facial -"hot stone"');
    const or = planKeywords(parseKeywords('facail or yoga'), lookups(unknown([['facial', 300]])));
    expect(or).toEqual({ groups: [], syntax: '', rewritten: false, corrected: null });
  });
  it('reads the last word as the start of a far more used word before a rare whole word', () => {
    // 'masa': 'casa' is one edit away, 'massage' one edit from starting with it, and far more used.
    const near = unknown([
      ['massage', 900],
      ['casa', 7],
    ]);
    const plan = planKeywords(parseKeywords('swedish masa'), lookups(known, near));
    expect(plan.corrected).toBe('swedish massage');
    expect(plan.groups[1]!.typos).toEqual(['massage', 'casa']);
    // Not the first word, nor a whole word about as used.
    expect(planKeywords(parseKeywords('masa swedish'), lookups(near, known)).corrected).toBe('casa swedish');
    const close = unknown([
      ['massage', 100],
      ['casa', 7],
    ]);
    expect(planKeywords(parseKeywords('swedish masa'), lookups(known, close)).corrected).toBe('swedish casa');
  });
});

describe('the second lookup of a last word', () => {
  it('is needed only when its neighbours give it neither a completion nor a correction', () => {
    expect(needsFuzzyStarts('masage', unknown([['massage', 900]]))).toBe(false);
    expect(needsFuzzyStarts('pedicur', unknown([], [['pedicure', 90]]))).toBe(false);
    expect(needsFuzzyStarts('masa', unknown([['massage', 900]]))).toBe(false);
    expect(needsFuzzyStarts('masa', unknown([['mat', 900]]))).toBe(true);
    expect(needsFuzzyStarts('masa', known)).toBe(false);
    // No budget for short words: nothing to look for.
    expect(needsFuzzyStarts('msa', unknown([]))).toBe(false);
  });
});
