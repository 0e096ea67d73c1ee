/**
 * The viewport's width in CSS px, read without a layout. On a phone (a viewport meta tag),
 * Chromium lays the page out before it answers `window.innerWidth`, since the page's scale
 * depends on its layout: read while an element or the app draws, that is a second layout of
 * the page in the same task (20-40 ms of the search element's first draw at Lighthouse's 4x
 * CPU). Media queries are answered from the same width without one, so a binary search over
 * `(min-width: …px)` finds it in 14 queries. 0 without a window.
 */
export function viewportWidth(): number {
  if (typeof matchMedia !== 'function') return typeof innerWidth === 'number' ? innerWidth : 0;
  let below = 0; // the viewport is at least this wide
  let above = 1 << 14; // and narrower than this (16,384 px: wider than any screen)
  while (above - below > 1) {
    const middle = (below + above) >> 1;
    if (matchMedia(`(min-width: ${middle}px)`).matches) below = middle;
    else above = middle;
  }
  return below;
}
