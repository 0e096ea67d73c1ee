/**
 * The deterministic seed data: realistic listings of spas and wellness businesses across real US
 * and Canadian cities, for the embedded database, the tests and the benchmarks.
 *
 * - Deterministic: every listing draws from its own PRNG seeded with (seed, listing id), so the
 *   same options give byte-identical output, and listing N is the same whatever `count` is.
 * - Streaming: a generator, so 100,000+ listings go to the database in batches without being
 *   held in memory at once.
 * - Realistic enough to exercise the product: listings are spread over cities by population,
 *   names include leading numbers and '&' (slug rules), descriptions name the services
 *   (full-text search), programs and card types follow the tenants, statuses, videos, offers
 *   and dates cover the rules' edge cases.
 */
import {
  CARD_TYPES,
  PROGRAMS,
  PROMOTION_TYPES,
  SERVICE_CATALOG,
  SUBSCRIPTION_TIERS,
  WELLNESS_BRANDS,
  type ServiceCategory,
} from '../../src/domain/catalog';
import type {
  AnnualAward,
  Amenity,
  ContactPerson,
  Image,
  Listing,
  ListingStatus,
  Location,
  ServiceGroup,
  SocialNetwork,
  SocialNetworkType,
} from '../../src/domain/types';
import { citiesByPopulation, nearestPostal, type City } from '../geo/gazetteer';
import { buildOffers } from './offers';
import { Random, mixSeed } from './random';
import {
  ABOUT_SENTENCES,
  ACCOMMODATIONS,
  ACTIVITIES,
  ADDRESS2,
  AMENITIES,
  AREA_CODES,
  AWARD_NAMES,
  BRAND_PROFILES,
  BRANCH_SUFFIXES,
  CLOSING_SENTENCES,
  CUSTOM_ATTRIBUTES,
  FIRST_NAMES,
  FRENCH_WORDS,
  GC_REDEMPTION_RULES,
  IMAGE_CAPTIONS,
  IMAGE_COUNT,
  LANDFORMS,
  LAST_NAMES,
  NAME_NUMBERS,
  NAME_WORDS,
  PAIR_WORDS,
  PLURAL_NOUNS,
  PROVIDERS,
  QUEBEC_STREETS,
  RESTAURANT_WORDS,
  SPA_TYPE_PROFILES,
  SPA_TYPE_WEIGHTS,
  STAY_DINING,
  STREET_NAMES,
  STREET_SUFFIXES,
  type TypeProfile,
} from './vocabulary';

export interface SeedListing {
  listing: Listing;
  /** Promotion type names ('Featured Merchant', 'Travel Destinations') for the promotions filter. */
  promotions: string[];
}

export interface GenerateOptions {
  count: number;
  /** PRNG seed; the same seed gives the same data. */
  seed?: number;
  /** Offer dates and creation dates are relative to this instant. */
  now: Date;
  /** Id of the first listing (listingId = merchantId); default 1. */
  startId?: number;
  /** Id of the first offer; offer ids run on across the data set. Default 1. */
  startOfferId?: number;
}

export const DEFAULT_SEED = 20_261_122;

/** Old ids (the numeric prefix of older listing URLs) live in their own range: oldId = base + id. */
export const OLD_ID_BASE = 500_000;

/** Shares the tests hold the generator to. */
export const SHARES = {
  wellness: 0.3,
  local: 0.25,
  featured: 0.03,
  /** Of stay spas: stay spas are about a tenth of all listings, so this is about 3% overall. */
  travelOfStaySpas: 0.33,
  pending: 0.04,
  suspended: 0.02,
  nonSearchable: 0.01,
  oldId: 0.1,
  offers: 0.45,
  videos: 0.1,
} as const;

const DAY_MS = 86_400_000;
const MILES_PER_DEGREE_LAT = 69.05;

/** Card type of each program (spec: cardTypes follow the programs a listing belongs to). */
const PROGRAM_CARD: Readonly<Record<string, (typeof CARD_TYPES)[number]>> = {
  [PROGRAMS.wellness]: 'WELLNESS_GIFT_CARD',
  [PROGRAMS.spa]: 'SPA_GIFT_CARD',
  [PROGRAMS.local]: 'LOCAL_GIFT_CARD',
};

interface Context {
  seed: number;
  now: number;
  /** Start of the UTC day of `now`. */
  today: number;
  cities: City[];
  /** Running population totals of `cities`, for weighted picks by binary search. */
  cumulative: Float64Array;
  /** Chance that a US listing is a wellness-brand listing, so the overall share is SHARES.wellness. */
  wellnessOfUs: number;
  /** Miles from a city's centre to its nearest postal centroid (see placeNear). */
  postalReach: Map<City, number>;
}

/** Streams `count` listings. Same options, same listings. */
export function* generateListings(options: GenerateOptions): Generator<SeedListing> {
  const { count, seed = DEFAULT_SEED, now, startId = 1, startOfferId = 1 } = options;
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a whole number: ${count}`);
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) throw new RangeError('now must be a valid Date');
  const context = createContext(seed, now);
  let nextOfferId = startOfferId;
  for (let i = 0; i < count; i++) {
    const id = startId + i;
    const seedListing = buildListing(id, new Random(mixSeed(seed, id)), context, nextOfferId);
    nextOfferId += seedListing.listing.offers.length;
    yield seedListing;
  }
}

function createContext(seed: number, now: Date): Context {
  const cities = citiesByPopulation(['US', 'CA']);
  const cumulative = new Float64Array(cities.length);
  let total = 0;
  let us = 0;
  cities.forEach((city, i) => {
    total += city.population;
    if (city.countryCode === 'US') us += city.population;
    cumulative[i] = total;
  });
  const time = now.getTime();
  return {
    seed,
    now: time,
    today: Math.floor(time / DAY_MS) * DAY_MS,
    cities,
    cumulative,
    wellnessOfUs: Math.min(1, SHARES.wellness / (us / total)),
    postalReach: new Map(),
  };
}

function pickCity(rng: Random, context: Context): City {
  const { cumulative, cities } = context;
  const target = rng.next() * cumulative[cumulative.length - 1]!;
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (cumulative[mid]! > target) high = mid;
    else low = mid + 1;
  }
  return cities[low]!;
}

// --- one listing ----------------------------------------------------------------------------------

function buildListing(id: number, rng: Random, context: Context, firstOfferId: number): SeedListing {
  const city = pickCity(rng, context);
  const country = city.countryCode;

  // Programs: the wellness tenant's brands are US-only; Canada is seen through the spa network.
  const wellness = country === 'US' && rng.chance(context.wellnessOfUs);
  const includedPrograms: string[] = [wellness ? PROGRAMS.wellness : PROGRAMS.spa];
  if (rng.chance(SHARES.local)) includedPrograms.push(PROGRAMS.local);
  const cardTypes = includedPrograms.map((program) => PROGRAM_CARD[program]!);

  let businessTypes: string[];
  let profiles: TypeProfile[];
  let name: string;
  let domain: string;
  let websitePath = '';
  if (wellness) {
    const brand = rng.pick(WELLNESS_BRANDS);
    const profile = BRAND_PROFILES[brand]!;
    businessTypes = [brand];
    profiles = [profile];
    const branch = rng.chance(0.6) ? ` ${rng.pick(BRANCH_SUFFIXES)}` : '';
    name = `${brand} - ${city.name}${branch}`;
    domain = profile.domain;
    websitePath = `/locations/${compact(city.name + branch, '-')}`;
  } else {
    const first = rng.weighted(SPA_TYPE_WEIGHTS);
    businessTypes = [first];
    if (rng.chance(0.35)) {
      const second = rng.weighted(SPA_TYPE_WEIGHTS.filter(([type]) => type !== first));
      businessTypes.push(second);
    }
    profiles = businessTypes.map((type) => SPA_TYPE_PROFILES[type]!);
    name = spaName(rng, businessTypes[0]!, profiles[0]!, city);
    domain = `${compact(name)}${rng.chance(0.3) ? compact(city.name) : ''}.${country === 'CA' && rng.chance(0.6) ? 'ca' : 'com'}`;
  }
  const isStay = businessTypes.includes('Stay Spa');
  const bannerName =
    !wellness && rng.chance(0.05) && !name.includes(city.name) ? `${name} ${city.name}` : name;

  const point = placeNear(rng, city, context);
  const services = buildServices(rng, profiles);
  const website = websiteUrl(rng, domain, websitePath);
  const email = wellness
    ? `${compact(city.name, '.')}@${domain}`
    : `${rng.pick(['info', 'hello', 'frontdesk', 'bookings', 'relax'])}@${domain}`;
  const phone = phoneNumber(rng, city.stateOrProvinceCode);
  const images = buildImages(rng, rng.weighted(IMAGE_COUNTS), bannerName);
  const handle = compact(wellness ? `${name.split(' - ')[0]}${city.name}` : name).slice(0, 30);

  const location: Location = {
    city: city.name,
    email,
    website,
    address1: streetAddress(rng, city),
    address2: rng.chance(0.35) ? rng.pick(ADDRESS2) : '',
    latitude: point.latitude,
    longitude: point.longitude,
    postalCode: point.postalCode,
    countryCode: country,
    coordinates: [{ lat: point.latitude, lon: point.longitude }],
    contactPerson: rng.chance(0.75) ? contactPerson(rng, city.stateOrProvinceCode) : null,
    stateOrProvince: city.stateOrProvince,
    stateOrProvinceCode: city.stateOrProvinceCode,
    normalizedLocation: `${city.name}, ${city.stateOrProvinceCode}`,
  };

  const totalReviews = reviewCount(rng);
  const status = rng.weighted<ListingStatus>([
    ['APPROVED', 1 - SHARES.pending - SHARES.suspended],
    ['PENDING', SHARES.pending],
    ['SUSPENDED', SHARES.suspended],
  ]);
  const [providerName, providerPrefix] = rng.weighted(
    PROVIDERS.map((p) => [[p[0], p[1]] as const, p[2]] as const),
  );
  const schedule = rng.chance(0.4);

  const promotions: string[] = [];
  const featured = rng.chance(SHARES.featured);
  if (featured) promotions.push(PROMOTION_TYPES.featured);
  if (isStay && rng.chance(SHARES.travelOfStaySpas)) promotions.push(PROMOTION_TYPES.travel);

  const offers = rng.chance(SHARES.offers)
    ? buildOffers(
        rng,
        { listingId: id, bannerName, city: city.name, services, images, today: context.today },
        firstOfferId,
      )
    : [];

  const listing: Listing = {
    isAd: false,
    name,
    phone,
    score: 0,
    offers,
    images,
    website,
    location,
    distance: null,
    featured,
    listingId: id,
    merchantId: id,
    bannerName,
    merchantUrl: '',
    businessTypes,
    cardTypes,
    totalReviews,
    averageScore: totalReviews ? averageScore(rng, totalReviews) : 0,
    providerName,
    providerMerchantId: `${providerPrefix}-${String(rng.int(100_000, 999_999))}`,
    nonSearchable: rng.chance(SHARES.nonSearchable),
    subscriptionTier: rng.weighted(SUBSCRIPTION_TIERS.map((tier, i) => [tier, [55, 33, 12][i]!] as const)),
    includedPrograms,
    excludedPrograms: [],
    businessDescription: businessDescription(rng, name, profiles[0]!, city, services, context.now),
    nonAcceptedPaymentTypes: rng.chance(0.08) ? [rng.pick(['Promotional Cards', 'Corporate Cards'])] : [],
    email,
    hours: openingHours(rng, profiles[0]!, isStay),
    videos: rng.chance(SHARES.videos) ? videoLinks(rng) : [],
    services,
    amenities: buildAmenities(rng, isStay),
    isPayment: rng.chance(0.85),
    activities: isStay ? rng.sample(ACTIVITIES, rng.int(3, 6)) : [],
    // ISO 8601 (the spec fixes a date form for offers only); whole seconds like a database stamp.
    createdDate: new Date(context.now - rng.int(30, 9 * 365) * DAY_MS - rng.int(0, 86_399) * 1000)
      .toISOString()
      .replace('.000Z', 'Z'),
    annualAwards: rng.chance(0.15) ? annualAwards(rng, city, context.now) : [],
    scheduleLink: schedule ? scheduleUrl(rng, domain, websitePath) : '',
    scheduleValid: schedule && rng.chance(0.85),
    canonicalLink: '',
    servicePdfUrl: rng.chance(0.12) ? '/media/services-menu.pdf' : '',
    accommodations: isStay ? rng.sample(ACCOMMODATIONS, rng.int(2, 5)) : [],
    socialNetworks: socialNetworks(rng, handle),
    gcRedemptionRules: rng.chance(0.9) ? rng.pick(GC_REDEMPTION_RULES) : '',
    roomAndDiningImage: isStay ? buildImages(rng, 1, bannerName)[0]! : null,
    facilityAndAmenityImage: rng.chance(0.4) ? buildImages(rng, 1, bannerName)[0]! : null,
    servicesDescription: servicesDescription(services),
    roomAndDiningDescription: isStay ? roomAndDining(rng) : '',
    facilityAndDiningDescription: isStay ? facilityAndDining(rng) : '',
    merchantListingStatus: status,
    parsedCustomBusinessAttributes: customAttributes(rng, city),
    oldId: rng.chance(SHARES.oldId) ? OLD_ID_BASE + id : null,
  };
  return { listing, promotions };
}

// --- names ----------------------------------------------------------------------------------------

function spaName(rng: Random, type: string, profile: TypeProfile, city: City): string {
  if (city.stateOrProvinceCode === 'QC' && rng.chance(0.4)) {
    const word = rng.pick(FRENCH_WORDS);
    return rng.pick([`Spa ${word}`, `Le Spa ${word}`, `${word} Spa Nordique`, `Centre ${word}`]);
  }
  const ending = rng.pick(profile.nameEndings);
  // A pair already carries '&': 'Salt & Stone Spa', not 'Salt & Stone Resort & Spa'.
  const plainEnding = ending.includes('&') ? ending.split(' & ')[1]! : ending;
  const word = rng.pick(NAME_WORDS);
  const pattern = rng.weighted([
    ['word', 38],
    ['the', 12],
    ['number', 8],
    ['pair', 12],
    ['person', 10],
    ['city', 8],
    ['landform', 12],
  ] as const);
  switch (pattern) {
    case 'word':
      return `${word} ${ending}`;
    case 'the':
      return type === 'Stay Spa'
        ? `The Spa at ${word} ${rng.pick(LANDFORMS)}`
        : `The ${word} ${rng.pick(['Room', 'House', 'Studio', 'Loft', 'Collective'])}`;
    case 'number':
      return `${rng.pick(NAME_NUMBERS)} ${rng.pick(PLURAL_NOUNS)} ${rng.chance(0.4) ? 'Wellness' : ending}`;
    case 'pair': {
      const [first, second] = rng.sample(PAIR_WORDS, 2);
      return `${first} & ${second} ${plainEnding}`;
    }
    case 'person':
      return rng.chance(0.6)
        ? `${rng.pick(FIRST_NAMES)}'s ${ending}`
        : `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)} ${ending}`;
    case 'city':
      return city.name.length <= 12 && !city.name.includes('-')
        ? `${city.name} ${ending}`
        : `${word} ${ending}`;
    case 'landform':
      return `${word} ${rng.pick(LANDFORMS)} ${ending}`;
  }
}

/** Lower-case letters and digits only ('Salt & Stone Spa' -> 'saltstonespa'), for domains and handles. */
function compact(text: string, separator = ''): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/ /g, separator);
}

// --- where ----------------------------------------------------------------------------------------

interface SitePoint {
  latitude: number;
  longitude: number;
  postalCode: string;
}

/**
 * A point a few miles from the city centre (more in big cities), with its postal code. A point
 * much further from every postal centroid than the centre itself is is likely in a lake or the
 * sea (Chicago, Miami, Vancouver), so it is drawn again.
 */
function placeNear(rng: Random, city: City, context: Context): SitePoint {
  const radius =
    city.population > 1_000_000 ? 8 : city.population > 250_000 ? 6 : city.population > 50_000 ? 4 : 2;
  let reach = context.postalReach.get(city);
  if (reach === undefined) {
    reach =
      nearestPostal(city.latitude, city.longitude, city.countryCode, city.stateOrProvinceCode)?.miles ??
      Infinity;
    context.postalReach.set(city, reach);
  }
  for (let attempt = 0; attempt < 6; attempt++) {
    const miles = attempt < 5 ? radius * Math.sqrt(rng.next()) : rng.between(0, 0.3);
    const angle = rng.between(0, 2 * Math.PI);
    const latitude = city.latitude + (miles * Math.cos(angle)) / MILES_PER_DEGREE_LAT;
    const longitude =
      city.longitude +
      (miles * Math.sin(angle)) / (MILES_PER_DEGREE_LAT * Math.cos((latitude * Math.PI) / 180));
    const postal = nearestPostal(latitude, longitude, city.countryCode, city.stateOrProvinceCode);
    if (attempt < 5 && postal && postal.miles > Math.max(2, reach + 1)) continue;
    const code =
      postal?.code ?? nearestPostal(latitude, longitude, city.countryCode, undefined, 300)?.code ?? '';
    return {
      latitude: round(latitude, 5),
      longitude: round(longitude, 5),
      postalCode: city.countryCode === 'CA' && code ? `${code} ${canadianLocalCode(rng)}` : code,
    };
  }
  throw new Error('unreachable');
}

/** The last three characters of a Canadian postal code: digit, letter, digit. */
function canadianLocalCode(rng: Random): string {
  // Canada Post never uses D, F, I, O, Q or U.
  return `${rng.int(0, 9)}${rng.chars('ABCEGHJKLMNPRSTVWXYZ', 1)}${rng.int(0, 9)}`;
}

function streetAddress(rng: Random, city: City): string {
  const number = city.population > 50_000 ? rng.int(100, 9899) : rng.int(1, 2999);
  if (city.stateOrProvinceCode === 'QC') return `${number} ${rng.pick(QUEBEC_STREETS)}`;
  const nth = rng.int(1, 40);
  const street = rng.chance(0.15) ? `${nth}${ordinal(nth)}` : rng.pick(STREET_NAMES);
  return `${number} ${street} ${rng.weighted(STREET_SUFFIXES)}`;
}

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return 'th';
  return ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
}

function phoneNumber(rng: Random, region: string): Listing['phone'] {
  // 555 numbers: plausible-looking, and never someone's real line.
  const area = rng.pick(AREA_CODES[region] ?? [555]);
  const countryCode = CANADIAN.has(region) ? 'CA' : 'US';
  return { number: `(${area}) 555-${String(rng.int(0, 9999)).padStart(4, '0')}`, countryCode };
}

const CANADIAN = new Set(['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT']);

function websiteUrl(rng: Random, domain: string, path: string): string {
  // Some without a scheme: the spec's rule prefixes those with http://.
  const form = rng.weighted([
    ['https://www.', 65],
    ['https://', 10],
    ['http://www.', 10],
    ['www.', 15],
  ] as const);
  return `${form}${domain}${path}`;
}

function scheduleUrl(rng: Random, domain: string, path: string): string {
  if (path) return `https://www.${domain}${path}/book`;
  return rng.chance(0.5) ? `https://book.${domain}` : `https://www.${domain}/book-online`;
}

function contactPerson(rng: Random, region: string): ContactPerson {
  return {
    firstName: rng.pick(FIRST_NAMES),
    lastName: rng.pick(LAST_NAMES),
    position: rng.pick(['Owner', 'Spa Director', 'General Manager', 'Studio Manager', 'Front Desk Lead']),
    phone: phoneNumber(rng, region).number,
  };
}

// --- what they offer ------------------------------------------------------------------------------

/** The primary category of each type first (a yoga studio offers Yoga Classes), then extras. */
function buildServices(rng: Random, profiles: TypeProfile[]): ServiceGroup[] {
  const categories: ServiceCategory[] = [];
  for (const profile of profiles) if (!categories.includes(profile.primary)) categories.push(profile.primary);
  const extras = [...new Set(profiles.flatMap((profile) => profile.secondary))].filter(
    (category) => !categories.includes(category),
  );
  const wanted = Math.max(categories.length, rng.weighted(CATEGORY_COUNTS));
  categories.push(...rng.sample(extras, wanted - categories.length));
  return categories.map((category) => {
    const all = SERVICE_CATALOG[category];
    const options = rng.sample(all, rng.int(1, Math.min(4, all.length)));
    return {
      category,
      options,
      categorySearch: category.toLowerCase(),
      optionsSearch: options.map((option) => option.toLowerCase()),
    };
  });
}

const CATEGORY_COUNTS = [
  [2, 20],
  [3, 30],
  [4, 25],
  [5, 15],
  [6, 10],
] as const;

const IMAGE_COUNTS = [
  [0, 8],
  [1, 8],
  [2, 10],
  [3, 14],
  [4, 16],
  [5, 15],
  [6, 12],
  [7, 9],
  [8, 8],
] as const;

const IMAGE_NUMBERS = Array.from({ length: IMAGE_COUNT }, (_, i) => i + 1);

function buildImages(rng: Random, count: number, bannerName: string): Image[] {
  return rng.sample(IMAGE_NUMBERS, count).map((n) => {
    const url = `/media/spa-${n}.svg`;
    return { url, seoUrl: url, caption: `${IMAGE_CAPTIONS[n - 1]} at ${bannerName}` };
  });
}

function buildAmenities(rng: Random, isStay: boolean): Amenity[] {
  const types = rng.sample(Object.keys(AMENITIES), rng.int(1, 3));
  const amenities = types.map((offeringType) => ({
    offeringType,
    offerings: rng.sample(AMENITIES[offeringType]!, rng.int(2, 4)),
  }));
  if (isStay) amenities.push({ offeringType: 'Dining', offerings: rng.sample(STAY_DINING, rng.int(2, 4)) });
  return amenities;
}

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** Seven 'Day: 9:00 AM - 7:00 PM' lines in the type's rhythm; some closed on Sunday or Monday. */
function openingHours(rng: Random, profile: TypeProfile, isStay: boolean): string[] {
  const open = rng.pick(profile.hours.open);
  const close = rng.pick(profile.hours.close);
  const halfPast = rng.chance(0.2) ? 30 : 0;
  const mondayClosed = !isStay && rng.chance(0.08);
  const sundayClosed = rng.chance(profile.hours.sundayClosed);
  return DAYS.map((day) => {
    if ((day === 'Monday' && mondayClosed) || (day === 'Sunday' && sundayClosed)) return `${day}: Closed`;
    if (day === 'Saturday') return `${day}: ${clock(open + 1, 0)} - ${clock(close - 1, 0)}`;
    if (day === 'Sunday')
      return `${day}: ${clock(Math.max(open + 1, 10), 0)} - ${clock(Math.min(close - 2, 18), 0)}`;
    return `${day}: ${clock(open, halfPast)} - ${clock(close, 0)}`;
  });
}

function clock(hour: number, minute: number): string {
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

const VIDEO_ID = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** YouTube and Vimeo links of every accepted form, and a few the video rule must reject. */
function videoLinks(rng: Random): string[] {
  const count = rng.chance(0.75) ? 1 : 2;
  return Array.from({ length: count }, () => {
    const form = rng.weighted([
      ['watch', 35],
      ['short-link', 20],
      ['shorts', 15],
      ['vimeo', 20],
      ['invalid', 10],
    ] as const);
    const id = rng.chars(VIDEO_ID, 11);
    switch (form) {
      case 'watch':
        return `https://www.youtube.com/watch?v=${id}`;
      case 'short-link':
        return `https://youtu.be/${id}`;
      case 'shorts':
        return `https://www.youtube.com/shorts/${id}`;
      case 'vimeo':
        return `https://vimeo.com/${rng.int(100_000_000, 999_999_999)}`;
      case 'invalid':
        return rng.pick([
          `https://www.dailymotion.com/video/x${rng.chars('abcdefghijklmnopqrstuvwxyz0123456789', 6)}`,
          'https://vimeo.com/channels/staffpicks',
          `https://www.youtube.com/watch?v=${id.slice(0, 6)}`,
          `https://www.facebook.com/watch/?v=${rng.int(1e14, 9e14)}`,
        ]);
    }
  });
}

function socialNetworks(rng: Random, handle: string): SocialNetwork[] {
  const count = rng.weighted([
    [0, 15],
    [1, 20],
    [2, 30],
    [3, 20],
    [4, 15],
  ] as const);
  const types: SocialNetworkType[] = ['facebook', 'instagram', 'twitter', 'pinterest', 'google'];
  return rng.sample(types, count).map((type) => ({ type, url: SOCIAL_URLS[type](handle) }));
}

const SOCIAL_URLS: Readonly<Record<SocialNetworkType, (handle: string) => string>> = {
  facebook: (h) => `https://www.facebook.com/${h}`,
  instagram: (h) => `https://www.instagram.com/${h}/`,
  twitter: (h) => `https://twitter.com/${h}`,
  pinterest: (h) => `https://www.pinterest.com/${h}/`,
  google: (h) => `https://g.page/${h}`,
  'google-plus': (h) => `https://plus.google.com/+${h}`,
};

function annualAwards(rng: Random, city: City, now: number): AnnualAward[] {
  const year = new Date(now).getUTCFullYear();
  const years = rng.sample([year - 1, year - 2, year - 3], rng.int(1, 2)).sort((a, b) => b - a);
  const destination = compact(`${city.name} ${city.stateOrProvinceCode}`, '-');
  return years.map((awardYear) => ({
    year: awardYear,
    awards: rng.sample(AWARD_NAMES, rng.int(1, 2)).map(([awardName, title]) => ({
      url: `/best-of/${destination}`,
      name: awardName,
      title: title.replace('{city}', city.name).replace('{state}', city.stateOrProvince),
    })),
  }));
}

function customAttributes(rng: Random, city: City): Record<string, string> {
  const attributes: Record<string, string> = {};
  if (rng.chance(0.5)) return attributes;
  for (const [key, values] of rng.sample(CUSTOM_ATTRIBUTES, rng.int(1, 3)))
    attributes[key] = rng.pick(values);
  if (rng.chance(0.3)) {
    attributes.languages =
      city.countryCode === 'CA' ? 'English, French' : rng.pick(['English, Spanish', 'English']);
  }
  return attributes;
}

// --- reviews --------------------------------------------------------------------------------------

/** 0-1200, most listings with a few dozen: log-uniform, with about one in eight unreviewed. */
function reviewCount(rng: Random): number {
  if (rng.chance(0.12)) return 0;
  return Math.min(1200, Math.floor(Math.exp(rng.next() * Math.log(1201))));
}

/** One decimal in 1.0-5.0, centred in the low 4s; few reviews scatter wider. */
function averageScore(rng: Random, reviews: number): number {
  const score = rng.normal(4.3, 0.3 + 1 / Math.sqrt(reviews));
  return round(Math.min(5, Math.max(1, score)), 1);
}

// --- texts ----------------------------------------------------------------------------------------

function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** 2-4 sentences that name the listing's services, so full-text search finds it by them. */
function businessDescription(
  rng: Random,
  name: string,
  profile: TypeProfile,
  city: City,
  services: ServiceGroup[],
  now: number,
): string {
  const where = `${city.name}, ${city.stateOrProvince}`;
  let opening: string;
  switch (rng.int(0, 2)) {
    case 0:
      opening = `${name} is ${profile.phrase} in ${where}.`;
      break;
    case 1:
      opening = `Located in ${where}, ${name} is ${profile.phrase} devoted to unhurried, personal care.`;
      break;
    default: {
      const since = new Date(now).getUTCFullYear() - rng.int(2, 25);
      opening = `Since ${since}, ${name} has welcomed guests to ${profile.phrase} in the heart of ${city.name}.`;
    }
  }
  const options = rng.sample(
    services.flatMap((group) => group.options),
    3,
  );
  const offer = rng.pick(['We offer', 'Our menu includes', 'Guests come to us for', 'Favorites include']);
  const sentences = [opening, `${offer} ${listText(options)}.`];
  if (rng.chance(0.7)) sentences.push(rng.pick(ABOUT_SENTENCES));
  if (rng.chance(0.5)) sentences.push(rng.pick(CLOSING_SENTENCES));
  return sentences.join(' ');
}

function servicesDescription(services: ServiceGroup[]): string {
  return services
    .slice(0, 3)
    .map((group) => `Our ${group.category.toLowerCase()} menu features ${listText(group.options)}.`)
    .join(' ');
}

function roomAndDining(rng: Random): string {
  const [first, second] = rng.sample(ACCOMMODATIONS, 2);
  const restaurant = `${rng.pick(RESTAURANT_WORDS)}`;
  return (
    `Stay in one of ${rng.int(12, 240)} rooms and suites, from the ${first} to the ${second}. ` +
    `${restaurant} serves seasonal spa cuisine from breakfast to dinner, with produce from local farms.`
  );
}

function facilityAndDining(rng: Random): string {
  const facilities = rng.sample(AMENITIES.Facilities!, 3).map((item) => item.toLowerCase());
  return (
    `The ${rng.int(4, 40)},000-square-foot spa has ${rng.int(6, 30)} treatment rooms, ${listText(facilities)}. ` +
    `Between treatments, guests take a light lunch at the ${rng.pick(STAY_DINING).toLowerCase()}.`
  );
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
