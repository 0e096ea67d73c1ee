import { useId } from 'react';
import { css } from '@emotion/react';
import type { BannerSlide } from '../../../src/domain/content';
import {
  BREAKPOINT_MIN_WIDTHS,
  CAROUSEL_HEIGHTS,
  DEFAULT_CAROUSEL_HEIGHT,
  heroSlides,
  type Breakpoint,
  type HeroSlide,
} from '../../../src/domain/display';
import { Heading, safeColor } from '../shared';
import { useSlider } from '../slider';
import { ABOVE_MOBILE, isMobileWidth } from '../viewport';
import type { ModuleProps } from '../types';
import { SearchForm } from './Search';
import { SafeLink } from '../../../src/ui/SafeLink';

/** A slide as shown at the current width: the CMS slide and its breakpoint's image and title. */
interface ShownSlide {
  slide: BannerSlide;
  shown: HeroSlide;
}

/**
 * The slides for a width. Spec 5: a slide without an image for the breakpoint is dropped (not
 * shown with the other breakpoint's image); `heroSlides` holds that rule and picks the title.
 */
export function slidesAt(slides: readonly BannerSlide[], width: number | undefined): ShownSlide[] {
  const mobile = isMobileWidth(width);
  return slides.flatMap((slide) => heroSlides([slide], mobile).map((shown) => ({ slide, shown })));
}

/**
 * carousel_search: the home hero carousel with the search box over it. Heights per breakpoint
 * (spec 9), autoplay that pauses on hover and focus and not at all for reduced motion, a pause
 * button, previous / next buttons and arrow keys (WAI-ARIA carousel pattern).
 */
export function CarouselSearchSection({
  module,
  tenant,
  level,
  isFirst,
  width,
}: ModuleProps<'carousel_search'>) {
  const slides = slidesAt(module.slides, width);
  const slider = useSlider(slides.length);
  const headingId = useId();
  const slidesId = useId();
  const several = slides.length > 1;

  return (
    <section className="cm-carousel" aria-labelledby={module.title ? headingId : undefined}>
      {slides.length > 0 && (
        <div
          className="cm-carousel__stage"
          role="region"
          aria-roledescription="carousel"
          aria-label="Highlights"
          {...slider.containerProps}
        >
          <div className="cm-carousel__slides" id={slidesId} aria-live={slider.rotating ? 'off' : 'polite'}>
            {slides.map(({ slide, shown }, i) => (
              <Slide
                key={`${shown.image}-${i}`}
                slide={slide}
                shown={shown}
                position={i}
                total={slides.length}
                current={i === slider.index}
                eager={isFirst && i === 0}
              />
            ))}
          </div>
          {several && (
            <div className="cm-carousel__controls">
              <button
                type="button"
                className="cm-carousel__control"
                aria-controls={slidesId}
                onClick={slider.togglePlaying}
              >
                <span aria-hidden="true">{slider.playing ? '❚❚' : '▶'}</span>
                <span className="visually-hidden">{slider.playing ? 'Pause slides' : 'Play slides'}</span>
              </button>
              <button
                type="button"
                className="cm-carousel__control"
                aria-controls={slidesId}
                onClick={slider.previous}
              >
                <span aria-hidden="true">‹</span>
                <span className="visually-hidden">Previous slide</span>
              </button>
              <button
                type="button"
                className="cm-carousel__control"
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
      <div className="cm-carousel__search">
        {module.title && (
          <Heading level={level} id={headingId} className="cm-carousel__heading">
            {module.title}
          </Heading>
        )}
        <SearchForm tenant={tenant} labelledBy={module.title ? headingId : undefined} />
      </div>
    </section>
  );
}

function Slide({
  slide,
  shown,
  position,
  total,
  current,
  eager,
}: {
  slide: BannerSlide;
  shown: HeroSlide;
  position: number;
  total: number;
  current: boolean;
  eager: boolean;
}) {
  const background = safeColor(slide.background);
  const overlay = safeColor(slide.overlay);
  const blur = Math.max(0, Math.min(Number(slide.blur) || 0, 40));
  // Both images: the <picture> keeps the right one if the window is resized past the breakpoint.
  const both = !!slide.image.trim() && !!slide.image_mobile.trim() && slide.image !== slide.image_mobile;
  const img = (
    <img
      className="cm-slide__image"
      src={both ? slide.image_mobile : shown.image}
      alt={shown.alt}
      width={1200}
      // A size hint, the same at every width: CSS sizes the image (spec 9's heights), the server
      // draws without the width, and a hint changed once the width is known made the browser
      // paint the page's largest image again after hydration.
      height={DEFAULT_CAROUSEL_HEIGHT}
      loading={eager ? 'eager' : 'lazy'}
      // The opening slide is drawn with the page's first frame, not decoded apart for a later one.
      decoding={eager ? 'sync' : 'async'}
      style={blur ? { filter: `blur(${blur}px)`, transform: 'scale(1.06)' } : undefined}
    />
  );
  return (
    <div
      className="cm-slide"
      role="group"
      aria-roledescription="slide"
      aria-label={`${position + 1} of ${total}`}
      hidden={!current}
      style={background ? { backgroundColor: background } : undefined}
    >
      {both ? (
        <picture>
          <source media={ABOVE_MOBILE} srcSet={slide.image} />
          {img}
        </picture>
      ) : (
        img
      )}
      {overlay && <div className="cm-slide__overlay" style={{ backgroundColor: overlay }} />}
      {slide.gradient && <div className="cm-slide__gradient" />}
      {shown.title && (
        <p className="cm-slide__title">
          {shown.link ? <SafeLink href={shown.link}>{shown.title}</SafeLink> : shown.title}
        </p>
      )}
    </div>
  );
}

/**
 * Spec 9's height at each breakpoint, as CSS rather than a style the app computes from the window:
 * the server draws the carousel without knowing the width.
 */
const heightRules = (Object.keys(CAROUSEL_HEIGHTS) as Breakpoint[])
  .map((breakpoint) => {
    const rule = `.cm-carousel { min-height: ${CAROUSEL_HEIGHTS[breakpoint]}px; }`;
    const from = BREAKPOINT_MIN_WIDTHS[breakpoint];
    return from ? `@media (min-width: ${from}px) { ${rule} }` : rule;
  })
  .join('\n');

export const carouselStyles = css`
  /* At least the spec height; taller only if the search box needs it on a very small screen. */
  ${heightRules}
  .cm-carousel {
    position: relative;
    display: flex;
    flex-direction: column;
    justify-content: flex-end;
    overflow: hidden;
    margin-inline: -1rem;
    background: var(--ws-secondary);
    color: #fff;
  }
  @media (min-width: 600px) {
    .cm-carousel {
      margin-inline: 0;
      border-radius: 12px;
    }
  }
  .cm-carousel__stage,
  .cm-carousel__slides,
  .cm-slide {
    position: absolute;
    inset: 0;
  }
  .cm-slide[hidden] {
    display: none;
  }
  .cm-slide picture,
  .cm-slide__image,
  .cm-slide__overlay,
  .cm-slide__gradient {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
  }
  .cm-slide__image {
    object-fit: cover;
  }
  .cm-slide__gradient {
    background: linear-gradient(to top, rgb(0 0 0 / 0.7), rgb(0 0 0 / 0) 65%);
  }
  .cm-slide__title {
    position: absolute;
    top: 1rem;
    left: 1rem;
    right: 9.5rem;
    margin: 0;
    font-size: clamp(1.3rem, 1rem + 1.8vw, 2.6rem);
    font-weight: 700;
    line-height: 1.15;
    text-shadow: 0 1px 8px rgb(0 0 0 / 0.6);
  }
  .cm-slide__title a {
    color: inherit;
    text-decoration: none;
  }
  .cm-slide__title a:hover {
    text-decoration: underline;
  }
  .cm-carousel .cm-slide__title a:focus-visible,
  .cm-carousel__control:focus-visible {
    outline: 3px solid #fff;
    outline-offset: 2px;
    box-shadow: 0 0 0 6px rgb(0 0 0 / 0.6);
  }
  .cm-carousel__controls {
    position: absolute;
    top: 0.75rem;
    right: 0.75rem;
    display: flex;
    gap: 0.25rem;
  }
  .cm-carousel__control {
    width: 44px;
    height: 44px;
    border: 0;
    border-radius: 999px;
    background: rgb(0 0 0 / 0.55);
    color: #fff;
    font: inherit;
    font-size: 1.2rem;
    line-height: 1;
    cursor: pointer;
  }
  .cm-carousel__control:hover {
    background: rgb(0 0 0 / 0.75);
  }
  .cm-carousel__search {
    position: relative;
    margin: 1rem;
    padding: 1rem;
    border-radius: 12px;
    background: var(--ws-surface);
    color: var(--ws-text);
    box-shadow: 0 6px 24px rgb(0 0 0 / 0.25);
  }
  .cm-carousel__heading {
    margin: 0 0 0.75rem;
    font-size: 1.3rem;
    color: var(--ws-secondary);
  }
  @media (min-width: 960px) {
    .cm-carousel__search {
      align-self: center;
      width: min(900px, calc(100% - 4rem));
      margin: 2rem auto;
      padding: 1.5rem;
    }
  }
  @media (prefers-reduced-motion: no-preference) {
    .cm-slide:not([hidden]) {
      animation: cm-fade 400ms ease-out;
    }
  }
  @keyframes cm-fade {
    from {
      opacity: 0.3;
    }
    to {
      opacity: 1;
    }
  }
`;
