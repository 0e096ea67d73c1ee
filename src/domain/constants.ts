/**
 * Business constants and limits of the spec (section 9, with 2.7 for the option lists). One
 * place, so the server, the elements and the tests agree on every number.
 */

import type { SortType } from './types';

// ---------------------------------------------------------------------------------------------
// Search and paging

/** The first page of a search; pages count from 0. */
export const DEFAULT_PAGE = 0;

/** Results per page of a search. */
export const DEFAULT_PAGE_SIZE = 12;

/** Results per page in the other tenants' listing grids. */
export const LISTING_GRID_PAGE_SIZE = 24;

/** The sort a search starts with. */
export const DEFAULT_SORT: SortType = 'relevance';

/** Sort values in the order the filter offers them; the second is the extended-listings sort. */
export const SORT_TYPES: readonly SortType[] = ['relevance', 'distance', 'averageScore'];

/**
 * Sort options with labels. The spec names the values only; the labels are ours.
 */
export const SORT_OPTIONS: readonly { value: SortType; label: string }[] = [
  { value: 'relevance', label: 'Relevance' },
  { value: 'distance', label: 'Distance' },
  { value: 'averageScore', label: 'Rating' },
];

/** Search radius in miles when none is chosen. */
export const DEFAULT_DISTANCE = 50;

/** Radius options in miles, widest first. */
export const DISTANCE_OPTIONS: readonly { value: number; label: string }[] = [50, 30, 15, 10].map(
  (value) => ({
    value,
    label: `${value} mile radius`,
  }),
);

/** Rating options; 0 is 'Any' and means no rating filter. */
export const RATING_OPTIONS: readonly { value: number; label: string }[] = [
  { value: 0, label: 'Any' },
  { value: 3, label: '3 stars and up' },
  { value: 4, label: '4 stars and up' },
  { value: 5, label: '5 stars only the best' },
];

/** Listing type options; the value is what `hasOffers` becomes. */
export const LISTING_TYPE_OPTIONS: readonly { value: boolean; label: string }[] = [
  { value: false, label: 'All Locations' },
  { value: true, label: 'Offers Only' },
];

/** Map zoom a map view starts at. */
export const DEFAULT_MAP_ZOOM = 10;

/** Mean earth radius used by the haversine distance. */
export const EARTH_RADIUS_KM = 6371;

/** Kilometres in one mile. */
export const KM_PER_MILE = 1.609344;

// ---------------------------------------------------------------------------------------------
// Listing grid injection

/** An ad after every this many items, when the tenant shows ads. */
export const DEFAULT_ADS_FREQUENCY = 9;

/** A featured item after every this many items, once the first featured items are placed. */
export const DEFAULT_FEATURED_FREQUENCY = 3;

/** Featured items placed at the top of the results before the periodic ones. */
export const DEFAULT_QUANTITY_FIRST_FEATURED_ELEMENTS = 3;

// ---------------------------------------------------------------------------------------------
// Suggestions

/** Most suggestions shown per group. */
export const MAX_SUGGESTIONS_PER_GROUP = 8;

/** Most location suggestions shown ('Share my Location' comes on top of these). */
export const MAX_LOCATION_SUGGESTIONS = 3;

/** Text of the suggestion that asks the browser for the visitor's position. */
export const SHARE_MY_LOCATION = 'Share my Location';

// ---------------------------------------------------------------------------------------------
// Content and display

/** Saved searches kept per signed-in user. */
export const SAVED_SEARCHES_LIMIT = 50;

/** Tenant settings (themes) kept in the theme cache, and for how long (spec 9). */
export const THEME_CACHE_MAX_ENTRIES = 10;
export const THEME_CACHE_TTL_MS = 60 * 60_000;

/** Offers shown on the home page. */
export const HOME_OFFERS_LIMIT = 8;

/** Listing images shown on a listing page. */
export const LISTING_IMAGES_LIMIT = 5;

/** Offer titles longer than this use the shorter of title and subtitle for SEO. */
export const SEO_TITLE_LIMIT = 40;

/** Characters kept by `truncateText` when no limit is given. */
export const DEFAULT_TRUNCATE_LENGTH = 15;

/** Partner slides shown when the tenant sets no total. */
export const DEFAULT_PARTNER_SLIDES = 6;

/** Base slider autoplay interval; a random 0..2999 ms is added so sliders do not tick together. */
export const SLIDER_AUTOPLAY_BASE_MS = 7000;

/** Exclusive upper bound of the random part of the slider autoplay interval. */
export const SLIDER_AUTOPLAY_JITTER_MS = 3000;

/** Header height in px. */
export const HEADER_DEFAULT_HEIGHT = 64;

/** Logos taller than this (px) are scaled on small screens. */
export const LOGO_MAX_SMALL_SCREEN_HEIGHT = 40;

/** Scale of a tall logo on small screens. */
export const SMALL_SCREEN_LOGO_SCALE = 0.7;

/** Length of a two-letter state code. */
export const TWO_LETTER_STATE_LENGTH = 2;

/** Social networks a tenant links to in its footer and share bar. */
export const TENANT_SOCIAL_LINKS = ['facebook', 'twitter', 'pinterest', 'instagram'] as const;

// ---------------------------------------------------------------------------------------------
// Timing

/** The location-shared flag goes back to false this often (10 minutes). */
export const LOCATION_SHARED_RESET_MS = 600_000;

// ---------------------------------------------------------------------------------------------
// Texts the spec fixes (section 8 and 2.4)

/**
 * What a bot-check token is for: reCAPTCHA v3 and Turnstile carry the action the browser named,
 * and the server accepts a token only for the request it was made for.
 */
export const BOT_CHECK_ACTIONS = {
  balanceInquiry: 'balance_inquiry',
  shareOffer: 'share_offer',
  contactListing: 'contact_listing',
  contactUs: 'contact_us',
  subscribe: 'subscribe',
} as const;

export type BotCheckAction = (typeof BOT_CHECK_ACTIONS)[keyof typeof BOT_CHECK_ACTIONS];

/** Error texts of the spec's error catalogue; the API answers `{ error: text }` with these. */
export const ERROR_MESSAGES = {
  offerNotFound: 'Offer not found!',
  listingNotFound: 'Listing not found!',
  noMenuContent: 'No Menu Content',
  noServiceContent: 'No Service Content',
  noHomepageContent: 'No Homepage Content',
  noDestinationContent: 'No Destination Content',
  requestCanceled: 'API request is being canceled',
  chunkLoadError: 'ChunkLoadError',
  cssChunkLoadFailed: 'CSS_CHUNK_LOAD_FAILED',
} as const;

/** Spec 9: the data layer's event timeout, and the callback's grace when no tag manager answers. */
export const DATA_LAYER_EVENT_TIMEOUT_MS = 1500;
export const DATA_LAYER_CALLBACK_DELAY_MS = 300;

/** Spec 9: cookie lifetime (the consent choice), 30 days. */
export const COOKIE_LIFETIME_DAYS = 30;

/** Spec 9: a page's code that has not arrived in this long has failed to load (spec 8, ChunkLoadError). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Text of the update banner. */
export const UPDATE_AVAILABLE_TEXT = 'A new version of the application is available!';
