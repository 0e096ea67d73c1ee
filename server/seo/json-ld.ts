/**
 * schema.org JSON-LD of listing and offer pages, so search engines read the business (address,
 * position, rating) and the offer (price, dates, availability) without running the app.
 */
import { offerTotalPrice } from '../../src/domain/offer';
import { hasCoordinates } from '../../src/domain/listing-page';
import { listingImages } from '../../src/domain/listing-media';
import { socialNetworksWithInfo } from '../../src/domain/listing-social';
import { metaDescription } from '../../src/domain/seo';
import type { OfferInfo } from '../../src/domain/types';
import type { FullListing } from '../listings/service';
import { absoluteUrl, jsonForScript } from './text';

export type JsonLd = Record<string, unknown>;

const SCHEMA = 'https://schema.org';

/** The page data a business description needs besides the listing. */
export interface BusinessContext {
  /** The listing page's absolute URL. */
  url: string;
  /** Site base for relative image URLs. */
  siteBase: string;
  /**
   * Whether the tenant shows reviews: a rating in the markup that the page does not show is
   * what search engines call misleading, so it goes out only where visitors see it too.
   */
  showReviews: boolean;
}

/** Drops empty values (undefined, '', empty lists) so the markup carries only what is known. */
function compact(data: JsonLd): JsonLd {
  return Object.fromEntries(
    Object.entries(data).filter(
      ([, value]) => value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0),
    ),
  );
}

/**
 * The business of a listing: a `DaySpa` when it is a day spa, else the general
 * `HealthAndBeautyBusiness` (yoga studios, salons and medical spas have no closer type that
 * fits all of them). `aggregateRating` only with reviews; no priceRange, which we do not know.
 */
export function businessJsonLd(listing: FullListing, context: BusinessContext): JsonLd {
  const location = listing.location;
  const images = listingImages(listing.images).map((image) => absoluteUrl(context.siteBase, image.url));
  const sameAs = [listing.website, ...socialNetworksWithInfo(listing.socialNetworks).map((n) => n.url)];
  return compact({
    '@type': listing.businessTypes?.includes('Day Spa') ? 'DaySpa' : 'HealthAndBeautyBusiness',
    name: listing.name,
    url: context.url,
    description: metaDescription(listing.businessDescription),
    telephone: listing.phone?.number,
    image: images,
    address: location
      ? compact({
          '@type': 'PostalAddress',
          streetAddress: [location.address1, location.address2].filter(Boolean).join(', '),
          addressLocality: location.city,
          addressRegion: location.stateOrProvinceCode || location.stateOrProvince,
          postalCode: location.postalCode,
          addressCountry: location.countryCode,
        })
      : undefined,
    geo: hasCoordinates(location)
      ? { '@type': 'GeoCoordinates', latitude: location.latitude, longitude: location.longitude }
      : undefined,
    aggregateRating:
      context.showReviews && listing.totalReviews > 0
        ? {
            '@type': 'AggregateRating',
            ratingValue: listing.averageScore,
            reviewCount: listing.totalReviews,
            bestRating: 5,
          }
        : undefined,
    sameAs: sameAs.filter(Boolean),
  });
}

const OFFER_DATE = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)$/;

/**
 * An offer date ('YYYY-MM-DD HH:mm:SS', stored in UTC like the database's columns) as ISO 8601
 * ('2026-03-05T23:59:59Z'); undefined when it cannot be read.
 */
export function offerDateIso(date: string | null | undefined): string | undefined {
  const match = OFFER_DATE.exec((date ?? '').trim());
  if (!match) return undefined;
  const iso = `${match[1]}T${match[2]!.length === 5 ? `${match[2]}:00` : match[2]}Z`;
  return Number.isNaN(Date.parse(iso)) ? undefined : iso;
}

/** The page data an offer description needs besides the offer. */
export interface OfferContext {
  /** The offer page's absolute URL. */
  url: string;
  siteBase: string;
  /** The tenant's currency (helperInfo.currency). */
  currency: string;
  now: Date;
}

/**
 * The `Offer` of an offer page, offered by its business. The price is the offer's total price
 * (spec 5); a percent-off offer has none (its total is 0, which would read as free), so it goes
 * without a price. An offer past its end date, or without a readable one, is `Discontinued`.
 */
export function offerJsonLd(info: OfferInfo, business: JsonLd, context: OfferContext): JsonLd {
  const { offer } = info;
  const price = offerTotalPrice(offer);
  const validThrough = offerDateIso(offer.endDate);
  const expired = !validThrough || Date.parse(validThrough) <= context.now.getTime();
  return compact({
    '@type': 'Offer',
    name: offer.title,
    description: metaDescription(offer.description) || offer.subTitle,
    url: context.url,
    image: (offer.images ?? []).map((image) => absoluteUrl(context.siteBase, image.url)),
    category: (offer.categories ?? []).map((category) => category.name).join(', '),
    price: price > 0 ? price : undefined,
    priceCurrency: price > 0 ? context.currency : undefined,
    validFrom: offerDateIso(offer.startDate),
    validThrough,
    availability: `${SCHEMA}/${expired ? 'Discontinued' : 'InStock'}`,
    offeredBy: business,
  });
}

/** A JSON-LD script element; the data cannot break out of it (see jsonForScript). */
export const jsonLdScript = (data: JsonLd): string =>
  `<script type="application/ld+json">${jsonForScript({ '@context': SCHEMA, ...data })}</script>`;
