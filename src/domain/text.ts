/** Text rules of spec 5: truncation (a module of its own, so an element needing only this loads only this). */

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
