-- The service aggregations of a search (GET /services) count, over up to 1,000 listings, how many
-- list each category and each option of a category (issue 16). They expanded every listing's
-- services (a jsonb column generated from its document) into rows and counted distinct (listing,
-- category) and (listing, category, option) rows: at a million listings 7 ms of jsonb and 8-13 ms
-- of aggregation in a 32 ms statement. A listing now carries its categories ('Massages') and its
-- category-option pairs ('Massages' || chr(31) || 'Swedish Massage') as text, each once, so the
-- aggregations count plain text in one hash aggregation (server/search/query.ts).
--
-- The seed writes the column (servicePairs in server/search/query.ts); this function is the same
-- rule for the listings already stored, and a test holds the two to each other.
create function service_pairs(services jsonb) returns text[]
language sql immutable parallel safe
return (
  select coalesce(array_agg(distinct pair), '{}')
  from jsonb_array_elements(services) as g(value)
  cross join lateral (
    select g.value ->> 'category'
    union all
    select (g.value ->> 'category') || chr(31) || o.value
    from jsonb_array_elements_text(g.value -> 'options') as o(value)
  ) as p(pair)
  where pair is not null
);

-- Added as a generated column and then made a plain one: the table is rewritten once with its
-- indexes rebuilt, where an update of every row would insert into every index row by row.
alter table merchants add column service_pairs text[] not null
  generated always as (service_pairs(doc -> 'services')) stored;
alter table merchants alter column service_pairs drop expression;
alter table merchants drop column services;
