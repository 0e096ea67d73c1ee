-- Autocomplete at a million listings (issue 16). Runs on PGlite and PostgreSQL 15+.
--
-- The suggest table (migration 003) holds a row per listing name, banner name and offer: about
-- two million rows at a million listings. One trigram index covered them all, so a common text
-- ('mas', 'spa') matched a tenth of them and every match was read and sorted by popularity (386 ms
-- at 1M); and a text common in names ('new y') fed all those rows to the lookup of offers too.
-- Now each kind of row has its own indexes, and server/search/suggest.ts names the kind in each
-- part of its one statement and reads a bounded number of rows per kind: the first whole-term
-- prefix matches in term order (`<kind>_prefix`, btree), and the first matches of any kind through
-- the kind's trigram index (`<kind>_infix`; the table is written in term order), ranked after.
drop index suggest_infix;
drop index suggest_prefix;

-- Filter suggestions (services, business types, places: a row per value and program).
create index suggest_filter_infix on suggest using gin (folded gin_trgm_ops) where merchant_id is null;

create index suggest_names_infix on suggest using gin (folded gin_trgm_ops)
  where kind = 'merchantNames' and merchant_id is not null;
create index suggest_names_prefix on suggest (folded text_pattern_ops)
  where kind = 'merchantNames' and merchant_id is not null;
create index suggest_banners_infix on suggest using gin (folded gin_trgm_ops)
  where kind = 'merchantBannerNames' and merchant_id is not null;
create index suggest_banners_prefix on suggest (folded text_pattern_ops)
  where kind = 'merchantBannerNames' and merchant_id is not null;
create index suggest_offers_infix on suggest using gin (folded gin_trgm_ops)
  where kind = 'offers' and merchant_id is not null;
create index suggest_offers_prefix on suggest (folded text_pattern_ops)
  where kind = 'offers' and merchant_id is not null;

-- The vocabulary's one-word lookup functions of migration 012 gave way to one statement for all
-- the words (migration 016, server/search/keywords.ts).
drop function search_vocabulary_near(text, text[], integer);
drop function search_vocabulary_starts(text, text[], integer);
