-- Listings, offers and documents. Runs unchanged on PGlite and PostgreSQL 15+.
create extension if not exists cube;
create extension if not exists earthdistance;
create extension if not exists pg_trgm;
create extension if not exists unaccent;

create table merchants (
  id bigint primary key,
  old_id bigint unique,
  name text not null,
  banner_name text not null,
  description text not null default '',
  -- Category and option names as one text: array_to_string is not immutable, so the
  -- application builds it and the generated tsvector reads it.
  services_text text not null default '',
  lat double precision not null,
  lon double precision not null,
  city text not null,
  state_code text not null,
  state_name text not null,
  country_code text not null,
  postal_code text not null default '',
  average_score real not null default 0,
  total_reviews integer not null default 0,
  business_types text[] not null default '{}',
  card_types text[] not null default '{}',
  included_programs text[] not null default '{}',
  excluded_programs text[] not null default '{}',
  service_categories text[] not null default '{}',
  service_options text[] not null default '{}',
  promotions text[] not null default '{}',
  subscription_tier text not null default 'Basic',
  status text not null default 'APPROVED',
  non_searchable boolean not null default false,
  -- The full listing of spec 3 as served, without its offers (they live in offers).
  doc jsonb not null,
  tsv tsvector generated always as (
    setweight(to_tsvector('english', name), 'A')
    || setweight(to_tsvector('english', services_text), 'B')
    || setweight(to_tsvector('english', description), 'C')
  ) stored
);

create index merchants_earth on merchants using gist (ll_to_earth(lat, lon));
create index merchants_tsv on merchants using gin (tsv);
create index merchants_business_types on merchants using gin (business_types);
create index merchants_service_options on merchants using gin (service_options);
create index merchants_programs on merchants using gin (included_programs);
create index merchants_name_trgm on merchants using gin (name gin_trgm_ops);

create table offers (
  id bigint primary key,
  merchant_id bigint not null references merchants (id) on delete cascade,
  start_date timestamp not null,
  end_date timestamp not null,
  price numeric(10, 2),
  discount_price numeric(10, 2),
  percent_off integer,
  -- The offer of spec 3 as served.
  doc jsonb not null
);

create index offers_merchant on offers (merchant_id);
create index offers_end_date on offers (end_date);

-- The document store's embedded adapter: tenant settings, saved searches, contact messages,
-- at the spec's paths (config/environment/tenants/{tenant}, users/{uid}/searches/{id}, …).
create table documents (
  path text primary key,
  data jsonb not null,
  updated_at timestamptz not null default now()
);
