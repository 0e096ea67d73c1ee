/**
 * Every default of the tenant configuration, as plain data (no zod: browser bundles import this).
 * Spec 9 'Theme defaults' and 'Tenant option defaults' are kept exactly; the rest is ours and is
 * written for the embedded default: root-relative endpoints on our own server, local images, no
 * third party.
 */
import { SPA_TYPES } from '../domain/catalog';
import { DEFAULT_PARTNER_SLIDES, LISTING_GRID_PAGE_SIZE } from '../domain/constants';
import { GOOGLE_MAPS_DIRECTIONS } from '../domain/listing-page';
import { THEME_COLOR_DEFAULTS } from './theme';
import type { TenantConfig } from './shape';

/** Optional all the way down, except arrays and nullable values, which a document replaces whole. */
export type DeepPartial<T> = {
  [K in keyof T]?: null extends T[K]
    ? T[K]
    : T[K] extends readonly unknown[]
      ? T[K]
      : T[K] extends object
        ? DeepPartial<T[K]>
        : T[K];
};

/** A tenant document as stored: a name and any part of the config. */
export type TenantConfigInput = { name: string } & DeepPartial<Omit<TenantConfig, 'name'>>;

export { THEME_COLOR_DEFAULTS };

/** Spec 9 'Tenant option defaults'. The home flags beyond the spec's module kinds and the single
 * switches beyond the spec 2.5 anchors follow the same rule ('all enabled', 'all shown'). */
export const OPTION_DEFAULTS = {
  home: {
    search: true,
    brands: true,
    offers: true,
    social: true,
    listings: true,
    featured: true,
    knowledge: true,
    subscribe: true,
    featured2Col: true,
    carouselSearch: true,
    destinationsHeader: true,
    marketingBanners2Col: true,
    heroCarousel: true,
    travelInfo: true,
    marketingBanners: true,
    partnersInfo: false,
  },
  global: {
    showAds: true,
    sellOnline: true,
    showReviews: true,
    userProfile: true,
    showCardsDetails: true,
    scrollOffScreenOnTheHomePage: false,
  },
  search: {
    map: false,
    reset: true,
    rating: true,
    distance: true,
    location: true,
    listingTypes: true,
    services: false,
    businessTypes: false,
  },
  single: {
    subHeader: true,
    gallery: true,
    offers: true,
    about: true,
    services: true,
    dining: true,
    reviews: true,
    map: true,
    breadcrumbs: true,
    directions: true,
    contact: true,
    appointment: true,
    askQuestion: true,
    hours: true,
    videos: true,
    awards: true,
    amenities: true,
    socialNetworks: true,
    showSubscription: true,
  },
} as const satisfies TenantConfig['options'];

/** Spec 9 'Search-environment filters'. */
export const FILTERS_ON_SEARCH_DEFAULTS = {
  listingTypes: false,
  businessTypes: true,
} as const satisfies TenantConfig['searchEnvironment']['filtersOnSearch'];

/** Spec 9 'Ads and featured items'; page size 24 is the listing grid default (wellness uses 12). */
export const LISTING_GRID_DEFAULTS = {
  adsFrequency: 9,
  featuredFrequency: 3,
  pushEventSearchListings: true,
  quantityFirstFeaturedElements: 3,
  pageSize: LISTING_GRID_PAGE_SIZE,
} as const satisfies TenantConfig['listingGrid'];

const DEFAULT_BRAND = 'Wellspring';

/** Texts that name the brand: filled from the document's brandName unless it sets them. */
export function brandDefaults(brandName: string) {
  return {
    productName: `${brandName} Gift Card`,
    titles: {
      purchaseText: `Buy a ${brandName} Gift Card`,
      giftCardShopButtonName: `Get a ${brandName} Gift Card`,
    },
    helperInfo: { fullProjectName: brandName },
    componentsConfig: { footer: { copyright: `© ${brandName}` } },
  };
}

const BRAND_TEXTS = /* @__PURE__ */ brandDefaults(DEFAULT_BRAND);

/** The complete default config, without a name (deep-frozen). */
export const TENANT_DEFAULTS: Omit<TenantConfig, 'name'> = /* @__PURE__ */ deepFreeze({
  brandName: DEFAULT_BRAND,
  productName: BRAND_TEXTS.productName,
  listingRouteName: 'spa',
  icons: {
    titleImage: '/media/logo.svg',
    tenantIcons: { favicon: '/media/favicon.svg', appleTouchIcon: '/media/apple-touch-icon.png' },
  },
  theme: { dark: false, class: '', colors: { ...THEME_COLOR_DEFAULTS }, isHeaderDark: false },
  titles: {
    ...BRAND_TEXTS.titles,
    contactFormTitle: 'Ask a Question',
    servicesSectionName: 'Services',
    mainSearchButtonName: 'Search',
    shortGiftCardShopButtonName: 'Gift Cards',
  },
  options: {
    home: { ...OPTION_DEFAULTS.home },
    global: { ...OPTION_DEFAULTS.global },
    search: { ...OPTION_DEFAULTS.search },
    single: { ...OPTION_DEFAULTS.single },
  },
  tracking: { trackingId: '', tagManagerUrl: 'https://www.googletagmanager.com/gtm.js?id={id}' },
  consent: { required: true },
  endpoints: {
    giftCards: '/buy-gift-cards',
    canonical: '/',
    eGiftCards: '/buy-gift-cards?delivery=email',
    partnerLink: '/partner',
    networkLink: '/join-the-network',
    serviceLink: '/find',
    purchaseLink: '/buy-gift-cards',
    findCanonical: '/find',
    defaultCardImage: '/media/card-default.svg',
    notFoundPageMetaUrl: '/404',
    functions: '/api',
    geoIp: '/api/geo',
    imageResizer: '/api/images',
    emailGiftCard: '/buy-gift-cards?delivery=email',
    printGiftCard: '/buy-gift-cards?delivery=print',
    mailGiftCard: '/buy-gift-cards?delivery=mail',
    corporateSales: '/contactUs?topic=corporate-sales',
    contactSales: '/contactUs?topic=sales',
    // The embedded base map (server/tiles), drawn from these open data sets to zoom 10.
    mapTiles: '/api/tiles/{z}/{x}/{y}.png?tenant={tenant}',
    mapAttribution: [
      { text: 'Natural Earth', link: 'https://www.naturalearthdata.com/' },
      { text: 'U.S. Census Bureau', link: 'https://www.census.gov/geographies/mapping-files.html' },
      { text: '© GeoNames (CC BY 4.0)', link: 'https://www.geonames.org/' },
    ],
    mapMaxNativeZoom: 10,
    // Production tenants may set their own maps service (OpenStreetMap, Apple Maps, …).
    directions: GOOGLE_MAPS_DIRECTIONS,
  },
  helperInfo: {
    country: 'US',
    currency: 'USD',
    manifest: '/manifest.webmanifest',
    // Spec 9: the active build's publisher.
    publisherId: 13,
    fullProjectName: BRAND_TEXTS.helperInfo.fullProjectName,
    includedPrograms: [],
    hashTagForSharing: '#Wellspring',
    customerServiceTel: '1-800-555-0100',
    customerServiceEmail: 'support@wellspring.example',
    customImageFieldName: 'featured_image',
    advertismentGoogleID: '',
  },
  metaDataPages: {
    homePage: {
      title: 'Spas and wellness near you',
      description: 'Find spas and wellness businesses near you, with offers and gift cards.',
    },
    searchPage: {
      title: 'Search spas and wellness businesses',
      description: 'Search spas and wellness businesses by location, service, rating and distance.',
    },
  },
  componentsConfig: {
    home: { giftCardHero: null, businessTypeCards: false, retailerAnnouncement: null, offersLimit: 8 },
    header: { menu: true, subHeader: true, menuType: 'main', height: 64 },
    footer: {
      menu: true,
      menuType: 'footer',
      copyright: BRAND_TEXTS.componentsConfig.footer.copyright,
      socialLinks: [],
    },
    partnerInfo: {
      title: 'Partner with us',
      text: 'Reach new guests and sell gift cards online.',
      buttonText: 'Become a partner',
      link: '/partner',
      slidesTotal: DEFAULT_PARTNER_SLIDES,
    },
    businessLogos: [],
  },
  searchEnvironment: {
    placeholders: { location: 'City, State or ZIP', keywords: 'Spa, service or treatment' },
    businessTypes: SPA_TYPES.map((type) => ({ title: type, value: type })),
    homePageButton: { text: 'Find a Spa', link: '/search' },
    filtersOnSearch: { ...FILTERS_ON_SEARCH_DEFAULTS },
    autoSuggestionCategory: {
      offers: 'Offers',
      suggestions: 'Suggestions',
      merchantNames: 'Businesses',
      serviceOptions: 'Services',
      serviceCategories: 'Service Categories',
      merchantLocations: 'Locations',
      merchantBannerNames: 'Brands',
    },
    synonyms: [],
  },
  listingGrid: { ...LISTING_GRID_DEFAULTS },
  analytics: true,
  botCheck: { provider: 'altcha' },
  adNetwork: null,
  housePromotions: [
    {
      title: 'Give the gift of calm',
      text: 'Gift cards for massages, facials and more, delivered by email, print or mail.',
      url: '/buy-gift-cards',
      image: '/media/spa-1.svg',
    },
    {
      title: 'New to spas?',
      text: 'Our spa etiquette guide tells you what to expect on your first visit.',
      url: '/spa-etiquette',
      image: '/media/spa-2.svg',
    },
    {
      title: 'Own a spa or studio?',
      text: 'Join the network and welcome new guests.',
      url: '/join-the-network',
      image: '/media/spa-3.svg',
    },
  ],
  corsOrigins: ['http://localhost:*', 'http://127.0.0.1:*'],
  // Only the site itself may frame its pages (clickjacking); partners embed elements, not pages.
  frameAncestors: ["'self'"],
});

/** Freezes a value and everything in it; returns it. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Deep copy of `base` with `patch` on top: objects merge, anything else (arrays, null, scalars,
 * wrong types) replaces; undefined keeps the base. Never touches its arguments. */
export function deepMerge(base: unknown, patch: unknown): unknown {
  if (patch === undefined) return clone(base);
  if (!isPlainObject(base) || !isPlainObject(patch)) return clone(patch);
  const out: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(base), ...Object.keys(patch)])) {
    if (UNSAFE_KEYS.has(key)) continue;
    out[key] = deepMerge(base[key], patch[key]);
  }
  return out;
}

function clone(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clone);
  if (isPlainObject(value)) return deepMerge(value, {});
  return value;
}

/**
 * A document with every default filled in, unvalidated. Anything that is not an object is
 * returned as is, for the schema to reject. The brand texts of brandDefaults default from the
 * document's own brandName.
 */
export function applyTenantDefaults(doc: unknown): unknown {
  if (!isPlainObject(doc)) return doc;
  const brandName = typeof doc.brandName === 'string' && doc.brandName ? doc.brandName : DEFAULT_BRAND;
  return deepMerge(deepMerge(TENANT_DEFAULTS, brandDefaults(brandName)), doc);
}

/**
 * A complete config from a trusted partial document, without zod (for browser code and the
 * built-in tenants). Untrusted documents go through parseTenantConfig (./schema) instead.
 */
export function withTenantDefaults(doc: TenantConfigInput): TenantConfig {
  return applyTenantDefaults(doc) as TenantConfig;
}
