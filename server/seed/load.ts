import type { Listing } from '../../src/domain/types';
import { builtInTenants } from '../../src/tenant';
import { WELLNESS_BRANDS } from '../../src/domain/catalog';
import type { Db } from '../db/driver';
import { createPgDocumentStore } from '../documents/store';
import { servicePairs } from '../search/query';
import { generateListings } from './generate';

/**
 * Listings generated and inserted at a time. Each batch travels as one JSON parameter, which
 * PGlite copies into its WebAssembly memory (never given back while the worker runs) and this
 * thread holds as objects and text meanwhile: a fresh start of 20,000 listings peaked at 1,191 MB
 * in batches of 5,000, 903 in 2,000, 560 in 500 and 480 in 100, and was ready in 18.7, 18.2, 18 and
 * 19.3 s (bench/RESULTS.md).
 */
const BATCH = 500;
const SEED_MARK = 'meta/seed';
/** The tables the seed fills: their indexes are built after loading (see `seed`). */
const INDEXED_AFTER_LOADING = ['merchants', 'offers', 'suggest', 'suggest_word', 'search_vocabulary'];
/** Migration 012's trigger that counts the words of inserted listings (search_vocabulary). */
const VOCABULARY_TRIGGER = 'merchants_vocabulary_insert';

export interface SeedOptions {
  count: number;
  /** Fixed seed: the same data every time. */
  seed?: number;
  /** Offer dates are relative to this day. */
  now?: Date;
  onProgress?: (loaded: number, total: number) => void;
}

/** Seeds listings and the built-in tenants unless a complete seed is already there. */
export async function ensureSeeded(
  db: Db,
  options: SeedOptions,
): Promise<{ seeded: boolean; count: number }> {
  const store = createPgDocumentStore(db);
  const mark = await store.get<{ count: number }>(SEED_MARK);
  if (mark) return { seeded: false, count: mark.count };
  await seed(db, options);
  return { seeded: true, count: options.count };
}

/**
 * Writes the built-in tenants' settings that the store does not have yet, leaving the others as
 * they are (an operator may have changed them). What a start without seeding (SEED=0, the
 * production default) still needs: the API reads each tenant from the store. Returns the names
 * written.
 */
export async function ensureTenants(db: Pick<Db, 'query'>): Promise<string[]> {
  const store = createPgDocumentStore(db);
  const written: string[] = [];
  for (const [name, config] of Object.entries(builtInTenants)) {
    const path = `config/environment/tenants/${name}`;
    if ((await store.get(path)) !== null) continue;
    await store.set(path, config);
    written.push(name);
  }
  return written;
}

/** How many listings the database holds (a count of the table: for start-up, not per request). */
export async function listingCount(db: Pick<Db, 'query'>): Promise<number> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from merchants');
  return rows[0]?.n ?? 0;
}

/**
 * Replaces all listings with a generated set, in one transaction: a start interrupted half way
 * leaves no half-seeded database behind, and the next start seeds again.
 */
export async function seed(
  db: Db,
  { count, seed = 20_261_122, now = startOfDay(new Date()), onProgress }: SeedOptions,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.exec('truncate offers, merchants');
    // Loading into bare tables and indexing once after is several times faster than updating every
    // index row by row (GIN and GiST above all), and the vocabulary counted once over the loaded
    // listings is the same as counted batch by batch. All in this transaction: a seed that stops
    // half way rolls back to the indexes and trigger it found.
    const indexes = await dropIndexes(tx, INDEXED_AFTER_LOADING);
    // PGlite keeps the listings' documents (about 4.6 KB each) uncompressed in the TOAST table
    // (storage EXTERNAL): its pglz compression runs on the database's one thread, at the insert
    // and again at every read. A seed of 20,000 listings in process about 1 s sooner on disk
    // (16.4-17.3 s against 17.2-18.3, three alternated pairs; 1.7-3 s in memory), for 46 MB more
    // on disk (TOAST 56 -> 102 MB); searches and listings read as fast. PostgreSQL keeps them
    // compressed: at a million listings that would be 2.3 GB, and its server has cores to spare.
    if (db.kind === 'pglite') await tx.exec('alter table merchants alter column doc set storage external');
    await tx.exec(`alter table merchants disable trigger ${VOCABULARY_TRIGGER}`);
    let merchants: Record<string, unknown>[] = [];
    let offers: Record<string, unknown>[] = [];
    let loaded = 0;
    // The database inserts a batch (in PGlite's worker thread, or the PostgreSQL server) while
    // this thread generates the next one: on two cores, about the generation's time saved.
    let inserting: Promise<void> = Promise.resolve();
    const flush = async () => {
      const batch = { merchants, offers };
      merchants = [];
      offers = [];
      await inserting;
      inserting = (async () => {
        await insertMerchants(tx, batch.merchants);
        await insertOffers(tx, batch.offers);
        loaded += batch.merchants.length;
        onProgress?.(loaded, count);
      })();
      // A failed insert stops the generation at the next batch (and rolls everything back).
      inserting.catch(() => undefined);
    };
    for (const { listing, promotions } of generateListings({ count, seed, now })) {
      merchants.push(merchantRow(listing, promotions));
      for (const offer of listing.offers) offers.push(offerRow(offer, listing.merchantId));
      if (merchants.length === BATCH) await flush();
    }
    if (merchants.length) await flush();
    await inserting;
    await tx.exec(`alter table merchants enable trigger ${VOCABULARY_TRIGGER}`);
    // What the trigger would have added, batch by batch (migrations 012 and 031 fill them the same
    // way): the words and the stems.
    await tx.exec(`do $$ begin
      execute search_vocabulary_add_sql('merchants');
      execute search_lexeme_uses_add_sql('merchants');
    end $$`);
    // Autocomplete reads its own table (migration 003_suggest.sql), built from the listings just
    // loaded; the brands' business types are offered as banner names, the others as suggestions.
    await tx.query('select rebuild_suggest($1::text[])', [WELLNESS_BRANDS]);
    if (indexes.length) await tx.exec(indexes.map((index) => `${index};`).join('\n'));
    const store = createPgDocumentStore(tx);
    for (const [name, config] of Object.entries(builtInTenants)) {
      await store.set(`config/environment/tenants/${name}`, config);
    }
    await store.set(SEED_MARK, { count, seed, now: now.toISOString() });
  });
  // Fresh statistics so the planner picks the GiST and GIN indexes from the first query.
  await db.exec(
    'analyze merchants; analyze offers; analyze suggest; analyze suggest_word; analyze search_vocabulary; ' +
      'analyze search_lexeme_uses',
  );
}

/**
 * Drops the indexes of `tables` that no constraint needs (primary keys, unique keys and the
 * indexes foreign keys check stay, and so does what they enforce); returns their definitions as
 * the database has them (those of the migrations), to be run again once the tables are filled.
 */
async function dropIndexes(tx: Pick<Db, 'query' | 'exec'>, tables: string[]): Promise<string[]> {
  const { rows } = await tx.query<{ name: string; definition: string }>(
    `select format('%I.%I', i.schemaname, i.indexname) as name, i.indexdef as definition
     from pg_indexes i
     where i.schemaname = current_schema() and i.tablename = any ($1::text[])
       and not exists (
         select 1 from pg_constraint c
         where c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass
       )
     order by i.tablename, i.indexname`,
    [tables],
  );
  if (rows.length) await tx.exec(rows.map((row) => `drop index ${row.name};`).join('\n'));
  return rows.map((row) => row.definition);
}

function merchantRow(listing: Listing, promotions: string[]): Record<string, unknown> {
  const { offers: _offers, ...doc } = listing;
  return {
    id: listing.merchantId,
    old_id: listing.oldId,
    name: listing.name,
    banner_name: listing.bannerName,
    description: listing.businessDescription,
    services_text: listing.services.map((group) => [group.category, ...group.options].join(' ')).join(' '),
    lat: listing.location.latitude,
    lon: listing.location.longitude,
    city: listing.location.city,
    state_code: listing.location.stateOrProvinceCode,
    state_name: listing.location.stateOrProvince,
    country_code: listing.location.countryCode,
    postal_code: listing.location.postalCode,
    average_score: listing.averageScore,
    total_reviews: listing.totalReviews,
    business_types: listing.businessTypes,
    card_types: listing.cardTypes,
    included_programs: listing.includedPrograms,
    excluded_programs: listing.excludedPrograms,
    service_categories: listing.services.map((group) => group.category),
    service_options: listing.services.flatMap((group) => group.options),
    service_pairs: servicePairs(listing.services),
    promotions,
    subscription_tier: listing.subscriptionTier,
    status: listing.merchantListingStatus,
    non_searchable: listing.nonSearchable,
    doc,
  };
}

function offerRow(offer: Listing['offers'][number], merchantId: number): Record<string, unknown> {
  return {
    id: offer.id,
    merchant_id: merchantId,
    start_date: offer.startDate,
    end_date: offer.endDate,
    price: offer.price,
    discount_price: offer.discountPrice,
    percent_off: offer.percentOff,
    doc: offer,
  };
}

async function insertMerchants(tx: Pick<Db, 'query'>, rows: Record<string, unknown>[]): Promise<void> {
  if (!rows.length) return;
  await tx.query(
    `insert into merchants (id, old_id, name, banner_name, description, services_text, lat, lon, city,
       state_code, state_name, country_code, postal_code, average_score, total_reviews, business_types,
       card_types, included_programs, excluded_programs, service_categories, service_options, service_pairs,
       promotions, subscription_tier, status, non_searchable, doc)
     select * from jsonb_to_recordset($1::jsonb) as r(id bigint, old_id bigint, name text, banner_name text,
       description text, services_text text, lat double precision, lon double precision, city text,
       state_code text, state_name text, country_code text, postal_code text, average_score real,
       total_reviews integer, business_types text[], card_types text[], included_programs text[],
       excluded_programs text[], service_categories text[], service_options text[], service_pairs text[],
       promotions text[], subscription_tier text, status text, non_searchable boolean, doc jsonb)`,
    [JSON.stringify(rows)],
  );
}

async function insertOffers(tx: Pick<Db, 'query'>, rows: Record<string, unknown>[]): Promise<void> {
  if (!rows.length) return;
  await tx.query(
    `insert into offers (id, merchant_id, start_date, end_date, price, discount_price, percent_off, doc)
     select * from jsonb_to_recordset($1::jsonb) as r(id bigint, merchant_id bigint, start_date timestamp,
       end_date timestamp, price numeric, discount_price numeric, percent_off integer, doc jsonb)`,
    [JSON.stringify(rows)],
  );
}

function startOfDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}
