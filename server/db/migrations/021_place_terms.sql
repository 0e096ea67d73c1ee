-- Keyword searches within a radius at a million listings (issue 16). Runs unchanged on PGlite and
-- PostgreSQL 15+.
--
-- A search within a radius walks the location index nearest first and stops at its 1,001st match
-- (server/search/query.ts). Each listing on the way was read from the table to test its programs
-- and keywords: 'acupuncture' for one tenant near Los Angeles, a word one listing in a hundred
-- there has, read the whole radius, 58,000 listings and 91,000 pages (280 ms). This index holds
-- each listing's keywords and programs beside its place (GiST signatures of two tsvectors, lossy:
-- the table is read again for the listings that pass), so the walk tests them in the index: that
-- search reads 670 listings. It replaces the location index of migration 001, whose walks without
-- keywords test the programs alone now. About five times its size (124-byte keyword signatures).
--
-- The programs as lexemes ('SPA_NETWORK'), for the index: a column, not an expression of the
-- index, so the table's copy is read to recheck an entry rather than computed again.
alter table merchants add column program_terms tsvector
  generated always as (array_to_tsvector(included_programs)) stored;
create index merchants_place_terms on merchants using gist (ll_to_earth(lat, lon), tsv, program_terms);
drop index merchants_earth;
