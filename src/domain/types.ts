/**
 * Entity types of the spec (section 3). The server answers in these shapes and the elements
 * render them, so they live once, here.
 */

import type { FilterKey, FilterValue } from './filter-keys';

export type ListingStatus = 'APPROVED' | 'PENDING' | 'SUSPENDED' | 'DRAFT';

export interface Image {
  url: string;
  seoUrl: string;
  caption: string;
}

export interface ContactPerson {
  firstName: string;
  lastName: string;
  position: string;
  phone: string;
}

export interface Location {
  city: string;
  email: string;
  website: string;
  address1: string;
  address2: string;
  latitude: number;
  longitude: number;
  postalCode: string;
  /** ISO 3166-1 alpha-2: 'US' or 'CA'. */
  countryCode: string;
  coordinates: { lat: number; lon: number }[];
  contactPerson: ContactPerson | null;
  /** Full name ('Texas'); for the US the two-letter code is kept in stateOrProvinceCode. */
  stateOrProvince: string;
  stateOrProvinceCode: string;
  /** 'Austin, TX' */
  normalizedLocation: string;
}

export interface OfferCategory {
  name: string;
}

/** Dates have the form 'YYYY-MM-DD HH:mm:SS'. */
export interface Offer {
  id: number;
  price: number | null;
  valid: boolean;
  title: string;
  images: Image[];
  endDate: string;
  subTitle: string;
  startDate: string;
  percentOff: number | null;
  categories: OfferCategory[];
  description: string;
  discountPrice: number | null;
  listingId: number;
}

/** An offer with the merchant it belongs to, as the offers carousel shows it. */
export interface OfferCard extends Offer {
  merchantId: number;
  bannerName: string;
  location: Pick<Location, 'city' | 'stateOrProvinceCode' | 'latitude' | 'longitude' | 'normalizedLocation'>;
  averageScore: number;
  totalReviews: number;
  isClaimed: boolean;
  /** Miles from the search centre, when there is one. */
  distance: number | null;
}

export interface OfferInfo {
  offer: Offer;
  /** From bannerName. */
  name: string;
  listingId: number;
  location: Pick<Location, 'city' | 'stateOrProvinceCode' | 'latitude' | 'longitude' | 'normalizedLocation'>;
  averageScore: number;
  totalReviews: number;
  canonicalLink: string;
}

/**
 * GET /offers/{id}?include=listing: the offer info with the full listing GET /merchants/{listingId}
 * answers, so an offer page needs one request; null when the listing could not be served.
 */
export interface OfferWithListing extends OfferInfo {
  listing: Listing | null;
}

export interface PhoneNumber {
  number: string;
  countryCode: string;
}

/** A search result card. */
export interface ListingCard {
  isAd: boolean;
  name: string;
  phone: PhoneNumber;
  score: number;
  offers: Offer[];
  images: Image[];
  website: string;
  location: Location;
  /** Miles from the search centre; null without one. */
  distance: number | null;
  featured: boolean;
  listingId: number;
  merchantId: number;
  bannerName: string;
  merchantUrl: string;
  businessTypes: string[];
  cardTypes: string[];
  totalReviews: number;
  averageScore: number;
  providerName: string;
  providerMerchantId: string;
  nonSearchable: boolean;
  subscriptionTier: string;
  includedPrograms: string[];
  excludedPrograms: string[];
  businessDescription: string;
  nonAcceptedPaymentTypes: string[];
}

export interface ServiceGroup {
  category: string;
  options: string[];
  categorySearch: string;
  optionsSearch: string[];
}

export interface Amenity {
  offeringType: string;
  offerings: string[];
}

export interface Award {
  url: string;
  name: string;
  title: string;
}

export interface AnnualAward {
  year: number;
  awards: Award[];
}

export type SocialNetworkType = 'facebook' | 'instagram' | 'google' | 'google-plus' | 'twitter' | 'pinterest';

export interface SocialNetwork {
  url: string;
  type: SocialNetworkType;
}

export interface Listing extends ListingCard {
  email: string;
  /** 'Monday: 9:00 AM - 7:00 PM' */
  hours: string[];
  videos: string[];
  services: ServiceGroup[];
  amenities: Amenity[];
  isPayment: boolean;
  activities: string[];
  createdDate: string;
  annualAwards: AnnualAward[];
  scheduleLink: string;
  scheduleValid: boolean;
  canonicalLink: string;
  servicePdfUrl: string;
  accommodations: string[];
  socialNetworks: SocialNetwork[];
  gcRedemptionRules: string;
  roomAndDiningImage: Image | null;
  facilityAndAmenityImage: Image | null;
  servicesDescription: string;
  roomAndDiningDescription: string;
  facilityAndDiningDescription: string;
  merchantListingStatus: ListingStatus;
  parsedCustomBusinessAttributes: Record<string, string>;
  /** The older numeric id some listing URLs start with. */
  oldId: number | null;
}

export type SortType = 'relevance' | 'distance' | 'averageScore';

/** The filters of spec 3: any of the keys of FILTER_KINDS, each with the value of its kind. */
export type Filters = { [K in FilterKey]?: FilterValue<K> };

export interface SearchQuery {
  page: number;
  size: number;
  sort: SortType;
  sortTypes: SortType[];
  keywords: string;
  /** Search for exactly the keywords typed: no typo corrections (issue 17). @default false */
  exact?: boolean;
  distance: number;
  location: string;
  utmQuery: string;
  searchOrigin: string;
  hasOffers: boolean;
  defaultAutocompleteValue: string;
  filters: Filters;
}

export interface SearchResult<T = ListingCard> {
  currentPage: number;
  totalPages: number;
  totalHits: number;
  items: T[];
  requestUrl: string;
  nextPageUrl: string | null;
  serviceAggregationUrl: string;
  /**
   * Not in the spec (issue 17): the keywords the results are for when the search corrected typos
   * ('massage austin' for 'masage austin'); absent when the keywords matched as typed.
   */
  correctedKeywords?: string;
  /**
   * Not in the spec (issue 17): true when no listing matched every keyword, so the results are
   * those matching the most of them; absent otherwise.
   */
  partialMatch?: boolean;
  /**
   * Not in the spec (issue 16): true when the search matches more listings than it counts (1,000):
   * totalHits is then that cap, and the pages end there (as Algolia's paginationLimitedTo does).
   */
  moreHits?: boolean;
}

export interface ServiceAggregation {
  category: string;
  options: { option: string; count: number }[];
  totalOptions: number;
  listingsWithCategoryCount: number;
}

export type SuggestionType =
  | 'offers'
  | 'suggestions'
  | 'merchantNames'
  | 'serviceOptions'
  | 'serviceCategories'
  | 'merchantLocations'
  | 'merchantBannerNames';

export interface SuggestionItem {
  url: string;
  item: string;
  type: SuggestionType;
  price?: number | null;
  image?: string;
  filter?: string;
  filters?: Filters;
  isLabel?: boolean;
  address?: string;
  offerId?: number;
  expires?: string;
  disabled?: boolean;
  listingId?: number;
  merchantId?: number;
  percentOff?: number | null;
  discountPrice?: number | null;
}

export type Suggestions = Partial<Record<SuggestionType, SuggestionItem[]>>;

export interface UserLocation {
  ip: string;
  /** 'lat,lon' */
  loc: string;
  org: string;
  city: string;
  region: string;
  postal: string;
  country: string;
  latitude: number;
  longitude: number;
  city_name: string;
  region_name: string;
  country_name: string;
  normalizeLocation: string;
  normalizeCoordinates: string;
}

export interface ContactFeedback {
  name: string;
  email: string;
  error: string;
  message: string;
}

export interface ListingGridSettings {
  adsFrequency: number;
  featuredFrequency: number;
  pushEventSearchListings: boolean;
  quantityFirstFeaturedElements: number;
}

export interface MenuItem {
  ID: number;
  url: string;
  title: string;
  children: MenuItem[];
}
