-- A hyphenated word tested by its own lexeme (issue 16). Runs on PGlite and PostgreSQL 15+.
--
-- The parser keeps a hyphenated word whole, as a lexeme of its own before its parts:
-- 'walk-in' is 'walk-in':1 'walk':2. websearch_to_tsquery makes it the phrase 'walk-in' <-> 'walk',
-- and a phrase needs positions, which the keyword index does not hold: every listing it finds is
-- read again to test them, with the rest of the index's condition (then migration 029's rating
-- tiers). The word's own lexeme finds the same listings (where it is, its parts follow it) from
-- the index alone: the local directory's 'walk-in' without a place, by tier at a million listings,
-- tested 3,500 listings again in 15 ms of its 38.
--
-- A word the parser does not keep whole ('24-hour' is '24' and 'hour'; '24-7' is '24' and '-7')
-- keeps its phrase: the lexeme at the word's first position must be the word with its hyphen.
create function hyphenated_word_query(word text) returns tsquery
language sql immutable parallel safe
as $$
  select coalesce(
    (select ('''' || replace(replace(t.lexeme, '\', '\\'), '''', '''''') || '''')::tsquery
      from unnest(to_tsvector('english', word)) as t
      where 1 = any (t.positions) and t.lexeme ~ '^[^-]+-'),
    phraseto_tsquery('english', word))
$$;
