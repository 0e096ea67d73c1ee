import { useId } from 'react';
import { css } from '@emotion/react';
import type { Retailer } from '../../../src/domain/content';
import { Heading, ModuleHeader, isExternal, itemLevel } from '../shared';
import type { HeadingLevel, ModuleProps } from '../types';
import { SafeLink } from '../../../src/ui/SafeLink';

/**
 * retailers: the wellness tenant's coming-soon announcement (spec 2.8): where the card will be
 * sold, in store and online. A retailer without a page yet is named without a link.
 */
export function RetailersSection({ module, level }: ModuleProps<'retailers'>) {
  const headingId = useId();
  const lists = itemLevel(level, !!module.title);
  return (
    <section className="cm-retailers" aria-labelledby={module.title ? headingId : undefined}>
      <ModuleHeader title={module.title} level={level} id={headingId} />
      {module.text && <p className="cm-retailers__text">{module.text}</p>}
      <div className="cm-retailers__lists">
        <RetailerList title="In store" retailers={module.in_store} level={lists} />
        <RetailerList title="Online" retailers={module.online} level={lists} />
      </div>
    </section>
  );
}

function RetailerList({
  title,
  retailers,
  level,
}: {
  title: string;
  retailers: Retailer[];
  level: HeadingLevel;
}) {
  if (retailers.length === 0) return null;
  return (
    <div className="cm-retailers__group">
      <Heading level={level} className="cm-retailers__title">
        {title}
      </Heading>
      <ul>
        {retailers.map((retailer) => (
          <li key={retailer.name}>
            {retailer.url ? (
              <SafeLink
                href={retailer.url}
                {...(isExternal(retailer.url) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {retailer.name}
                {isExternal(retailer.url) && <span className="visually-hidden"> (opens in a new tab)</span>}
              </SafeLink>
            ) : (
              retailer.name
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

export const retailersStyles = css`
  .cm-retailers {
    padding: 1.5rem 1rem;
    border-radius: 12px;
    background: var(--ws-surface);
    box-shadow: 0 1px 3px rgb(0 0 0 / 0.12);
  }
  @media (min-width: 600px) {
    .cm-retailers {
      padding: 2rem;
    }
  }
  .cm-retailers__text {
    max-width: 46rem;
    margin: 0 0 1rem;
  }
  .cm-retailers__lists {
    display: grid;
    gap: 1rem;
  }
  @media (min-width: 600px) {
    .cm-retailers__lists {
      grid-template-columns: repeat(2, minmax(0, 1fr));
    }
  }
  .cm-retailers__title {
    margin: 0 0 0.35rem;
    font-size: 1.1rem;
    color: var(--ws-primary);
  }
  .cm-retailers__group ul {
    margin: 0;
    padding-left: 1.25rem;
  }
  .cm-retailers__group li {
    padding: 0.2rem 0;
  }
  .cm-retailers__group a {
    display: inline-block;
    min-height: 44px;
    line-height: 44px;
  }
`;
