-- The rating tiers as keyword indexes of their own (issue 16). Runs on PGlite and PostgreSQL 15+.
--
-- Keywords without a place are read tier by tier (server/search/query.ts, ratingTiers): the best
-- rated listings with the words, the tier, and one of the caller's programs. Migration 029 put the
-- tiers in the keyword index as lexemes by program ('rated:5+10@SPA_NETWORK'), so a tier's scan
-- intersected each word's posting list over every listing: at a million listings the spa
-- network's 'yoga massage' took 10 ms in the index for the 3,007 listings of its second tier, its
-- words' lists read through again for each tier. An index of each tier's listings alone holds
-- each word's list within the tier, 1 to 34 % of it: the same scan, 1.3 ms. The four hold 56 % of
-- the listings; the keyword index no longer holds the tiers. A tier is still an upper set of the
-- order (score, then reviews), now a level: a listing is in every tier at or below its own.
create function rating_tier(score real, reviews integer) returns integer
language sql immutable parallel safe
as $$
  select case
    when score > 5 or (score >= 5 and reviews >= 100) then 4
    when score >= 5 and reviews >= 10 then 3
    when score >= 4.8::real then 2
    when score >= 4.5::real then 1
    else 0
  end
$$;

create index merchants_terms_rated_5_100 on merchants using gin (tsv, scope_terms)
  where rating_tier(average_score, total_reviews) >= 4;
create index merchants_terms_rated_5_10 on merchants using gin (tsv, scope_terms)
  where rating_tier(average_score, total_reviews) >= 3;
create index merchants_terms_rated_4_8 on merchants using gin (tsv, scope_terms)
  where rating_tier(average_score, total_reviews) >= 2;
create index merchants_terms_rated_4_5 on merchants using gin (tsv, scope_terms)
  where rating_tier(average_score, total_reviews) >= 1;

drop index merchants_terms;
create index merchants_terms on merchants using gin (tsv, scope_terms);
drop function rating_scope_terms(real, integer, text[]);
analyze merchants;
