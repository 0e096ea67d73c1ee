import { css } from '@emotion/react';
import type { TenantConfig } from '../../src/tenant/types';

export const headerStyles = css`
  .site-header {
    background: var(--ws-primary);
    color: var(--ws-on-primary);
    min-height: 64px;
    nav {
      max-width: 1200px;
      margin: 0 auto;
      padding: 0.75rem 1rem;
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      gap: 0.5rem 1.25rem;
    }
    a {
      color: inherit;
      text-decoration: none;
    }
    a:hover,
    a:focus-visible {
      text-decoration: underline;
    }
    .brand {
      font-weight: 700;
      font-size: 1.2rem;
      margin-right: auto;
    }
  }
`;

/** The site header: brand and the main links (menus from the content API come later). */
export function Header({ tenant }: { tenant: TenantConfig }) {
  const sells = tenant.options.global.sellOnline;
  return (
    <header className="site-header">
      <nav aria-label="Main">
        <a className="brand" href="/">
          {tenant.brandName}
        </a>
        <a href="/search">Find a {tenant.listingRouteName === 'site' ? 'location' : 'spa'}</a>
        <a href={sells ? '/buy-gift-cards' : tenant.endpoints.purchaseLink}>
          {tenant.titles.shortGiftCardShopButtonName}
        </a>
        <a href="/card-balance-inquiry">Check balance</a>
        <a href="/about">About</a>
      </nav>
    </header>
  );
}
