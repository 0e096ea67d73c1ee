/** The directory modules: brands, offers and listings. */
import { useId } from 'react';
import { css } from '@emotion/react';
import { createApi } from '../../../src/api/client';
import { searchToQuery } from '../../../src/domain/filters';
import { listingsModuleQuery } from '../../../src/domain/listings-module';
import { contentKeys } from '../../../src/domain/page-content';
import { cardImage, resizeImageUrl } from '../../../src/domain/images';
import { listingPath } from '../../../src/domain/slug';
import type { ListingCard as ListingCardData } from '../../../src/domain/types';
import { ListingCard } from '../../../src/ui/ListingCard';
import { listingCardStyles } from '../../../src/ui/listing-card.styles';
import { starsStyles } from '../../../src/ui/stars.styles';
import { useContent } from '../../content-data';
import { ModuleHeader, isExternal, itemLevel } from '../shared';
import type { ModuleProps } from '../types';
import { SafeLink } from '../../../src/ui/SafeLink';

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
                <SafeLink
                  className="cm-brands__link"
                  href={brand.link}
                  {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                >
                  {logo}
                  <span className="cm-brands__name">{brand.name}</span>
                  {external && <span className="visually-hidden"> (opens in a new tab)</span>}
                </SafeLink>
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
          <SafeLink className="cm-card__link" href={module.link}>
            {module.link_text}
          </SafeLink>
        </p>
      )}
    </section>
  );
}

/** The /search link of listings with a promotion ('Featured Merchant', 'Travel Destinations'). */
export function promotionSearchLink(promotion: string): string {
  const query = searchToQuery({ filters: { 'promotions.promotionTypeName': promotion } });
  return query ? `/search?${query}` : '/search';
}

/**
 * Travel info and featured listings (spec 2.8, spec 7): a search with the module's promotion type,
 * the first `limit` cards, drawn with the product's own listing card. Spec 4: when a search with
 * a location finds none it retries without one; the home page searches without a location, so
 * one search answers.
 */
export function ListingsSection({ module, level, tenant }: ModuleProps<'listings'>) {
  const headingId = useId();
  const label = module.link_text || 'See all';
  const query = listingsModuleQuery(module, tenant.helperInfo.country);
  // Carried by the page when the server drew it (its cards are then in the HTML, and nothing
  // below them moves when they arrive). Without cards the module still offers its link: a
  // failure needs no message here.
  const found = useContent(contentKeys.listings(tenant.name, query), () =>
    createApi({
      base: tenant.endpoints.functions,
      publisherId: tenant.helperInfo.publisherId,
      includedPrograms: tenant.helperInfo.includedPrograms,
    })
      .searchMerchants(query)
      .then((result) => result.items),
  );
  const cards: ListingCardData[] = found.status === 'ready' ? found.data : [];
  const cardLevel = itemLevel(level, !!module.title);
  return (
    <section className="cm-listings" aria-labelledby={module.title ? headingId : undefined}>
      <ModuleHeader title={module.title} subtitle={module.subtitle} level={level} id={headingId} />
      {cards.length > 0 && (
        <ul className="cm-listings__list">
          {cards.map((card) => (
            <li key={card.merchantId}>
              <ListingCard
                listing={card}
                href={listingPath(tenant.listingRouteName, card.name, card.merchantId)}
                imageSrc={resizeImageUrl(
                  cardImage(card, tenant.endpoints.defaultCardImage),
                  tenant.endpoints.imageResizer,
                )}
                showReviews={tenant.options.global.showReviews}
                headingLevel={cardLevel}
              />
            </li>
          ))}
        </ul>
      )}
      <p className="cm-more">
        <a className="cm-button cm-button--outline" href={promotionSearchLink(module.promotion)}>
          {label}
          {module.title && !label.includes(module.title) && (
            <span className="visually-hidden">: {module.title}</span>
          )}
        </a>
      </p>
    </section>
  );
}

export const directoryStyles = css`
  .cm-listings__list {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(min(100%, 15rem), 1fr));
    gap: 0.75rem;
    margin: 0 0 1rem;
    padding: 0;
    list-style: none;
  }
  /* The product's listing card, as the search element draws it. */
  .cm-listings {
    ${starsStyles}
    ${listingCardStyles}
  }
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
