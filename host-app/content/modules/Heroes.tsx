/**
 * The page-heading modules: hero (marketing pages), destinations_header (destination pages) and
 * gift_card_hero (the wellness home). Opening the page, their title is the page's h1.
 */
import { css } from '@emotion/react';
import { ButtonLink, Heading, ResponsiveImage } from '../shared';
import type { ModuleProps } from '../types';

/** hero: the page heading over an image, with an optional button. */
export function HeroSection({ module, level, isFirst }: ModuleProps<'hero'>) {
  return (
    <section className="cm-hero">
      {module.image && (
        <ResponsiveImage
          className="cm-hero__image"
          src={module.image}
          mobile={module.image_mobile}
          alt={module.alt_text}
          width={1200}
          height={420}
          eager={isFirst}
        />
      )}
      <div className="cm-hero__text">
        <Heading level={level} className="cm-hero__title">
          {module.title}
        </Heading>
        {module.subtitle && <p className="cm-hero__subtitle">{module.subtitle}</p>}
        {module.button_text && module.link && (
          <p className="cm-hero__action">
            <ButtonLink href={module.link} variant="accent">
              {module.button_text}
            </ButtonLink>
          </p>
        )}
      </div>
    </section>
  );
}

/** destinations_header: a destination page's header image and heading. */
export function DestinationsHeaderSection({ module, level, isFirst }: ModuleProps<'destinations_header'>) {
  return (
    <section className="cm-hero cm-hero--destination">
      {module.image && (
        <ResponsiveImage
          className="cm-hero__image"
          src={module.image}
          mobile={module.image_mobile}
          alt={module.alt_text}
          width={1200}
          height={420}
          eager={isFirst}
        />
      )}
      <div className="cm-hero__text">
        <Heading level={level} className="cm-hero__title">
          {module.title}
        </Heading>
        {module.subtitle && <p className="cm-hero__subtitle">{module.subtitle}</p>}
      </div>
    </section>
  );
}

/** gift_card_hero: 'GIVE THE {product}' (the title as the CMS gives it), 'on sale now!' and the card. */
export function GiftCardHeroSection({ module, level, isFirst }: ModuleProps<'gift_card_hero'>) {
  return (
    <section className="cm-gift-hero">
      <div className="cm-gift-hero__text">
        <Heading level={level} className="cm-gift-hero__title">
          {module.title}
        </Heading>
        {module.subtitle && <p className="cm-gift-hero__subtitle">{module.subtitle}</p>}
        {module.button_text && module.link && (
          <p className="cm-hero__action">
            <ButtonLink href={module.link} variant="accent">
              {module.button_text}
            </ButtonLink>
          </p>
        )}
      </div>
      {module.image && (
        <ResponsiveImage
          className="cm-gift-hero__image"
          src={module.image}
          alt={module.alt_text}
          width={560}
          height={360}
          eager={isFirst}
        />
      )}
    </section>
  );
}

export const heroStyles = css`
  .cm-hero {
    position: relative;
    display: grid;
    min-height: 260px;
    align-items: end;
    overflow: hidden;
    margin-inline: -1rem;
    background: var(--ws-secondary);
    color: #fff;
  }
  @media (min-width: 600px) {
    .cm-hero {
      min-height: 360px;
      margin-inline: 0;
      border-radius: 12px;
    }
  }
  .cm-hero picture,
  .cm-hero__image {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  .cm-hero__text {
    position: relative;
    padding: 3rem 1rem 1.25rem;
    background: linear-gradient(to top, rgb(0 0 0 / 0.72), rgb(0 0 0 / 0));
  }
  @media (min-width: 960px) {
    .cm-hero__text {
      padding: 4rem 2rem 2rem;
    }
  }
  .cm-hero__title,
  .cm-gift-hero__title {
    margin: 0;
    font-size: clamp(1.7rem, 1.2rem + 2.2vw, 3rem);
    line-height: 1.1;
  }
  .cm-hero__title {
    text-shadow: 0 1px 8px rgb(0 0 0 / 0.5);
  }
  .cm-hero__subtitle {
    margin: 0.5rem 0 0;
    max-width: 40rem;
    font-size: 1.1rem;
  }
  .cm-hero__action {
    margin: 1rem 0 0;
  }
  .cm-gift-hero {
    display: grid;
    gap: 1.5rem;
    align-items: center;
    margin-inline: -1rem;
    padding: 2rem 1rem;
    background: var(--ws-primary);
    color: var(--ws-on-primary);
  }
  @media (min-width: 600px) {
    .cm-gift-hero {
      margin-inline: 0;
      padding: 2.5rem 2rem;
      border-radius: 12px;
    }
  }
  @media (min-width: 960px) {
    .cm-gift-hero {
      grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
      padding: 3.5rem;
    }
  }
  .cm-gift-hero__title {
    letter-spacing: 0.02em;
  }
  .cm-gift-hero__subtitle {
    margin: 0.75rem 0 0;
    font-size: 1.1rem;
  }
  /* The box keeps the module's proportions whatever the image's own (a tenant may set a wide
     scene instead of the card): nothing below moves when the image arrives, none of it is cut. */
  .cm-gift-hero__image {
    display: block;
    width: 100%;
    max-width: 560px;
    height: auto;
    aspect-ratio: 560 / 360;
    object-fit: contain;
    justify-self: center;
  }
`;
