import { Suspense, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { Global, css } from '@emotion/react';
import { useBrowserLocation, navigate } from 'wouter/use-browser-location';
import {
  matchRoute,
  pageIdentity,
  showsFooter,
  showsHeader,
  sitePageTitle,
  skipLinkText,
  type PageName,
} from '../src/domain/routes';
import type { TenantConfig } from '../src/tenant/types';
import { cssVarsToDeclarations, themeToCssVars } from '../src/tenant/theme';
import { baseStyles, filledButton, pillButton } from '../src/ui/base.styles';
import { roomRules } from '../src/ui/element-room';
import { rememberScroll, restoreScroll } from './navigation';
import { Header, headerStyles } from './shell/Header';
import { Footer, footerStyles } from './shell/Footer';
import { UpdateBanner, bannerStyles } from './shell/UpdateBanner';
import { AnalyticsContext, ConsentBar, consentStyles } from './shell/ConsentBar';
import type { SiteAnalytics } from './shell/analytics';
import { PageErrorBoundary } from './shell/PageErrorBoundary';
import { lazyPage, type LazyPage } from './shell/page-chunk';
import type { PageProps } from './pages/types';

// Pages load lazily (spec 2.2): a visitor landing on an offer does not download the home page.
// Code that has not arrived in 120 s counts as failed (spec 9).
const Home = lazyPage(() => import('./pages/Home'));
const Search = lazyPage(() => import('./pages/Search'));
const BestOf = lazyPage(() => import('./pages/BestOf'));
const Listing = lazyPage(() => import('./pages/Listing'));
const GiftCards = lazyPage(() => import('./pages/GiftCards'));
const BalanceInquiry = lazyPage(() => import('./pages/BalanceInquiry'));
const Marketing = lazyPage(() => import('./pages/Marketing'));
const OffersCarouselPage = lazyPage(() => import('./pages/OffersCarouselPage'));
const NotFound = lazyPage(() => import('./pages/NotFound'));
const CardComingSoon = lazyPage(() => import('./pages/CardComingSoon'));
const MySearches = lazyPage(() => import('./pages/MySearches'));

const pages: Partial<Record<PageName, LazyPage<PageProps>>> = {
  home: Home,
  search: Search,
  bestOf: BestOf,
  spa: Listing,
  offer: Listing,
  offerOld: Listing,
  buygiftcards: GiftCards,
  cardBalanceInquiry: BalanceInquiry,
  widgetsOffersCarousel: OffersCarouselPage,
  notFound: NotFound,
  cardComingSoon: CardComingSoon,
  mySearches: MySearches,
};

/**
 * Loads the code of the page at `path` (the app's first draw, and the server's, wait for it): the
 * page then draws at once, as the server drew it.
 */
export function preloadPage(path: string, tenant: TenantConfig): Promise<void> {
  const { page } = matchRoute(path, tenant.listingRouteName);
  return (pages[page] ?? Marketing).preload();
}

export interface AppProps {
  tenant: TenantConfig;
  analytics: SiteAnalytics;
}

/** The site at the browser's location, following it. */
export function App(props: AppProps) {
  const [path] = useBrowserLocation();
  return <Site {...props} path={path} />;
}

/** The site at `path`: in the browser, App's location; on the server, the page it draws. */
export function Site({ tenant, analytics, path }: AppProps & { path: string }) {
  const [consentOpen, setConsentOpen] = useState(false);
  const route = useMemo(() => matchRoute(path, tenant.listingRouteName), [path, tenant.listingRouteName]);
  const Page = pages[route.page] ?? Marketing;

  useInternalLinks(route.page);
  useLayoutEffect(() => restoreScroll(route.page), [path, route.page]);
  // Spec 2.2: a page view for every navigation, whatever made it (a link, back or forward, a
  // script), logged as the router takes the new location and before the page renders it.
  useLayoutEffect(() => {
    document.documentElement.dataset.page = route.page;
    analytics.track({ event: 'page_view', page_path: path, page_name: route.page });
  }, [path, route.page, analytics]);
  useEffect(() => {
    // Listing, offer and content pages get their title from what they show (and the server's head).
    if (pages[route.page] === Listing || pages[route.page] === undefined || route.page === 'bestOf') return;
    document.title = sitePageTitle(route.page, tenant.brandName, tenant.metaDataPages);
  }, [route.page, tenant]);

  // theme.class names the brand on the page root for the operator's own CSS; theme.dark tells
  // the browser too (form controls, scrollbars), besides the dark surfaces of the theme.
  useEffect(() => {
    const root = document.documentElement;
    const classes = tenant.theme.class.split(/\s+/).filter(Boolean);
    root.classList.add(...classes);
    root.style.colorScheme = tenant.theme.dark ? 'dark' : 'light';
    return () => root.classList.remove(...classes);
  }, [tenant]);

  const skipText = skipLinkText(route.page);
  const skipTarget = skipText === 'Skip to search filter' ? 'search-filter' : 'main-content';
  return (
    <AnalyticsContext.Provider value={analytics}>
      <Global styles={[globalStyles(tenant), headerStyles, footerStyles, bannerStyles, consentStyles]} />
      <a className="skip-link" href={`#${skipTarget}`}>
        {skipText}
      </a>
      {showsHeader(route.page) && <Header tenant={tenant} />}
      <main id="main-content" tabIndex={-1}>
        <PageErrorBoundary key={pageIdentity(route, path)} analytics={analytics}>
          <Suspense
            fallback={
              <p className="page-loading" role="status">
                Loading…
              </p>
            }
          >
            <Page tenant={tenant} route={route} />
          </Suspense>
        </PageErrorBoundary>
      </main>
      {showsFooter(route.page) && (
        <Footer
          tenant={tenant}
          onCookieSettings={analytics.asks() ? () => setConsentOpen(true) : undefined}
        />
      )}
      <ConsentBar
        tenant={tenant}
        analytics={analytics}
        open={consentOpen}
        onClose={() => setConsentOpen(false)}
      />
      <div id="info-sheet" />
      <UpdateBanner />
    </AnalyticsContext.Provider>
  );
}

/**
 * Same-origin links, including those inside the elements' shadow roots, navigate in-page.
 * Modified clicks, other targets and downloads keep the browser's behaviour. Listening from the
 * draw's commit (a layout effect), not after the paint: a link clicked as soon as the page has
 * hydrated navigates in-page too.
 */
function useInternalLinks(page: PageName) {
  useLayoutEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const anchor = event
        .composedPath()
        .find(
          (node): node is HTMLAnchorElement => node instanceof HTMLAnchorElement && node.hasAttribute('href'),
        );
      if (!anchor || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, location.href);
      if (
        url.origin !== location.origin ||
        url.pathname.startsWith('/api/') ||
        url.pathname.startsWith('/demo/')
      )
        return;
      event.preventDefault();
      if (url.pathname === location.pathname && url.search === location.search && url.hash) {
        history.pushState(null, '', url.hash);
        restoreScroll(page);
        return;
      }
      rememberScroll();
      navigate(`${url.pathname}${url.search}${url.hash}`);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [page]);
}

/** The hosted site's own rules (their comments stay in the source: the builds minify them). */
function globalStyles(tenant: TenantConfig) {
  const vars = themeToCssVars(tenant.theme);
  return css`
    :root {
      ${cssVarsToDeclarations(vars)}
      color-scheme: light;
    }
    * {
      box-sizing: border-box;
    }
    body {
      margin: 0;
      font-family:
        system-ui,
        -apple-system,
        'Segoe UI',
        Roboto,
        sans-serif;
      color: #1f2933;
      background: #f7f8fa;
      line-height: 1.5;
    }
    main {
      display: block;
      max-width: 1200px;
      margin: 0 auto;
      padding: 1rem;
      /* Content arrives after the shell: keep the footer below the fold so it does not jump. */
      min-height: 100vh;
      outline: none;
    }
    a {
      color: var(--ws-primary);
    }
    .skip-link {
      position: absolute;
      left: 0.5rem;
      top: -3rem;
      background: #fff;
      padding: 0.5rem 1rem;
      z-index: 10;
    }
    .skip-link:focus {
      top: 0.5rem;
    }
    .page-loading {
      color: #52606d;
    }
    .home-map {
      min-height: 720px;
      margin-top: 2rem;
    }
    .home-map h2 {
      color: var(--ws-secondary);
    }
    /* The elements' own base rules: text for screen readers only, the focus ring. */
    ${baseStyles}
    /* Each element's room until its code arrives, as the loader keeps it: the server draws the
       page's tags before the loader has run. */
    ${roomRules()}
    .button {
      display: inline-flex;
      align-items: center;
      padding: 0 1.1rem;
      text-decoration: none;
      /* A <button> of the class reads in the page's type, not the browser's small control font. */
      font: inherit;
      font-weight: 600;
      ${pillButton}
      ${filledButton}
    }
    /* Every dialog of the site (the menu drawer, the sign-in) dims the page behind it alike. */
    dialog::backdrop {
      background: rgb(0 0 0 / 45%);
    }
  `;
}
