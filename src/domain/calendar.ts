/** Dates as the pages write them, en-US (a module of its own: only pages that show dates load it). */

/** The months as en-US writes them in full. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * A 'YYYY-MM-DD' date as en-US writes it in full, 'March 4, 2025'; the text itself when it is
 * not such a date. Not `toLocaleDateString`: Intl's date formats load their locale data on first
 * use, 15-20 ms on a phone's CPU while the home page's posts hydrate.
 */
export function longDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const month = match && MONTH_NAMES[Number(match[2]) - 1];
  if (!match || !month || Number(match[3]) < 1 || Number(match[3]) > 31) return date;
  return `${month} ${Number(match[3])}, ${Number(match[1])}`;
}
