-- A keyword search without a place at a million listings (issue 16). Runs on PGlite and
-- PostgreSQL 15+.
--
-- Without a place, a search by relevance ranks its 1,001 best rated matches, and the service
-- aggregations count the best rated 1,000 (server/search/query.ts). The rating index read in its
-- order until that many match reads a listing from the table for each one it passes: 86,000 for
-- 'acupuncture' in one tenant's programs, which 1 listing in 86 of the whole table has (300-450
-- ms); read through the keyword index instead, each of its 11,600 matches was read (310 ms).
--
-- This index holds each listing's keywords, its scope (migration 027: programs, country,
-- region) and its rating tiers (rating_terms) as the keys of one GIN index, so that one scan
-- intersects them: 'acupuncture' in the tenant's programs among listings rated 5 with at least
-- 100 reviews is 137 listings read, not thousands. A tier is every listing rated at least as well
-- as its bound (score, then reviews: the order of the best rated index), so when a tier holds
-- 1,001 matches they are the best rated 1,001 of all; else the next, wider tier is read.
--
-- It replaces the keyword index of migrations 001 and 012 (its first column is the same tsvector:
-- a search of keywords alone reads the index as it read that one).

-- The tiers a listing is in, from the narrowest, as lexemes ('rated:5+100'). Bounds chosen so
-- that each tier holds about four times the one before on the seeded data (1 %, 4 %, 17 %, 34 % of
-- listings); any bounds give the same answers (server/search/query.ts, RATING_TIERS, names them).
create function rating_terms(score real, reviews integer) returns tsvector
language sql immutable parallel safe
as $$
  select array_to_tsvector(array_remove(array[
    case when score > 5 or (score >= 5 and reviews >= 100) then 'rated:5+100' end,
    case when score > 5 or (score >= 5 and reviews >= 10) then 'rated:5+10' end,
    case when score >= 4.8::real then 'rated:4.8' end,
    case when score >= 4.5::real then 'rated:4.5' end
  ], null))
$$;

create index merchants_terms on merchants using gin (tsv, scope_terms, rating_terms(average_score, total_reviews));
drop index merchants_tsv;
analyze merchants;
