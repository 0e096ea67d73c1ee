-- Search that forgives typos (issue 17). Runs unchanged on PGlite and PostgreSQL 15+.
--
-- 1. Business types and amenities become searchable: 'aromatherapy' (an amenity) and 'Salon' (a
--    business type) are words a visitor types. They come from the listing document itself, with
--    the lowest weight (D), so a match in the name, the services or the description ranks first.
--    jsonb_path_query_array and to_tsvector(regconfig, jsonb) are immutable: a generated column
--    may read them, and only the strings of the arrays are indexed.
alter table merchants drop column tsv;
alter table merchants add column tsv tsvector generated always as (
  setweight(to_tsvector('english', name), 'A')
  || setweight(to_tsvector('english', services_text), 'B')
  || setweight(to_tsvector('english', description), 'C')
  || setweight(to_tsvector('english', jsonb_path_query_array(doc, '$.businessTypes[*]')
    || jsonb_path_query_array(doc, '$.amenities[*].offerings[*]')), 'D')
) stored;
create index merchants_tsv on merchants using gin (tsv);

-- 2. The vocabulary of the listings: every word of their names, services, business types,
--    amenities, cities and states, per program, with the number of approved, searchable listings
--    of the program that use it. A query word that is not in it is looked up here by trigram
--    distance (GiST, nearest first) and corrected to the nearest words within the typo budget of
--    its length (src/domain/search-keywords.ts). The vocabulary is far smaller than the listings
--    (about 4,000 words per program at 20,000 listings; real names add words slowly), so a lookup
--    costs the same at a million listings.
create table search_vocabulary (
  -- lower(unaccent(word)): a-z and 0-9 only, 2 characters or more, not only digits.
  word text not null,
  program text not null,
  -- The word's English stem(s) as full-text search indexes it ('massages' -> 'massag'); a query
  -- word with the stem of a vocabulary word is a known word, never corrected.
  lexeme text not null,
  -- How often the approved, searchable listings of the program use the word: ranks corrections.
  listings integer not null,
  primary key (word, program)
);
create index search_vocabulary_trgm on search_vocabulary using gist (word gist_trgm_ops);
create index search_vocabulary_lexeme on search_vocabulary (lexeme);

-- The stem(s) full-text search gives a word; '' for a stop word ('the', 'and').
create function search_lexeme(word text) returns text
language sql immutable parallel safe
return array_to_string(tsvector_to_array(to_tsvector('english'::regconfig, word)), ' ');

-- The vocabulary words nearest a typed word by trigram distance (typo candidates), and nearest
-- it as the start of a word (`<<->`, for a word still being typed), for the caller's programs:
-- the GiST index answers nearest first and stops after `n`. The planner would read a small or
-- unanalysed vocabulary from start to end instead, computing every distance: at 14 us a
-- distance (PGlite) that is 20 ms for 1,500 words, so sequential scans are off in here.
create function search_vocabulary_near(typed text, programs text[], n integer)
returns table (word text, listings integer)
language sql stable
set enable_seqscan = off
as $$
  select v.word, sum(v.listings)::int
  from (
    select s.word, s.listings from search_vocabulary s
    where s.program = any (programs)
    order by s.word <-> typed
    limit n
  ) v
  group by v.word
$$;

create function search_vocabulary_starts(typed text, programs text[], n integer)
returns table (word text, listings integer)
language sql stable
set enable_seqscan = off
as $$
  select v.word, sum(v.listings)::int
  from (
    select s.word, s.listings from search_vocabulary s
    where s.program = any (programs)
    order by typed <<-> s.word
    limit n
  ) v
  group by v.word
$$;

-- The query that counts the words of a relation of merchants rows (the table, or a trigger's
-- transition table): (word, program, listings). The texts a visitor may type (name, city, state,
-- service categories and options, business types, amenities) are counted first and split into
-- words after, so the split runs once per distinct text, not once per listing. Words are folded
-- the way the query side folds them (foldText and keywordWords in src/domain/search-keywords.ts):
-- accents dropped, lower case, runs of a-z and 0-9 of two characters or more, not only digits.
-- A word a listing uses twice counts twice: the count ranks corrections, nobody reads it.
create function search_vocabulary_counts(relation text) returns text
language sql immutable
return format($sql$
  with phrase as (
    select p.program, t.phrase, count(*)::int as n
    from %I m
    cross join lateral unnest(m.included_programs) as p(program)
    cross join lateral (
      select m.name union all select m.city union all select m.state_name
      union all select unnest(m.service_categories) union all select unnest(m.service_options)
      union all select unnest(m.business_types)
      union all select jsonb_path_query(m.doc, '$.amenities[*].offerings[*]') #>> '{}'
    ) as t(phrase)
    where m.status = 'APPROVED' and not m.non_searchable
    group by p.program, t.phrase
  )
  select w.word, phrase.program, sum(phrase.n)::int as listings
  from phrase
  cross join lateral regexp_split_to_table(lower(unaccent(phrase.phrase)), '[^a-z0-9]+') as w(word)
  where length(w.word) >= 2 and w.word !~ '^[0-9]+$'
  group by w.word, phrase.program
$sql$, relation);

-- Adds the words of a relation of merchants rows (see search_vocabulary_counts). A word new to
-- the vocabulary gets its stem; a stop word is left out.
create function search_vocabulary_add_sql(relation text) returns text
language sql immutable
return format($sql$
  with counted as (%s),
  stem as (
    select d.word,
      coalesce((select v.lexeme from search_vocabulary v where v.word = d.word limit 1), search_lexeme(d.word))
        as lexeme
    from (select distinct word from counted) as d
  )
  insert into search_vocabulary as v (word, program, lexeme, listings)
  select c.word, c.program, s.lexeme, c.listings
  from counted c join stem s on s.word = c.word
  where s.lexeme <> ''
  on conflict (word, program) do update set listings = v.listings + excluded.listings
$sql$, search_vocabulary_counts(relation));

-- Kept in step with the listings by statement triggers with transition tables: one pass over the
-- rows a statement inserted, updated or deleted (a seed batch of 5,000 listings is one pass), and
-- a truncate empties it. A word whose count drops to 0 leaves the vocabulary. (The statements
-- are run with EXECUTE in the trigger function itself: only it sees the transition tables.)
create function search_vocabulary_sync() returns trigger
language plpgsql
as $$
begin
  if tg_op = 'TRUNCATE' then
    truncate search_vocabulary;
    return null;
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    execute format($sql$
      with gone as (%s)
      delete from search_vocabulary v using gone g
      where v.word = g.word and v.program = g.program and v.listings <= g.listings
    $sql$, search_vocabulary_counts('old_listings'));
    execute format($sql$
      with gone as (%s)
      update search_vocabulary v set listings = v.listings - g.listings
      from gone g
      where v.word = g.word and v.program = g.program
    $sql$, search_vocabulary_counts('old_listings'));
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    execute search_vocabulary_add_sql('new_listings');
  end if;
  return null;
end
$$;

create trigger merchants_vocabulary_insert after insert on merchants
  referencing new table as new_listings
  for each statement execute function search_vocabulary_sync();
create trigger merchants_vocabulary_update after update on merchants
  referencing old table as old_listings new table as new_listings
  for each statement execute function search_vocabulary_sync();
create trigger merchants_vocabulary_delete after delete on merchants
  referencing old table as old_listings
  for each statement execute function search_vocabulary_sync();
create trigger merchants_vocabulary_truncate after truncate on merchants
  for each statement execute function search_vocabulary_sync();

-- A database seeded before this migration gets its vocabulary now (a fresh one is empty here and
-- fills as the seed inserts).
do $$ begin execute search_vocabulary_add_sql('merchants'); end $$;
analyze search_vocabulary;
