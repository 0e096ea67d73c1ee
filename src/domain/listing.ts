/**
 * Listing status and normalisation of the raw record (spec 3, 4 'Listing status', 5): what every
 * listing and listing card goes through before the API answers it. The listing page's own rules
 * are in listing-page.ts, media in listing-media.ts, social links in listing-social.ts and
 * opening hours in listing-hours.ts.
 */

import { TWO_LETTER_STATE_LENGTH } from './constants';
import { COUNTRY_DIAL_CODES, US_STATES } from './regions';
import type { Listing, ListingCard, ListingStatus, Location, PhoneNumber } from './types';

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
