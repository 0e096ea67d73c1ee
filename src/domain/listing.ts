/**
 * Listing rules (spec 2.5, 3, 4 'Listing status', 5): status, normalisation of the raw record,
 * video links, social networks, hours, directions, anchors, breadcrumbs and mini links.
 */

import { LISTING_IMAGES_LIMIT, TWO_LETTER_STATE_LENGTH } from './constants';
import { formatLatLon, type LatLon } from './geo';
import { searchToQuery } from './filters';
import { COUNTRY_DIAL_CODES, US_STATES } from './regions';
import { listingPath } from './slug';
import type {
  Image,
  Listing,
  ListingCard,
  ListingStatus,
  Location,
  PhoneNumber,
  SocialNetwork,
  SocialNetworkType,
} from './types';

/** The status a listing has when its record has none. */
export const DEFAULT_LISTING_STATUS: ListingStatus = 'APPROVED';

/**
 * Whether a listing is approved: only APPROVED counts, and a missing status means APPROVED.
 * Approval gates the contact button, the about section and the mini links.
 */
export function isListingApproved(listing: {
  merchantListingStatus?: ListingStatus | string | null;
}): boolean {
  return (listing.merchantListingStatus || DEFAULT_LISTING_STATUS) === 'APPROVED';
}

/**
 * The location with a US two-letter state turned into the full state name, the code kept in
 * `stateOrProvinceCode` ('TX' -> 'Texas', 'TX'). Other countries, full names and unknown codes
 * are returned as they are.
 */
export function expandUsState<
  L extends Pick<Location, 'countryCode' | 'stateOrProvince' | 'stateOrProvinceCode'>,
>(location: L): L {
  const state = location.stateOrProvince?.trim() ?? '';
  if (location.countryCode?.toUpperCase() !== 'US' || state.length !== TWO_LETTER_STATE_LENGTH)
    return location;
  const code = state.toUpperCase();
  const name = US_STATES[code];
  return name ? { ...location, stateOrProvince: name, stateOrProvinceCode: code } : location;
}

/**
 * A phone number with its country dial prefix ('+44 20 7946 0958'), except for US numbers,
 * numbers that already start with '+', and countries without a known dial code, which are
 * returned trimmed. Applying it twice changes nothing.
 */
export function formatPhoneNumber(number: string, countryCode: string): string {
  const trimmed = (number ?? '').trim();
  const country = (countryCode ?? '').trim().toUpperCase();
  if (!trimmed || !country || country === 'US' || trimmed.startsWith('+')) return trimmed;
  const dial = COUNTRY_DIAL_CODES[country];
  return dial ? `${dial} ${trimmed}` : trimmed;
}

/**
 * A website link with 'http://' in front when it has neither 'http://' nor 'https://' (spec 5).
 * A protocol-relative '//host' gets 'http:'. Empty stays empty.
 */
export function normaliseWebsite(url: string): string {
  const trimmed = (url ?? '').trim();
  if (!trimmed || /^https?:\/\//i.test(trimmed)) return trimmed;
  if (trimmed.startsWith('//')) return `http:${trimmed}`;
  return `http://${trimmed}`;
}

/** A listing as it may come from storage: the status may be missing. */
export type RawListing<T extends ListingCard = Listing> = Omit<T, 'merchantListingStatus'> & {
  merchantListingStatus?: ListingStatus | null;
};

/** A listing after `normaliseListing`: its status is always set. */
export type NormalisedListing<T> = Omit<T, 'merchantListingStatus'> & {
  merchantListingStatus: ListingStatus;
};

/**
 * A listing (or listing card) with the rules of spec 3 and 5 applied: a US two-letter state
 * expanded (code kept), the phone number given its dial prefix (from the phone's country code,
 * else the location's), 'http://' added to the listing's and location's website, and the
 * status defaulted to APPROVED. Applying it twice changes nothing.
 */
export function normaliseListing<T extends ListingCard & { merchantListingStatus?: ListingStatus | null }>(
  raw: T,
): NormalisedListing<T> {
  const location = raw.location
    ? expandUsState({ ...raw.location, website: normaliseWebsite(raw.location.website) })
    : raw.location;
  const country = raw.phone?.countryCode || raw.location?.countryCode || '';
  const phone: PhoneNumber | undefined = raw.phone
    ? { ...raw.phone, number: formatPhoneNumber(raw.phone.number, country) }
    : raw.phone;
  return {
    ...raw,
    location,
    phone,
    website: normaliseWebsite(raw.website),
    merchantListingStatus: raw.merchantListingStatus || DEFAULT_LISTING_STATUS,
  } as NormalisedListing<T>;
}

function parseUrl(url: string): URL | null {
  const trimmed = (url ?? '').trim();
  if (!trimmed) return null;
  try {
    return new URL(
      /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed.replace(/^\/\//, '')}`,
    );
  } catch {
    return null;
  }
}

const YOUTUBE_ID = /^[\w-]{11}$/;
const VIMEO_ID = /^\d{6,11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com']);

const matching = (value: string | null | undefined, pattern: RegExp): string | null =>
  value && pattern.test(value) ? value : null;

function youtubeId(url: URL, host: string): string | null {
  const segments = url.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be') return segments.length === 1 ? matching(segments[0], YOUTUBE_ID) : null;
  if (!YOUTUBE_HOSTS.has(host)) return null;
  if (segments.length === 1 && segments[0] === 'watch')
    return matching(url.searchParams.get('v'), YOUTUBE_ID);
  if (segments.length === 2 && (segments[0] === 'embed' || segments[0] === 'shorts')) {
    return matching(segments[1], YOUTUBE_ID);
  }
  return null;
}

function vimeoId(url: URL, host: string): string | null {
  const segments = url.pathname.split('/').filter(Boolean);
  if (host === 'player.vimeo.com') {
    return segments.length === 2 && segments[0] === 'video' ? matching(segments[1], VIMEO_ID) : null;
  }
  if (host !== 'vimeo.com') return null;
  // vimeo.com/{id}, vimeo.com/channels/{name}/{id}, vimeo.com/groups/{name}/videos/{id}
  const shapeOk =
    segments.length === 1 ||
    (segments.length === 3 && segments[0] === 'channels') ||
    (segments.length === 4 && segments[0] === 'groups' && segments[2] === 'videos');
  return shapeOk ? matching(segments[segments.length - 1], VIMEO_ID) : null;
}

/**
 * The embed URL of a video link, or null when it is not a video (spec 5). Accepted:
 * - YouTube watch (`youtube.com/watch?v=ID`), `youtu.be/ID`, `youtube.com/embed/ID` and
 *   `youtube.com/shorts/ID` with an 11-character id ->
 *   `https://www.youtube.com/embed/ID?autoplay=0`;
 * - Vimeo `vimeo.com/ID`, `vimeo.com/channels/NAME/ID`, `vimeo.com/groups/NAME/videos/ID` and
 *   `player.vimeo.com/video/ID` with a numeric id of 6 to 11 digits ->
 *   `https://player.vimeo.com/video/ID`.
 * The host is checked, so 'example.com/youtube.com/watch?v=...' is not a video.
 */
export function videoEmbedUrl(url: string): string | null {
  const parsed = parseUrl(url);
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) return null;
  const host = parsed.hostname.toLowerCase().replace(/^www\./, '');
  const youtube = youtubeId(parsed, host);
  if (youtube) return `https://www.youtube.com/embed/${youtube}?autoplay=0`;
  const vimeo = vimeoId(parsed, host);
  if (vimeo) return `https://player.vimeo.com/video/${vimeo}`;
  return null;
}

/** Whether a link is an accepted YouTube or Vimeo video (see `videoEmbedUrl`). */
export function isVideoUrl(url: string): boolean {
  return videoEmbedUrl(url) !== null;
}

/** The embed URLs of a listing's video links, non-video links dropped, duplicates once. */
export function listingVideoEmbeds(videos: readonly string[] | null | undefined): string[] {
  const embeds = (videos ?? []).map(videoEmbedUrl).filter((embed): embed is string => embed !== null);
  return [...new Set(embeds)];
}

/** Icon and display name of a social network. */
export interface SocialNetworkInfo {
  /** Material Design Icons name; the UI maps it to its SVG. */
  icon: string;
  name: string;
}

/** Icons and names of the social networks a listing may link to (spec 3). */
export const SOCIAL_NETWORKS: Readonly<Record<SocialNetworkType, SocialNetworkInfo>> = {
  facebook: { icon: 'mdi-facebook', name: 'Facebook' },
  instagram: { icon: 'mdi-instagram', name: 'Instagram' },
  google: { icon: 'mdi-google', name: 'Google' },
  'google-plus': { icon: 'mdi-google-plus', name: 'Google+' },
  twitter: { icon: 'mdi-twitter', name: 'Twitter' },
  pinterest: { icon: 'mdi-pinterest', name: 'Pinterest' },
};

/** Icon and name of a social network type; null for a type we do not know. */
export function socialNetworkInfo(type: string): SocialNetworkInfo | null {
  const key = (type ?? '').trim().toLowerCase();
  return Object.prototype.hasOwnProperty.call(SOCIAL_NETWORKS, key)
    ? (SOCIAL_NETWORKS[key as SocialNetworkType] ?? null)
    : null;
}

/**
 * A listing's social networks with their derived icon and name; networks of an unknown type or
 * without a URL are dropped (there is nothing to show for them). URLs get 'http://' when needed.
 */
export function socialNetworksWithInfo(
  networks: readonly SocialNetwork[] | null | undefined,
): (SocialNetwork & SocialNetworkInfo)[] {
  const out: (SocialNetwork & SocialNetworkInfo)[] = [];
  for (const network of networks ?? []) {
    const info = socialNetworkInfo(network.type);
    const url = normaliseWebsite(network.url);
    if (info && url) out.push({ ...network, url, ...info });
  }
  return out;
}

/** One line of opening hours. */
export interface HoursLine {
  day: string;
  time: string;
}

/**
 * Opening hours read from 'day: time' strings ('Monday: 9:00 AM - 7:00 PM' -> day 'Monday',
 * time '9:00 AM - 7:00 PM'). Split at the first colon, since times contain colons too. A line
 * without a colon has only a time; blank lines are dropped.
 */
export function parseHours(hours: readonly string[] | null | undefined): HoursLine[] {
  const out: HoursLine[] = [];
  for (const line of hours ?? []) {
    const text = (line ?? '').trim();
    if (!text) continue;
    const colon = text.indexOf(':');
    out.push(
      colon < 0
        ? { day: '', time: text }
        : { day: text.slice(0, colon).trim(), time: text.slice(colon + 1).trim() },
    );
  }
  return out;
}

function hasCoordinate(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Whether a location has both latitude and longitude (0 is a coordinate, not a missing one). */
export function hasCoordinates(
  location: Partial<Pick<Location, 'latitude' | 'longitude'>> | null | undefined,
): boolean {
  return !!location && hasCoordinate(location.latitude) && hasCoordinate(location.longitude);
}

/**
 * A Google Maps directions link to a listing:
 * `https://www.google.com/maps/dir/?api=1&origin={start}&destination={lat},{lon}`. The start is
 * a place text or a point; without one the origin is left out and the maps service starts from
 * the visitor's position. Null when the destination lacks latitude or longitude.
 */
export function directionsUrl(
  destination: Partial<Pick<Location, 'latitude' | 'longitude'>> | null | undefined,
  start?: string | LatLon | null,
): string | null {
  if (!destination || !hasCoordinates(destination)) return null;
  const params = new URLSearchParams({ api: '1' });
  const origin = typeof start === 'string' ? start.trim() : start ? formatLatLon(start) : '';
  if (origin) params.set('origin', origin);
  params.set('destination', `${destination.latitude},${destination.longitude}`);
  return `https://www.google.com/maps/dir/?${params.toString()}`;
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
}

let regionNames: Intl.DisplayNames | undefined;

/** The English name of a country code ('US' -> 'United States'); the code when unknown. */
export function countryName(countryCode: string): string {
  const code = (countryCode ?? '').trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return code;
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
    crumbs.push({
      label: listing.name,
      href: onOffer ? listingPath(options.listingRouteName, listing.name, listing.merchantId) : null,
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
 */
export function listingMiniLinks(
  listing: Partial<Pick<Listing, 'location' | 'merchantListingStatus' | 'scheduleLink' | 'scheduleValid'>>,
  start?: string | LatLon | null,
): MiniLink[] {
  const links: MiniLink[] = [];
  const directions = directionsUrl(listing.location, start);
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

/**
 * The images a listing page shows: the first 5.
 *
 * @param limit - @default 5
 */
export function listingImages(
  images: readonly Image[] | null | undefined,
  limit = LISTING_IMAGES_LIMIT,
): Image[] {
  return (images ?? []).slice(0, limit);
}
