import { useId } from 'react';
import { css } from '@emotion/react';
import { slidesForWidth } from '../../../src/domain/display';
import { ButtonLink, ModuleHeader } from '../shared';
import { useSlider } from '../slider';
import type { ModuleProps } from '../types';

/**
 * partner_info: invites businesses to join, over a slider of partner photos: as many side by side
 * as the width allows (spec 9 'Slides by width'), at most the tenant's slidesTotal (spec 9: 6),
 * moving one at a time with the shared autoplay rules (pauses on hover and focus, off for
 * reduced motion, pause / previous / next buttons).
 */
export function PartnerInfoSection({ module, tenant, level, width }: ModuleProps<'partner_info'>) {
  const headingId = useId();
  const slidesId = useId();
  const slides = module.slides
    .filter((slide) => slide.image)
    .slice(0, tenant.componentsConfig.partnerInfo.slidesTotal);
  const perView = Math.min(slidesForWidth(width ?? 0), slides.length);
  // Positions: each start from which a full view of slides can be shown.
  const positions = Math.max(1, slides.length - perView + 1);
  const slider = useSlider(positions);
  const several = positions > 1;

  return (
    <section className="cm-partner" aria-labelledby={module.title ? headingId : undefined}>
      <div className="cm-partner__text">
        <ModuleHeader title={module.title} level={level} id={headingId} />
        {module.text && <p>{module.text}</p>}
        {module.button_text && module.link && (
          <p className="cm-more">
            <ButtonLink href={module.link} variant="accent">
              {module.button_text}
            </ButtonLink>
          </p>
        )}
      </div>
      {slides.length > 0 && (
        <div
          className="cm-partner__slider"
          role="region"
          aria-roledescription="carousel"
          aria-label={module.title ? `${module.title}: photos` : 'Partner photos'}
          {...slider.containerProps}
        >
          <ul
            className="cm-partner__slides"
            id={slidesId}
            aria-live={slider.rotating ? 'off' : 'polite'}
            style={{ '--cm-per-view': String(perView) } as Record<string, string>}
          >
            {slides.map((slide, i) => {
              const visible = i >= slider.index && i < slider.index + perView;
              return (
                <li
                  key={`${slide.image}-${i}`}
                  aria-roledescription="slide"
                  aria-label={`${i + 1} of ${slides.length}`}
                  hidden={!visible}
                >
                  <img
                    src={slide.image}
                    alt={slide.alt_text}
                    width={360}
                    height={260}
                    loading="lazy"
                    decoding="async"
                  />
                </li>
              );
            })}
          </ul>
          {several && (
            <div className="cm-partner__controls">
              <button
                type="button"
                className="cm-button cm-button--outline"
                aria-controls={slidesId}
                onClick={slider.togglePlaying}
              >
                {slider.playing ? 'Pause' : 'Play'}
                <span className="visually-hidden"> slides</span>
              </button>
              <button
                type="button"
                className="cm-button cm-button--outline"
                aria-controls={slidesId}
                onClick={slider.previous}
              >
                <span aria-hidden="true">‹</span>
                <span className="visually-hidden">Previous slide</span>
              </button>
              <button
                type="button"
                className="cm-button cm-button--outline"
                aria-controls={slidesId}
                onClick={slider.next}
              >
                <span aria-hidden="true">›</span>
                <span className="visually-hidden">Next slide</span>
              </button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}

export const partnerStyles = css`
  .cm-partner {
    display: grid;
    gap: 1.5rem;
    padding: 1.5rem 1rem;
    border-radius: 12px;
    background: var(--ws-surface);
    box-shadow: 0 1px 3px rgb(0 0 0 / 0.12);
  }
  @media (min-width: 600px) {
    .cm-partner {
      padding: 2rem;
    }
  }
  .cm-partner__text p {
    max-width: 46rem;
  }
  .cm-partner__slides {
    display: grid;
    grid-template-columns: repeat(var(--cm-per-view, 1), minmax(0, 1fr));
    gap: 0.75rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .cm-partner__slides > [hidden] {
    display: none;
  }
  .cm-partner__slides img {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 360 / 260;
    object-fit: cover;
    border-radius: 10px;
  }
  .cm-partner__controls {
    display: flex;
    justify-content: flex-end;
    gap: 0.5rem;
    margin-top: 0.75rem;
  }
`;
