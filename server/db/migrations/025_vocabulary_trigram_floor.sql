-- Typo candidates above a trigram floor (issue 16). Runs on PGlite and PostgreSQL 15+.
--
-- server/search/keywords.ts read an unknown word's nearest vocabulary words by GiST distance
-- (KNN, `<->` and `<<->`). On short words the index's inner pages bound nothing (their trigram
-- signatures hold nearly every trigram), so each read walked the whole index and computed every
-- distance: 15-24 ms a read at a million listings on PostgreSQL (9,600 words a program, 27,000
-- rows), two of them for a word being typed, as slow as reading the table. Now the candidates are
-- the words above a similarity floor, found through a GIN index of their trigrams, nearest first:
-- 0.2-5 ms there.
--
-- The floors: similarity 0.2 admits any one typo in a word of five letters or more (a swap of two
-- middle letters is the farthest, 0.2) and a changed or swapped last letter in four ('yoag' and
-- 'yoga', 0.25); word similarity 0.25 admits most starts with one typo ('mssa' in 'massage',
-- 0.25; 'facal' in 'facial', 0.5), not a swap near the start of a short one ('msasa', 0.17, which
-- the nearest twelve missed too). Where twelve words or more clear a floor, the answer is the
-- twelve nearest, as before; only in a sparse vocabulary did the nearest twelve reach further.
drop index search_vocabulary_trgm;
create index search_vocabulary_trgm on search_vocabulary using gin (word gin_trgm_ops);

-- A word's typo candidates in the caller's programs: the n nearest rows (a word per program) above
-- the floor. The floors are set for the call alone (pg_trgm reads them from its settings).
create function search_vocabulary_near(typed text, programs text[], n integer)
returns table (word text, listings integer)
language sql stable
set pg_trgm.similarity_threshold = 0.2
as $$
  select s.word, s.listings from search_vocabulary s
  where s.program = any (programs) and s.word % typed
  order by s.word <-> typed
  limit n
$$;

-- The words a word being typed may be the start of, with a typo ('facal' -> 'facial').
create function search_vocabulary_starts(typed text, programs text[], n integer)
returns table (word text, listings integer)
language sql stable
set pg_trgm.word_similarity_threshold = 0.25
as $$
  select s.word, s.listings from search_vocabulary s
  where s.program = any (programs) and typed <% s.word
  order by typed <<-> s.word
  limit n
$$;
