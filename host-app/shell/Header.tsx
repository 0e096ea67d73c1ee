import { lazy, Suspense, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { css } from '@emotion/react';
import { BREAKPOINT_MIN_WIDTHS, logoScale } from '../../src/domain/display';
import type { MenuItem } from '../../src/domain/types';
import type { TenantConfig } from '../../src/tenant/types';
import { contentApi, useContent } from '../content-data';
import { contentKeys } from '../../src/domain/page-content';
import { NavLink } from './NavLink';
import { useSiteAnalytics } from './ConsentBar';

// Accounts come after the first paint, in a chunk of their own (their SDK later still, on sign-in).
const AccountMenu = lazy(() => import('../accounts/AccountMenu'));

export const headerStyles = css`
  .site-header {
    background: var(--ws-header-bg, var(--ws-primary));
    color: var(--ws-on-header, var(--ws-on-primary));
    min-height: var(--ws-header-height);
    border-bottom: 1px solid rgb(0 0 0 / 8%);
  }
  .site-header nav {
    max-width: 1200px;
    margin: 0 auto;
    padding: 0.5rem 1rem;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25rem 1.25rem;
  }
  .site-header .brand {
    margin-right: auto;
    display: flex;
    align-items: center;
    min-height: 48px;
  }
  /* The logo at its own height (spec 9), within the header; 40 px until it has loaded. On small
     screens a logo taller than 40 px is scaled by 0.7 (--ws-logo-small-scale, from logoScale). */
  .site-header .brand img {
    height: var(--ws-logo-height, 40px);
    max-height: calc(var(--ws-header-height) - 1rem);
    width: auto;
  }
  @media (max-width: ${BREAKPOINT_MIN_WIDTHS.sm - 0.02}px) {
    .site-header .brand img {
      height: calc(var(--ws-logo-height, 40px) * var(--ws-logo-small-scale, 1));
    }
  }
  .site-header ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 0 1.25rem;
  }
  .site-header a,
  .site-header summary {
    color: inherit;
    text-decoration: none;
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    cursor: pointer;
  }
  .site-header a:hover,
  .site-header a:focus-visible,
  .site-header summary:hover {
    text-decoration: underline;
  }
  .site-header details {
    position: relative;
  }
  /* Phones: the menu moves into the drawer, opened by the menu button. */
  .site-header .menu-button,
  .site-header .drawer {
    display: none;
  }
  @media (max-width: ${BREAKPOINT_MIN_WIDTHS.sm - 0.02}px) {
    .site-header > nav > ul {
      display: none;
    }
    /* One row whatever arrives: the logo (200 px wide until it has loaded and is scaled), 'Sign
       in' (once the account check answers) and the menu button. Wrapped, the page below moved
       down and back up on the way (CLS 0.66 on the home page); the logo gives way instead. */
    .site-header nav {
      flex-wrap: nowrap;
    }
    .site-header .brand {
      min-width: 0;
    }
    .site-header nav > :not(.brand) {
      flex-shrink: 0;
    }
    .site-header .brand img {
      max-width: 100%;
      object-fit: contain;
      object-position: left center;
    }
    .site-header .menu-button {
      display: inline-flex;
      align-items: center;
      gap: 0.5rem;
      min-height: 44px;
      padding: 0 0.75rem;
      border: 1px solid currentColor;
      border-radius: 8px;
      background: none;
      color: inherit;
      font: inherit;
      cursor: pointer;
    }
    .site-header .drawer[open] {
      display: block;
    }
  }
  .site-header .drawer {
    margin: 0 0 0 auto;
    height: 100%;
    max-height: none;
    width: min(20rem, 85vw);
    padding: 1rem 1.25rem;
    border: 0;
    background: var(--ws-surface, #fff);
    color: var(--ws-text, #1f2933);
  }
  .site-header .drawer ul {
    flex-direction: column;
  }
  .site-header .drawer details ul {
    position: static;
    box-shadow: none;
    padding: 0 0 0 1rem;
  }
  .site-header .drawer-close {
    float: right;
    min-height: 44px;
    min-width: 44px;
    border: 0;
    background: none;
    color: inherit;
    font: inherit;
    cursor: pointer;
  }
  body:has(.drawer[open]) {
    overflow: hidden;
  }
  .site-header details ul {
    position: absolute;
    z-index: 5;
    flex-direction: column;
    background: var(--ws-surface, #fff);
    color: var(--ws-text, #1f2933);
    padding: 0.25rem 1rem;
    border-radius: 8px;
    box-shadow: 0 6px 20px rgb(0 0 0 / 15%);
    min-width: 12rem;
  }
`;

/**
 * The site header: the brand, the tenant's header menu from the content API (componentsConfig
 * .header: `menu` shows it, `menuType` names the CMS menu, `height` the bar's least height) and
 * the account corner. On phones the menu opens in a drawer: a modal <dialog>, so the browser
 * keeps focus inside it, closes it on Escape and gives focus back to the menu button.
 */
export function Header({ tenant }: { tenant: TenantConfig }) {
  const analytics = useSiteAnalytics();
  const settings = tenant.componentsConfig.header;
  const [logoHeight, setLogoHeight] = useState(0);
  const menuType = settings.menuType || 'header';
  const menu = useContent(contentKeys.menu(tenant.name, menuType), () => contentApi(tenant).menu(menuType));
  const drawer = useRef<HTMLDialogElement>(null);
  // The drawer's copy of the menu is drawn when it first opens: a closed dialog shows nothing
  // (without scripts it cannot open), and every page's first draw and hydration skip it.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const sells = tenant.options.global.sellOnline;
  // Until the menu arrives (or if the CMS has none), the essential links.
  const items: MenuItem[] = !settings.menu
    ? []
    : menu.status === 'ready'
      ? menu.data
      : [
          { ID: 1, url: '/search', title: tenant.titles.mainSearchButtonName, children: [] },
          {
            ID: 2,
            url: sells ? '/buy-gift-cards' : tenant.endpoints.purchaseLink,
            title: tenant.titles.shortGiftCardShopButtonName,
            children: [],
          },
          { ID: 3, url: '/card-balance-inquiry', title: 'Check balance', children: [] },
        ];
  const openDrawer = () => {
    setDrawerUsed(true);
    drawer.current?.showModal();
    analytics.track({ event: 'header_drawer', state: 'open' });
  };
  const closeDrawer = () => drawer.current?.close();
  const list = (placement: 'header' | 'drawer') => (
    <ul>
      {items.map((item) => (
        <li key={item.ID}>
          {item.children.length ? (
            <details
              onToggle={(event) =>
                analytics.track({
                  event: 'submenu',
                  label: item.title,
                  state: (event.currentTarget as HTMLDetailsElement).open ? 'open' : 'close',
                })
              }
            >
              <summary>{item.title}</summary>
              <ul>
                {item.children.map((child) => (
                  <li key={child.ID}>
                    <NavLink placement={placement} href={child.url} onNavigate={closeDrawer}>
                      {child.title}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </details>
          ) : (
            <NavLink placement={placement} href={item.url} onNavigate={closeDrawer}>
              {item.title}
            </NavLink>
          )}
        </li>
      ))}
    </ul>
  );
  return (
    <header className="site-header" style={{ '--ws-header-height': `${settings.height}px` } as CSSProperties}>
      <nav aria-label="Main">
        <a className="brand" href="/">
          <img
            src={tenant.icons.titleImage}
            alt={`${tenant.brandName} home`}
            width={200}
            height={40}
            // Its own height is known once loaded (also when it came from the cache before React).
            ref={(img) => {
              if (img?.complete && img.naturalHeight) setLogoHeight(img.naturalHeight);
            }}
            onLoad={(event) => setLogoHeight(event.currentTarget.naturalHeight)}
            style={
              logoHeight
                ? ({
                    '--ws-logo-height': `${logoHeight}px`,
                    '--ws-logo-small-scale': logoScale(logoHeight, true),
                  } as CSSProperties)
                : undefined
            }
          />
        </a>
        {list('header')}
        {tenant.options.global.userProfile && (
          <AfterFirstDraw>
            <Suspense fallback={null}>
              <AccountMenu tenant={tenant.name} api={tenant.endpoints.functions} />
            </Suspense>
          </AfterFirstDraw>
        )}
        {items.length > 0 && (
          <button type="button" className="menu-button" aria-haspopup="dialog" onClick={openDrawer}>
            <span aria-hidden="true">☰</span> Menu
          </button>
        )}
      </nav>
      {items.length > 0 && (
        <dialog
          ref={drawer}
          className="drawer"
          aria-label="Menu"
          onClose={() => analytics.track({ event: 'header_drawer', state: 'close' })}
          // A click on the backdrop (the dialog itself, outside its content) closes it.
          onClick={(event) => event.target === event.currentTarget && closeDrawer()}
        >
          <button type="button" className="drawer-close" aria-label="Close menu" onClick={closeDrawer}>
            ✕
          </button>
          {drawerUsed && <nav aria-label="Menu">{list('drawer')}</nav>}
        </dialog>
      )}
    </header>
  );
}

/**
 * Its children once the page has drawn: the account corner depends on this browser's session,
 * which the server's render of the page cannot know, and the first draw must match that render.
 */
function AfterFirstDraw({ children }: { children: ReactNode }) {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => setDrawn(true), []);
  return drawn ? children : null;
}
