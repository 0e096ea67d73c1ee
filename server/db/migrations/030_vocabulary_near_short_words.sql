-- Typo candidates of a four-letter word through fewer index rows (issue 16). Runs on PGlite and
-- PostgreSQL 15+.
--
-- pg_trgm's GIN index admits a row for `%` when the typed word's trigrams it shares reach the
-- floor's share of them: a word of four letters has five trigrams ('  c', ' ch', 'chi', 'hir',
-- 'ir '), so at 0.2 one shared trigram clears the index, and every word that starts with its first
-- letter is read and its similarity computed ('chir': 870 rows for 30 above the floor, 7-9 ms on
-- PGlite at 20,000 listings). At 0.25 two must be shared. No word within a four-letter word's
-- typo budget (one edit) is lost: a substitution or a deletion leaves two of the five trigrams
-- (0.25-0.29), an insertion three; the transpositions that leave one (0.11) were under 0.2 too.
-- Longer words are unchanged (from five letters, 0.2 already needs two shared trigrams).
create or replace function search_vocabulary_near(typed text, programs text[], n integer)
returns table (word text, listings integer)
language sql stable
set pg_trgm.similarity_threshold = 0.2
as $$
  -- Local to the call: the function's own SET restores the floor when it returns.
  select set_config('pg_trgm.similarity_threshold', case when length(typed) = 4 then '0.25' else '0.2' end, true);
  select s.word, s.listings from search_vocabulary s
  where s.program = any (programs) and s.word % typed
  order by s.word <-> typed
  limit n
$$;
