/**
 * The tenant configuration document (spec 3 'Tenant configuration', spec 9 'Tenants', 'Theme
 * defaults', 'Tenant option defaults') as a strict zod 4 shape, and the types inferred from it.
 * It imports nothing of ours, so defaults, theme and parsing can all build on it. The browser
 * imports only types from here (`import type`, through ./types).
 */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Field helpers

/** Absolute http(s) URL, or a root-relative path ('/api', not '//host'). Braces are allowed so
 * URL templates such as '/api/tiles/{z}/{x}/{y}.png' validate. */
export function isTenantUrl(value: string): boolean {
  if (value.length === 0 || /\s/.test(value) || [...value].some((ch) => ch < ' ' || ch === '\u007f'))
    return false;
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const url = () =>
  z.string().refine(isTenantUrl, {
    error: 'must be an absolute http(s) URL or a root-relative path starting with "/"',
  });

/** '#rgb' or '#rrggbb'. */
export const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const hexColor = () => z.string().regex(HEX_COLOR, { error: 'must be a hex colour such as #00838f' });

/** An origin allowed to call the API: scheme, host and optional port; ':*' means any port. */
export const CORS_ORIGIN = /^https?:\/\/[a-z0-9.-]+(?::(?:\d{1,5}|\*))?$/i;

/**
 * A CSP frame-ancestors source: 'self', 'none', or an origin whose host may start with '*.' and
 * whose port may be '*' ('https://*.partner.example.com', 'http://localhost:*').
 */
export const FRAME_ANCESTOR = /^(?:'self'|'none'|https?:\/\/(?:\*\.)?[a-z0-9.-]+(?::(?:\d{1,5}|\*))?)$/i;

const text = () => z.string();
const flag = () => z.boolean();
const count = () => z.number().int().min(1);

// ---------------------------------------------------------------------------------------------
// Sections

const themeColorsSchema = z.object({
  primary: hexColor(),
  secondary: hexColor(),
  accent: hexColor(),
  error: hexColor(),
  info: hexColor(),
  success: hexColor(),
  warning: hexColor(),
});

const themeSchema = z.object({
  /** Dark page background and surfaces. */
  dark: flag(),
  /** Extra CSS class put on the element host / app root, e.g. 'theme-wellness'. */
  class: text(),
  /** Spec 'settings colours'. */
  colors: themeColorsSchema,
  /** The header bar uses the primary colour with contrasting text (true) or the surface (false). */
  isHeaderDark: flag(),
});

const titlesSchema = z.object({
  /** Buy button text on the offer page. */
  purchaseText: text(),
  contactFormTitle: text(),
  servicesSectionName: text(),
  mainSearchButtonName: text(),
  giftCardShopButtonName: text(),
  shortGiftCardShopButtonName: text(),
});

const globalOptionsSchema = z.object({
  showAds: flag(),
  sellOnline: flag(),
  showReviews: flag(),
  userProfile: flag(),
  showCardsDetails: flag(),
  scrollOffScreenOnTheHomePage: flag(),
});

/** Home modules (spec 2.8 kinds, camel-cased) and the other home parts. */
const homeOptionsSchema = z.object({
  search: flag(),
  brands: flag(),
  offers: flag(),
  social: flag(),
  listings: flag(),
  featured: flag(),
  /** The blog posts module. */
  knowledge: flag(),
  subscribe: flag(),
  featured2Col: flag(),
  carouselSearch: flag(),
  destinationsHeader: flag(),
  marketingBanners2Col: flag(),
  heroCarousel: flag(),
  travelInfo: flag(),
  marketingBanners: flag(),
  partnersInfo: flag(),
});

/** Controls of the search bar / filter panel. */
const searchOptionsSchema = z.object({
  map: flag(),
  reset: flag(),
  rating: flag(),
  distance: flag(),
  location: flag(),
  listingTypes: flag(),
  services: flag(),
  businessTypes: flag(),
});

/** Sections of the listing (single) page. */
const singleOptionsSchema = z.object({
  /** The anchor bar of spec 2.5 (GALLERY, OFFERS, ...). */
  subHeader: flag(),
  gallery: flag(),
  offers: flag(),
  about: flag(),
  services: flag(),
  dining: flag(),
  /** The reviews section; shown only when options.global.showReviews is on too. */
  reviews: flag(),
  map: flag(),
  breadcrumbs: flag(),
  directions: flag(),
  contact: flag(),
  appointment: flag(),
  askQuestion: flag(),
  hours: flag(),
  videos: flag(),
  awards: flag(),
  amenities: flag(),
  socialNetworks: flag(),
  /** The subscription (newsletter) box. */
  showSubscription: flag(),
});

const endpointsSchema = z.object({
  giftCards: url(),
  canonical: url(),
  eGiftCards: url(),
  partnerLink: url(),
  networkLink: url(),
  serviceLink: url(),
  purchaseLink: url(),
  findCanonical: url(),
  defaultCardImage: url(),
  notFoundPageMetaUrl: url(),
  /** The API base (spec 7: every call goes to the functions endpoint). */
  functions: url(),
  geoIp: url(),
  imageResizer: url(),
  /** Offer page buy buttons (spec 2.6). */
  emailGiftCard: url(),
  printGiftCard: url(),
  mailGiftCard: url(),
  corporateSales: url(),
  contactSales: url(),
  /**
   * Tile URL template with {z}, {x}, {y} (Leaflet's: also {s} for subdomains, {r} for retina, and
   * {tenant} for the tenant's name, which the embedded tiles take to draw in its palette).
   */
  mapTiles: url().refine((value) => ['{z}', '{x}', '{y}'].every((part) => value.includes(part)), {
    error: 'must be a tile URL template containing {z}, {x} and {y}',
  }),
  /** The sources the tile service's licences ask maps to credit, shown in the map's corner. */
  mapAttribution: z
    .array(z.object({ text: text(), link: url() }))
    .min(1, { error: 'must credit the map data' }),
  /** The deepest zoom the tile service draws; the map enlarges that zoom's tiles beyond it. */
  mapMaxNativeZoom: z.number().int().min(0).max(22),
  /**
   * 'Get Directions' (spec 2.5): the maps service's directions URL with {destination} (the
   * listing's 'lat,lon') and {origin} (the visitor's start; its parameter is left out when unknown).
   */
  directions: z
    .string()
    .refine((value) => /^https:\/\/[^\s/]+\/\S*$/.test(value) && value.includes('{destination}'), {
      error:
        'must be an https URL template containing {destination} (and {origin} where the service takes a start)',
    }),
});

const helperInfoSchema = z.object({
  /** ISO 3166-1 alpha-2. */
  country: z.string().regex(/^[A-Z]{2}$/, { error: 'must be a two-letter country code such as US' }),
  /** ISO 4217. */
  currency: z.string().regex(/^[A-Z]{3}$/, { error: 'must be a three-letter currency code such as USD' }),
  manifest: url(),
  publisherId: z.number().int().min(1),
  fullProjectName: text(),
  includedPrograms: z.array(z.string().min(1)),
  hashTagForSharing: text(),
  customerServiceTel: text(),
  customerServiceEmail: z.email({ error: 'must be an email address' }),
  customImageFieldName: text(),
  /** The spec's spelling. Empty when the tenant has no Google ads account. */
  advertismentGoogleID: text(),
});

const pageMetaSchema = z.object({ title: text(), description: text() });

const linkSchema = z.object({ text: text(), link: url() });

const homeComponentSchema = z.object({
  /** The gift-card hero of spec 2.8 ('GIVE THE {product}' / 'on sale now!'); null: none. */
  giftCardHero: z.object({ title: text(), buttonText: text(), link: url(), image: url() }).nullable(),
  /** One card per search business type linking to /search with that filter. */
  businessTypeCards: flag(),
  /** The coming-soon retailer announcement of spec 2.8; null: none. */
  retailerAnnouncement: z
    .object({ title: text(), inStore: z.array(text()), online: z.array(text()) })
    .nullable(),
  /** Spec 9: home offers limit. */
  /** Offers the carousel shows (spec 9: 8); at most what one offers call answers. */
  offersLimit: count().max(48),
});

const headerComponentSchema = z.object({
  menu: flag(),
  /** A secondary bar under the header. */
  subHeader: flag(),
  /** The CMS menu type (GET /wordpress/menu?query=). */
  menuType: text(),
  /** Spec 9: header default height. */
  height: count(),
});

const footerComponentSchema = z.object({
  menu: flag(),
  menuType: text(),
  copyright: text(),
  socialLinks: z.array(
    z.object({ type: z.enum(['facebook', 'twitter', 'pinterest', 'instagram']), url: url() }),
  ),
});

const partnerInfoComponentSchema = z.object({
  title: text(),
  text: text(),
  buttonText: text(),
  link: url(),
  /** Spec 9: partner slides default total. */
  slidesTotal: count(),
});

const businessLogoSchema = z.object({ name: text(), image: url(), link: url().optional() });

const componentsConfigSchema = z.object({
  home: homeComponentSchema,
  header: headerComponentSchema,
  footer: footerComponentSchema,
  partnerInfo: partnerInfoComponentSchema,
  businessLogos: z.array(businessLogoSchema),
});

const searchEnvironmentSchema = z.object({
  placeholders: z.object({ location: text(), keywords: text() }),
  businessTypes: z.array(z.object({ title: z.string().min(1), value: z.string().min(1) })),
  homePageButton: linkSchema,
  /** Filters shown in the search page's filter panel. */
  filtersOnSearch: z.object({ listingTypes: flag(), businessTypes: flag() }),
  /** Group labels of the autocomplete, by suggestion type. */
  autoSuggestionCategory: z.object({
    offers: text(),
    suggestions: text(),
    merchantNames: text(),
    serviceOptions: text(),
    serviceCategories: text(),
    merchantLocations: text(),
    merchantBannerNames: text(),
  }),
  /**
   * The tenant's own synonyms and abbreviations, added to those every tenant has
   * (DEFAULT_SYNONYMS in src/domain/search-keywords.ts). A line's terms find each other
   * ('sauna', 'steam room'); with `oneWay` only the first finds the others ('mani', 'manicure').
   */
  synonyms: z
    .array(
      z.object({
        terms: z.array(z.string().trim().min(1).max(60)).min(2).max(10),
        oneWay: flag().optional(),
      }),
    )
    .max(500),
});

const listingGridSchema = z.object({
  adsFrequency: count(),
  featuredFrequency: count(),
  pushEventSearchListings: flag(),
  quantityFirstFeaturedElements: z.number().int().min(0),
  /** Results per page: 12 for the wellness tenant, 24 for the others. */
  pageSize: z.number().int().min(1).max(100),
});

const botCheckSchema = z
  .object({
    provider: z.enum(['altcha', 'recaptcha', 'turnstile']),
    /** Public site key; required for reCAPTCHA and Turnstile, unused by ALTCHA (self-hosted). */
    siteKey: z.string().min(1).optional(),
  })
  .refine((value) => value.provider === 'altcha' || value.siteKey !== undefined, {
    error: 'needs a siteKey for reCAPTCHA or Turnstile',
    path: ['siteKey'],
  });

const adNetworkSchema = z
  .object({
    provider: z.enum(['adsense', 'ad-manager']),
    clientId: z.string().min(1),
    slotId: z.string().min(1).optional(),
    /**
     * The network's script, which the hosted site loads after consent; `{client}` is the client
     * id. Default: the provider's own (src/domain/ads.ts).
     */
    scriptUrl: url().optional(),
  })
  .nullable();

const housePromotionSchema = z.object({ title: text(), text: text(), url: url(), image: url() });

// ---------------------------------------------------------------------------------------------
// The document

/** The complete shape, every field required: what a parsed config always looks like. */
export const tenantConfigShape = z.object({
  name: z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
    .regex(/^[a-z0-9][a-z0-9-]*$/, { error: 'must be a lower-case slug such as spa-canada' }),
  /** The brand shown to visitors ('SpaHaven'). */
  brandName: z.string().min(1),
  /** What the tenant sells, as the home hero says it: 'GIVE THE {productName}'. */
  productName: z.string().min(1),
  /** The listing route segment: /{listingRouteName}/:id (spec 2.2). */
  listingRouteName: z.enum(['site', 'spa', 'local']),
  icons: z.object({
    /** The header logo. */
    titleImage: url(),
    tenantIcons: z.object({ favicon: url(), appleTouchIcon: url() }),
  }),
  theme: themeSchema,
  titles: titlesSchema,
  options: z.object({
    home: homeOptionsSchema,
    global: globalOptionsSchema,
    search: searchOptionsSchema,
    single: singleOptionsSchema,
  }),
  tracking: z.object({
    /** The tag manager's container id ('GTM-XXXX'); empty: no tag manager loads. */
    trackingId: text(),
    /** Where the tag manager's script comes from; `{id}` stands for the tracking id. */
    tagManagerUrl: url(),
  }),
  /** The consent bar (spec 2.4): nothing is pushed and no tag manager loads before consent. */
  consent: z.object({ required: flag() }),
  endpoints: endpointsSchema,
  helperInfo: helperInfoSchema,
  metaDataPages: z.object({ homePage: pageMetaSchema, searchPage: pageMetaSchema }),
  componentsConfig: componentsConfigSchema,
  searchEnvironment: searchEnvironmentSchema,
  listingGrid: listingGridSchema,
  /** Page views and events are pushed to the data layer only when on. */
  analytics: flag(),
  botCheck: botCheckSchema,
  /** A third-party ad network; null: ad slots show housePromotions. */
  adNetwork: adNetworkSchema,
  housePromotions: z.array(housePromotionSchema),
  /** Partner origins allowed to call the API (CORS); ':*' allows any port. */
  corsOrigins: z.array(
    z.string().regex(CORS_ORIGIN, { error: 'must be an origin such as https://partner.example.com' }),
  ),
  /**
   * Who may show the hosted site's pages in a frame (the CSP frame-ancestors of its pages):
   * "'self'", "'none'" or origins such as 'https://partner.example.com'.
   */
  frameAncestors: z
    .array(
      z.string().regex(FRAME_ANCESTOR, {
        error: `must be 'self', 'none' or an origin such as https://partner.example.com`,
      }),
    )
    .min(1)
    .refine((sources) => !sources.includes("'none'") || sources.length === 1, {
      error: `'none' cannot be combined with other sources`,
    }),
});

export type TenantConfig = z.infer<typeof tenantConfigShape>;
export type TenantTheme = TenantConfig['theme'];
export type ThemeColors = TenantTheme['colors'];
export type TenantOptions = TenantConfig['options'];
export type TenantEndpoints = TenantConfig['endpoints'];
export type ListingRouteName = TenantConfig['listingRouteName'];
