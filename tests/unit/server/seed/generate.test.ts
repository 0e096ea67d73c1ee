import { readdirSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CARD_TYPES,
  PROGRAMS,
  PROMOTION_TYPES,
  SERVICE_CATALOG,
  SPA_TYPES,
  SUBSCRIPTION_TIERS,
  WELLNESS_BRANDS,
  type ServiceCategory,
} from '../../../../src/domain/catalog';
import { CA_PROVINCES, US_STATES } from '../../../../src/domain/regions';
import type { Listing, Location, Offer } from '../../../../src/domain/types';
import { nearestCity, warmGazetteer } from '../../../../server/geo/gazetteer';
import { CARD_KEYS, LISTING_ONLY_KEYS } from '../../../../server/search/cards';
import { generateListings, OLD_ID_BASE, type SeedListing } from '../../../../server/seed/generate';

const NOW = new Date('2026-11-22T15:30:00Z');
const MEDIA = resolve(import.meta.dirname, '../../../../server/media');

/** Every field of Listing: a card's and the others (each list held to its type by the compiler). */
const LISTING_FIELDS: (keyof Listing)[] = [...CARD_KEYS, ...LISTING_ONLY_KEYS];

const LOCATION_FIELDS = Object.keys({
  city: true,
  email: true,
  website: true,
  address1: true,
  address2: true,
  latitude: true,
  longitude: true,
  postalCode: true,
  countryCode: true,
  coordinates: true,
  contactPerson: true,
  stateOrProvince: true,
  stateOrProvinceCode: true,
  normalizedLocation: true,
} satisfies Record<keyof Location, true>) as (keyof Location)[];

const OFFER_FIELDS = Object.keys({
  id: true,
  price: true,
  valid: true,
  title: true,
  images: true,
  endDate: true,
  subTitle: true,
  startDate: true,
  percentOff: true,
  categories: true,
  description: true,
  discountPrice: true,
  listingId: true,
} satisfies Record<keyof Offer, true>) as (keyof Offer)[];

/** Rough boxes: the contiguous states, Alaska, Hawaii, Canada. */
const BOXES: Record<'US' | 'CA', [number, number, number, number][]> = {
  US: [
    [24.3, 49.5, -125, -66.8],
    [51, 71.5, -180, -129.9],
    [18.8, 22.4, -160.4, -154.7],
  ],
  CA: [[41.6, 83.2, -141.1, -52.5]],
};

const OFFER_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const HOURS =
  /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday): (Closed|\d{1,2}:\d{2} [AP]M - \d{1,2}:\d{2} [AP]M)$/;

/** Sentence ends, not the dot of 'St. Louis'. */
const SENTENCE_END = /(?<!\b(?:St|Ste|Mt|Ft))\. /;

/** Collects a problem instead of failing at once: thousands of expect calls are slow and noisy. */
function check(problems: string[], ok: boolean, problem: string): void {
  if (!ok) problems.push(problem);
}

function take(count: number, seed: number, startId?: number): SeedListing[] {
  return [...generateListings({ count, seed, now: NOW, startId })];
}

function offerTime(date: string): number {
  return Date.parse(`${date.replace(' ', 'T')}Z`);
}

function share(items: SeedListing[], test: (item: SeedListing) => boolean): number {
  return items.filter(test).length / items.length;
}

describe('seed generator', () => {
  let data: SeedListing[];
  let listings: Listing[];

  beforeAll(async () => {
    await warmGazetteer();
    data = take(5000, 42);
    listings = data.map((item) => item.listing);
  });

  describe('determinism', () => {
    it('gives identical listings for the same seed', () => {
      expect(take(200, 7)).toEqual(take(200, 7));
    });

    it('gives different listings for another seed', () => {
      const a = take(200, 7).map((item) => item.listing.name);
      const b = take(200, 8).map((item) => item.listing.name);
      expect(a).not.toEqual(b);
      expect(a.filter((name, i) => name === b[i]).length).toBeLessThan(20);
    });

    it('makes listing N the same whatever the count', () => {
      expect(take(50, 7)).toEqual(take(200, 7).slice(0, 50));
    });
  });

  describe('ids and counts', () => {
    it('streams exactly count listings with sequential ids from startId', () => {
      expect(take(0, 1)).toEqual([]);
      const batch = take(30, 1, 1000);
      expect(batch).toHaveLength(30);
      expect(batch.map((item) => item.listing.listingId)).toEqual(
        Array.from({ length: 30 }, (_, i) => 1000 + i),
      );
      expect(batch.every((item) => item.listing.merchantId === item.listing.listingId)).toBe(true);
      expect(listings[0]!.listingId).toBe(1);
    });

    it('keeps listing ids, offer ids and old ids unique and apart', () => {
      const ids = new Set(listings.map((listing) => listing.listingId));
      expect(ids.size).toBe(listings.length);
      const offerIds = listings.flatMap((listing) => listing.offers.map((offer) => offer.id));
      expect(new Set(offerIds).size).toBe(offerIds.length);
      // Sequential across the data set.
      expect(offerIds).toEqual(Array.from({ length: offerIds.length }, (_, i) => i + 1));
      const oldIds = listings.flatMap((listing) => (listing.oldId === null ? [] : [listing.oldId]));
      expect(new Set(oldIds).size).toBe(oldIds.length);
      expect(oldIds.every((oldId) => oldId > OLD_ID_BASE && !ids.has(oldId))).toBe(true);
      expect(oldIds.length / listings.length).toBeGreaterThan(0.07);
      expect(oldIds.length / listings.length).toBeLessThan(0.13);
    });

    it('rejects a bad count', () => {
      expect(() => take(-1, 1)).toThrow(RangeError);
    });
  });

  it('fills every field of every listing, location and offer', () => {
    const problems: string[] = [];
    for (const listing of listings) {
      const at = `listing ${listing.listingId}`;
      for (const field of LISTING_FIELDS) check(problems, listing[field] !== undefined, `${at}: ${field}`);
      for (const field of LOCATION_FIELDS)
        check(problems, listing.location[field] !== undefined, `${at}: ${field}`);
      for (const offer of listing.offers) {
        for (const field of OFFER_FIELDS)
          check(problems, offer[field] !== undefined, `${at}: offer ${field}`);
      }
      check(problems, listing.name.length > 3, `${at}: name`);
      const sentences = listing.businessDescription.split(SENTENCE_END).length;
      check(problems, sentences >= 2 && sentences <= 4, `${at}: ${sentences} sentences`);
      check(problems, listing.canonicalLink === '' && listing.merchantUrl === '', `${at}: links`);
    }
    expect(problems).toEqual([]);
  });

  describe('programs and types', () => {
    it('splits the programs about 30 / 70 / 25 %', () => {
      const wellness = share(data, (item) => item.listing.includedPrograms.includes(PROGRAMS.wellness));
      const spa = share(data, (item) => item.listing.includedPrograms.includes(PROGRAMS.spa));
      const local = share(data, (item) => item.listing.includedPrograms.includes(PROGRAMS.local));
      expect(wellness).toBeGreaterThan(0.26);
      expect(wellness).toBeLessThan(0.34);
      expect(spa).toBeGreaterThan(0.66);
      expect(spa).toBeLessThan(0.74);
      expect(local).toBeGreaterThan(0.21);
      expect(local).toBeLessThan(0.29);
    });

    it('gives brand listings one brand and a name that fits it, spa listings 1-2 spa types', () => {
      const brands: readonly string[] = WELLNESS_BRANDS;
      const spaTypes: readonly string[] = SPA_TYPES;
      const problems: string[] = [];
      for (const listing of listings) {
        const at = `listing ${listing.listingId}`;
        const types = listing.businessTypes;
        if (listing.includedPrograms.includes(PROGRAMS.wellness)) {
          const brand = types[0]!;
          check(problems, types.length === 1 && brands.includes(brand), `${at}: ${types.join()}`);
          check(
            problems,
            listing.name.startsWith(`${brand} - ${listing.location.city}`),
            `${at}: ${listing.name}`,
          );
          check(problems, listing.location.countryCode === 'US', `${at}: brand outside the US`);
        } else {
          check(problems, types.length >= 1 && types.length <= 2, `${at}: ${types.length} types`);
          check(
            problems,
            types.every((type) => spaTypes.includes(type)),
            `${at}: ${types.join()}`,
          );
        }
      }
      expect(problems).toEqual([]);
    });

    it('puts Canadian listings in the spa network', () => {
      const canadian = listings.filter((listing) => listing.location.countryCode === 'CA');
      expect(canadian.length).toBeGreaterThan(150);
      expect(canadian.every((listing) => listing.includedPrograms.includes(PROGRAMS.spa))).toBe(true);
    });

    it('matches card types to programs', () => {
      const cardOf: Record<string, string> = {
        [PROGRAMS.wellness]: 'WELLNESS_GIFT_CARD',
        [PROGRAMS.spa]: 'SPA_GIFT_CARD',
        [PROGRAMS.local]: 'LOCAL_GIFT_CARD',
      };
      const cards: readonly string[] = CARD_TYPES;
      const problems: string[] = [];
      for (const listing of listings) {
        const expected = listing.includedPrograms.map((program) => cardOf[program]).join();
        check(
          problems,
          listing.cardTypes.join() === expected,
          `${listing.listingId}: ${listing.cardTypes.join()}`,
        );
        check(
          problems,
          listing.cardTypes.every((card) => cards.includes(card)),
          `${listing.listingId}: unknown card`,
        );
      }
      expect(problems).toEqual([]);
    });

    it('offers services from the catalog that fit the business type', () => {
      const problems: string[] = [];
      for (const listing of listings) {
        const at = `listing ${listing.listingId}`;
        check(problems, listing.services.length >= 2 && listing.services.length <= 6, `${at}: service count`);
        for (const group of listing.services) {
          const options: readonly string[] | undefined = SERVICE_CATALOG[group.category as ServiceCategory];
          check(problems, options !== undefined, `${at}: ${group.category}`);
          check(problems, group.options.length >= 1 && group.options.length <= 4, `${at}: option count`);
          check(
            problems,
            group.options.every((option) => options?.includes(option)),
            `${at}: options`,
          );
          check(problems, group.categorySearch === group.category.toLowerCase(), `${at}: categorySearch`);
          check(
            problems,
            group.optionsSearch.join() === group.options.map((option) => option.toLowerCase()).join(),
            `${at}: optionsSearch`,
          );
        }
        const categories = listing.services.map((group) => group.category);
        for (const [type, category] of [
          ['Yoga Studio', 'Yoga Classes'],
          ['Medical Spa', 'Medical Aesthetics'],
          ['Salon', 'Hair Services'],
          ['Zenith Yoga', 'Yoga Classes'],
          ['Polished Nail Lounge', 'Nail Services'],
        ]) {
          if (listing.businessTypes.includes(type!))
            check(problems, categories.includes(category!), `${at}: ${type}`);
        }
        // Full-text search finds a listing by the services its description names.
        const options = listing.services.flatMap((group) => group.options);
        check(
          problems,
          options.some((option) => listing.businessDescription.includes(option)),
          `${at}: description names no service`,
        );
      }
      expect(problems).toEqual([]);
    });
  });

  describe('names', () => {
    it('include names that start with a number and names with &', () => {
      const names = listings.map((listing) => listing.name);
      expect(names.filter((name) => /^\d/.test(name)).length).toBeGreaterThan(listings.length * 0.02);
      expect(names.filter((name) => name.includes('&')).length).toBeGreaterThan(listings.length * 0.05);
      expect(names.some((name) => /[éÉè]/.test(name))).toBe(true);
    });

    it('mostly use the name as banner name', () => {
      expect(share(data, (item) => item.listing.bannerName === item.listing.name)).toBeGreaterThan(0.9);
    });
  });

  describe('places', () => {
    it('sits every listing in the US or Canada, within 10 miles of a real city', () => {
      for (const { location } of listings) {
        const country = location.countryCode as 'US' | 'CA';
        const inBox = BOXES[country].some(
          ([south, north, west, east]) =>
            location.latitude >= south &&
            location.latitude <= north &&
            location.longitude >= west &&
            location.longitude <= east,
        );
        expect(inBox, `${location.latitude},${location.longitude}`).toBe(true);
        const near = nearestCity(location.latitude, location.longitude, country);
        expect(near!.miles).toBeLessThan(10);
        expect(location.coordinates).toEqual([{ lat: location.latitude, lon: location.longitude }]);
      }
    });

    it('uses real region names, codes, postal codes and phones', () => {
      const problems: string[] = [];
      for (const { location, phone, listingId } of listings) {
        const at = `listing ${listingId}`;
        const regions = location.countryCode === 'US' ? US_STATES : CA_PROVINCES;
        check(problems, regions[location.stateOrProvinceCode] === location.stateOrProvince, `${at}: region`);
        check(
          problems,
          location.normalizedLocation === `${location.city}, ${location.stateOrProvinceCode}`,
          `${at}: normalizedLocation`,
        );
        const postal = location.countryCode === 'US' ? /^\d{5}$/ : /^[A-Z]\d[A-Z] \d[A-Z]\d$/;
        check(problems, postal.test(location.postalCode), `${at}: postal code ${location.postalCode}`);
        check(problems, /^\(\d{3}\) 555-\d{4}$/.test(phone.number), `${at}: phone ${phone.number}`);
        check(problems, phone.countryCode === location.countryCode, `${at}: phone country`);
        check(problems, /^\d+ \S/.test(location.address1), `${at}: address ${location.address1}`);
        check(
          problems,
          /^(https?:\/\/)?(www\.)?[a-z0-9.-]+\.(com|ca)(\/|$)/.test(location.website),
          `${at}: website ${location.website}`,
        );
        check(
          problems,
          /^[a-z0-9.]+@[a-z0-9.-]+\.(com|ca)$/.test(location.email),
          `${at}: email ${location.email}`,
        );
      }
      expect(problems).toEqual([]);
      expect(listings.some((listing) => listing.website.startsWith('www.'))).toBe(true);
    });

    it('spreads listings over many cities, big ones first', () => {
      const cities = new Set(listings.map((listing) => listing.location.normalizedLocation));
      expect(cities.size).toBeGreaterThan(1000);
      const count = (name: string) =>
        listings.filter((listing) => listing.location.normalizedLocation === name).length;
      expect(count('Los Angeles, CA')).toBeGreaterThan(count('Boise, ID'));
    });
  });

  describe('statuses, scores and extras', () => {
    it('has mostly approved listings and some pending and suspended', () => {
      const statuses = new Set(listings.map((listing) => listing.merchantListingStatus));
      expect(statuses).toEqual(new Set(['APPROVED', 'PENDING', 'SUSPENDED']));
      expect(share(data, (item) => item.listing.merchantListingStatus === 'APPROVED')).toBeGreaterThan(0.9);
      const hidden = share(data, (item) => item.listing.nonSearchable);
      expect(hidden).toBeGreaterThan(0.002);
      expect(hidden).toBeLessThan(0.025);
    });

    it('scores listings 1.0-5.0 with one decimal, mostly in the 4s, and 0 without reviews', () => {
      for (const listing of listings) {
        expect(listing.totalReviews).toBeGreaterThanOrEqual(0);
        expect(listing.totalReviews).toBeLessThanOrEqual(1200);
        if (listing.totalReviews === 0) expect(listing.averageScore).toBe(0);
        else {
          expect(listing.averageScore).toBeGreaterThanOrEqual(1);
          expect(listing.averageScore).toBeLessThanOrEqual(5);
          expect(Math.round(listing.averageScore * 10) / 10).toBe(listing.averageScore);
        }
      }
      const reviewed = listings.filter((listing) => listing.totalReviews > 0);
      const mean = reviewed.reduce((sum, listing) => sum + listing.averageScore, 0) / reviewed.length;
      expect(mean).toBeGreaterThan(3.9);
      expect(mean).toBeLessThan(4.6);
      expect(reviewed.length).toBeLessThan(listings.length);
    });

    it('writes seven opening-hour lines, some closed days', () => {
      const problems = listings
        .filter((listing) => listing.hours.length !== 7 || !listing.hours.every((line) => HOURS.test(line)))
        .map((listing) => listing.hours.join(' | '));
      expect(problems).toEqual([]);
      expect(listings.some((listing) => listing.hours[6] === 'Sunday: Closed')).toBe(true);
    });

    it('adds videos to about a tenth, valid forms and a few invalid ones', () => {
      const withVideos = share(data, (item) => item.listing.videos.length > 0);
      expect(withVideos).toBeGreaterThan(0.07);
      expect(withVideos).toBeLessThan(0.13);
      const videos = listings.flatMap((listing) => listing.videos);
      for (const form of [
        'youtube.com/watch?v=',
        'youtu.be/',
        'youtube.com/shorts/',
        'vimeo.com/',
        'dailymotion.com',
      ]) {
        expect(
          videos.some((video) => video.includes(form)),
          form,
        ).toBe(true);
      }
    });

    it('gives stay spas rooms, activities and dining texts, and others none', () => {
      const stays = listings.filter((listing) => listing.businessTypes.includes('Stay Spa'));
      expect(stays.length).toBeGreaterThan(100);
      for (const listing of listings) {
        const stay = listing.businessTypes.includes('Stay Spa');
        expect(listing.accommodations.length > 0).toBe(stay);
        expect(listing.activities.length > 0).toBe(stay);
        expect(listing.roomAndDiningDescription.length > 0).toBe(stay);
        expect(listing.facilityAndDiningDescription.length > 0).toBe(stay);
        expect(listing.roomAndDiningImage !== null).toBe(stay);
      }
    });

    it('tags about 3% featured and about 3% travel destinations (stay spas only)', () => {
      const featured = share(data, (item) => item.promotions.includes(PROMOTION_TYPES.featured));
      expect(featured).toBeGreaterThan(0.015);
      expect(featured).toBeLessThan(0.05);
      const travel = data.filter((item) => item.promotions.includes(PROMOTION_TYPES.travel));
      expect(travel.length / data.length).toBeGreaterThan(0.015);
      expect(travel.length / data.length).toBeLessThan(0.05);
      expect(travel.every((item) => item.listing.businessTypes.includes('Stay Spa'))).toBe(true);
      expect(
        data.every((item) => item.listing.featured === item.promotions.includes(PROMOTION_TYPES.featured)),
      ).toBe(true);
    });

    it('uses the subscription tiers, social networks and awards', () => {
      const tiers = new Set(listings.map((listing) => listing.subscriptionTier));
      expect(tiers).toEqual(new Set(SUBSCRIPTION_TIERS));
      expect(listings.some((listing) => listing.socialNetworks.length > 0)).toBe(true);
      expect(listings.some((listing) => listing.annualAwards.length > 0)).toBe(true);
      expect(listings.some((listing) => listing.scheduleLink && !listing.scheduleValid)).toBe(true);
    });
  });

  describe('images', () => {
    it('points at local pictures that exist', () => {
      const files = new Set(readdirSync(MEDIA));
      const problems: string[] = [];
      for (const listing of listings) {
        check(
          problems,
          listing.images.length <= 8,
          `listing ${listing.listingId}: ${listing.images.length} images`,
        );
        for (const image of [...listing.images, ...listing.offers.flatMap((offer) => offer.images)]) {
          const file = /^\/media\/(spa-\d+\.svg)$/.exec(image.url)?.[1];
          check(problems, file !== undefined && files.has(file), `missing ${image.url}`);
          check(
            problems,
            image.caption.includes(' at ') && image.seoUrl.length > 0,
            `image texts ${image.url}`,
          );
        }
        if (listing.servicePdfUrl) {
          check(
            problems,
            files.has(listing.servicePdfUrl.replace('/media/', '')),
            `missing ${listing.servicePdfUrl}`,
          );
        }
      }
      expect(problems).toEqual([]);
      expect(listings.some((listing) => listing.images.length === 0)).toBe(true);
      expect(listings.some((listing) => listing.images.length === 8)).toBe(true);
    });

    it('ships twelve small titled 720x520 SVG scenes and a valid PDF menu', () => {
      for (let n = 1; n <= 12; n++) {
        const file = resolve(MEDIA, `spa-${n}.svg`);
        expect(statSync(file).size).toBeLessThan(2048);
        const svg = readFileSync(file, 'utf8');
        expect(svg).toContain('viewBox="0 0 720 520"');
        expect(svg).toMatch(/<title[^>]*>[^<]+<\/title>/);
      }
      const pdf = readFileSync(resolve(MEDIA, 'services-menu.pdf'), 'latin1');
      expect(pdf.startsWith('%PDF-1.')).toBe(true);
      const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
      expect(pdf.slice(xref, xref + 4)).toBe('xref');
    });
  });

  describe('offers', () => {
    it('gives about 45% of listings 1-3 offers', () => {
      const withOffers = listings.filter((listing) => listing.offers.length > 0);
      expect(withOffers.length / listings.length).toBeGreaterThan(0.4);
      expect(withOffers.length / listings.length).toBeLessThan(0.5);
      expect(withOffers.every((listing) => listing.offers.length <= 3)).toBe(true);
    });

    it('prices offers coherently and names them after the listing services', () => {
      const problems: string[] = [];
      for (const listing of listings) {
        const categories = listing.services.map((group) => group.category);
        for (const offer of listing.offers) {
          const at = `offer ${offer.id}`;
          check(problems, offer.listingId === listing.listingId, `${at}: listingId`);
          check(problems, offer.title.length > 5, `${at}: title`);
          check(
            problems,
            offer.categories.length === 1 && categories.includes(offer.categories[0]!.name),
            `${at}: categories`,
          );
          if (offer.percentOff !== null) {
            check(problems, offer.percentOff > 0 && offer.percentOff < 100, `${at}: percentOff`);
            check(problems, offer.title.includes(`${offer.percentOff}%`), `${at}: ${offer.title}`);
          } else {
            const { price, discountPrice } = offer;
            check(problems, price !== null && discountPrice !== null, `${at}: prices missing`);
            check(
              problems,
              discountPrice! > 0 && discountPrice! < price!,
              `${at}: ${discountPrice} of ${price}`,
            );
          }
        }
      }
      expect(problems).toEqual([]);
    });

    it('dates offers around now: mostly current, some expired, some upcoming', () => {
      const now = NOW.getTime();
      const year = 366 * 86_400_000;
      const offers = listings.flatMap((listing) => listing.offers);
      let current = 0;
      let expired = 0;
      let upcoming = 0;
      for (const offer of offers) {
        expect(offer.startDate).toMatch(OFFER_DATE);
        expect(offer.endDate).toMatch(OFFER_DATE);
        const start = offerTime(offer.startDate);
        const end = offerTime(offer.endDate);
        expect(start).toBeLessThan(end);
        expect(Math.abs(start - now)).toBeLessThan(year);
        expect(Math.abs(end - now)).toBeLessThan(year);
        if (end <= now) expired++;
        else if (start > now) upcoming++;
        else current++;
        expect(offer.valid).toBe(end > now);
      }
      expect(current / offers.length).toBeGreaterThan(0.75);
      expect(expired).toBeGreaterThan(0);
      expect(upcoming).toBeGreaterThan(0);
    });
  });

  // How fast is the benchmark's to say (bench/runtime.ts, the fresh start): no timing here.
  it('generates the count asked for, each with an id', () => {
    let count = 0;
    for (const item of generateListings({ count: 2_000, seed: 99, now: NOW }))
      count += item.listing.listingId > 0 ? 1 : 0;
    expect(count).toBe(2_000);
  });
});
