import { useLayoutEffect, useState } from 'react';
import { BREAKPOINT_MIN_WIDTHS } from '../../src/domain/display';
import { afterNextPaint } from '../../src/ui/after-paint';
import { viewportWidth } from '../../src/ui/viewport';

/**
 * The viewport width in px, kept up to date on resize; `fixed` wins when given (tests, and
 * pages that know better). Undefined in the first draw, then the window's width before the
 * browser paints (a layout effect): the server draws without a window, and the browser's first
 * draw hydrates that markup, so it must draw alike (host-app/render.tsx). `afterPaint` (when
 * hydrating: the server's draw is on screen already) measures it in a task of its own after the
 * paint instead. Read through media queries (viewportWidth): `innerWidth` would lay the page out
 * on a phone.
 */
export function useViewportWidth(fixed?: number, afterPaint = false): number | undefined {
  const [width, setWidth] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    if (fixed !== undefined) return;
    const cancelMeasure = afterPaint ? afterNextPaint(() => setWidth(viewportWidth())) : undefined;
    if (!afterPaint) setWidth(viewportWidth());
    let frame = 0;
    const onResize = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setWidth(viewportWidth()));
    };
    window.addEventListener('resize', onResize);
    return () => {
      cancelMeasure?.();
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', onResize);
    };
  }, [fixed, afterPaint]);
  return fixed ?? width;
}

/** Mobile is the smallest breakpoint (xs, under 600 px): where slides use their mobile image. */
export function isMobileWidth(width: number | undefined): boolean {
  return width !== undefined && width < BREAKPOINT_MIN_WIDTHS.sm;
}

/** The media query of everything above mobile, for <picture> sources. */
export const ABOVE_MOBILE = `(min-width: ${BREAKPOINT_MIN_WIDTHS.sm}px)`;

/** Whether the visitor asked for less motion; false without a window. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}
