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

/* rebuild_suggest (migration 003) as it was, with the later words rebuilt at its end. */
create or replace function rebuild_suggest(brands text[]) returns void
language plpgsql
as $$
begin
  truncate suggest, suggest_word;

  -- Listings by name, and by banner name where the banner differs from the name. The listing's
  -- fields are read once (materialized): each read of the large doc jsonb costs a detoast.
  with listing as materialized (
    select m.id, m.name, m.banner_name, m.total_reviews, m.included_programs, m.excluded_programs,
      jsonb_strip_nulls(jsonb_build_object(
        'listingId', m.id, 'merchantId', m.id,
        'address', m.city || ', ' || m.state_code,
        'image', m.doc -> 'images' -> 0 ->> 'url')) as data
    from merchants m
    where m.status = 'APPROVED' and not m.non_searchable
  )
  insert into suggest (kind, term, folded, weight, programs, excluded_programs, merchant_id, data)
  select t.kind, t.term, lower(unaccent(t.term)), l.total_reviews, l.included_programs, l.excluded_programs,
    l.id, l.data
  from listing l
  cross join lateral (values ('merchantNames', l.name), ('merchantBannerNames', l.banner_name)) as t(kind, term)
  where t.kind = 'merchantNames' or l.banner_name <> l.name
  -- Rows in term order: a prefix's matches sit together, so a lookup reads few table pages.
  order by 3;

  -- Filter suggestions: one row per value and program, weighted by the listings behind it.
  with listing_program as (
    select m.service_categories, m.service_options, m.business_types, m.city, m.state_code, m.state_name,
      m.country_code, p.program
    from merchants m cross join unnest(m.included_programs) as p(program)
    where m.status = 'APPROVED' and not m.non_searchable and not p.program = any (m.excluded_programs)
  ),
  filter_value as (
    select 'serviceCategories' as kind, 'services.category' as filter, v.value, lp.program,
      null::text as country_code, null::text as state_name
    from listing_program lp cross join unnest(lp.service_categories) as v(value)
    union all
    select 'serviceOptions', 'services.options', v.value, lp.program, null, null
    from listing_program lp cross join unnest(lp.service_options) as v(value)
    union all
    select case when v.value = any (brands) then 'merchantBannerNames' else 'suggestions' end,
      'businessTypes', v.value, lp.program, null, null
    from listing_program lp cross join unnest(lp.business_types) as v(value)
    union all
    -- Places: the city ('Austin, TX') and its state or province ('Texas').
    select 'merchantLocations', 'location', place.value, lp.program, lp.country_code, lp.state_name
    from listing_program lp
    cross join lateral (values (lp.city || ', ' || lp.state_code), (lp.state_name)) as place(value)
  )
  insert into suggest (kind, term, folded, weight, programs, filter, data)
  select kind, value, lower(unaccent(value)), count(*), array[program], filter,
    case when filter = 'location'
      then jsonb_build_object('countryCode', country_code, 'stateOrProvince', state_name)
      else '{}'::jsonb end
  from filter_value
  group by kind, filter, value, program, country_code, state_name
  order by 3;

  -- Offers, by title; the route keeps only those current at the time of the call.
  with listing as materialized (
    select m.id, m.banner_name || ', ' || m.city || ', ' || m.state_code as address, m.total_reviews,
      m.included_programs, m.excluded_programs, m.doc -> 'images' -> 0 ->> 'url' as image
    from merchants m
    where m.status = 'APPROVED' and not m.non_searchable
  ),
  offer as materialized (
    select o.id, o.merchant_id, o.price, o.discount_price, o.percent_off, o.start_date, o.end_date,
      o.doc ->> 'title' as title, o.doc ->> 'endDate' as expires, o.doc -> 'images' -> 0 ->> 'url' as image
    from offers o
  )
  insert into suggest (kind, term, folded, weight, programs, excluded_programs, merchant_id, offer_id, data,
    starts_at, ends_at)
  select 'offers', o.title, lower(unaccent(o.title)), l.total_reviews, l.included_programs, l.excluded_programs,
    l.id, o.id,
    jsonb_strip_nulls(jsonb_build_object(
      'offerId', o.id, 'listingId', l.id, 'merchantId', l.id,
      'price', o.price, 'discountPrice', o.discount_price, 'percentOff', o.percent_off,
      'expires', o.expires, 'image', coalesce(o.image, l.image), 'address', l.address)),
    o.start_date, o.end_date
  from offer o join listing l on l.id = o.merchant_id
  order by 3;

  perform rebuild_suggest_words();
end
$$;

-- The later words of the suggestions already stored (a fresh database is still empty here and
-- is filled by the seed's rebuild_suggest).
select rebuild_suggest_words();
