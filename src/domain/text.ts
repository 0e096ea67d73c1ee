/**
 * Text rules of spec 5: truncation, and counts as the pages write them (a module of its own, so
 * an element needing only these loads only these).
 */

import { DEFAULT_TRUNCATE_LENGTH } from './constants';

/**
 * A text cut to at most `max` characters at the last space, with `suffix` added when cut
 * ('Relaxing spa day retreat' -> 'Relaxing spa...'). A first word longer than `max` is cut
 * inside the word, since there is no space to cut at. Texts that fit are returned unchanged.
 *
 * @param max - @default 15
 * @param suffix - @default '...'
 */
export function truncateText(text: string, max = DEFAULT_TRUNCATE_LENGTH, suffix = '...'): string {
  if (!text || text.length <= max) return text ?? '';
  // A space right after the limit means the word before it fits whole: lastIndexOf looks at max.
  const space = text.lastIndexOf(' ', max);
  const cut = space > 0 ? text.slice(0, space) : text.slice(0, max);
  return `${cut.trimEnd()}${suffix}`;
}

/**
 * A whole number as en-US writes it: 1234567 -> '1,234,567'. Not `toLocaleString('en-US')`:
 * a page's first use of Intl's number formats loads its locale data, 20-25 ms on a phone's CPU
 * in the search element's first draw (85-90 ms at Lighthouse's 4x), for a separator.
 */
export function formatCount(count: number): string {
  const grouped = groupThousands(String(Math.trunc(Math.abs(count))));
  return count <= -1 ? `-${grouped}` : grouped;
}

/** Digits with a comma before each group of three from the right: '1234567' -> '1,234,567'. */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}
