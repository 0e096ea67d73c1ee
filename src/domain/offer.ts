/**
 * Offer rules (spec 4 'Offer time', 'Expiry label', 5 prices, 9 SEO title, analytics, home
 * offers). Dates are 'YYYY-MM-DD HH:mm:SS' in local time: the label is read by a visitor in
 * their own time zone, and tests build `now` with local-time constructors to stay zone-free.
 */

import { HOME_OFFERS_LIMIT, SEO_TITLE_LIMIT } from './constants';
import { MONTH_NAMES } from './calendar';
import type { Offer } from './types';

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * Reads an offer date, 'YYYY-MM-DD HH:mm:SS' (also without seconds, without the time, or with a
 * 'T' separator), as local time. Null when it is not such a date or names a day that does not
 * exist ('2025-02-30').
 */
export function parseOfferDate(text: string | null | undefined): Date | null {
  if (!text) return null;
  const match = DATE_PATTERN.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || hours > 23 || minutes > 59 || seconds > 59) return null;
  const date = new Date(year, month - 1, day, hours, minutes, seconds);
  // The Date constructor rolls 30 February over to March; such a day does not exist.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return date;
}

/**
 * An offer is not expired when its end date is after now. An offer whose end date is missing or
 * unreadable counts as expired, so a bad record never sells forever.
 */
export function isOfferNotExpired(offer: Pick<Offer, 'endDate'>, now: Date): boolean {
  const end = parseOfferDate(offer.endDate);
  return end !== null && end.getTime() > now.getTime();
}

/**
 * An offer's time range is valid when its start date is in the past (or now) and it is not
 * expired. A missing or unreadable start date makes it invalid.
 */
export function isOfferTimeRangeValid(offer: Pick<Offer, 'startDate' | 'endDate'>, now: Date): boolean {
  const start = parseOfferDate(offer.startDate);
  return start !== null && start.getTime() <= now.getTime() && isOfferNotExpired(offer, now);
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * 'in 5 days', 'in 3 hours', 'in 10 minutes' for a positive time span, as
 * `Intl.RelativeTimeFormat('en')` says it (a span within the month: no number needs grouping).
 * Not Intl itself: its first use in a page loads locale data, 20 ms on a phone's CPU in the
 * carousel's first draw.
 */
function relativeTime(ms: number): string {
  const [count, unit] =
    ms >= DAY_MS
      ? [Math.round(ms / DAY_MS), 'day']
      : ms >= HOUR_MS
        ? [Math.round(ms / HOUR_MS), 'hour']
        : [Math.max(1, Math.round(ms / MINUTE_MS)), 'minute'];
  return `in ${count} ${unit}${count === 1 ? '' : 's'}`;
}

/**
 * The expiry label of an offer (spec 4):
 * - 'expired' when the end date is not after now;
 * - a relative time when it falls in the current calendar month: 'expires in 5 days' (days
 *   rounded; hours, then minutes, under a day);
 * - 'expires {Month D}' in the current year: 'expires March 5';
 * - 'expires {Mon D, YYYY}' otherwise: 'expires Jan 5, 2027'.
 * '' when the end date cannot be read.
 */
export function offerExpiryLabel(endDate: string | Date, now: Date): string {
  const end = typeof endDate === 'string' ? parseOfferDate(endDate) : endDate;
  if (!end || Number.isNaN(end.getTime())) return '';
  if (end.getTime() <= now.getTime()) return 'expired';
  const month = MONTH_NAMES[end.getMonth()] ?? '';
  if (end.getFullYear() === now.getFullYear()) {
    if (end.getMonth() === now.getMonth()) return `expires ${relativeTime(end.getTime() - now.getTime())}`;
    return `expires ${month} ${end.getDate()}`;
  }
  return `expires ${month.slice(0, 3)} ${end.getDate()}, ${end.getFullYear()}`;
}

/**
 * The total price of an offer (spec 5): 0 when it has no price or a percent off exists;
 * otherwise the floor of the discount price, or of the price when there is no discount price.
 */
export function offerTotalPrice(offer: Pick<Offer, 'price' | 'discountPrice' | 'percentOff'>): number {
  if (!offer.price || offer.percentOff) return 0;
  return Math.floor(offer.discountPrice || offer.price);
}

/**
 * The discount percent of an offer (spec 5): (price - discountPrice) / price * 100, rounded.
 * 0 when there is no price or no discount price.
 */
export function offerDiscountPercent(offer: Pick<Offer, 'price' | 'discountPrice'>): number {
  if (!offer.price || offer.discountPrice === null || offer.discountPrice === undefined) return 0;
  return Math.round(((offer.price - offer.discountPrice) / offer.price) * 100);
}

/**
 * The percent an offer's badge shows ('25% off'): its own percentOff when it has one, else the
 * discount percent of its prices; 0 when it has neither (no badge).
 */
export function offerPercentOff(offer: Pick<Offer, 'price' | 'discountPrice' | 'percentOff'>): number {
  return offer.percentOff || offerDiscountPercent(offer);
}

/**
 * The SEO title of an offer (spec 9): the title when it fits in 40 characters; otherwise the
 * shorter of title and subtitle (an empty subtitle does not count). The result is not cut, so
 * it may still exceed the limit when both are long.
 *
 * @param limit - @default 40
 */
export function offerSeoTitle(offer: Pick<Offer, 'title' | 'subTitle'>, limit = SEO_TITLE_LIMIT): string {
  const title = offer.title ?? '';
  const subTitle = offer.subTitle ?? '';
  if (title.length <= limit || !subTitle) return title;
  return subTitle.length < title.length ? subTitle : title;
}

/**
 * The discount pushed with analytics events (spec 9): price minus discountPrice in currency
 * units (rounded to cents, so 99.99 - 79.99 is 20, not 20.000000000000004), or else percentOff
 * with '%' ('20%'). Null when the offer has neither.
 */
export function analyticsDiscount(
  offer: Pick<Offer, 'price' | 'discountPrice' | 'percentOff'>,
): number | string | null {
  if (typeof offer.price === 'number' && typeof offer.discountPrice === 'number') {
    return Math.round((offer.price - offer.discountPrice) * 100) / 100;
  }
  if (typeof offer.percentOff === 'number') return `${offer.percentOff}%`;
  return null;
}

/**
 * The offers shown on the home page: shuffled (Fisher-Yates), at most 8. The random function is
 * a parameter so tests and server renders can make it repeatable.
 *
 * @param random - returns a number in [0, 1). @default Math.random
 * @param limit - @default 8
 */
export function pickHomeOffers<T>(
  offers: readonly T[],
  random: () => number = Math.random,
  limit = HOME_OFFERS_LIMIT,
): T[] {
  const shuffled = [...offers];
  for (let i = shuffled.length - 1; i > 0; i--) {
    // min() keeps a misbehaving random() that returns 1 inside the array.
    const j = Math.min(i, Math.floor(random() * (i + 1)));
    [shuffled[i], shuffled[j]] = [shuffled[j] as T, shuffled[i] as T];
  }
  return shuffled.slice(0, Math.max(0, limit));
}
