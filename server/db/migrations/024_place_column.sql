-- Searches within a radius at a fraction of their cost (issue 16). Runs on PGlite and PostgreSQL
-- 15+.
--
-- The location index (migration 021) holds each listing's place, ll_to_earth(lat, lon), beside the
-- signatures of its keywords and programs. Those signatures are lossy, so every listing a walk
-- passes is tested again against the statement's conditions, and the place's condition and the
-- walk's order (`<->`) computed ll_to_earth again for it: three cube constructions and the earth
-- domain's checks, several microseconds a listing even on PostgreSQL. At 20,000 listings on PGlite
-- that was three quarters of counting a search within a radius (Toronto, 705 listings passed:
-- 10.7 ms; 2.6 ms with the place stored). The place is now a column, computed once when a
-- listing is written, and the location index is on it. Adding the column rewrites the table
-- (three minutes a million listings on PostgreSQL here, with the new index).
--
-- And each listing's keywords (tsv) are kept in its row, compressed, rather than apart in the
-- table's TOAST: a search within a radius tests the keywords of every listing its walk passes and
-- ranks its matches by them (two or three reads of each), and the 10 % of listings whose keywords
-- were kept apart made each of those reads a lookup in the TOAST table. At 20,000 listings on
-- PGlite, 256 fresh first pages: p50 8.0 -> 7.0 ms, p90 17 -> 12, p99 27 -> 14; the table's own
-- pages grow by 8 %. The rewrite below for the place moves them.
alter table merchants alter column tsv set storage main;
alter table merchants add column place earth generated always as (ll_to_earth(lat, lon)) stored;
create index merchants_place_terms_stored on merchants using gist (place, tsv, program_terms);
drop index merchants_place_terms;
alter index merchants_place_terms_stored rename to merchants_place_terms;
