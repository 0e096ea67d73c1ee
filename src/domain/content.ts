/**
 * Content types (spec 3 'Content-management page data', 'Menu item'; spec 2.8 home modules;
 * spec 4 'Home content'), in the shapes of the headless CMS (WordPress with ACF flexible content
 * and Yoast SEO). The content API answers in these shapes whichever source it reads (files in
 * the repo or WordPress), and the home, find, destination and marketing pages render them.
 *
 * Field names follow the CMS (snake_case ACF fields, 'custom-fields', 'search-term'), so a page
 * exported from WordPress drops in unchanged.
 *
 * HTML: fields documented as 'HTML' hold CMS HTML exactly as the editor wrote it. The API passes
 * it through untouched; it is sanitised where it is inserted (src/ui/CmsHtml: by the server's
 * page drawer, and again by the browser). Every other string is plain text, rendered as text.
 *
 * Links (`link`, `url`) are site paths ('/search?filters=…', '/find/massages', '/best-of/austin-tx')
 * or absolute URLs for other sites. Images are paths under /media or absolute URLs.
 */

import { ERROR_MESSAGES, TENANT_SOCIAL_LINKS } from './constants';
import { PROMOTION_TYPES } from './catalog';
import { encodeFilters } from './filters';
import type { MenuItem } from './types';

export type { MenuItem };

// ---------------------------------------------------------------------------------------------
// Menus

/** Menu types of GET /wordpress/menu?query={type}. 'main' is accepted as 'header' (the tenant default header.menuType). */
export const MENU_TYPES = ['header', 'footer'] as const;
export type MenuType = (typeof MENU_TYPES)[number];

// ---------------------------------------------------------------------------------------------
// Taxonomy, SEO, blog

/** A WordPress tag (GET /wordpress/tags answers `Tag[]`). */
export interface Tag {
  id: number;
  name: string;
  slug: string;
  /** Posts carrying the tag. */
  count: number;
}

/** A blog category (WordPress category). */
export interface BlogCategory {
  id: number;
  name: string;
  slug: string;
}

/**
 * The spec's seo fields, as the Yoast SEO plugin holds them. Empty strings mean 'not set': the
 * page falls back to the tenant's metaDataPages.
 */
export interface SeoFields {
  /** Document title, without the brand suffix. */
  title: string;
  /** Yoast focus keyword. */
  keyword: string;
  /** Meta description, plain text, about 150 characters. */
  description: string;
  /** Meta robots, e.g. 'index, follow'. */
  robots: string;
  /** Canonical path ('/about') or absolute URL; resolve a path with `canonicalUrl(siteBase, path)`. */
  canonical: string;
  /** og:title / twitter:title. */
  social_title: string;
  /** og:description / twitter:description. */
  social_description: string;
  /** og:image path or URL. */
  social_image: string;
  /** Whether the page belongs in the XML sitemap. */
  sitemap: boolean;
}

/** A blog post as listed on the home page (knowledge) and on pages (blog_posts). */
export interface BlogPost {
  id: number;
  slug: string;
  /** Plain text. */
  title: string;
  /** HTML: one or two sentences. */
  excerpt: string;
  /** Publication date, 'YYYY-MM-DD'. */
  date: string;
  author: string;
  image: string;
  alt_text: string;
  /** Where the post reads: a blog 'find' path ('/find/massages') whose keywords run a search (spec 2.3). */
  link: string;
  category: BlogCategory;
  /** Tag slugs (see GET /wordpress/tags). */
  tags: string[];
}

/**
 * A best-of page's destination content as a page carries its answer (src/domain/page-answer.ts):
 * the host app's heading and copy and the search element's best-of links read the same.
 */
export const destinationCall = (term: string) => `wordpress/destinations?query=${encodeURIComponent(term)}`;

/** An entry of a destination page's navigation: the other destinations. */
export interface DestinationNavItem {
  /** 'Austin, TX' */
  title: string;
  /** The destination's search-term slug: 'austin-tx'. */
  term: string;
  /** The best-of page: '/best-of/austin-tx'. */
  url: string;
}

// ---------------------------------------------------------------------------------------------
// Shared pieces of modules

/**
 * A hero carousel slide (spec 3 'Home banner slide'). Spec 5: a slide without an image for the
 * breakpoint is dropped, so `image_mobile: ''` means 'desktop only'.
 */
export interface BannerSlide {
  link: string;
  /** Desktop image. */
  image: string;
  alt_text: string;
  /** Plain text over the image. */
  slide_title: string;
  /** Image for small screens; '' when none (the slide is not shown there). */
  image_mobile: string;
  /** Shorter title for small screens; '' uses slide_title. */
  slide_title_mobile: string;
  /** Background blur of the image in px; 0 is none. */
  blur: number;
  /** CSS colour laid over the image to keep the title legible ('rgba(0,0,0,0.35)'); '' is none. */
  overlay: string;
  /** A dark gradient from the bottom under the title. */
  gradient: boolean;
  /** CSS colour shown behind the image while it loads and around it when letterboxed. */
  background: string;
}

/** A card with an image, used by featured, featured_2_col, cards and business_types. */
export interface ContentCard {
  title: string;
  /** Plain text. */
  text: string;
  /** '' when the card has no image. */
  image: string;
  alt_text: string;
  link: string;
  link_text: string;
}

/** A marketing banner (marketing_banners_2_col). */
export interface MarketingBanner {
  title: string;
  /** Plain text. */
  text: string;
  image: string;
  image_mobile: string;
  alt_text: string;
  link: string;
  link_text: string;
}

/** A retailer of the coming-soon announcement. */
export interface Retailer {
  name: string;
  /** Store locator or shop page; '' when not announced yet. */
  url: string;
}

export type SocialLinkType = (typeof TENANT_SOCIAL_LINKS)[number];
export type PromotionType = (typeof PROMOTION_TYPES)[keyof typeof PROMOTION_TYPES];

// ---------------------------------------------------------------------------------------------
// Modules (ACF flexible content rows): `acf_fc_layout` names the kind.

/** Home: the search box over a background image (spec 4 'background images'). */
export interface SearchModule {
  acf_fc_layout: 'search';
  title: string;
  subtitle: string;
  background_image: string;
  background_image_mobile: string;
  alt_text: string;
}

/** Home: the partner brand logos. */
export interface BrandsModule {
  acf_fc_layout: 'brands';
  title: string;
  brands: { name: string; image: string; link: string }[];
}

/**
 * Home: the offers carousel (spec 4 'offers info'): offers near the visitor from GET /offers,
 * `limit` of them shuffled (spec 9: 8).
 */
export interface OffersModule {
  acf_fc_layout: 'offers';
  title: string;
  subtitle: string;
  limit: number;
  /** 'See all offers' link. */
  link: string;
  link_text: string;
}

/** Home: follow-us links. */
export interface SocialModule {
  acf_fc_layout: 'social';
  title: string;
  text: string;
  links: { type: SocialLinkType; url: string }[];
}

/**
 * Home: listing cards from a search with `promotions.promotionTypeName` = `promotion`
 * (spec 7: 'Travel Destinations' for travel info, 'Featured Merchant' for featured listings).
 */
export interface ListingsModule {
  acf_fc_layout: 'listings';
  title: string;
  subtitle: string;
  promotion: PromotionType;
  limit: number;
  link: string;
  link_text: string;
}

/** Editorial feature cards (one row of 3-4). */
export interface FeaturedModule {
  acf_fc_layout: 'featured';
  title: string;
  subtitle: string;
  items: ContentCard[];
}

/** The blog: the page's `blog_posts`, `posts_count` of them, with a link to more. */
export interface KnowledgeModule {
  acf_fc_layout: 'knowledge';
  title: string;
  subtitle: string;
  posts_count: number;
  link: string;
  link_text: string;
}

/** Newsletter sign-up (spec 4 'subscribe info'; spec 6: social login buttons are its setting). */
export interface SubscribeModule {
  acf_fc_layout: 'subscribe';
  title: string;
  text: string;
  placeholder: string;
  button_text: string;
  social_login: boolean;
  /** HTML: the privacy note under the form. */
  privacy_note: string;
}

/** Two large feature cards side by side. */
export interface Featured2ColModule {
  acf_fc_layout: 'featured_2_col';
  items: ContentCard[];
}

/** Home: the hero carousel (spec 4 'carousel') with the search box over it. */
export interface CarouselSearchModule {
  acf_fc_layout: 'carousel_search';
  /** Search box heading; '' shows the slide titles only. */
  title: string;
  slides: BannerSlide[];
}

/** Destination pages: the header image and heading above destinations_nav. */
export interface DestinationsHeaderModule {
  acf_fc_layout: 'destinations_header';
  title: string;
  subtitle: string;
  image: string;
  image_mobile: string;
  alt_text: string;
}

/** Two marketing banners side by side (spec 4 'marketing banners'). */
export interface MarketingBanners2ColModule {
  acf_fc_layout: 'marketing_banners_2_col';
  banners: MarketingBanner[];
}

/** Marketing pages: the page heading over an image. */
export interface HeroModule {
  acf_fc_layout: 'hero';
  title: string;
  subtitle: string;
  image: string;
  image_mobile: string;
  alt_text: string;
  /** '' for no button. */
  button_text: string;
  link: string;
}

/** A block of rich text. */
export interface TextModule {
  acf_fc_layout: 'text';
  /** '' for no heading. */
  title: string;
  /** HTML. */
  content: string;
}

/** Rich text beside an image. */
export interface ImageTextModule {
  acf_fc_layout: 'image_text';
  title: string;
  /** HTML. */
  content: string;
  image: string;
  alt_text: string;
  image_position: 'left' | 'right';
  /** '' for no button. */
  button_text: string;
  link: string;
}

/** A grid of cards. */
export interface CardsModule {
  acf_fc_layout: 'cards';
  title: string;
  subtitle: string;
  cards: ContentCard[];
}

/** Questions and answers. */
export interface FaqModule {
  acf_fc_layout: 'faq';
  title: string;
  items: { question: string; /** HTML. */ answer: string }[];
}

/** A call to action band. */
export interface CtaModule {
  acf_fc_layout: 'cta';
  title: string;
  text: string;
  button_text: string;
  link: string;
}

/**
 * The contact form (/contactUs). It collects the spec's contact feedback fields (name, email,
 * message) plus a topic; where it posts is the page's business, not the CMS's.
 */
export interface ContactFormModule {
  acf_fc_layout: 'contact_form';
  title: string;
  /** HTML. */
  intro: string;
  /**
   * Choices of the topic select; the first is the default. A `?topic={value}` on the page URL
   * preselects one (the tenant's corporateSales and contactSales links use 'corporate-sales', 'sales').
   */
  topics: { value: string; label: string }[];
  submit_text: string;
  success_message: string;
  /** Customer service, shown beside the form. */
  email: string;
  phone: string;
}

/** The wellness tenant's coming-soon announcement (spec 2.8): one grocer in store, three online. */
export interface RetailersModule {
  acf_fc_layout: 'retailers';
  title: string;
  text: string;
  in_store: Retailer[];
  online: Retailer[];
}

/** The wellness tenant's gift-card hero (spec 2.8): 'GIVE THE {product}' with 'on sale now!'. */
export interface GiftCardHeroModule {
  acf_fc_layout: 'gift_card_hero';
  /** 'GIVE THE WELLNESS CARD' */
  title: string;
  subtitle: string;
  /** 'on sale now!' */
  button_text: string;
  /** The purchase link: '/{product}-card-coming-soon' while the card is not sold online. */
  link: string;
  image: string;
  alt_text: string;
}

/**
 * The wellness tenant's business-type cards (spec 2.8): one per business type, each linking to
 * /search with the encoded filters `{ businessTypes: [type] }` (see `businessTypeSearchLink`).
 */
export interface BusinessTypesModule {
  acf_fc_layout: 'business_types';
  title: string;
  subtitle: string;
  cards: (ContentCard & { business_type: string })[];
}

/** The partner info block of the non-wellness tenants: invites businesses to join. */
export interface PartnerInfoModule {
  acf_fc_layout: 'partner_info';
  title: string;
  text: string;
  button_text: string;
  link: string;
  /** Partner logos or photos for its slider (spec 9: 6 by default). */
  slides: { image: string; alt_text: string }[];
}

/** Every module kind. */
export type ContentModule =
  | SearchModule
  | BrandsModule
  | OffersModule
  | SocialModule
  | ListingsModule
  | FeaturedModule
  | KnowledgeModule
  | SubscribeModule
  | Featured2ColModule
  | CarouselSearchModule
  | DestinationsHeaderModule
  | MarketingBanners2ColModule
  | HeroModule
  | TextModule
  | ImageTextModule
  | CardsModule
  | FaqModule
  | CtaModule
  | ContactFormModule
  | RetailersModule
  | GiftCardHeroModule
  | BusinessTypesModule
  | PartnerInfoModule;

export type ContentModuleKind = ContentModule['acf_fc_layout'];

/** The module of a kind: `ModuleOf<'hero'>` is `HeroModule`. */
export type ModuleOf<K extends ContentModuleKind> = Extract<ContentModule, { acf_fc_layout: K }>;

/** The home module kinds of spec 2.8. */
export const HOME_MODULE_KINDS = [
  'search',
  'brands',
  'offers',
  'social',
  'listings',
  'featured',
  'knowledge',
  'subscribe',
  'featured_2_col',
  'carousel_search',
  'destinations_header',
  'marketing_banners_2_col',
] as const satisfies readonly ContentModuleKind[];

// ---------------------------------------------------------------------------------------------
// Pages

/**
 * Content-management page data (spec 3). One shape for the home page, service content, destination
 * pages and marketing pages; the fields a kind of page does not use are empty.
 */
export interface ContentPage {
  id: number;
  slug: string;
  /** Plain text. */
  title: string;
  /** Tag slugs. */
  tags: string[];
  blog_posts: BlogPost[];
  blog_category: BlogCategory | null;
  /** Destination pages: the other destinations. */
  destinations_nav: DestinationNavItem[];
  /** Destination pages: the term the page is for ('austin-tx'); '' elsewhere. */
  'search-term': string;
  /** Service content: the keywords it is for ('Yoga Classes'); '' elsewhere. */
  keywords: string;
  yoast: SeoFields;
  'custom-fields': { modules: ContentModule[] };
}

/** GET /wordpress/homepage: custom-fields.modules and blog_posts. */
export type HomeContent = ContentPage;
/** GET /content/{keywords}: `keywords` matches the request. */
export type ServiceContent = ContentPage;
/** GET /wordpress/destinations?query={term}: `search-term` is the term. */
export type DestinationContent = ContentPage;

/** Marketing pages by slug (GET /wordpress/page?query={slug}): the route segments of spec 2.1. */
export const MARKETING_PAGE_SLUGS = [
  'about',
  'aboutUs',
  'pricing',
  'partner',
  'contactUs',
  'join-the-network',
  'spa-etiquette',
  'spa-etiquette-guide',
  'ready-to-spa',
  'resorts-and-hotel-spas',
  'special-occasions-holidays',
  'find',
  'elite',
] as const;
export type MarketingPageSlug = (typeof MARKETING_PAGE_SLUGS)[number];

/** Error texts of the content API: the spec's, plus ours for marketing pages. */
export const CONTENT_ERRORS = {
  noMenuContent: ERROR_MESSAGES.noMenuContent,
  noServiceContent: ERROR_MESSAGES.noServiceContent,
  noHomepageContent: ERROR_MESSAGES.noHomepageContent,
  noDestinationContent: ERROR_MESSAGES.noDestinationContent,
  /** Ours: the spec has no text for a missing marketing page. */
  noPageContent: 'No Page Content',
} as const;

// ---------------------------------------------------------------------------------------------
// Helpers

/** The modules of one kind on a page, typed: `modulesOf(home, 'offers')[0]?.limit`. */
export function modulesOf<K extends ContentModuleKind>(page: ContentPage, kind: K): ModuleOf<K>[] {
  return page['custom-fields'].modules.filter(
    (module): module is ModuleOf<K> => module.acf_fc_layout === kind,
  );
}

/** A page with neither modules nor blog posts is empty content (spec 5). */
export function isEmptyContent(page: ContentPage | null | undefined): boolean {
  return !page || (page['custom-fields'].modules.length === 0 && page.blog_posts.length === 0);
}

/** Keywords compare without case, surrounding space, or the difference between '-', '_' and ' '. */
export function normalizeKeywords(keywords: string): string {
  return keywords
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
}

/** Whether service content is for the requested keywords (spec 5: else 'No Service Content'). */
export function sameKeywords(a: string, b: string): boolean {
  return normalizeKeywords(a) !== '' && normalizeKeywords(a) === normalizeKeywords(b);
}

/** The /search link of a business-type card: `/search?filters=` + `{ businessTypes: [type] }` encoded. */
export function businessTypeSearchLink(businessType: string): string {
  return `/search?filters=${encodeFilters({ businessTypes: [businessType] })}`;
}
