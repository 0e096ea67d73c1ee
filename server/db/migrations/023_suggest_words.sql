-- Autocomplete's later words at a million listings (issue 16). Runs on PGlite and PostgreSQL 15+.
--
-- A listing name, banner name or offer whose later word starts with the typed text ('mass' in
-- 'Fifteen off Swedish Massage') ranks right after the names that start with it. Those were found
-- among the matches anywhere, through each kind's trigram index (migration 020), which gives every
-- entry holding the text before the first hundred can be read: 'mass' and 'yog' are in 29,000 to
-- 69,000 offer titles of a program, a bitmap of 5-12 ms. Here each later word's start of a row is
-- a row of its own, the rest of the term from that word on ('swedish massage', 'massage'), so a
-- btree answers them as it answers whole-term prefixes: the first few in byte order, whatever the
-- number of matches. server/search/suggest.ts reads them before the matches anywhere, which are
-- now read only when the two together do not fill a group.

-- The row a later word points back to.
alter table suggest add column id bigint generated always as identity;
alter table suggest add primary key (id);

create table suggest_word (
  -- rebuild_suggest refills both tables together (no foreign key to check on each insert).
  suggest_id bigint not null,
  -- The suggest row's kind: merchantNames, merchantBannerNames or offers.
  kind text not null,
  -- One of the row's programs: a row per program, so that a lookup reads its caller's program's
  -- matches only (in the order of the rest alone, 'spa' at a million listings passed 257,000
  -- later words of other programs' names before the wellness card's first 16).
  program text not null,
  -- The row's folded term from a later word's start to its end: 'massage' of 'swedish massage'.
  rest text not null,
  -- The rest of the row's visibility (suggest.ts's VISIBLE).
  excluded_programs text[] not null,
  starts_at timestamp,
  ends_at timestamp
);

-- Per kind and program, in byte order of the rest (`~<~`: a range scan for the typed text,
-- whatever the collation), as the whole-term prefixes are read.
create index suggest_word_rest on suggest_word (kind, program, rest text_pattern_ops);

/*
 * Refills suggest_word from suggest's listing rows (names, banner names, offers): a row per
 * space in the folded term and program, holding what follows the space. In index order, so that
 * a lookup's matches sit on few table pages.
 */
create function rebuild_suggest_words() returns void
language sql
begin atomic
  delete from suggest_word;
  insert into suggest_word (suggest_id, kind, program, rest, excluded_programs, starts_at, ends_at)
  select s.id, s.kind, p.program, substr(s.folded, word.space_at + 1), s.excluded_programs,
    s.starts_at, s.ends_at
  from suggest s
  cross join lateral (
    -- The position of the space after each word: the running length of the words and spaces.
    select (sum(length(part) + 1) over (order by n))::int as space_at
    from unnest(string_to_array(s.folded, ' ')) with ordinality as t(part, n)
  ) word
  cross join unnest(s.programs) as p(program)
  where s.merchant_id is not null and word.space_at < length(s.folded)
  order by s.kind, p.program, 4;
end;

-- rebuild_suggest (migration 003, which the seed calls) refills suggest_word too: its body is kept
-- under another name, and rebuild_suggest runs it and then rebuilds the later words.
alter function rebuild_suggest(text[]) rename to rebuild_suggest_rows;

create function rebuild_suggest(brands text[]) returns void
language plpgsql
as $$
begin
  truncate suggest_word;
  perform rebuild_suggest_rows(brands);
  perform rebuild_suggest_words();
end
$$;

-- The later words of the suggestions already stored (a fresh database is still empty here and
-- is filled by the seed's rebuild_suggest).
select rebuild_suggest_words();
