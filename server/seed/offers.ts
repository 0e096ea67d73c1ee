/**
 * Offers for the seed data: deals a spa would really run ('$20 off a 60-minute massage', '30% off
 * any facial', 'Spa Day Package for $149'), priced from the listing's own services, dated around
 * `now` so the offer-time rules (spec 4) meet current, expired and not-yet-started offers.
 */
import type { ServiceCategory } from '../../src/domain/catalog';
import type { Image, Offer, ServiceGroup } from '../../src/domain/types';
import type { Random } from './random';
import { OFFER_PROFILES, OFFER_SUBTITLES, OFFER_TERMS } from './vocabulary';

const DAY_MS = 86_400_000;

export interface OfferContext {
  listingId: number;
  bannerName: string;
  city: string;
  services: ServiceGroup[];
  images: Image[];
  /** Start of the UTC day of `now`: offers start at midnight and end at 23:59:59. */
  today: number;
}

/** 1 to 3 offers with ids from `firstId` on. */
export function buildOffers(rng: Random, context: OfferContext, firstId: number): Offer[] {
  const count = rng.weighted([
    [1, 50],
    [2, 35],
    [3, 15],
  ] as const);
  const offers: Offer[] = [];
  for (let i = 0; i < count; i++) offers.push(buildOffer(rng, context, firstId + i));
  return offers;
}

function buildOffer(rng: Random, context: OfferContext, id: number): Offer {
  const group = rng.pick(context.services);
  const category = group.category as ServiceCategory;
  const option = rng.pick(group.options);
  const profile = OFFER_PROFILES[category];
  const [low, high] = profile.price;
  const minutes = profile.minutes ? rng.pick(profile.minutes) : undefined;
  // Longer treatments cost more; prices end in 0 or 5 like a real menu.
  const scale = minutes ? minutes / 60 : 1;
  const base = roundTo(rng.between(low, high) * scale, 5);

  let title: string;
  let price: number | null = null;
  let discountPrice: number | null = null;
  let percentOff: number | null = null;
  const kind = rng.weighted([
    ['dollars', 40],
    ['percent', 30],
    ['package', 20],
    ['intro', 10],
  ] as const);
  const noun = rng.chance(0.5) ? profile.noun : option;
  switch (kind) {
    case 'dollars': {
      const off = Math.min(rng.pick([10, 15, 20, 25, 30, 40, 50]), roundTo(base * 0.4, 5) || 5);
      title = minutes
        ? `$${off} off ${/^(8|11|18)/.test(String(minutes)) ? 'an' : 'a'} ${minutes}-minute ${noun}`
        : noun === option
          ? `$${off} off ${option}`
          : `$${off} off any ${noun}`;
      price = base;
      discountPrice = base - off;
      break;
    }
    case 'percent': {
      percentOff = rng.pick([10, 15, 20, 25, 30, 40, 50]);
      title = rng.chance(0.6) ? `${percentOff}% off any ${profile.noun}` : `${percentOff}% off ${option}`;
      // Half name the regular price for reference; the total is 0 either way (spec 5).
      price = rng.chance(0.5) ? base : null;
      break;
    }
    case 'package': {
      price = roundTo(base * rng.between(1.6, 2.4), 5);
      // Package prices end in 9: 'Spa Day Package for $149'.
      discountPrice = roundTo(price * rng.between(0.7, 0.85), 10) - 1;
      title = `${profile.packageName} for $${discountPrice}`;
      break;
    }
    case 'intro': {
      price = base;
      discountPrice = Math.max(9, roundTo(base * rng.between(0.5, 0.75), 10) - 1);
      title = `New client special: ${option} for $${discountPrice}`;
      break;
    }
  }

  const subTitle = rng.pick(OFFER_SUBTITLES);
  const description =
    `Treat yourself to ${option.toLowerCase()} at ${context.bannerName} in ${context.city}. ` +
    rng.sample(OFFER_TERMS, rng.int(1, 2)).join(' ');

  // Most offers run now; some ended recently and some have not started, so both sides of the
  // offer-time rules have data.
  const timing = rng.weighted([
    ['current', 85],
    ['expired', 8],
    ['upcoming', 7],
  ] as const);
  let startDay: number;
  let endDay: number;
  if (timing === 'current') {
    startDay = -rng.int(1, 90);
    endDay = rng.int(3, 150);
  } else if (timing === 'expired') {
    endDay = -rng.int(1, 45);
    startDay = endDay - rng.int(30, 120);
  } else {
    startDay = rng.int(2, 30);
    endDay = startDay + rng.int(30, 120);
  }

  const images = context.images.length && rng.chance(0.6) ? [rng.pick(context.images)] : [];
  return {
    id,
    price,
    // Withdrawn once expired; an offer that has not started yet is valid, just not running.
    valid: timing !== 'expired',
    title,
    images,
    endDate: offerDate(context.today + endDay * DAY_MS + DAY_MS - 1000),
    subTitle,
    startDate: offerDate(context.today + startDay * DAY_MS),
    percentOff,
    categories: [{ name: category }],
    description,
    discountPrice,
    listingId: context.listingId,
  };
}

/** The spec's offer date form, 'YYYY-MM-DD HH:mm:SS', in UTC. */
export function offerDate(time: number): string {
  return new Date(time).toISOString().slice(0, 19).replace('T', ' ');
}

function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}
