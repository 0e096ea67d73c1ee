-- A change counter per settings collection, so every instance on one database notices a changed
-- tenant document with one primary-key lookup (server/tenants.ts) instead of re-reading them all.
-- Runs on PGlite and PostgreSQL 15+.
--
-- A counter row, not max(updated_at) or a sequence: a writer holds the row's lock until it
-- commits, so the counter rises in commit order and a reader that sees version n sees every
-- change up to n. (updated_at is taken when a transaction starts, and a sequence value when a
-- statement runs: a slower transaction could commit an older stamp after a reader looked.)
create table document_versions (
  -- The collection of the changed document: 'config/environment/tenants'.
  collection text primary key,
  version bigint not null
);

-- Only settings (paths under config/) are counted: users' searches and messages are written far
-- more often and nothing caches them.
create function bump_document_version() returns trigger
language plpgsql
as $$
declare
  changed text := coalesce(new.path, old.path);
begin
  if starts_with(changed, 'config/') then
    insert into document_versions (collection, version)
    values (regexp_replace(changed, '/[^/]*$', ''), 1)
    on conflict (collection) do update set version = document_versions.version + 1;
  end if;
  return null;
end;
$$;

create trigger documents_version
after insert or update or delete on documents
for each row execute function bump_document_version();
