/** A listing's opening hours as 'day: time' lines (spec 5). */

/** One line of opening hours. */
export interface HoursLine {
  day: string;
  time: string;
}

/**
 * Opening hours read from 'day: time' strings ('Monday: 9:00 AM - 7:00 PM' -> day 'Monday',
 * time '9:00 AM - 7:00 PM'). Split at the first colon, since times contain colons too. A line
 * without a colon has only a time; blank lines are dropped.
 */
export function parseHours(hours: readonly string[] | null | undefined): HoursLine[] {
  const out: HoursLine[] = [];
  for (const line of hours ?? []) {
    const text = (line ?? '').trim();
    if (!text) continue;
    const colon = text.indexOf(':');
    out.push(
      colon < 0
        ? { day: '', time: text }
        : { day: text.slice(0, colon).trim(), time: text.slice(colon + 1).trim() },
    );
  }
  return out;
}
