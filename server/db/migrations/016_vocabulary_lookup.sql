-- The vocabulary of search that forgives (issue 17), revised. Runs on PGlite and PostgreSQL 15+.
--
-- 1. A program a listing excludes is not one of its programs: a search in that program never
--    finds it (the search's `not excluded_programs && programs`), so its words are not that
--    program's words either. Otherwise a program would be offered corrections that find nothing.
--    search_vocabulary_counts is replaced with that condition (the triggers of migration 012 call
--    it, so they follow), and the vocabulary is counted again under the new rule: the triggers
--    subtract what they added, so the counts must all come from one rule.
create or replace function search_vocabulary_counts(relation text) returns text
language sql immutable
return format($sql$
  with phrase as (
    select p.program, t.phrase, count(*)::int as n
    from %I m
    cross join lateral unnest(m.included_programs) as p(program)
    cross join lateral (
      select m.name union all select m.city union all select m.state_name
      union all select unnest(m.service_categories) union all select unnest(m.service_options)
      union all select unnest(m.business_types)
      union all select jsonb_path_query(m.doc, '$.amenities[*].offerings[*]') #>> '{}'
    ) as t(phrase)
    where m.status = 'APPROVED' and not m.non_searchable and not p.program = any (m.excluded_programs)
    group by p.program, t.phrase
  )
  select w.word, phrase.program, sum(phrase.n)::int as listings
  from phrase
  cross join lateral regexp_split_to_table(lower(unaccent(phrase.phrase)), '[^a-z0-9]+') as w(word)
  where length(w.word) >= 2 and w.word !~ '^[0-9]+$'
  group by w.word, phrase.program
$sql$, relation);

truncate search_vocabulary;
do $$ begin execute search_vocabulary_add_sql('merchants'); end $$;

-- 2. The words a word being typed starts ('pedicur' -> 'pedicure'): a range of this index
--    (~>=~ and ~<~, byte order whatever the database's collation), read by server/search/keywords.ts
--    in the same statement as the trigram neighbours of every unknown word.
create index search_vocabulary_prefix on search_vocabulary (word text_pattern_ops, program) include (listings);
analyze search_vocabulary;
