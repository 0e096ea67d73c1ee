/**
 * The listing page's structure (spec 2.5, 5): directions, the sub-header anchors, breadcrumbs,
 * mini links and when a page counts as not found.
 */

import { truncateText } from './text';
import { COUNTRY_NAMES, formatLatLon, type LatLon } from './geo';
import { searchToQuery } from './filters';
import { listingPath } from './slug';
import { isListingApproved, normaliseWebsite } from './listing';
import type { Listing, ListingCard, Location } from './types';

function hasCoordinate(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Whether a location has both latitude and longitude (0 is a coordinate, not a missing one). */
export function hasCoordinates(
  location: Partial<Pick<Location, 'latitude' | 'longitude'>> | null | undefined,
): boolean {
  return !!location && hasCoordinate(location.latitude) && hasCoordinate(location.longitude);
}

/** Google Maps' directions link: the default `endpoints.directions` of every tenant. */
export const GOOGLE_MAPS_DIRECTIONS =
  'https://www.google.com/maps/dir/?api=1&origin={origin}&destination={destination}';

/**
 * A directions link to a listing from the tenant's maps service: its URL template
 * (`endpoints.directions`) with `{destination}` replaced by the listing's 'lat,lon' and `{origin}`
 * by the start, a place text or a point. Without a start, the query parameter holding `{origin}`
 * is left out, so the maps service starts from the visitor's position. Null when the destination
 * lacks latitude or longitude.
 */
export function directionsUrl(
  destination: Partial<Pick<Location, 'latitude' | 'longitude'>> | null | undefined,
  start?: string | LatLon | null,
  template: string = GOOGLE_MAPS_DIRECTIONS,
): string | null {
  if (!destination || !hasCoordinates(destination)) return null;
  const origin = typeof start === 'string' ? start.trim() : start ? formatLatLon(start) : '';
  const at = `${destination.latitude},${destination.longitude}`;
  const [base = '', query = ''] = template.split('?', 2) as [string, string?];
  const fill = (value: string) =>
    value.replace('{origin}', encodeURIComponent(origin)).replace('{destination}', encodeURIComponent(at));
  const params = query
    .split('&')
    .filter((param) => param && !(param.includes('{origin}') && !origin))
    .map(fill);
  return params.length ? `${fill(base)}?${params.join('&')}` : fill(base);
}

/** An in-page anchor of the listing sub-header. */
export interface ListingAnchor {
  id: 'gallery' | 'offers' | 'about-us' | 'services' | 'dining' | 'reviews';
  label: 'GALLERY' | 'OFFERS' | 'ABOUT US' | 'SERVICES' | 'DINING' | 'REVIEWS';
}

type AnchorData = Partial<
  Pick<
    Listing,
    | 'images'
    | 'offers'
    | 'businessDescription'
    | 'merchantListingStatus'
    | 'services'
    | 'activities'
    | 'accommodations'
    | 'roomAndDiningDescription'
  >
>;

const isFilled = (value: readonly unknown[] | string | null | undefined): boolean =>
  typeof value === 'string' ? value.trim() !== '' : !!value && value.length > 0;

/**
 * The sub-header anchors of a listing page (spec 2.5), in page order. None unless the tenant's
 * sub-header is enabled. GALLERY with images; OFFERS with offers; ABOUT US with a description
 * on an approved listing; SERVICES with services; DINING with activities, accommodations or a
 * dining description; REVIEWS when the tenant shows reviews.
 */
export function listingAnchors(
  listing: AnchorData,
  tenant: { subHeader: boolean; showReviews: boolean },
): ListingAnchor[] {
  if (!tenant.subHeader) return [];
  const anchors: ListingAnchor[] = [];
  if (isFilled(listing.images)) anchors.push({ id: 'gallery', label: 'GALLERY' });
  if (isFilled(listing.offers)) anchors.push({ id: 'offers', label: 'OFFERS' });
  if (isFilled(listing.businessDescription) && isListingApproved(listing)) {
    anchors.push({ id: 'about-us', label: 'ABOUT US' });
  }
  if (isFilled(listing.services)) anchors.push({ id: 'services', label: 'SERVICES' });
  if (
    isFilled(listing.activities) ||
    isFilled(listing.accommodations) ||
    isFilled(listing.roomAndDiningDescription)
  ) {
    anchors.push({ id: 'dining', label: 'DINING' });
  }
  if (tenant.showReviews) anchors.push({ id: 'reviews', label: 'REVIEWS' });
  return anchors;
}

/** A breadcrumb; `href` null for the current page and crumbs with nowhere to go. */
export interface Breadcrumb {
  label: string;
  href: string | null;
  /** The whole text when `label` is cut (the listing's name: spec 5's 15 characters). */
  full?: string;
}

let regionNames: Intl.DisplayNames | undefined;

/**
 * The English name of a country code ('US' -> 'United States'); the code when unknown. The
 * listings' countries are named without Intl.DisplayNames (a test holds the two to the same
 * text): its first use in a page loads locale data, 15-20 ms on a phone's CPU in the listing's
 * first draw. Other codes go through Intl.
 */
export function countryName(countryCode: string): string {
  const code = (countryCode ?? '').trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return code;
  const known = COUNTRY_NAMES[code];
  if (known) return known;
  regionNames ??= new Intl.DisplayNames('en', { type: 'region', fallback: 'code' });
  return regionNames.of(code) ?? code;
}

const searchHref = (location: string): string => `/search?${searchToQuery({ location })}`;

/**
 * Breadcrumbs of a listing or offer page (spec 2.5): country, state or province, city, listing
 * name, and 'Offer #{id}' on the offer page. Empty parts are left out. Place crumbs link to a
 * search at that place; the name links to the listing on the offer page only (on the listing
 * page it is the current page); the offer crumb has no link.
 */
export function listingBreadcrumbs(
  listing: Pick<ListingCard, 'name' | 'merchantId'> & {
    location?: Partial<
      Pick<
        Location,
        'countryCode' | 'stateOrProvince' | 'stateOrProvinceCode' | 'city' | 'normalizedLocation'
      >
    > | null;
  },
  options: { listingRouteName: string; offerId?: number | null },
): Breadcrumb[] {
  const crumbs: Breadcrumb[] = [];
  const location = listing.location ?? {};
  const country = countryName(location.countryCode ?? '');
  if (country) crumbs.push({ label: country, href: searchHref(country) });
  const state = location.stateOrProvince?.trim();
  if (state) crumbs.push({ label: state, href: searchHref(country ? `${state}, ${country}` : state) });
  const city = location.city?.trim();
  if (city) {
    const place =
      location.normalizedLocation?.trim() ||
      [city, location.stateOrProvinceCode || state].filter(Boolean).join(', ');
    crumbs.push({ label: city, href: searchHref(place) });
  }
  const onOffer = options.offerId !== undefined && options.offerId !== null;
  if (listing.name) {
    // The name is cut at 15 characters (spec 5), so the trail stays one line on a phone; the
    // page's heading right below shows it whole.
    const label = truncateText(listing.name);
    crumbs.push({
      label,
      href: onOffer ? listingPath(options.listingRouteName, listing.name, listing.merchantId) : null,
      ...(label !== listing.name && { full: listing.name }),
    });
  }
  if (onOffer) crumbs.push({ label: `Offer #${options.offerId}`, href: null });
  return crumbs;
}

/** Text of the listing page's secondary link. */
export const ASK_A_QUESTION = 'Ask a Question';

/** A mini link of the listing page. */
export type MiniLink =
  | { kind: 'directions'; label: 'Get Directions'; href: string }
  | { kind: 'contact'; label: 'Contact Spa' }
  | { kind: 'book'; label: 'Book Your Appointment'; href: string };

/**
 * The mini links of a listing page (spec 2.5), in order: 'Get Directions' when the listing has
 * coordinates (to `directionsUrl`), 'Contact Spa' when it is approved, 'Book Your Appointment'
 * when its schedule link is marked valid and is not empty.
 *
 * @param start - where directions start: a place text or a point; none lets the maps service
 *   use the visitor's position.
 * @param directionsTemplate - the tenant's maps service (`endpoints.directions`).
 */
export function listingMiniLinks(
  listing: Partial<Pick<Listing, 'location' | 'merchantListingStatus' | 'scheduleLink' | 'scheduleValid'>>,
  start?: string | LatLon | null,
  directionsTemplate?: string,
): MiniLink[] {
  const links: MiniLink[] = [];
  const directions = directionsUrl(listing.location, start, directionsTemplate);
  if (directions) links.push({ kind: 'directions', label: 'Get Directions', href: directions });
  if (isListingApproved(listing)) links.push({ kind: 'contact', label: 'Contact Spa' });
  const schedule = normaliseWebsite(listing.scheduleLink ?? '');
  if (listing.scheduleValid && schedule)
    links.push({ kind: 'book', label: 'Book Your Appointment', href: schedule });
  return links;
}

/**
 * Whether a listing page is tracked as 'Page Not Found' (spec 5): no listing, or one lacking a
 * name or a description.
 */
export function isListingPageNotFound(
  listing: Partial<Pick<ListingCard, 'name' | 'businessDescription'>> | null | undefined,
): boolean {
  return !listing || !listing.name?.trim() || !listing.businessDescription?.trim();
}
