/**
 * Display rules (spec 5 hero images, 9 'Content and display'): sizes by
 * breakpoint and width, slider timing and image URLs.
 */

import {
  LOGO_MAX_SMALL_SCREEN_HEIGHT,
  SLIDER_AUTOPLAY_BASE_MS,
  SLIDER_AUTOPLAY_JITTER_MS,
  SMALL_SCREEN_LOGO_SCALE,
} from './constants';
import type { ContentPage } from './content';

/** Layout breakpoints, smallest first. */
export type Breakpoint = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

/**
 * Lower width bounds (px) of each breakpoint. The spec names breakpoints without widths; these
 * are the Material Design ones the original theme used.
 */
export const BREAKPOINT_MIN_WIDTHS: Readonly<Record<Breakpoint, number>> = {
  xs: 0,
  sm: 600,
  md: 960,
  lg: 1264,
  xl: 1904,
};

/** Slides a carousel shows side by side at a width: 1 up to 480 px, 2 up to 960, 3 up to 1200, 4 above. */
export function slidesForWidth(width: number): number {
  if (width <= 480) return 1;
  if (width <= 960) return 2;
  if (width <= 1200) return 3;
  return 4;
}

/** Home carousel heights (px) by breakpoint (the hero carousel's CSS, one rule per breakpoint). */
export const CAROUSEL_HEIGHTS: Readonly<Record<Breakpoint, number>> = {
  xs: 450,
  sm: 500,
  md: 550,
  lg: 600,
  xl: 700,
};

/** Home carousel height when the breakpoint is not known (server render). */
export const DEFAULT_CAROUSEL_HEIGHT = 300;

/** Pixel size of an ad banner. */
export interface BannerSize {
  width: number;
  height: number;
}

/** The ad banner size for a viewport width: 300x250 below 960 px, 728x90 at 960 px and above. */
export function adBannerSize(viewportWidth: number): BannerSize {
  return viewportWidth >= 960 ? { width: 728, height: 90 } : { width: 300, height: 250 };
}

/** The header's minimum height at a breakpoint: 360 on sm and md, 410 on lg, 210 otherwise. */
export function headerMinHeight(breakpoint: Breakpoint): number {
  if (breakpoint === 'sm' || breakpoint === 'md') return 360;
  if (breakpoint === 'lg') return 410;
  return 210;
}

/** The logo scale: 0.7 on small screens for a logo taller than 40 px, else 1. */
export function logoScale(logoHeight: number, smallScreen: boolean): number {
  return smallScreen && logoHeight > LOGO_MAX_SMALL_SCREEN_HEIGHT ? SMALL_SCREEN_LOGO_SCALE : 1;
}

/**
 * A slider's autoplay interval: 7000 ms plus a random 0 to 2999 ms, so sliders on one page do
 * not change slides together.
 *
 * @param random - returns a number in [0, 1). @default Math.random
 */
export function autoplayDelay(random: () => number = Math.random): number {
  const jitter = Math.min(SLIDER_AUTOPLAY_JITTER_MS - 1, Math.floor(random() * SLIDER_AUTOPLAY_JITTER_MS));
  return SLIDER_AUTOPLAY_BASE_MS + Math.max(0, jitter);
}

/** A home hero banner slide as the content backend sends it. */
export interface HomeBannerSlide {
  link: string;
  image: string;
  alt_text: string;
  slide_title: string;
  image_mobile: string;
  slide_title_mobile: string;
}

/** A hero slide ready to show at one breakpoint. */
export interface HeroSlide {
  link: string;
  image: string;
  alt: string;
  title: string;
}

/**
 * The hero slides for mobile or desktop: the mobile image and title on mobile, the desktop
 * ones otherwise. Slides without an image for that breakpoint are dropped (spec 5), not shown
 * with the other breakpoint's image.
 */
export function heroSlides(slides: readonly Partial<HomeBannerSlide>[], mobile: boolean): HeroSlide[] {
  const out: HeroSlide[] = [];
  for (const slide of slides) {
    const image = (mobile ? slide.image_mobile : slide.image)?.trim();
    if (!image) continue;
    const title = (mobile ? slide.slide_title_mobile || slide.slide_title : slide.slide_title) ?? '';
    out.push({ link: slide.link ?? '', image, alt: slide.alt_text ?? '', title });
  }
  return out;
}

/**
 * The image a content page opens with, on each side of the mobile breakpoint (below `sm`, and
 * from it up): what its first module draws eagerly. A hero's image (its mobile image below the
 * breakpoint when it has one), or the first slide a carousel shows at that width (spec 5: slides
 * without an image for it are dropped). '' where there is none. The server names it in the page
 * so the browser fetches it before the app has drawn it (server/page-boot.ts).
 */
export function leadImages(page: ContentPage): { mobile: string; desktop: string } {
  const first = page['custom-fields'].modules[0];
  switch (first?.acf_fc_layout) {
    case 'hero':
    case 'destinations_header':
      return { mobile: (first.image_mobile || first.image).trim(), desktop: first.image.trim() };
    case 'gift_card_hero':
      return { mobile: first.image.trim(), desktop: first.image.trim() };
    case 'carousel_search':
      return {
        mobile: heroSlides(first.slides, true)[0]?.image ?? '',
        desktop: heroSlides(first.slides, false)[0]?.image ?? '',
      };
    default:
      return { mobile: '', desktop: '' };
  }
}
