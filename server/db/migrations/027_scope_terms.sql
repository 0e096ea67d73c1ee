-- A state's, a province's or a country's search at a million listings (issue 16). Runs on PGlite
-- and PostgreSQL 15+.
--
-- Such a search walks the location index outwards from the region's centre, as a radius search
-- does (server/search/query.ts), within a box that holds all of the region and other regions'
-- listings too: Maine's holds Boston. The walk read each listing of the box whose keywords and
-- programs passed the index from the table to test its region: 'massage' in Maine, which 269
-- listings have, read 13,800 listings of other states (670 ms). The index now holds the region
-- with the programs (`scope_terms`: the programs, 'country:US' and 'region:US:ME' as lexemes), so
-- the walk tests it in the index too.
--
-- A region's page by rating, where it holds more than a thousand matches, is its best rated,
-- read in their order until the page is full: an index of each region's listings by rating, which
-- the region's lookups read as they read the index it replaces. Read in the rating order of all
-- listings, its common words' bitmaps looked cheaper to the planner: Texas's 'massage' took
-- 570-660 ms, now 2-4 ms. And the planner took a listing's country and its state as independent,
-- and estimated Ontario at a tenth of its listings (4,300 of 45,000); the statistics of their
-- dependency correct it.
alter table merchants add column scope_terms tsvector generated always as (
  array_to_tsvector(coalesce(included_programs, '{}') || array[
    'country:' || coalesce(country_code, ''),
    'region:' || coalesce(country_code, '') || ':' || coalesce(state_code, '')
  ])
) stored;
create index merchants_place_scope on merchants using gist (place, tsv, scope_terms);
drop index merchants_place_terms;
alter index merchants_place_scope rename to merchants_place_terms;
alter table merchants drop column program_terms;
create index merchants_region_best_rated on merchants
  (country_code, state_code, average_score desc, total_reviews desc, id);
drop index merchants_region;
create statistics merchants_region_dependency (dependencies) on country_code, state_code from merchants;
analyze merchants;
