-- Rating tiers by program in the keyword index (issue 16). Runs on PGlite and PostgreSQL 15+.
--
-- Migration 028's tiers hold every program's listings: a tier's scan intersects the keywords, the
-- scope's programs and the tier, three posting lists of the GIN index. For a word a quarter of
-- the table has, the tier of the listings rated 5 with 10 reviews (37,000 at a million) was read
-- through in 10 ms to find the 2,051 of one program; a lexeme of the tier within the program
-- ('rated:5+10@LOCAL_DIRECTORY', 7,400 listings) is read in 2.7 ms, the programs' own test left
-- out (implied by the lexeme: with it beside, 15 ms).

-- A listing's tiers (rating_terms) within each of its programs, as lexemes ('rated:4.8@SPA'). Its
-- search_path is the schema's: PostgreSQL 17 (PGlite) builds an index with a search_path of
-- pg_catalog alone, where rating_terms is not found.
create function rating_scope_terms(score real, reviews integer, programs text[]) returns tsvector
language sql immutable parallel safe
set search_path from current
as $$
  select array_to_tsvector(array(
    select tier || '@' || program
    from unnest(tsvector_to_array(rating_terms(score, reviews))) as tier,
      unnest(coalesce(programs, '{}')) as program
  ))
$$;

drop index merchants_terms;
create index merchants_terms on merchants
  using gin (tsv, scope_terms, rating_scope_terms(average_score, total_reviews, included_programs));
analyze merchants;
