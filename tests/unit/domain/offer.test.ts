import { describe, expect, it } from 'vitest';
import {
  analyticsDiscount,
  isOfferNotExpired,
  isOfferTimeRangeValid,
  offerDiscountPercent,
  offerPercentOff,
  offerExpiryLabel,
  offerSeoTitle,
  offerTotalPrice,
  parseOfferDate,
  pickHomeOffers,
} from '../../../src/domain/offer';

// Local-time constructors, like parseOfferDate: the tests hold in any time zone.
const at = (y: number, m: number, d: number, h = 0, min = 0, s = 0) => new Date(y, m - 1, d, h, min, s);

describe('parseOfferDate (YYYY-MM-DD HH:mm:SS)', () => {
  it('reads the spec format as local time', () => {
    expect(parseOfferDate('2025-03-05 14:30:15')).toEqual(at(2025, 3, 5, 14, 30, 15));
  });

  it('reads a date without seconds or without time', () => {
    expect(parseOfferDate('2025-03-05 14:30')).toEqual(at(2025, 3, 5, 14, 30));
    expect(parseOfferDate('2025-03-05')).toEqual(at(2025, 3, 5));
  });

  it.each(['', '2025-02-30 00:00:00', '2025-13-01 00:00:00', '2025-01-01 24:00:00', '05/03/2025', 'soon'])(
    'gives null for %j',
    (text) => {
      expect(parseOfferDate(text)).toBeNull();
    },
  );
});

describe('offer time (spec 4)', () => {
  const now = at(2025, 6, 15, 12);

  it('is not expired when endDate is after now', () => {
    expect(isOfferNotExpired({ endDate: '2025-06-15 12:00:01' }, now)).toBe(true);
    expect(isOfferNotExpired({ endDate: '2025-06-15 12:00:00' }, now)).toBe(false);
    expect(isOfferNotExpired({ endDate: '2025-06-14 23:59:59' }, now)).toBe(false);
  });

  it('counts a missing or unreadable end date as expired', () => {
    expect(isOfferNotExpired({ endDate: '' }, now)).toBe(false);
    expect(isOfferNotExpired({ endDate: 'never' }, now)).toBe(false);
  });

  it('has a valid time range when started and not expired', () => {
    expect(
      isOfferTimeRangeValid({ startDate: '2025-06-01 00:00:00', endDate: '2025-07-01 00:00:00' }, now),
    ).toBe(true);
    expect(
      isOfferTimeRangeValid({ startDate: '2025-06-16 00:00:00', endDate: '2025-07-01 00:00:00' }, now),
    ).toBe(false);
    expect(
      isOfferTimeRangeValid({ startDate: '2025-06-01 00:00:00', endDate: '2025-06-10 00:00:00' }, now),
    ).toBe(false);
    expect(isOfferTimeRangeValid({ startDate: '', endDate: '2025-07-01 00:00:00' }, now)).toBe(false);
  });
});

describe('offerExpiryLabel (spec 4)', () => {
  it("says 'expired' for a past or current end date", () => {
    const now = at(2025, 6, 15, 12);
    expect(offerExpiryLabel('2025-06-15 11:00:00', now)).toBe('expired');
    expect(offerExpiryLabel('2025-06-15 12:00:00', now)).toBe('expired');
  });

  it('gives a relative time within the current month', () => {
    const now = at(2025, 1, 10, 12);
    expect(offerExpiryLabel('2025-01-15 12:00:00', now)).toBe('expires in 5 days');
    expect(offerExpiryLabel('2025-01-11 12:00:00', now)).toBe('expires in 1 day');
    expect(offerExpiryLabel('2025-01-10 15:00:00', now)).toBe('expires in 3 hours');
    expect(offerExpiryLabel('2025-01-10 12:20:00', now)).toBe('expires in 20 minutes');
  });

  it('says each span within the month as Intl.RelativeTimeFormat does', () => {
    const intl = new Intl.RelativeTimeFormat('en', { numeric: 'always' });
    const now = at(2025, 1, 1, 0);
    const ends: [Date, string][] = [];
    for (let minute = 1; minute < 60; minute++)
      ends.push([at(2025, 1, 1, 0, minute), intl.format(minute, 'minute')]);
    for (let hour = 1; hour < 24; hour++) ends.push([at(2025, 1, 1, hour), intl.format(hour, 'hour')]);
    for (let day = 2; day <= 31; day++) ends.push([at(2025, 1, day), intl.format(day - 1, 'day')]);
    for (const [end, said] of ends) expect(offerExpiryLabel(end, now)).toBe(`expires ${said}`);
  });

  it('gives the date, not a relative time, just across the month boundary', () => {
    const now = at(2025, 1, 31, 22);
    expect(offerExpiryLabel('2025-02-01 09:00:00', now)).toBe('expires February 1');
  });

  it("gives 'expires {Month D}' later in the current year", () => {
    expect(offerExpiryLabel('2025-09-05 00:00:00', at(2025, 1, 10))).toBe('expires September 5');
  });

  it("gives 'expires {Mon D, YYYY}' in another year, even the next day", () => {
    expect(offerExpiryLabel('2026-01-01 08:00:00', at(2025, 12, 31, 23))).toBe('expires Jan 1, 2026');
    expect(offerExpiryLabel('2027-09-30 00:00:00', at(2025, 1, 10))).toBe('expires Sep 30, 2027');
  });

  it('accepts a Date and gives an empty label for an unreadable date', () => {
    expect(offerExpiryLabel(at(2025, 3, 2), at(2025, 1, 1))).toBe('expires March 2');
    expect(offerExpiryLabel('not a date', at(2025, 1, 1))).toBe('');
  });
});

describe('offerTotalPrice (spec 5)', () => {
  it('is 0 without a price or with a percent off', () => {
    expect(offerTotalPrice({ price: null, discountPrice: 50, percentOff: null })).toBe(0);
    expect(offerTotalPrice({ price: 0, discountPrice: 50, percentOff: null })).toBe(0);
    expect(offerTotalPrice({ price: 120, discountPrice: 99, percentOff: 20 })).toBe(0);
  });

  it('is the floor of the discount price, or of the price', () => {
    expect(offerTotalPrice({ price: 120, discountPrice: 89.99, percentOff: null })).toBe(89);
    expect(offerTotalPrice({ price: 120.75, discountPrice: null, percentOff: null })).toBe(120);
  });
});

describe('offerPercentOff (the badge)', () => {
  it("shows the offer's own percent off first", () => {
    expect(offerPercentOff({ price: 100, discountPrice: 80, percentOff: 30 })).toBe(30);
  });
  it('else the discount percent of its prices', () => {
    expect(offerPercentOff({ price: 120, discountPrice: 90, percentOff: null })).toBe(25);
    expect(offerPercentOff({ price: 120, discountPrice: 90, percentOff: 0 })).toBe(25);
  });
  it('is 0, no badge, with neither', () => {
    expect(offerPercentOff({ price: 120, discountPrice: null, percentOff: null })).toBe(0);
    expect(offerPercentOff({ price: null, discountPrice: null, percentOff: null })).toBe(0);
  });
});

describe('offerDiscountPercent (spec 5)', () => {
  it('is (price - discount) / price * 100, rounded', () => {
    expect(offerDiscountPercent({ price: 120, discountPrice: 90 })).toBe(25);
    expect(offerDiscountPercent({ price: 3, discountPrice: 2 })).toBe(33);
    expect(offerDiscountPercent({ price: 3, discountPrice: 1 })).toBe(67);
  });

  it('is 0 without a price or a discount price', () => {
    expect(offerDiscountPercent({ price: null, discountPrice: 10 })).toBe(0);
    expect(offerDiscountPercent({ price: 100, discountPrice: null })).toBe(0);
  });
});

describe('offerSeoTitle (spec 9)', () => {
  const long = 'An Unforgettable Full Day Spa Retreat For Two';

  it('keeps a title of up to 40 characters', () => {
    const forty = 'x'.repeat(40);
    expect(offerSeoTitle({ title: forty, subTitle: 'short' })).toBe(forty);
  });

  it('uses the shorter of title and subtitle when the title is longer', () => {
    expect(long.length).toBeGreaterThan(40);
    expect(offerSeoTitle({ title: long, subTitle: 'Day Spa for Two' })).toBe('Day Spa for Two');
    expect(offerSeoTitle({ title: long, subTitle: `${long} and lunch` })).toBe(long);
  });

  it('keeps the title when the subtitle is empty', () => {
    expect(offerSeoTitle({ title: long, subTitle: '' })).toBe(long);
  });
});

describe('analyticsDiscount (spec 9)', () => {
  it('is price minus discountPrice, without float noise', () => {
    expect(analyticsDiscount({ price: 99.99, discountPrice: 79.99, percentOff: null })).toBe(20);
  });

  it("is percentOff with '%' otherwise", () => {
    expect(analyticsDiscount({ price: 100, discountPrice: null, percentOff: 15 })).toBe('15%');
    expect(analyticsDiscount({ price: null, discountPrice: null, percentOff: null })).toBeNull();
  });
});

describe('pickHomeOffers (spec 9)', () => {
  const offers = Array.from({ length: 12 }, (_, i) => i);

  it('takes at most 8', () => {
    expect(pickHomeOffers(offers, () => 0.5)).toHaveLength(8);
    expect(pickHomeOffers([1, 2], () => 0.5)).toHaveLength(2);
  });

  it('shuffles with the random function it is given', () => {
    // random() = 0 swaps every position with the first: a rotation.
    expect(pickHomeOffers([1, 2, 3, 4], () => 0)).toEqual([2, 3, 4, 1]);
    // random() just below 1 swaps every position with itself.
    expect(pickHomeOffers([1, 2, 3, 4], () => 0.999)).toEqual([1, 2, 3, 4]);
  });

  it('returns distinct offers of the input and leaves the input alone', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const copy = [...offers];
    const picked = pickHomeOffers(offers, random);
    expect(new Set(picked).size).toBe(8);
    expect(picked.every((offer) => offers.includes(offer))).toBe(true);
    expect(offers).toEqual(copy);
  });
});
