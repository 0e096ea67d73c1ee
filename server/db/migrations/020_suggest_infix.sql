-- Autocomplete's matches anywhere in a listing's name, banner name or offer (issue 16).
--
-- server/search/suggest.ts reads the first 100 such matches of each kind that the caller may see.
-- At a million listings 'spa' is in 260,000 names, of which a tenant with a small program sees
-- few: the trigram index of migration 017 gave every 'spa' name and the heap was read until a
-- hundred visible ones turned up (170,000 rows, 300-500 ms). Each kind's trigram index now holds
-- the programs too, so one bitmap meets both conditions (346 rows for that case, 4.5 ms).
drop index suggest_names_infix;
create index suggest_names_infix on suggest using gin (programs, folded gin_trgm_ops)
  where kind = 'merchantNames' and merchant_id is not null;
drop index suggest_banners_infix;
create index suggest_banners_infix on suggest using gin (programs, folded gin_trgm_ops)
  where kind = 'merchantBannerNames' and merchant_id is not null;
drop index suggest_offers_infix;
create index suggest_offers_infix on suggest using gin (programs, folded gin_trgm_ops)
  where kind = 'offers' and merchant_id is not null;

-- With a LIMIT, the planner expects a scan in the table's order (or along a btree) to meet its
-- rows early and prefers it to the bitmap: 'spa' then read 1.2 million rows before it had 100
-- names. This function reads the matches with those scans off, so the index above answers and the
-- heap is read only until the last wanted row. EXECUTE plans the statement with the kind written
-- in, which the partial indexes need. The visibility rule is server/search/suggest.ts's VISIBLE.
create function suggest_infix(wanted_kind text, pattern text, caller_programs text[], how_many int)
returns setof suggest
language plpgsql stable
set enable_seqscan = off
set enable_indexscan = off
as $$
begin
  return query execute format(
    $sql$select * from suggest
    where kind = %L and merchant_id is not null and folded like $1
      and programs && $2 and not excluded_programs && $2
      and (ends_at is null
        or (starts_at <= (now() at time zone 'utc') and ends_at > (now() at time zone 'utc')))
    limit $3$sql$,
    wanted_kind)
  using pattern, caller_programs, how_many;
end
$$;
