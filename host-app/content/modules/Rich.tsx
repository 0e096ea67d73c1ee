/** The editorial modules: text, image_text, faq and cta. CMS HTML goes through CmsHtml only. */
import { useId } from 'react';
import { css } from '@emotion/react';
import { CmsHtml } from '../../../src/ui/CmsHtml';
import { ButtonLink, ModuleHeader, ResponsiveImage } from '../shared';
import type { ModuleProps } from '../types';

/** text: a block of rich text, with an optional heading. */
export function TextSection({ module, level }: ModuleProps<'text'>) {
  const headingId = useId();
  return (
    <section className="cm-text" aria-labelledby={module.title ? headingId : undefined}>
      <ModuleHeader title={module.title} level={level} id={headingId} />
      <CmsHtml className="cm-rich" html={module.content} />
    </section>
  );
}

/** image_text: rich text beside an image (stacked on phones, image first). */
export function ImageTextSection({ module, level, isFirst }: ModuleProps<'image_text'>) {
  const headingId = useId();
  const imageRight = module.image_position === 'right';
  return (
    <section
      className={`cm-image-text${imageRight ? ' cm-image-text--right' : ''}`}
      aria-labelledby={module.title ? headingId : undefined}
    >
      {module.image && (
        <ResponsiveImage
          className="cm-image-text__image"
          src={module.image}
          alt={module.alt_text}
          width={600}
          height={420}
          eager={isFirst}
        />
      )}
      <div className="cm-image-text__body">
        <ModuleHeader title={module.title} level={level} id={headingId} />
        <CmsHtml className="cm-rich" html={module.content} />
        {module.button_text && module.link && (
          <p className="cm-more">
            <ButtonLink href={module.link}>{module.button_text}</ButtonLink>
          </p>
        )}
      </div>
    </section>
  );
}

/** faq: questions that open to their answers (native <details>: keyboard and screen reader ready). */
export function FaqSection({ module, level }: ModuleProps<'faq'>) {
  const headingId = useId();
  if (module.items.length === 0) return null;
  return (
    <section className="cm-faq" aria-labelledby={module.title ? headingId : undefined}>
      <ModuleHeader title={module.title} level={level} id={headingId} />
      <div className="cm-faq__items">
        {module.items.map((item, i) => (
          <details key={`${item.question}-${i}`} className="cm-faq__item">
            <summary>{item.question}</summary>
            <CmsHtml className="cm-rich cm-faq__answer" html={item.answer} />
          </details>
        ))}
      </div>
    </section>
  );
}

/** cta: a call-to-action band. */
export function CtaSection({ module, level }: ModuleProps<'cta'>) {
  const headingId = useId();
  return (
    <section className="cm-cta" aria-labelledby={module.title ? headingId : undefined}>
      <ModuleHeader title={module.title} level={level} id={headingId} />
      {module.text && <p className="cm-cta__text">{module.text}</p>}
      {module.button_text && module.link && (
        <p className="cm-cta__action">
          <ButtonLink href={module.link} variant="light">
            {module.button_text}
          </ButtonLink>
        </p>
      )}
    </section>
  );
}

export const richStyles = css`
  .cm-text {
    max-width: 46rem;
  }
  .cm-image-text {
    display: grid;
    gap: 1.25rem;
    align-items: center;
  }
  .cm-image-text__image {
    display: block;
    width: 100%;
    height: auto;
    border-radius: 12px;
    object-fit: cover;
  }
  @media (min-width: 960px) {
    .cm-image-text {
      grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
      gap: 2.5rem;
    }
    .cm-image-text--right .cm-image-text__body {
      order: -1;
    }
  }
  .cm-faq__items {
    display: grid;
    gap: 0.5rem;
    max-width: 46rem;
  }
  .cm-faq__item {
    border-radius: 10px;
    background: var(--ws-surface);
    box-shadow: 0 1px 3px rgb(0 0 0 / 0.12);
  }
  .cm-faq__item summary {
    display: flex;
    align-items: center;
    gap: 1rem;
    min-height: 44px;
    padding: 0.75rem 1rem;
    font-weight: 600;
    cursor: pointer;
    list-style: none;
  }
  .cm-faq__item summary::-webkit-details-marker {
    display: none;
  }
  /* flex drops the native marker: draw one (decorative; <details> announces its own state). */
  .cm-faq__item summary::after {
    content: '+';
    margin-left: auto;
    font-size: 1.4rem;
    line-height: 1;
    color: var(--ws-primary);
  }
  .cm-faq__item[open] summary::after {
    content: '−';
  }
  .cm-faq__answer {
    padding: 0 1rem 1rem;
  }
  .cm-cta {
    margin-inline: -1rem;
    padding: 2rem 1rem;
    background: var(--ws-primary);
    color: var(--ws-on-primary);
    text-align: center;
  }
  @media (min-width: 600px) {
    .cm-cta {
      margin-inline: 0;
      padding: 2.5rem 2rem;
      border-radius: 12px;
    }
  }
  .cm-cta .cm-heading {
    color: inherit;
  }
  .cm-cta__text {
    max-width: 40rem;
    margin: 0 auto;
  }
  .cm-cta__action {
    margin: 1.25rem 0 0;
  }
`;
