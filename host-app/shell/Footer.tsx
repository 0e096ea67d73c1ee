import { css } from '@emotion/react';
import type { TenantConfig } from '../../src/tenant/types';
import { contentApi, useContent } from '../content-data';
import { contentKeys } from '../../src/domain/page-content';
import { SafeLink } from '../../src/ui/SafeLink';
import { NavLink } from './NavLink';

export const footerStyles = css`
  .site-footer {
    background: var(--ws-secondary);
    color: var(--ws-on-secondary);
    margin-top: 2rem;
  }
  .site-footer > div {
    max-width: 1200px;
    margin: 0 auto;
    padding: 1.5rem 1rem;
  }
  .site-footer ul {
    list-style: none;
    margin: 0 0 1rem;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 0 1.5rem;
  }
  .site-footer a,
  .site-footer .link-button {
    color: inherit;
    display: inline-block;
    padding: 0.6rem 0;
  }
  .site-footer .link-button {
    font: inherit;
    background: none;
    border: 0;
    text-decoration: underline;
    cursor: pointer;
    min-height: 44px;
  }
  .site-footer .social {
    gap: 0 1rem;
  }
  .site-footer .bottom {
    display: flex;
    flex-wrap: wrap;
    gap: 0 1.5rem;
    align-items: center;
    justify-content: space-between;
  }
`;

const SOCIAL_NAMES = {
  facebook: 'Facebook',
  twitter: 'Twitter',
  pinterest: 'Pinterest',
  instagram: 'Instagram',
};

/**
 * The site footer: the tenant's footer menu from the content API, its social links and
 * copyright (componentsConfig.footer), and the cookie settings that reopen the consent bar.
 */
export function Footer({
  tenant,
  onCookieSettings,
}: {
  tenant: TenantConfig;
  onCookieSettings?: () => void;
}) {
  const { copyright, socialLinks } = tenant.componentsConfig.footer;
  const menu = useContent(contentKeys.menu(tenant.name, 'footer'), () => contentApi(tenant).menu('footer'));
  const items = menu.status === 'ready' ? menu.data.flatMap((item) => [item, ...item.children]) : [];
  return (
    <footer className="site-footer">
      <div>
        <nav aria-label="Footer">
          <ul>
            {items.map((item) => (
              <li key={item.ID}>
                <NavLink placement="footer" href={item.url}>
                  {item.title}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {socialLinks.length > 0 && (
          <ul className="social" aria-label="Follow us">
            {socialLinks.map((link) => (
              <li key={link.type}>
                <SafeLink href={link.url} target="_blank" rel="noopener noreferrer">
                  {SOCIAL_NAMES[link.type]}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </SafeLink>
              </li>
            ))}
          </ul>
        )}
        <div className="bottom">
          <p>{copyright || `© ${new Date().getFullYear()} ${tenant.helperInfo.fullProjectName}`}</p>
          {onCookieSettings && (
            <button type="button" className="link-button" onClick={onCookieSettings}>
              Cookie settings
            </button>
          )}
        </div>
      </div>
    </footer>
  );
}
