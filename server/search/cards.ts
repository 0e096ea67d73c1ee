/**
 * Listing cards (spec 3) from the stored listing documents of a search page.
 */
import { roundMiles } from '../../src/domain/geo';
import { normaliseListing } from '../../src/domain/listing';
import { safeListingLinks } from '../../src/domain/links';
import { isFeaturedPromotion } from '../../src/domain/search';
import { listingPath } from '../../src/domain/slug';
import type { Listing, ListingCard, Offer } from '../../src/domain/types';
import type { SearchRow } from './query';

/** Every field of a card, once: the compiler complains when ListingCard gains one. */
const CARD_FIELDS: Record<keyof ListingCard, true> = {
  isAd: true,
  name: true,
  phone: true,
  score: true,
  offers: true,
  images: true,
  website: true,
  location: true,
  distance: true,
  featured: true,
  listingId: true,
  merchantId: true,
  bannerName: true,
  merchantUrl: true,
  businessTypes: true,
  cardTypes: true,
  totalReviews: true,
  averageScore: true,
  providerName: true,
  providerMerchantId: true,
  nonSearchable: true,
  subscriptionTier: true,
  includedPrograms: true,
  excludedPrograms: true,
  businessDescription: true,
  nonAcceptedPaymentTypes: true,
};
export const CARD_KEYS = Object.keys(CARD_FIELDS) as (keyof ListingCard)[];

/** A field of spec 3's Listing that its ListingCard does not have. */
type ListingOnlyKey = Exclude<keyof Listing, keyof ListingCard>;

/**
 * Every field of a listing that no card shows, once: the compiler complains when Listing gains
 * one. A search page leaves them in the table (query.ts).
 */
const LISTING_ONLY_FIELDS: Record<ListingOnlyKey, true> = {
  email: true,
  hours: true,
  videos: true,
  services: true,
  amenities: true,
  isPayment: true,
  activities: true,
  createdDate: true,
  annualAwards: true,
  scheduleLink: true,
  scheduleValid: true,
  canonicalLink: true,
  servicePdfUrl: true,
  accommodations: true,
  socialNetworks: true,
  gcRedemptionRules: true,
  roomAndDiningImage: true,
  facilityAndAmenityImage: true,
  servicesDescription: true,
  roomAndDiningDescription: true,
  facilityAndDiningDescription: true,
  merchantListingStatus: true,
  parsedCustomBusinessAttributes: true,
  oldId: true,
};
export const LISTING_ONLY_KEYS = Object.keys(LISTING_ONLY_FIELDS) as ListingOnlyKey[];

/**
 * The card of a search row: the stored listing's card fields (the page leaves the others in the
 * table) normalised by the domain rules (state names, phone prefix, website scheme) and its links
 * checked (src/domain/links), cut to the card's fields, with the search's own values:
 * - `distance`: miles from the search centre, 0.1 precision (null without a centre);
 * - `score`: the keyword relevance (ts_rank_cd; 0 without keywords);
 * - `offers`: the listing's current offers;
 * - `featured`: from its promotions ('Featured Merchant');
 * - `merchantUrl`: the listing page on the tenant's site when the record has none.
 */
export function listingCard(row: SearchRow, listingRouteName: string): ListingCard {
  const listing = safeListingLinks(normaliseListing(row.doc as unknown as ListingCard));
  const card = Object.fromEntries(CARD_KEYS.map((key) => [key, listing[key]])) as unknown as ListingCard;
  return {
    ...card,
    isAd: false,
    offers: row.offers as Offer[],
    distance: row.distance === null ? null : roundMiles(row.distance),
    score: Math.round(row.rank * 10_000) / 10_000,
    featured: row.promotions.some(isFeaturedPromotion),
    merchantUrl: card.merchantUrl || listingPath(listingRouteName, card.name, card.merchantId),
  };
}
