-- Keyword searches within a radius at a million listings (issue 16). Runs unchanged on PGlite and
-- PostgreSQL 15+.
--
-- A search within a radius walks the location index nearest first and stops at its 1,001st match
-- (server/search/query.ts). With keywords, each listing on the way had to be read from the table
-- to test them: a word one listing in a hundred near Los Angeles has read the whole radius, 58,000
-- listings and 91,000 pages (280 ms). This index holds each listing's keywords beside its place,
-- as a signature (GiST's tsvector class, lossy: the table is read again only for the entries that
-- pass it), so the walk tests the keywords in the index: the same search reads 2,700 listings
-- (31 ms). It replaces the location index of migration 001: searches without keywords and offers
-- near a place walk its first column alone. Five times its size (430 MB at a million listings):
-- a walk of the 1,001 nearest reads about 25 more index pages, beside 1,001 listings.
create index merchants_place_keywords on merchants using gist (ll_to_earth(lat, lon), tsv);
drop index merchants_earth;
