import { css } from '@emotion/react';
import type { TenantConfig } from '../../src/tenant/types';

export const footerStyles = css`
  .site-footer {
    background: var(--ws-secondary);
    color: var(--ws-on-secondary);
    margin-top: 2rem;
    div {
      max-width: 1200px;
      margin: 0 auto;
      padding: 1.5rem 1rem;
      display: flex;
      flex-wrap: wrap;
      gap: 0.5rem 1.5rem;
    }
    a {
      color: inherit;
    }
  }
`;

export function Footer({ tenant }: { tenant: TenantConfig }) {
  return (
    <footer className="site-footer">
      <div>
        <a href="/about">About</a>
        <a href="/contactUs">Contact us</a>
        <a href="/partner">Partner with us</a>
        <a href="/join-the-network">Join the network</a>
        <a href="/spa-etiquette">Spa etiquette</a>
        <span>
          © {new Date().getFullYear()} {tenant.helperInfo.fullProjectName}
        </span>
      </div>
    </footer>
  );
}
