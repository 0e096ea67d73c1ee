import { useCallback, useEffect, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { autoplayDelay } from '../../src/domain/display';
import { prefersReducedMotion } from './viewport';

export interface Slider {
  /** The slide shown first. */
  index: number;
  next: () => void;
  previous: () => void;
  /** The visitor's choice: rotation is on (off from the start when they prefer less motion). */
  playing: boolean;
  /** Rotation is on and nothing holds it (hover, focus inside). Slides are then announced politely. */
  rotating: boolean;
  togglePlaying: () => void;
  /** Spread on the slider's container: hover and focus inside pause it, arrow keys move it. */
  containerProps: {
    onMouseEnter: () => void;
    onMouseLeave: () => void;
    onFocus: () => void;
    onBlur: (event: FocusEvent<HTMLElement>) => void;
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  };
}

/**
 * A rotating slider's state (spec 9 'Slider autoplay': every 7000 ms plus a random 0-2999 ms, so
 * sliders on one page do not move together). Rotation stops while the pointer is over it or
 * focus is inside it (WCAG 2.2.2), and does not start for visitors who prefer reduced motion.
 *
 * @param count - positions to cycle through
 */
export function useSlider(count: number): Slider {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [delay] = useState(() => autoplayDelay());

  const next = useCallback(() => setIndex((current) => (count > 0 ? (current + 1) % count : 0)), [count]);
  const previous = useCallback(
    () => setIndex((current) => (count > 0 ? (current - 1 + count) % count : 0)),
    [count],
  );
  const rotating = count > 1 && playing && !hovered && !focused;

  // Restarted on every move, so a slide chosen by hand gets its full time too.
  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(next, delay);
    return () => clearTimeout(timer);
  }, [rotating, next, delay, index]);

  // Fewer slides than before (a resize dropped some): stay in range.
  useEffect(() => {
    if (index >= count && count > 0) setIndex(0);
  }, [index, count]);

  return {
    index: count > 0 ? Math.min(index, count - 1) : 0,
    next,
    previous,
    playing,
    rotating,
    togglePlaying: () => setPlaying((on) => !on),
    containerProps: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      onBlur: (event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      },
      onKeyDown: (event) => {
        const target = event.target as HTMLElement;
        if (target.closest('input, select, textarea')) return;
        if (event.key === 'ArrowRight') next();
        else if (event.key === 'ArrowLeft') previous();
        else return;
        event.preventDefault();
      },
    },
  };
}
