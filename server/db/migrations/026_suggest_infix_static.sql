-- Autocomplete's matches anywhere, planned once per session (issue 16). Runs on PGlite and
-- PostgreSQL 15+.
--
-- suggest_infix (migration 020) wrote the kind into its statement with EXECUTE, which plans the
-- statement on every call: up to three calls a keystroke, and on PGlite a plan is a good part of a
-- call (3.3 ms a call at 20,000 listings, 2.7 now). Each kind is now a statement of its own in the
-- function's text, with the kind written in for its partial index, which PL/pgSQL prepares once per
-- session. The rows are the same: the same statement, the same scans forbidden.
create or replace function suggest_infix(wanted_kind text, pattern text, caller_programs text[], how_many int)
returns setof suggest
language plpgsql stable
set enable_seqscan = off
set enable_indexscan = off
as $$
begin
  if wanted_kind = 'merchantNames' then
    return query select * from suggest
      where kind = 'merchantNames' and merchant_id is not null and folded like pattern
        and programs && caller_programs and not excluded_programs && caller_programs
        and (ends_at is null
          or (starts_at <= (now() at time zone 'utc') and ends_at > (now() at time zone 'utc')))
      limit how_many;
  elsif wanted_kind = 'merchantBannerNames' then
    return query select * from suggest
      where kind = 'merchantBannerNames' and merchant_id is not null and folded like pattern
        and programs && caller_programs and not excluded_programs && caller_programs
        and (ends_at is null
          or (starts_at <= (now() at time zone 'utc') and ends_at > (now() at time zone 'utc')))
      limit how_many;
  elsif wanted_kind = 'offers' then
    return query select * from suggest
      where kind = 'offers' and merchant_id is not null and folded like pattern
        and programs && caller_programs and not excluded_programs && caller_programs
        and (ends_at is null
          or (starts_at <= (now() at time zone 'utc') and ends_at > (now() at time zone 'utc')))
      limit how_many;
  else
    raise exception 'suggest_infix: no matches anywhere for kind %', wanted_kind;
  end if;
end
$$;
