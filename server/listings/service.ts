/**
 * Listings and offers by id (spec 3 'Full listing', 'Offer info'; spec 4 'Listing fetch by
 * slug'): what `GET /merchants/{id}`, `GET /merchants/map/{oldId}`, `GET /offers/{id}` (with
 * `include=listing`, both at once), the server-rendered page heads and the share-by-email mail
 * read. A listing outside the caller's programs does not exist for that caller.
 */
import { normaliseListing, type NormalisedListing } from '../../src/domain/listing';
import { safeListingLinks } from '../../src/domain/links';
import { listingPath, offerPath } from '../../src/domain/slug';
import type { Listing, Offer, OfferInfo, OfferWithListing } from '../../src/domain/types';
import type { Db } from '../db/driver';
import { CURRENT_OFFER } from '../search/query';

/** Which listings a caller may see and where its listing pages live. */
export interface ListingScope {
  /** The caller's programs (TenantScope.programs). */
  programs: readonly string[];
  /** The tenant's listing route name: 'site', 'spa' or 'local'. */
  listingRouteName: string;
}

/** A full listing as served: normalised, with its current offers and its canonical path. */
export type FullListing = NormalisedListing<Listing>;

interface ListingRow {
  id: number;
  doc: Listing;
  offers: Offer[];
}

/** Who sees a listing ($2: the caller's programs): the search's rule, so a page never shows what search hides by program. */
const VISIBLE = `m.included_programs && $2::text[] and not m.excluded_programs && $2::text[]`;

/**
 * The columns of a full listing of merchant m: its record and its current offers. The subquery's
 * `o` is its own, also where the outer statement names the offer `o` (offerStatement).
 */
const LISTING_COLUMNS = `m.doc,
  coalesce((select jsonb_agg(o.doc order by o.end_date, o.id) from offers o
            where o.merchant_id = m.id and ${CURRENT_OFFER}), '[]'::jsonb) as offers`;

/**
 * A listing's and an offer's statements read one row by its key: prepared (QueryOptions), each is
 * parsed and planned once, not for every page. On PGlite at 20,000 listings a listing's read p50
 * 1.7-2.5 -> 0.8-1.0 ms, an offer's with its listing 1.8-1.9 -> 0.9-1.0.
 */
const PREPARED = { prepared: true } as const;

const listingStatement = (key: 'id' | 'old_id') => `
select m.id, ${LISTING_COLUMNS}
from merchants m
where m.${key} = $1 and ${VISIBLE}`;

async function findListing(
  db: Db,
  key: 'id' | 'old_id',
  value: number,
  scope: ListingScope,
): Promise<FullListing | null> {
  const { rows } = await db.query<ListingRow>(listingStatement(key), [value, scope.programs], PREPARED);
  const row = rows[0];
  return row ? fullListing(row, scope) : null;
}

/** LISTING_COLUMNS as served: by id, by old id and with an offer, built alike here. */
function fullListing(row: ListingRow, scope: ListingScope): FullListing {
  // Every URL of the record is checked once, here: a bad one is emptied or dropped.
  const listing = safeListingLinks(normaliseListing({ ...row.doc, offers: row.offers }));
  // The canonical link always ends with the merchant id, also when the page was opened by old id.
  const canonicalLink = listingPath(scope.listingRouteName, listing.name, Number(row.id));
  return {
    ...listing,
    merchantId: Number(row.id),
    canonicalLink,
    merchantUrl: listing.merchantUrl || canonicalLink,
  };
}

/** The listing with this merchant id, or null. */
export const listingById = (db: Db, id: number, scope: ListingScope) => findListing(db, 'id', id, scope);

/** The listing an older URL names by its old id, or null. */
export const listingByOldId = (db: Db, oldId: number, scope: ListingScope) =>
  findListing(db, 'old_id', oldId, scope);

interface OfferRow {
  offer: Offer;
  merchant_id: number;
  banner_name: string;
  location: OfferInfo['location'];
  average_score: number;
  total_reviews: number;
}

/** The offer info's columns; with `withListing`, also its listing's (LISTING_COLUMNS). */
const offerStatement = (withListing: boolean) => `
select o.doc as offer, m.id as merchant_id, m.banner_name, m.average_score, m.total_reviews,
  jsonb_build_object('city', m.city, 'stateOrProvinceCode', m.state_code, 'latitude', m.lat,
    'longitude', m.lon, 'normalizedLocation', m.doc->'location'->>'normalizedLocation') as location
  ${withListing ? `, ${LISTING_COLUMNS}` : ''}
from offers o join merchants m on m.id = o.merchant_id
where o.id = $1 and ${VISIBLE}`;

function offerInfo(row: OfferRow): OfferInfo {
  return {
    offer: row.offer,
    name: row.banner_name,
    listingId: Number(row.merchant_id),
    location: row.location,
    averageScore: row.average_score,
    totalReviews: row.total_reviews,
    canonicalLink: offerPath(row.offer.title, row.offer.id),
  };
}

/**
 * The offer info of spec 3 for an offer id, or null. Expired offers are still found: their page
 * says 'expired' instead of a dead end. `canonicalLink` is the offer page's path.
 */
export async function offerInfoById(db: Db, id: number, scope: ListingScope): Promise<OfferInfo | null> {
  const { rows } = await db.query<OfferRow>(offerStatement(false), [id, scope.programs], PREPARED);
  const row = rows[0];
  return row ? offerInfo(row) : null;
}

/**
 * The offer info and its listing as `listingById` answers it, read in one statement: the offer
 * page's one request. The listing is visible whenever its offer is (the same VISIBLE rule); a
 * record that cannot be served is `listing: null` and told to `onListingError`, so the offer
 * still shows, as it did when its page asked for the listing separately.
 */
export async function offerWithListingById(
  db: Db,
  id: number,
  scope: ListingScope,
  onListingError: (error: unknown) => void,
): Promise<OfferWithListing | null> {
  const { rows } = await db.query<OfferRow & Omit<ListingRow, 'id'>>(
    offerStatement(true),
    [id, scope.programs],
    PREPARED,
  );
  const row = rows[0];
  if (!row) return null;
  let listing: FullListing | null = null;
  try {
    listing = fullListing({ id: row.merchant_id, doc: row.doc, offers: row.offers }, scope);
  } catch (error) {
    onListingError(error);
  }
  return { ...offerInfo(row), listing };
}
