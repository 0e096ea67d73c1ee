-- Autocomplete (GET /api/autocomplete): a small table of everything a visitor may type the start
-- or a piece of, one row per suggestion and program. Rebuilt from merchants and offers after each
-- seed (server/seed/load.ts calls rebuild_suggest in the seed's transaction), so a prefix or
-- infix lookup reads an index instead of scanning listings. Runs on PGlite and PostgreSQL 15+.

create table suggest (
  -- One of the suggestion types of spec 3: offers, suggestions, merchantNames, serviceOptions,
  -- serviceCategories, merchantLocations, merchantBannerNames.
  kind text not null,
  -- What the visitor sees: 'Glow Skin Studio - Austin', 'Swedish Massage', 'Austin, TX'.
  term text not null,
  -- lower(unaccent(term)): what the typed text is matched against ('montreal' finds 'Montréal').
  -- A plain column, filled at build time: unaccent is not immutable, so it cannot be indexed.
  folded text not null,
  -- Popularity within its kind: listings behind a filter suggestion, reviews of a listing.
  weight real not null,
  -- Who may see the row, with the search's rule: it meets the caller's programs and excludes
  -- none of them. Filter suggestions have one row per program, so their weight is per program.
  programs text[] not null,
  excluded_programs text[] not null default '{}',
  -- What the suggestion opens (the route turns these into the URLs of spec 7):
  merchant_id bigint,
  offer_id bigint,
  -- the filter key of a filter suggestion ('services.options', 'businessTypes', 'location').
  filter text,
  -- Extra fields of the suggestion item (address, image, price, ...), or the location's filters.
  data jsonb not null default '{}',
  -- Offers are suggested only while current.
  starts_at timestamp,
  ends_at timestamp
);

-- Prefixes ('glo' -> 'Glow Skin Studio'): a btree range scan, whatever the collation.
create index suggest_prefix on suggest (folded text_pattern_ops);
-- Pieces ('skin stu', 'ssage'): trigram matching for three characters and more.
create index suggest_infix on suggest using gin (folded gin_trgm_ops);

/*
 * Refills suggest from the approved, searchable listings and their offers. `brands` are the
 * business types that are brands (the wellness tenant's four partner brands): they are offered
 * as merchantBannerNames; the other business types ('Day Spa', ...) as suggestions.
 */
create function rebuild_suggest(brands text[]) returns void
language plpgsql
as $$
begin
  truncate suggest;

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
end
$$;

-- A database seeded before this migration gets its suggestions now; a fresh one is still empty
-- here and is filled by the seed. The brands are those of src/domain/catalog.ts WELLNESS_BRANDS
-- at the time of writing; the seed passes the current list.
select rebuild_suggest(array['Tranquil Touch Massage', 'Glow Skin Studio', 'Zenith Yoga', 'Polished Nail Lounge']);
