import { css } from '@emotion/react';
import type { TenantConfig } from '../../src/tenant/types';
import { contentApi, useContent } from '../content-data';
import { SafeLink } from '../../src/ui/SafeLink';

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
  .site-footer a {
    color: inherit;
    display: inline-block;
    padding: 0.6rem 0;
  }
`;

/** The site footer: the tenant's footer menu from the content API. */
export function Footer({ tenant }: { tenant: TenantConfig }) {
  const menu = useContent(`menu:${tenant.name}:footer`, () => contentApi(tenant.name).menu('footer'));
  const items = menu.status === 'ready' ? menu.data.flatMap((item) => [item, ...item.children]) : [];
  return (
    <footer className="site-footer">
      <div>
        <nav aria-label="Footer">
          <ul>
            {items.map((item) => (
              <li key={item.ID}>
                <SafeLink href={item.url}>{item.title}</SafeLink>
              </li>
            ))}
          </ul>
        </nav>
        <p>
          © {new Date().getFullYear()} {tenant.helperInfo.fullProjectName}
        </p>
      </div>
    </footer>
  );
}
