/**
 * The one rule for a URL that came from somewhere else (the CMS, a listing record) before it
 * becomes an `href`: http, https, mailto and tel URLs, and paths of the same site. The server
 * applies it where such URLs enter its answers; the UI applies it again where it renders a link
 * (`src/ui/SafeLink`), since Preact puts a `javascript:` URL into `href` as it is.
 */
import { normaliseWebsite } from './listing';
import type { Listing, ListingCard } from './types';

/** Schemes a link may have. */
export const SAFE_LINK_SCHEMES: readonly string[] = ['http:', 'https:', 'mailto:', 'tel:'];

// eslint-disable-next-line no-control-regex -- control characters are exactly what it refuses
const CONTROL = /[\u0000-\u001f\u007f]/;
/** A scheme as the URL parser reads one: a letter, then letters, digits, '+', '-' or '.', then ':'. */
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * The URL, trimmed, when it is safe to link to; '' when it is not (or is empty):
 * - `http:`/`https:` URLs with a host, `mailto:` and `tel:` URLs;
 * - paths of the same site: '/find/massages', '?page=2', '#faq' (never '//host' or '/\host',
 *   which browsers read as another host);
 * - nothing else: no `javascript:`, `data:`, `vbscript:`, `file:` or other schemes, no control
 *   characters (browsers drop tabs and line breaks inside a scheme: 'java\tscript:'), and no bare
 *   relative names ('www.example.com', 'page.html'), which a record never means as a path.
 */
export function safeUrl(value: unknown): string {
  if (typeof value !== 'string') return '';
  const url = value.trim();
  if (!url || CONTROL.test(url)) return '';
  if (url.startsWith('/')) return url[1] === '/' || url[1] === '\\' ? '' : url;
  if (url.startsWith('#') || url.startsWith('?')) return url;
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (!scheme || !SAFE_LINK_SCHEMES.includes(`${scheme}:`)) return '';
  if (scheme === 'http' || scheme === 'https') {
    // 'http:evil' or 'https:/\evil' are read by browsers in ways that depend on the page.
    if (!/^https?:\/\/[^/\\]/i.test(url)) return '';
    try {
      return new URL(url).hostname ? url : '';
    } catch {
      return '';
    }
  }
  return url.length > scheme.length + 1 ? url : '';
}

/** Whether `safeUrl` keeps the URL. */
export const isSafeUrl = (value: unknown): boolean => safeUrl(value) !== '';

/** The URL fields of a listing or listing card that may be present. */
type LinkFields = Partial<
  Pick<Listing, 'website' | 'merchantUrl' | 'scheduleLink' | 'servicePdfUrl' | 'videos'> & {
    location: Partial<Pick<ListingCard['location'], 'website'>> | null;
    images: Listing['images'];
    annualAwards: Listing['annualAwards'];
    socialNetworks: Listing['socialNetworks'];
    roomAndDiningImage: Listing['roomAndDiningImage'];
    facilityAndAmenityImage: Listing['facilityAndAmenityImage'];
  }
>;

/**
 * A listing (or card) with every URL from its record checked by `safeUrl`: a bad website,
 * booking link, PDF or award link becomes '', a bad video, image or social network is dropped.
 * Fields the value does not have stay absent; nothing else changes.
 */
export function safeListingLinks<T extends LinkFields>(listing: T): T {
  const out: T = { ...listing };
  for (const key of ['website', 'merchantUrl', 'scheduleLink', 'servicePdfUrl'] as const) {
    if (typeof listing[key] === 'string') out[key] = safeUrl(listing[key]) as T[typeof key];
  }
  if (listing.location && typeof listing.location.website === 'string')
    out.location = { ...listing.location, website: safeUrl(listing.location.website) };
  if (Array.isArray(listing.videos)) out.videos = listing.videos.filter(isSafeUrl);
  if (Array.isArray(listing.images)) out.images = listing.images.filter((image) => isSafeUrl(image?.url));
  // Social links are often kept without a scheme ('facebook.com/…'): the page adds 'http://'.
  if (Array.isArray(listing.socialNetworks))
    out.socialNetworks = listing.socialNetworks.filter((network) =>
      isSafeUrl(normaliseWebsite(network?.url ?? '')),
    );
  if (Array.isArray(listing.annualAwards))
    out.annualAwards = listing.annualAwards.map((year) => ({
      ...year,
      awards: (year.awards ?? []).map((award) => ({ ...award, url: safeUrl(award.url) })),
    }));
  for (const key of ['roomAndDiningImage', 'facilityAndAmenityImage'] as const) {
    const image = listing[key];
    if (image && !isSafeUrl(image.url)) out[key] = null as T[typeof key];
  }
  return out;
}
