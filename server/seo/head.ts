/**
 * Server-rendered <head> of the hosted site's pages: title, description, canonical link, Open
 * Graph and JSON-LD, so search engines and link previews see the listing, offer or best-of page
 * without running the app. Pure: an entity, the tenant and the site base in, HTML out; every
 * value is escaped here (see ./text).
 */
import type { ContentPage, DestinationContent } from '../../src/domain/content';
import { PAGE_CONSENT_ATTRIBUTE, type ConsentChoice } from '../../src/domain/consent';
import { destinationName } from '../../src/domain/search';
import { canonicalPath, sitePageTitle, type RouteMatch } from '../../src/domain/routes';
import { cardImage, LEAD_IMAGE_SIZE, resizeImageUrl } from '../../src/domain/images';
import { isListingApproved } from '../../src/domain/listing';
import { listingImages } from '../../src/domain/listing-media';
import { metaDescription, pageHead } from '../../src/domain/seo';
import { listingPath } from '../../src/domain/slug';
import { firstShownListing } from '../../src/domain/injection';
import type { ListingCard, OfferInfo } from '../../src/domain/types';
import type { TenantConfig } from '../../src/tenant';
import type { FullListing } from '../listings/service';
import { businessJsonLd, jsonLdScript, offerJsonLd, type JsonLd } from './json-ld';
import { absoluteUrl, escapeHtml } from './text';

/** What a page head says; rendered by `renderHead`. */
export interface HeadFields {
  title: string;
  description: string;
  /** Absolute canonical URL; also og:url. */
  canonical?: string;
  /** Absolute image URL for og:image. */
  image?: string;
  /**
   * The page's largest image as the element will ask for it: preloaded, so the browser fetches it
   * while the scripts load instead of after the element has fetched its data.
   */
  leadImage?: string;
  /** 'noindex' for pages that must not be indexed (not found, thin pages). */
  robots?: string;
  /** og:title and og:description when they differ from the title and description. */
  socialTitle?: string;
  socialDescription?: string;
  jsonLd?: JsonLd[];
}

/** The head tags of a page, every value escaped. */
export function renderHead(tenant: TenantConfig, head: HeadFields): string {
  const meta = (attribute: 'name' | 'property', key: string, value: string | undefined) =>
    value ? `<meta ${attribute}="${key}" content="${escapeHtml(value)}">` : '';
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    meta('name', 'robots', head.robots),
    head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}">` : '',
    meta('property', 'og:site_name', tenant.brandName),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', head.socialTitle || head.title),
    meta('property', 'og:description', head.socialDescription || head.description),
    meta('property', 'og:url', head.canonical),
    meta('property', 'og:image', head.image),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    head.leadImage
      ? `<link rel="preload" as="image" href="${escapeHtml(head.leadImage)}" fetchpriority="high">`
      : '',
    ...(head.jsonLd ?? []).map(jsonLdScript),
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * The app shell with a head: the tenant's name and the visitor's consent (as their cookie says,
 * PAGE_CONSENT_ATTRIBUTE) on <html> for the app, the template's <title> replaced by `head`, and
 * the app's root element holding `app` (the page drawn on the server).
 * `head` takes the title's place, before the template's scripts: the browser asks for what it
 * preloads (the page's opening image first) before the app's code, which the drawn page does not
 * wait for (over HTTP/1.1 the image was the eighth request, behind six scripts on the host's six
 * connections).
 * Replacements are functions, so a '$&' in a listing name stays text.
 */
export function pageShell(
  template: string,
  tenant: TenantConfig,
  head: string,
  { app = '', consent = null }: { app?: string; consent?: ConsentChoice | null } = {},
): string {
  const root = `data-tenant="${escapeHtml(tenant.name)}" ${PAGE_CONSENT_ATTRIBUTE}="${consent ?? ''}"`;
  return template
    .replace('<html lang="en">', () => `<html lang="en" ${root}>`)
    .replace(/<title>[\s\S]*?<\/title>\s*/, () => `${head}\n`)
    .replace(/<link rel="icon"[^>]*>/, () => appHead(tenant))
    .replace('<div id="app"></div>', () => `<div id="app">${app}</div>`);
}

/** The tenant's favicon, home-screen icon, web app manifest and browser colour (an installable site). */
function appHead(tenant: TenantConfig): string {
  const { favicon, appleTouchIcon } = tenant.icons.tenantIcons;
  return [
    `<link rel="icon" href="${escapeHtml(favicon)}"${favicon.endsWith('.svg') ? ' type="image/svg+xml"' : ''}>`,
    `<link rel="apple-touch-icon" href="${escapeHtml(appleTouchIcon)}">`,
    `<link rel="manifest" href="${escapeHtml(tenant.helperInfo.manifest)}">`,
    `<meta name="theme-color" content="${escapeHtml(tenant.theme.colors.primary)}">`,
  ].join('\n');
}

/** The head the app shell always had: the tenant's home page title and description. */
export function defaultHead(tenant: TenantConfig): string {
  const { title, description } = tenant.metaDataPages.homePage;
  return renderHead(tenant, { title, description });
}

/** A page that does not exist (unknown path, listing, offer): kept out of search indexes. */
export function notFoundHead(tenant: TenantConfig): string {
  return renderHead(tenant, {
    title: `Not Found | ${tenant.brandName}`,
    description: tenant.metaDataPages.homePage.description,
    robots: 'noindex',
  });
}

/** Pages of the shell that search engines should not list. */
const UNLISTED = new Set<RouteMatch['page']>(['admin', 'widgetsOffersCarousel', 'notFound']);

/**
 * A page whose head comes from the tenant alone: home and search from its metaDataPages, the
 * others '{page title} | {brand}' ('Buy Gift Cards | SpaHaven'), each with its canonical link
 * (a legacy alias points to its page's one path); `leadImage` preloaded (firstCardImage).
 */
export function shellPageHead(
  route: RouteMatch,
  tenant: TenantConfig,
  siteBase: string,
  leadImage?: string,
): string {
  const { homePage, searchPage } = tenant.metaDataPages;
  const path = canonicalPath(route);
  return renderHead(tenant, {
    title: sitePageTitle(route.page, tenant.brandName, tenant.metaDataPages),
    description: (route.page === 'search' ? searchPage : homePage).description,
    canonical: path ? absoluteUrl(siteBase, path) : undefined,
    image: fallbackImage(tenant, siteBase),
    robots: UNLISTED.has(route.page) ? 'noindex' : undefined,
    leadImage,
  });
}

/**
 * A search page's first result card image, as the search element asks for it (its card size
 * through the tenant's resizer): the search's answers are carried by the page, so which card
 * comes first is known before any script runs.
 */
export function firstCardImage(
  results: readonly ListingCard[],
  featured: readonly ListingCard[],
  tenant: TenantConfig,
): string | undefined {
  const first = firstShownListing(results, featured, tenant.listingGrid);
  if (!first) return undefined;
  return resizeImageUrl(cardImage(first, tenant.endpoints.defaultCardImage), tenant.endpoints.imageResizer);
}

/**
 * A page from the CMS (marketing, service, destination) by its SEO fields: title, description,
 * robots, canonical (its own path unless the CMS names one), social title, description, image.
 */
export function contentPageHead(
  content: ContentPage,
  path: string,
  tenant: TenantConfig,
  siteBase: string,
  fallbackDescription = tenant.metaDataPages.homePage.description,
): string {
  const seo = content.yoast;
  return renderHead(tenant, {
    title: `${seo.title || content.title} | ${tenant.brandName}`,
    description: metaDescription(seo.description) || fallbackDescription,
    canonical: absoluteUrl(siteBase, seo.canonical || path),
    robots: seo.robots || undefined,
    image: seo.social_image ? absoluteUrl(siteBase, seo.social_image) : fallbackImage(tenant, siteBase),
    socialTitle: seo.social_title,
    socialDescription: seo.social_description,
  });
}

/** The tenant's card image, for pages whose entity has no image. */
const fallbackImage = (tenant: TenantConfig, siteBase: string) =>
  absoluteUrl(siteBase, tenant.endpoints.defaultCardImage);

/** The lead image through the tenant's resizer, the URL the listing element asks for. */
const leadImageUrl = (url: string, tenant: TenantConfig) =>
  resizeImageUrl(url, tenant.endpoints.imageResizer, LEAD_IMAGE_SIZE);

/**
 * A listing page: the title and description the listing element gives the document too
 * ('Glow Spa - Austin, TX | SpaHaven', src/domain/seo), its first image and its business as
 * JSON-LD. A listing that is not approved is served (the page shows its status) but kept out of
 * search indexes.
 */
export function listingHead(listing: FullListing, tenant: TenantConfig, siteBase: string): string {
  const url = absoluteUrl(siteBase, listing.canonicalLink);
  const image = listingImages(listing.images)[0];
  return renderHead(tenant, {
    ...pageHead({ listing, offer: null }, tenant),
    canonical: url,
    image: image ? absoluteUrl(siteBase, image.url) : fallbackImage(tenant, siteBase),
    leadImage: image && tenant.options.single.gallery ? leadImageUrl(image.url, tenant) : undefined,
    robots: isListingApproved(listing) ? undefined : 'noindex',
    jsonLd: [businessJsonLd(listing, { url, siteBase, showReviews: tenant.options.global.showReviews })],
  });
}

/**
 * An offer page: its SEO title (spec 9: the shorter of title and subtitle past 40 characters)
 * with the business name and its description (src/domain/seo, as the element sets them), and an
 * `Offer` offered by the business as JSON-LD. `listing` is the offer's listing; without it the
 * business is named from the offer info.
 */
export function offerHead(
  info: OfferInfo,
  listing: FullListing | null,
  tenant: TenantConfig,
  siteBase: string,
  now: Date,
): string {
  const { offer } = info;
  const url = absoluteUrl(siteBase, info.canonicalLink);
  const listingUrl = absoluteUrl(
    siteBase,
    listing?.canonicalLink ?? listingPath(tenant.listingRouteName, info.name, info.listingId),
  );
  const business = listing
    ? businessJsonLd(listing, { url: listingUrl, siteBase, showReviews: tenant.options.global.showReviews })
    : { '@type': 'HealthAndBeautyBusiness', name: info.name, url: listingUrl };
  const image = offer.images?.[0] ?? (listing ? listingImages(listing.images)[0] : undefined);
  return renderHead(tenant, {
    ...pageHead({ listing: null, offer: info }, tenant),
    canonical: url,
    image: image ? absoluteUrl(siteBase, image.url) : fallbackImage(tenant, siteBase),
    leadImage: image ? leadImageUrl(image.url, tenant) : undefined,
    jsonLd: [offerJsonLd(info, business, { url, siteBase, currency: tenant.helperInfo.currency, now })],
  });
}

/**
 * A best-of page: its CMS seo fields (title, description, robots, canonical, social title,
 * description and image). Without content the page still runs a search under 'Best of {term}'
 * (host-app/pages/Search.tsx), a thin page: it is served but kept out of search indexes.
 */
export function destinationHead(
  content: DestinationContent | null,
  term: string,
  tenant: TenantConfig,
  siteBase: string,
): string {
  const path = `/best-of/${encodeURIComponent(term)}`;
  if (!content) {
    return renderHead(tenant, {
      title: `Best of ${destinationName(term)} | ${tenant.brandName}`,
      description: tenant.metaDataPages.searchPage.description,
      canonical: absoluteUrl(siteBase, path),
      robots: 'noindex, follow',
    });
  }
  return contentPageHead(content, path, tenant, siteBase, tenant.metaDataPages.searchPage.description);
}
