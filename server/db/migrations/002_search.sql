-- Search helpers. Runs unchanged on PGlite and PostgreSQL 15+.

-- Great-circle distance in miles with the spec's earth radius (6371 km, 1.609344 km a mile),
-- the same haversine as src/domain/geo.ts, so a radius in SQL and in the browser agree to the
-- last listing. earthdistance's earth_distance uses a 6378.168 km radius (0.1% longer): it stays
-- the index prefilter (earth_box on the GiST index), this is the exact test and the shown distance.
-- A plain SQL function, immutable and not strict, so the planner inlines it into the query.
create function haversine_miles(lat1 float8, lon1 float8, lat2 float8, lon2 float8)
returns float8
language sql
immutable parallel safe
return 2 * 6371 * asin(least(1, sqrt(
    sin(radians(lat2 - lat1) / 2) ^ 2
    + cos(radians(lat1)) * cos(radians(lat2)) * sin(radians(lon2 - lon1) / 2) ^ 2
  ))) / 1.609344;

-- A state, province or country typed alone ('Texas', 'Canada') searches that region rather than
-- a radius around its centre.
create index merchants_region on merchants (country_code, state_code);

-- Featured and travel listings (promotions.promotionTypeName) are fetched with every first page,
-- and again without a location when none are near: then this index is what finds them.
create index merchants_promotions on merchants using gin (promotions);

-- The listing's services (category -> options) beside its document. The service aggregations read
-- them for thousands of listings at a time; read from doc, each would decompress the whole listing
-- (doc is stored out of line, about 2.5 KB compressed, against about 400 bytes of services).
alter table merchants add column services jsonb generated always as (doc -> 'services') stored;
