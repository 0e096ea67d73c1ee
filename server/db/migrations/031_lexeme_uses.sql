-- How many listings each keyword stem finds, as the keyword index holds them (issue 16). Runs on
-- PGlite and PostgreSQL 15+.
--
-- A search's reach (server/search/keywords.ts) is at most how many listings match it, by how many
-- use its words: it picks how a search reads (by rating tier or in the rating index's order
-- without a place, from the location or the keyword index within a radius). It was counted from
-- the vocabulary (migration 012), the words a visitor is corrected towards: names, services,
-- business types, amenities, cities. The keyword index (m.tsv) holds the descriptions too, so a
-- word common in them counted as rare: the wellness card's vocabulary has 'day' 14 times, and
-- 46,000 of its listings have it at a million; read as a rare word (by tier, every tier left out
-- as too wide for 14), its search sorted all 46,000 (230 ms), and 'walk-in' (descriptions say
-- "Walk-ins are welcome when space allows.") took 350 ms for the spa network.
--
-- This table counts the stems of each listing's m.tsv by program, under the vocabulary's rule
-- (approved, searchable, not excluded from the program), kept in step by the vocabulary's
-- triggers. A listing counts once for a stem however often it uses it.
create table search_lexeme_uses (
  lexeme text not null,
  program text not null,
  listings integer not null,
  primary key (lexeme, program)
);

-- The query that counts the stems of a relation of merchants rows (the table, or a trigger's
-- transition table): (lexeme, program, listings).
create function search_lexeme_uses_counts(relation text) returns text
language sql immutable
return format($sql$
  select l.lexeme, p.program, count(*)::int as listings
  from %I m
  cross join lateral unnest(m.included_programs) as p(program)
  cross join lateral unnest(tsvector_to_array(m.tsv)) as l(lexeme)
  where m.status = 'APPROVED' and not m.non_searchable and not p.program = any (m.excluded_programs)
  group by l.lexeme, p.program
$sql$, relation);

-- Adds the stems of a relation of merchants rows (see search_lexeme_uses_counts).
create function search_lexeme_uses_add_sql(relation text) returns text
language sql immutable
return format($sql$
  insert into search_lexeme_uses as u (lexeme, program, listings)
  %s
  on conflict (lexeme, program) do update set listings = u.listings + excluded.listings
$sql$, search_lexeme_uses_counts(relation));

-- Migration 012's trigger function, which now keeps both counts: the words and the stems. (One
-- function under the same triggers: the seed turns the insert trigger off while it loads, and
-- counts both once after.)
create or replace function search_vocabulary_sync() returns trigger
language plpgsql
as $$
begin
  if tg_op = 'TRUNCATE' then
    truncate search_vocabulary, search_lexeme_uses;
    return null;
  end if;
  -- What the old rows counted is subtracted, and a count that falls to 0 goes: one statement a
  -- table, so the old rows are counted once (migration 012 counted them for each of the two).
  if tg_op in ('UPDATE', 'DELETE') then
    execute format($sql$
      with gone as materialized (%s),
      emptied as (
        delete from search_vocabulary v using gone g
        where v.word = g.word and v.program = g.program and v.listings <= g.listings
      )
      update search_vocabulary v set listings = v.listings - g.listings
      from gone g
      where v.word = g.word and v.program = g.program and v.listings > g.listings
    $sql$, search_vocabulary_counts('old_listings'));
    execute format($sql$
      with gone as materialized (%s),
      emptied as (
        delete from search_lexeme_uses u using gone g
        where u.lexeme = g.lexeme and u.program = g.program and u.listings <= g.listings
      )
      update search_lexeme_uses u set listings = u.listings - g.listings
      from gone g
      where u.lexeme = g.lexeme and u.program = g.program and u.listings > g.listings
    $sql$, search_lexeme_uses_counts('old_listings'));
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    execute search_vocabulary_add_sql('new_listings');
    execute search_lexeme_uses_add_sql('new_listings');
  end if;
  return null;
end
$$;

-- A database seeded before this migration gets its counts now.
do $$ begin execute search_lexeme_uses_add_sql('merchants'); end $$;
analyze search_lexeme_uses;
