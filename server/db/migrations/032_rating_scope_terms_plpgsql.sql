-- A listing's rating tiers by program, computed in 40 % of the time (issue 16). Runs on PGlite and
-- PostgreSQL 15+.
--
-- The keyword index holds rating_scope_terms (migration 029), and a bitmap read of it rechecks
-- the whole condition, the function too, on every listing it finds when the keywords need their
-- positions (a quoted phrase, or a synonym of several words: 'walk-in', 'sauna' or 'steam room').
-- As an SQL function that called rating_terms under its own search_path, a call took about 4 us
-- (8-10 us where the listing was read from the table as well): the wellness card's 'walk-in' by
-- tier at a million listings spent 40 of its 49 ms rechecking 4,196 listings. In PL/pgSQL, the
-- bounds written here, it takes 1.6 us and needs no search_path (PostgreSQL 17 builds an index
-- with pg_catalog's alone, where rating_terms was not found): 'walk-in' 49 -> 26 ms. The index is
-- built from the same values (checked on the million listings of the bench: none differs), so it
-- stays; rating_terms, which nothing else calls since migration 029, goes.
create or replace function rating_scope_terms(score real, reviews integer, programs text[]) returns tsvector
language plpgsql immutable parallel safe
as $$
declare
  tiers text[] := '{}';
  terms text[] := '{}';
  tier text;
  program text;
begin
  -- Every tier is rated 4.5 or more (most listings are in none).
  if score is null or score < 4.5::real or programs is null then
    return ''::tsvector;
  end if;
  if score > 5 or (score >= 5 and reviews >= 100) then tiers := tiers || 'rated:5+100'::text; end if;
  if score > 5 or (score >= 5 and reviews >= 10) then tiers := tiers || 'rated:5+10'::text; end if;
  if score >= 4.8::real then tiers := tiers || 'rated:4.8'::text; end if;
  tiers := tiers || 'rated:4.5'::text;
  foreach tier in array tiers loop
    foreach program in array programs loop
      terms := terms || (tier || '@' || program);
    end loop;
  end loop;
  return array_to_tsvector(terms);
end
$$;

drop function rating_terms(real, integer);
