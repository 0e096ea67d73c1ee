import { lazy, Suspense } from 'react';
import { css } from '@emotion/react';
import { HEADER_DEFAULT_HEIGHT } from '../../src/domain/constants';
import type { MenuItem } from '../../src/domain/types';
import type { TenantConfig } from '../../src/tenant/types';
import { contentApi, useContent } from '../content-data';
import { NavLink } from './NavLink';
import { useSiteAnalytics } from './ConsentBar';

// Accounts come after the first paint, in a chunk of their own (their SDK later still, on sign-in).
const AccountMenu = lazy(() => import('../accounts/AccountMenu'));

export const headerStyles = css`
  .site-header {
    background: var(--ws-header-bg, var(--ws-primary));
    color: var(--ws-on-header, var(--ws-on-primary));
    min-height: ${HEADER_DEFAULT_HEIGHT}px;
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
  .site-header .brand img {
    height: 40px;
    width: auto;
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

/** The site header: the brand and the tenant's header menu from the content API. */
export function Header({ tenant }: { tenant: TenantConfig }) {
  const analytics = useSiteAnalytics();
  const menu = useContent(`menu:${tenant.name}:header`, () => contentApi(tenant).menu('header'));
  const sells = tenant.options.global.sellOnline;
  // Until the menu arrives (or if the CMS has none), the essential links.
  const items: MenuItem[] =
    menu.status === 'ready'
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
  return (
    <header className="site-header">
      <nav aria-label="Main">
        <a className="brand" href="/">
          <img src={tenant.icons.titleImage} alt={`${tenant.brandName} home`} width={200} height={40} />
        </a>
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
                        <NavLink placement="header" href={child.url}>
                          {child.title}
                        </NavLink>
                      </li>
                    ))}
                  </ul>
                </details>
              ) : (
                <NavLink placement="header" href={item.url}>
                  {item.title}
                </NavLink>
              )}
            </li>
          ))}
        </ul>
        {tenant.options.global.userProfile && (
          <Suspense fallback={null}>
            <AccountMenu tenant={tenant.name} api={tenant.endpoints.functions} />
          </Suspense>
        )}
      </nav>
    </header>
  );
}
