/**
 * Page names, route segments and the router table (spec 2.1, 2.2), plus the app-shell rules
 * that depend on the page (2.4). The host app router and the server (to answer a real 404)
 * both match paths with `matchRoute`, so they never disagree about what exists.
 */
import { parseListingSlug, parseOfferSlug } from './slug-ids';

/**
 * Every page by name with its route segment (spec 2.1). For `spa`, `offer` and `offerOld` the
 * value is the route name; their paths are in the router table of `matchRoute`.
 */
export const PAGE_SEGMENTS = {
  spa: 'spa-id',
  offer: 'offer-id',
  offerOld: 'offer-old',
  home: 'home',
  find: 'find',
  about: 'about',
  aboutUs: 'aboutUs',
  admin: 'admin',
  elite: 'elite',
  search: 'search',
  partner: 'partner',
  pricing: 'pricing',
  contactUs: 'contactUs',
  bestOf: 'best-of',
  notFound: 'not-found',
  readyToSpa: 'ready-to-spa',
  spaEtiquette: 'spa-etiquette',
  spaEtiquetteGuide: 'spa-etiquette-guide',
  buygiftcards: 'buy-gift-cards',
  joinTheNetwork: 'join-the-network',
  cardBalanceInquiry: 'card-balance-inquiry',
  resortsAndHotelSpas: 'resorts-and-hotel-spas',
  widgetsOffersCarousel: 'widgets-offers-carousel',
  specialOccasionsHolidays: 'special-occasions-holidays',
  /** Ours: the purchase link of a tenant that does not sell online yet (spec 2.8). */
  cardComingSoon: 'card-coming-soon',
  /** Ours: a signed-in visitor's saved searches (issue 14). */
  mySearches: 'my-searches',
} as const;

/** A page of the app. */
export type PageName = keyof typeof PAGE_SEGMENTS;

/** Legacy segments that still lead to a page. */
export const LEGACY_PAGE_SEGMENTS: Readonly<Partial<Record<PageName, readonly string[]>>> = {
  buygiftcards: ['buygiftcards'],
  cardBalanceInquiry: ['card-balance-inquiry-vpln', 'card-balance-inquiry-legacy'],
};

/** A matched route: the page and the path parameters, URI-decoded. */
export interface RouteMatch {
  page: PageName;
  params: Record<string, string>;
}

/**
 * What a page shows, as a key: a listing or an offer page is its id whatever its slug, so a page
 * that settles on its canonical URL ('/offer/any-title-6185' becomes '/offer/fifteen-off-…-6185')
 * is not drawn, nor its listing fetched, again; any other page is its path.
 */
export function pageIdentity(route: RouteMatch, path: string): string {
  if (route.page === 'offer' && route.params.offer) {
    const offer = parseOfferSlug(route.params.offer);
    if (offer) return `offer:${offer.offerId}`;
  }
  if (route.page === 'spa' && route.params.id) {
    const listing = parseListingSlug(route.params.id);
    if (listing?.kind === 'id') return `listing:${listing.id}`;
  }
  return path;
}

/** Single-segment paths that show a page with no parameters. */
const STATIC_ROUTES: ReadonlyMap<string, PageName> = new Map<string, PageName>([
  ['search', 'search'],
  ['my-searches', 'mySearches'],
  ['404', 'notFound'],
  ['not-found', 'notFound'],
  ['buy-gift-cards', 'buygiftcards'],
  ['buygiftcards', 'buygiftcards'],
  ['about', 'about'],
  ['aboutUs', 'aboutUs'],
  ['pricing', 'pricing'],
  ['partner', 'partner'],
  ['contactUs', 'contactUs'],
  ['join-the-network', 'joinTheNetwork'],
  ['spa-etiquette', 'spaEtiquette'],
  ['spa-etiquette-guide', 'spaEtiquetteGuide'],
  ['ready-to-spa', 'readyToSpa'],
  ['resorts-and-hotel-spas', 'resortsAndHotelSpas'],
  ['special-occasions-holidays', 'specialOccasionsHolidays'],
  ['elite', 'elite'],
  ['admin', 'admin'],
  ['widgets-offers-carousel', 'widgetsOffersCarousel'],
]);

const CARD_BALANCE_VARIANTS: ReadonlyMap<string, string> = new Map([
  ['card-balance-inquiry', ''],
  ['card-balance-inquiry-vpln', 'vpln'],
  ['card-balance-inquiry-legacy', 'legacy'],
]);

const NOT_FOUND: RouteMatch = { page: 'notFound', params: {} };

function match(page: PageName, params: Record<string, string> = {}): RouteMatch {
  return { page, params };
}

/**
 * Matches a pathname against the router table of spec 2.2:
 *
 * | Path | Page, params |
 * |---|---|
 * | `/` | home |
 * | `/search` | search |
 * | `/search/merchants`, `/search/merchants/:id`, `/search/offers/:id` | search, `{ kind, id? }` (suggestion URLs of spec 7) |
 * | `/{listingRouteName}/:id` | spa, `{ id }` (the slug, read it with `parseListingSlug`) |
 * | `/{listingRouteName}/map/:oldId` | spa, `{ oldId }` (the old-id map route; digits only) |
 * | `/offer/:offer` | offer, `{ offer }` |
 * | `/offer/:spa/:offer` | offerOld, `{ spa, offer }` |
 * | `/best-of/:destination` | bestOf, `{ destination }` |
 * | `/buy-gift-cards`, `/buygiftcards` | buygiftcards |
 * | `/card-balance-inquiry[-vpln\|-legacy]` | cardBalanceInquiry, `{ variant }` ('', 'vpln', 'legacy') |
 * | `/find`, `/find/*` | find, `{ path }` (what follows 'find/', may be '') |
 * | `/{product}-card-coming-soon` | cardComingSoon, `{ product }` (spec 2.8's purchase link) |
 * | `/404`, `/not-found` | notFound |
 * | the marketing segments of spec 2.1 | their page |
 * | anything else | notFound, `{}` |
 *
 * A query string or hash on the pathname is ignored, as is one trailing slash. Segments are
 * case-sensitive ('aboutUs'). A malformed percent-encoding is not found rather than an error.
 *
 * @param listingRouteName - the tenant's listing route: 'site', 'spa' or 'local'.
 */
export function matchRoute(pathname: string, listingRouteName: string): RouteMatch {
  const path = pathname.replace(/[?#].*$/, '');
  if (path === '' || path === '/') return match('home');
  if (!path.startsWith('/')) return NOT_FOUND;
  const raw = path.slice(1).replace(/\/$/, '').split('/');
  let segments: string[];
  try {
    segments = raw.map((segment) => decodeURIComponent(segment));
  } catch {
    return NOT_FOUND;
  }
  if (segments.some((segment) => segment === '')) return NOT_FOUND;
  const [first = '', second, third] = segments;
  const count = segments.length;

  if (count === 1) {
    const page = STATIC_ROUTES.get(first);
    if (page) return match(page);
    const variant = CARD_BALANCE_VARIANTS.get(first);
    if (variant !== undefined) return match('cardBalanceInquiry', { variant });
    const comingSoon = /^([a-z0-9-]+)-card-coming-soon$/.exec(first);
    if (comingSoon?.[1]) return match('cardComingSoon', { product: comingSoon[1] });
  }
  if (first === 'find') return match('find', { path: segments.slice(1).join('/') });
  if (first === 'search' && second !== undefined) {
    if (second === 'merchants' && count <= 3)
      return match('search', third ? { kind: second, id: third } : { kind: second });
    if (second === 'offers' && third !== undefined && count === 3)
      return match('search', { kind: second, id: third });
    return NOT_FOUND;
  }
  if (first === 'offer') {
    if (count === 2 && second) return match('offer', { offer: second });
    if (count === 3 && second && third) return match('offerOld', { spa: second, offer: third });
    return NOT_FOUND;
  }
  if (first === 'best-of' && count === 2 && second) return match('bestOf', { destination: second });
  if (first === listingRouteName) {
    if (count === 2 && second) return match('spa', { id: second });
    if (count === 3 && second === 'map' && third && /^\d+$/.test(third))
      return match('spa', { oldId: third });
  }
  return NOT_FOUND;
}

/** Text of the skip link: it jumps to the filter on the search page, to the content elsewhere. */
export function skipLinkText(page: PageName): string {
  return page === 'search' ? 'Skip to search filter' : 'Skip to main content';
}

/** Whether the app shell shows its header: not on the widgets offers carousel page. */
export function showsHeader(page: PageName): boolean {
  return page !== 'widgetsOffersCarousel';
}

/** Whether the app shell shows its footer: not on search and best-of, which scroll endlessly. */
export function showsFooter(page: PageName): boolean {
  return page !== 'search' && page !== 'bestOf';
}

/** Whether a search writes its filter into the URL: everywhere except best-of pages. */
export function syncsSearchToUrl(page: PageName): boolean {
  return page !== 'bestOf';
}

/** Where the window scrolls after a navigation. */
export type ScrollTarget =
  { kind: 'hash'; hash: string } | { kind: 'keep' } | { kind: 'position'; left: number; top: number };

/**
 * The scroll behaviour of spec 2.2: a hash scrolls to that hash; the search page keeps the
 * previous position (results stay where the visitor was); otherwise the saved position (back and
 * forward) is restored, or the page goes to the top.
 */
export function scrollOnNavigate(
  to: { page: PageName; hash?: string },
  savedPosition?: { left: number; top: number } | null,
): ScrollTarget {
  if (to.hash && to.hash !== '#') return { kind: 'hash', hash: to.hash };
  if (to.page === 'search') return { kind: 'keep' };
  if (savedPosition) return { kind: 'position', left: savedPosition.left, top: savedPosition.top };
  return { kind: 'position', left: 0, top: 0 };
}

/**
 * A page's name as visitors read it (tab titles, headings): spec 2.1's page names in words
 * ('Buy Gift Cards', never 'Buygiftcards'). Listing, offer, best-of and marketing pages take
 * their titles from what they show; these are the fallbacks.
 */
export const PAGE_TITLES: Readonly<Record<PageName, string>> = {
  spa: 'Listing',
  offer: 'Offer',
  offerOld: 'Offer',
  home: 'Home',
  find: 'Find',
  about: 'About',
  aboutUs: 'About Us',
  admin: 'Admin',
  elite: 'Elite',
  search: 'Search',
  partner: 'Partner',
  pricing: 'Pricing',
  contactUs: 'Contact Us',
  bestOf: 'Best Of',
  notFound: 'Not Found',
  readyToSpa: 'Ready to Spa',
  spaEtiquette: 'Spa Etiquette',
  spaEtiquetteGuide: 'Spa Etiquette Guide',
  buygiftcards: 'Buy Gift Cards',
  joinTheNetwork: 'Join the Network',
  cardBalanceInquiry: 'Card Balance Inquiry',
  resortsAndHotelSpas: 'Resorts and Hotel Spas',
  widgetsOffersCarousel: 'Offers',
  specialOccasionsHolidays: 'Special Occasions and Holidays',
  cardComingSoon: 'Coming Soon',
  mySearches: 'My Searches',
};

/** The tenant's page titles and descriptions of spec 3 (`metaDataPages`). */
export interface MetaDataPages {
  homePage: { title: string; description: string };
  searchPage: { title: string; description: string };
}

/**
 * The visible heading of a page titled by the tenant's metaDataPages: the title without the brand
 * an SEO title ends with ('Spas near you | SpaHaven' -> 'Spas near you'; the page's own header
 * already shows the brand). A title that does not end with it is shown as written.
 */
export function pageHeading(title: string, brandName: string): string {
  if (!brandName || !title.endsWith(brandName)) return title;
  const rest = title.slice(0, -brandName.length);
  const separator = /\s*[|:\u2013\u2014-]\s*$/.exec(rest);
  return separator && separator.index > 0 ? rest.slice(0, separator.index) : title;
}

/**
 * The document title of a page that does not name itself from its content: the home and search
 * pages from the tenant's metaDataPages, the others '{page title} | {brand}' ('Buy Gift Cards |
 * SpaHaven').
 */
export function sitePageTitle(page: PageName, brandName: string, meta: MetaDataPages): string {
  if (page === 'home') return meta.homePage.title;
  if (page === 'search') return meta.searchPage.title;
  return `${PAGE_TITLES[page]} | ${brandName}`;
}

/**
 * The canonical path of a matched page: legacy aliases and variants lead to their page's one
 * path (/buygiftcards -> /buy-gift-cards), a search to /search whatever its query. Null for
 * pages that are canonical under their own entity path (listings, offers) or have none (not
 * found).
 */
export function canonicalPath(route: RouteMatch): string | null {
  switch (route.page) {
    case 'home':
      return '/';
    case 'spa':
    case 'offer':
    case 'offerOld':
    case 'notFound':
      return null;
    case 'bestOf':
      return `/best-of/${encodeURIComponent(route.params.destination ?? '')}`;
    case 'find':
      return route.params.path
        ? `/find/${route.params.path.split('/').map(encodeURIComponent).join('/')}`
        : '/find';
    case 'cardComingSoon':
      return `/${route.params.product}-card-coming-soon`;
    default:
      return `/${PAGE_SEGMENTS[route.page]}`;
  }
}
