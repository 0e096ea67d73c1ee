/** The directory modules: brands, offers and listings. */
import { useId } from 'react';
import { css } from '@emotion/react';
import { encodeFilters } from '../../../src/domain/filters';
import { ModuleHeader, isExternal } from '../shared';
import type { ModuleProps } from '../types';

/** brands: the partner brand logos, each linking where the CMS says (a filtered search, usually). */
export function BrandsSection({ module, level, isFirst }: ModuleProps<'brands'>) {
  const headingId = useId();
  if (module.brands.length === 0) return null;
  return (
    <section className="cm-brands" aria-labelledby={module.title ? headingId : undefined}>
      <ModuleHeader title={module.title} level={level} id={headingId} />
      <ul className="cm-brands__list">
        {module.brands.map((brand, i) => {
          // The name is written beside the logo, so the logo itself is decorative (alt '').
          const logo = (
            <img
              src={brand.image}
              alt=""
              width={160}
              height={80}
              loading={isFirst ? 'eager' : 'lazy'}
              decoding="async"
            />
          );
          const external = brand.link ? isExternal(brand.link) : false;
          return (
            <li key={`${brand.name}-${i}`}>
              {brand.link ? (
                <a
                  className="cm-brands__link"
                  href={brand.link}
                  {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                >
                  {logo}
                  <span className="cm-brands__name">{brand.name}</span>
                  {external && <span className="cm-visually-hidden"> (opens in a new tab)</span>}
                </a>
              ) : (
                <span className="cm-brands__link">
                  {logo}
                  <span className="cm-brands__name">{brand.name}</span>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * offers: the offers carousel element. It fetches the offers near the visitor itself (spec 4
 * 'offers info', spec 9's limit of 8) and renders `title` as its own h2 (its default when the
 * title is ''). It has no subtitle or limit attribute, so those CMS fields are not shown.
 */
export function OffersSection({ module, tenant }: ModuleProps<'offers'>) {
  return (
    <section className="cm-offers">
      <wellspring-offers-carousel tenant={tenant.name} heading={module.title || undefined} />
      {module.link && module.link_text && (
        <p className="cm-more">
          <a className="cm-card__link" href={module.link}>
            {module.link_text}
          </a>
        </p>
      )}
    </section>
  );
}

/** The /search link of listings with a promotion ('Featured Merchant', 'Travel Destinations'). */
export function promotionSearchLink(promotion: string): string {
  const filters = encodeFilters({ 'promotions.promotionTypeName': promotion });
  return filters ? `/search?filters=${filters}` : '/search';
}

/**
 * listings: listing cards with a promotion. For now a heading and a link to /search filtered by
 * the promotion: the listing cards element that fetches and shows them (`limit` of them) arrives
 * later and will render here, with the CMS's own `link` beside it.
 */
export function ListingsSection({ module, level }: ModuleProps<'listings'>) {
  const headingId = useId();
  const label = module.link_text || 'See all';
  return (
    <section className="cm-listings" aria-labelledby={module.title ? headingId : undefined}>
      <ModuleHeader title={module.title} subtitle={module.subtitle} level={level} id={headingId} />
      <p className="cm-more">
        <a className="cm-button cm-button--outline" href={promotionSearchLink(module.promotion)}>
          {label}
          {module.title && !label.includes(module.title) && (
            <span className="cm-visually-hidden">: {module.title}</span>
          )}
        </a>
      </p>
    </section>
  );
}

export const directoryStyles = css`
  .cm-brands__list {
    display: grid;
    grid-template-columns: repeat(2, minmax(0, 1fr));
    gap: 0.75rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  @media (min-width: 600px) {
    .cm-brands__list {
      grid-template-columns: repeat(3, minmax(0, 1fr));
    }
  }
  @media (min-width: 960px) {
    .cm-brands__list {
      grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
    }
  }
  .cm-brands__link {
    display: grid;
    justify-items: center;
    gap: 0.35rem;
    min-height: 44px;
    padding: 0.75rem;
    border-radius: 12px;
    background: var(--ws-surface);
    color: var(--ws-text);
    text-align: center;
    text-decoration: none;
    box-shadow: 0 1px 3px rgb(0 0 0 / 0.12);
  }
  a.cm-brands__link:hover .cm-brands__name {
    text-decoration: underline;
  }
  .cm-brands__link img {
    display: block;
    width: 100%;
    max-width: 160px;
    height: auto;
    aspect-ratio: 2 / 1;
    object-fit: contain;
  }
  .cm-brands__name {
    font-weight: 600;
    font-size: 0.95rem;
  }
`;
