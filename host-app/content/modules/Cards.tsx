/** The card modules: featured, featured_2_col, cards, business_types and marketing_banners_2_col. */
import { useId } from 'react';
import { css } from '@emotion/react';
import type { ContentCard, MarketingBanner } from '../../../src/domain/content';
import { Heading, ModuleHeader, ResponsiveImage, isExternal, itemLevel } from '../shared';
import type { HeadingLevel, ModuleProps } from '../types';
import { SafeLink } from '../../../src/ui/SafeLink';

/**
 * One card. The title is its heading; with a link, the link's text is `link_text` (or the title)
 * and, when that text is vague ('Read more'), the title completes it for screen readers.
 */
export function Card({
  card,
  level,
  large = false,
  eager = false,
}: {
  card: ContentCard;
  level: HeadingLevel;
  large?: boolean;
  eager?: boolean;
}) {
  const label = card.link_text || card.title;
  const external = card.link ? isExternal(card.link) : false;
  return (
    <article className={large ? 'cm-card cm-card--large' : 'cm-card'}>
      {card.image && (
        <ResponsiveImage
          className="cm-card__image"
          src={card.image}
          alt={card.alt_text}
          width={large ? 600 : 360}
          height={large ? 340 : 260}
          eager={eager}
        />
      )}
      <div className="cm-card__body">
        <Heading level={level} className="cm-card__title">
          {card.title}
        </Heading>
        {card.text && <p className="cm-card__text">{card.text}</p>}
        {card.link && label && (
          <p className="cm-card__action">
            <SafeLink
              className="cm-card__link"
              href={card.link}
              {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {label}
              {label !== card.title && card.title && !label.includes(card.title) && (
                <span className="visually-hidden">: {card.title}</span>
              )}
              {external && <span className="visually-hidden"> (opens in a new tab)</span>}
            </SafeLink>
          </p>
        )}
      </div>
    </article>
  );
}

/** A titled grid of cards, 1 column on phones and up to `columns` on wide screens. */
function CardGrid({
  title,
  subtitle = '',
  cards,
  columns,
  level,
  large = false,
  eager = false,
  className = '',
}: {
  title: string;
  subtitle?: string;
  cards: ContentCard[];
  columns: 2 | 3 | 4;
  level: HeadingLevel;
  large?: boolean;
  eager?: boolean;
  className?: string;
}) {
  const headingId = useId();
  if (cards.length === 0) return null;
  return (
    <section className={`cm-cards ${className}`.trim()} aria-labelledby={title ? headingId : undefined}>
      <ModuleHeader title={title} subtitle={subtitle} level={level} id={headingId} />
      <ul className={`cm-grid cm-grid--${columns}`}>
        {cards.map((card, i) => (
          <li key={`${card.title}-${i}`}>
            <Card card={card} level={itemLevel(level, !!title)} large={large} eager={eager} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Columns for a row of n cards: a row of 3 stays 3, 4 or more go to 4. */
const columnsFor = (count: number): 2 | 3 | 4 => (count <= 2 ? 2 : count === 3 ? 3 : 4);

/** featured: editorial feature cards (one row of 3-4). */
export function FeaturedSection({ module, level, isFirst }: ModuleProps<'featured'>) {
  return (
    <CardGrid
      title={module.title}
      subtitle={module.subtitle}
      cards={module.items}
      columns={columnsFor(module.items.length)}
      level={level}
      eager={isFirst}
    />
  );
}

/** featured_2_col: two large feature cards side by side. */
export function Featured2ColSection({ module, level, isFirst }: ModuleProps<'featured_2_col'>) {
  return <CardGrid title="" cards={module.items} columns={2} level={level} large eager={isFirst} />;
}

/** cards: a grid of cards. */
export function CardsSection({ module, level, isFirst }: ModuleProps<'cards'>) {
  return (
    <CardGrid
      title={module.title}
      subtitle={module.subtitle}
      cards={module.cards}
      columns={columnsFor(module.cards.length)}
      level={level}
      eager={isFirst}
    />
  );
}

/** business_types: one card per business type, each linking to /search filtered by it (the CMS link). */
export function BusinessTypesSection({ module, level, isFirst }: ModuleProps<'business_types'>) {
  return (
    <CardGrid
      title={module.title}
      subtitle={module.subtitle}
      cards={module.cards}
      columns={4}
      level={level}
      eager={isFirst}
      className="cm-business-types"
    />
  );
}

/** marketing_banners_2_col: two marketing banners side by side. */
export function MarketingBanners2ColSection({
  module,
  level,
  isFirst,
}: ModuleProps<'marketing_banners_2_col'>) {
  if (module.banners.length === 0) return null;
  return (
    <section className="cm-banners">
      <ul className="cm-grid cm-grid--2">
        {module.banners.map((banner, i) => (
          <li key={`${banner.title}-${i}`}>
            <Banner banner={banner} level={level} eager={isFirst} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Banner({ banner, level, eager }: { banner: MarketingBanner; level: HeadingLevel; eager: boolean }) {
  const label = banner.link_text || banner.title;
  return (
    <article className="cm-banner">
      {banner.image && (
        <ResponsiveImage
          className="cm-banner__image"
          src={banner.image}
          mobile={banner.image_mobile}
          alt={banner.alt_text}
          width={600}
          height={300}
          eager={eager}
        />
      )}
      <div className="cm-banner__body">
        <Heading level={level} className="cm-banner__title">
          {banner.title}
        </Heading>
        {banner.text && <p className="cm-banner__text">{banner.text}</p>}
        {banner.link && label && (
          <p className="cm-card__action">
            <SafeLink className="cm-button cm-button--light" href={banner.link}>
              {label}
              {label !== banner.title && <span className="visually-hidden">: {banner.title}</span>}
            </SafeLink>
          </p>
        )}
      </div>
    </article>
  );
}

export const cardStyles = css`
  .cm-grid > li {
    display: flex;
  }
  .cm-card {
    display: flex;
    flex-direction: column;
    width: 100%;
    overflow: hidden;
    border-radius: 12px;
    background: var(--ws-surface);
    color: var(--ws-text);
    box-shadow: 0 1px 3px rgb(0 0 0 / 0.12);
  }
  .cm-card__image {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 360 / 260;
    object-fit: cover;
  }
  .cm-card--large .cm-card__image {
    aspect-ratio: 600 / 340;
  }
  .cm-business-types .cm-card__image {
    aspect-ratio: 2 / 1;
    object-fit: contain;
    padding: 1rem;
    background: #fff;
  }
  .cm-card__body {
    display: flex;
    flex: 1;
    flex-direction: column;
    padding: 1rem;
  }
  .cm-card__title {
    margin: 0 0 0.35rem;
    font-size: 1.15rem;
    line-height: 1.3;
  }
  .cm-card--large .cm-card__title {
    font-size: 1.4rem;
  }
  .cm-card__text {
    margin: 0;
  }
  .cm-card__action {
    margin: auto 0 0;
    padding-top: 0.75rem;
  }
  .cm-card__link {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    font-weight: 600;
  }
  .cm-banner {
    position: relative;
    display: grid;
    width: 100%;
    min-height: 260px;
    align-items: end;
    overflow: hidden;
    border-radius: 12px;
    background: var(--ws-secondary);
    color: #fff;
  }
  .cm-banner picture,
  .cm-banner__image {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  .cm-banner__body {
    position: relative;
    padding: 3rem 1rem 1rem;
    background: linear-gradient(to top, rgb(0 0 0 / 0.75), rgb(0 0 0 / 0));
  }
  .cm-banner__title {
    margin: 0 0 0.35rem;
    font-size: 1.35rem;
  }
  .cm-banner__text {
    margin: 0;
  }
`;
