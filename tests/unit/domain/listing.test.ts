import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  countryName,
  directionsUrl,
  expandUsState,
  formatPhoneNumber,
  hasCoordinates,
  isListingApproved,
  isListingPageNotFound,
  isVideoUrl,
  listingAnchors,
  listingBreadcrumbs,
  listingImages,
  listingMiniLinks,
  listingVideoEmbeds,
  normaliseListing,
  normaliseWebsite,
  parseHours,
  socialNetworkInfo,
  socialNetworksWithInfo,
  videoEmbedUrl,
} from '../../../src/domain/listing';
import type { Image, Listing, ListingCard, Location, SocialNetwork } from '../../../src/domain/types';

const location = (overrides: Partial<Location> = {}): Location => ({
  city: 'Austin',
  email: '',
  website: '',
  address1: '1 Main St',
  address2: '',
  latitude: 30.2672,
  longitude: -97.7431,
  postalCode: '78701',
  countryCode: 'US',
  coordinates: [],
  contactPerson: null,
  stateOrProvince: 'TX',
  stateOrProvinceCode: '',
  normalizedLocation: 'Austin, TX',
  ...overrides,
});

const card = (overrides: Partial<ListingCard> = {}): ListingCard => ({
  isAd: false,
  name: 'Glow Spa',
  phone: { number: '512 555 0100', countryCode: 'US' },
  score: 1,
  offers: [],
  images: [],
  website: 'glowspa.example',
  location: location(),
  distance: null,
  featured: false,
  listingId: 1,
  merchantId: 42,
  bannerName: 'Glow Spa',
  merchantUrl: '',
  businessTypes: [],
  cardTypes: [],
  totalReviews: 0,
  averageScore: 0,
  providerName: '',
  providerMerchantId: '',
  nonSearchable: false,
  subscriptionTier: 'Basic',
  includedPrograms: [],
  excludedPrograms: [],
  businessDescription: 'A calm place.',
  nonAcceptedPaymentTypes: [],
  ...overrides,
});

describe('isListingApproved (spec 4)', () => {
  it('counts only APPROVED, and a missing status as APPROVED', () => {
    expect(isListingApproved({ merchantListingStatus: 'APPROVED' })).toBe(true);
    expect(isListingApproved({})).toBe(true);
    expect(isListingApproved({ merchantListingStatus: null })).toBe(true);
    expect(isListingApproved({ merchantListingStatus: 'PENDING' })).toBe(false);
    expect(isListingApproved({ merchantListingStatus: 'SUSPENDED' })).toBe(false);
  });
});

describe('expandUsState (spec 3)', () => {
  it('turns a US two-letter state into its name and keeps the code', () => {
    expect(expandUsState(location({ stateOrProvince: 'TX' }))).toMatchObject({
      stateOrProvince: 'Texas',
      stateOrProvinceCode: 'TX',
    });
    expect(expandUsState(location({ stateOrProvince: 'ny' }))).toMatchObject({
      stateOrProvince: 'New York',
      stateOrProvinceCode: 'NY',
    });
  });

  it('leaves other countries, full names and unknown codes alone', () => {
    const canada = location({ countryCode: 'CA', stateOrProvince: 'ON' });
    expect(expandUsState(canada)).toEqual(canada);
    expect(expandUsState(location({ stateOrProvince: 'Texas' })).stateOrProvince).toBe('Texas');
    expect(expandUsState(location({ stateOrProvince: 'ZZ' })).stateOrProvince).toBe('ZZ');
  });
});

describe('formatPhoneNumber (spec 5)', () => {
  it('adds the dial prefix unless the country is US', () => {
    expect(formatPhoneNumber('20 7946 0958', 'GB')).toBe('+44 20 7946 0958');
    expect(formatPhoneNumber('416 555 0100', 'CA')).toBe('+1 416 555 0100');
    expect(formatPhoneNumber('512 555 0100', 'US')).toBe('512 555 0100');
    expect(formatPhoneNumber('512 555 0100', 'us')).toBe('512 555 0100');
  });

  it('does not prefix twice, nor without a known dial code', () => {
    expect(formatPhoneNumber('+44 20 7946 0958', 'GB')).toBe('+44 20 7946 0958');
    expect(formatPhoneNumber('123', 'XX')).toBe('123');
    expect(formatPhoneNumber('', 'GB')).toBe('');
  });
});

describe('normaliseWebsite (spec 5)', () => {
  it('prefixes http:// when there is no http(s) scheme', () => {
    expect(normaliseWebsite('glowspa.example')).toBe('http://glowspa.example');
    expect(normaliseWebsite('www.glowspa.example/path')).toBe('http://www.glowspa.example/path');
    expect(normaliseWebsite('//glowspa.example')).toBe('http://glowspa.example');
  });

  it('keeps http:// and https:// links and empty values', () => {
    expect(normaliseWebsite('https://glowspa.example')).toBe('https://glowspa.example');
    expect(normaliseWebsite('HTTP://glowspa.example')).toBe('HTTP://glowspa.example');
    expect(normaliseWebsite('')).toBe('');
  });
});

describe('normaliseListing', () => {
  it('applies the state, phone, website and status rules', () => {
    const raw = {
      ...card({
        phone: { number: '20 7946 0958', countryCode: '' },
        location: location({ countryCode: 'GB', stateOrProvince: 'London', website: 'glow.example' }),
      }),
      merchantListingStatus: undefined,
    };
    const listing = normaliseListing(raw);
    expect(listing.phone.number).toBe('+44 20 7946 0958');
    expect(listing.website).toBe('http://glowspa.example');
    expect(listing.location.website).toBe('http://glow.example');
    expect(listing.merchantListingStatus).toBe('APPROVED');
    expect(raw.phone.number).toBe('20 7946 0958');
  });

  it('expands a US state and keeps a US phone as it is', () => {
    const listing = normaliseListing(card());
    expect(listing.location.stateOrProvince).toBe('Texas');
    expect(listing.location.stateOrProvinceCode).toBe('TX');
    expect(listing.phone.number).toBe('512 555 0100');
  });

  it('keeps a given status', () => {
    expect(
      normaliseListing({ ...card(), merchantListingStatus: 'PENDING' as const }).merchantListingStatus,
    ).toBe('PENDING');
  });

  it('changes nothing when applied twice', () => {
    const countries = fc.constantFrom('US', 'CA', 'GB', 'FR', 'XX', '');
    fc.assert(
      fc.property(
        countries,
        fc.string({ maxLength: 12 }),
        fc.string({ maxLength: 20 }),
        (country, number, website) => {
          const once = normaliseListing(
            card({
              phone: { number, countryCode: country },
              website,
              location: location({ countryCode: country }),
            }),
          );
          expect(normaliseListing(once)).toEqual(once);
        },
      ),
    );
  });
});

describe('videoEmbedUrl (spec 5)', () => {
  const id = 'dQw4w9WgXcQ';
  const youtubeEmbed = `https://www.youtube.com/embed/${id}?autoplay=0`;

  it.each([
    `https://www.youtube.com/watch?v=${id}`,
    `https://youtube.com/watch?feature=share&v=${id}&t=10`,
    `https://m.youtube.com/watch?v=${id}`,
    `youtube.com/watch?v=${id}`,
    `https://youtu.be/${id}`,
    `https://youtu.be/${id}?t=5`,
    `https://www.youtube.com/embed/${id}`,
    `https://www.youtube.com/shorts/${id}`,
    `https://youtube.com/shorts/${id}?feature=share`,
  ])('accepts YouTube %s', (url) => {
    expect(videoEmbedUrl(url)).toBe(youtubeEmbed);
  });

  it.each([
    ['https://vimeo.com/123456', '123456'],
    ['https://vimeo.com/12345678901', '12345678901'],
    ['https://www.vimeo.com/76979871', '76979871'],
    ['https://player.vimeo.com/video/76979871', '76979871'],
    ['https://vimeo.com/channels/staffpicks/76979871', '76979871'],
  ])('accepts Vimeo %s', (url, vimeoId) => {
    expect(videoEmbedUrl(url)).toBe(`https://player.vimeo.com/video/${vimeoId}`);
  });

  it.each([
    ['a 5-digit Vimeo id', 'https://vimeo.com/12345'],
    ['a 12-digit Vimeo id', 'https://vimeo.com/123456789012'],
    ['a Vimeo page that is not a video', 'https://vimeo.com/about'],
    ['a 10-character YouTube id', 'https://youtu.be/dQw4w9WgXc'],
    ['a 12-character YouTube id', 'https://www.youtube.com/shorts/dQw4w9WgXcQQ'],
    ['a YouTube watch link without v', 'https://www.youtube.com/watch?list=abc'],
    ['a YouTube channel', 'https://www.youtube.com/c/somechannel'],
    ['another host with a YouTube path', `https://example.com/youtube.com/watch?v=${id}`],
    ['a look-alike host', `https://notyoutube.com/watch?v=${id}`],
    ['another video host', 'https://www.dailymotion.com/video/x7tgad0'],
    ['a javascript URL', `javascript:alert('youtu.be/${id}')`],
    ['text', 'not a link'],
    ['nothing', ''],
  ])('rejects %s', (_label, url) => {
    expect(videoEmbedUrl(url)).toBeNull();
    expect(isVideoUrl(url)).toBe(false);
  });

  it('embeds the video links of a listing once each, dropping others', () => {
    expect(
      listingVideoEmbeds([
        `https://youtu.be/${id}`,
        'https://example.com/x',
        `https://www.youtube.com/watch?v=${id}`,
      ]),
    ).toEqual([youtubeEmbed]);
  });
});

describe('social networks (spec 3)', () => {
  it.each([
    ['facebook', 'Facebook'],
    ['instagram', 'Instagram'],
    ['google', 'Google'],
    ['google-plus', 'Google+'],
    ['twitter', 'Twitter'],
    ['pinterest', 'Pinterest'],
  ])('%s has an icon and a name', (type, name) => {
    expect(socialNetworkInfo(type)).toEqual({ icon: `mdi-${type}`, name });
  });

  it('knows no other network', () => {
    expect(socialNetworkInfo('myspace')).toBeNull();
    expect(socialNetworkInfo('constructor')).toBeNull();
  });

  it('adds icon and name, drops unknown types and empty URLs', () => {
    const networks = [
      { url: 'facebook.com/glow', type: 'facebook' },
      { url: '', type: 'twitter' },
      { url: 'https://myspace.com/glow', type: 'myspace' },
    ] as unknown as SocialNetwork[];
    expect(socialNetworksWithInfo(networks)).toEqual([
      { url: 'http://facebook.com/glow', type: 'facebook', icon: 'mdi-facebook', name: 'Facebook' },
    ]);
  });
});

describe('parseHours (spec 3)', () => {
  it("splits 'day: time' at the first colon", () => {
    expect(parseHours(['Monday: 9:00 AM - 7:00 PM', 'Sunday: Closed', '', 'By appointment'])).toEqual([
      { day: 'Monday', time: '9:00 AM - 7:00 PM' },
      { day: 'Sunday', time: 'Closed' },
      { day: '', time: 'By appointment' },
    ]);
  });
});

describe('directionsUrl (spec 2.5, 5)', () => {
  it('links from the start to the listing', () => {
    expect(directionsUrl({ latitude: 30.2672, longitude: -97.7431 }, 'Dallas, TX')).toBe(
      'https://www.google.com/maps/dir/?api=1&origin=Dallas%2C+TX&destination=30.2672%2C-97.7431',
    );
    expect(directionsUrl({ latitude: 30.2672, longitude: -97.7431 }, { lat: 32.78, lon: -96.8 })).toBe(
      'https://www.google.com/maps/dir/?api=1&origin=32.78%2C-96.8&destination=30.2672%2C-97.7431',
    );
  });

  it('leaves the origin out without a start', () => {
    expect(directionsUrl({ latitude: 1, longitude: 2 })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=1%2C2',
    );
  });

  it('needs both latitude and longitude, and 0 counts as one', () => {
    expect(directionsUrl({ latitude: 30 } as Location)).toBeNull();
    expect(directionsUrl({ longitude: -97 } as Location)).toBeNull();
    expect(directionsUrl({ latitude: Number.NaN, longitude: 1 })).toBeNull();
    expect(directionsUrl(null)).toBeNull();
    expect(hasCoordinates({ latitude: 0, longitude: 0 })).toBe(true);
    expect(directionsUrl({ latitude: 0, longitude: 0 })).toContain('destination=0%2C0');
  });
});

describe('listingAnchors (spec 2.5)', () => {
  const full: Partial<Listing> = {
    images: [{ url: 'a', seoUrl: '', caption: '' }],
    offers: [{} as never],
    businessDescription: 'Calm.',
    merchantListingStatus: 'APPROVED',
    services: [{ category: 'Massages', options: [], categorySearch: '', optionsSearch: [] }],
    activities: ['Pool'],
  };
  const tenant = { subHeader: true, showReviews: true };

  it('lists every anchor with data, in page order', () => {
    expect(listingAnchors(full, tenant).map((anchor) => anchor.label)).toEqual([
      'GALLERY',
      'OFFERS',
      'ABOUT US',
      'SERVICES',
      'DINING',
      'REVIEWS',
    ]);
  });

  it('shows none without the sub-header', () => {
    expect(listingAnchors(full, { subHeader: false, showReviews: true })).toEqual([]);
  });

  it('needs data for each anchor, approval for ABOUT US, the tenant flag for REVIEWS', () => {
    expect(listingAnchors({}, { subHeader: true, showReviews: false })).toEqual([]);
    expect(listingAnchors({}, tenant).map((a) => a.label)).toEqual(['REVIEWS']);
    expect(
      listingAnchors({ ...full, merchantListingStatus: 'PENDING' }, tenant).map((a) => a.label),
    ).not.toContain('ABOUT US');
    expect(listingAnchors({ businessDescription: '  ' }, tenant).map((a) => a.label)).not.toContain(
      'ABOUT US',
    );
  });

  it('shows DINING for activities, accommodations or a dining description', () => {
    const dining = (data: Partial<Listing>) => listingAnchors(data, tenant).some((a) => a.id === 'dining');
    expect(dining({ activities: ['Pool'] })).toBe(true);
    expect(dining({ accommodations: ['Suite'] })).toBe(true);
    expect(dining({ roomAndDiningDescription: 'Farm to table.' })).toBe(true);
    expect(dining({ activities: [], accommodations: [], roomAndDiningDescription: '' })).toBe(false);
  });
});

describe('listingBreadcrumbs (spec 2.5)', () => {
  const listing = { name: '100 Spa', merchantId: 42, location: expandUsState(location()) };

  it('runs country, state, city, name', () => {
    const crumbs = listingBreadcrumbs(listing, { listingRouteName: 'site' });
    expect(crumbs.map((crumb) => crumb.label)).toEqual(['United States', 'Texas', 'Austin', '100 Spa']);
    expect(crumbs[0]?.href).toBe('/search?location=United+States');
    expect(crumbs[2]?.href).toBe('/search?location=Austin%2C+TX');
    expect(crumbs[3]?.href).toBeNull();
  });

  it("adds 'Offer #{id}' on the offer page and links the name to the listing", () => {
    const crumbs = listingBreadcrumbs(listing, { listingRouteName: 'site', offerId: 77 });
    expect(crumbs.slice(-2)).toEqual([
      { label: '100 Spa', href: '/site/one-hundred-spa-42' },
      { label: 'Offer #77', href: null },
    ]);
  });

  it('leaves out missing parts', () => {
    const crumbs = listingBreadcrumbs(
      { name: 'Glow', merchantId: 1, location: { countryCode: 'CA', stateOrProvince: '', city: 'Toronto' } },
      { listingRouteName: 'spa' },
    );
    expect(crumbs.map((crumb) => crumb.label)).toEqual(['Canada', 'Toronto', 'Glow']);
  });

  it('names countries', () => {
    expect(countryName('US')).toBe('United States');
    expect(countryName('ca')).toBe('Canada');
    expect(countryName('')).toBe('');
  });
});

describe('listingMiniLinks (spec 2.5)', () => {
  const listing: Partial<Listing> = {
    location: location(),
    merchantListingStatus: 'APPROVED',
    scheduleLink: 'book.example/glow',
    scheduleValid: true,
  };

  it('shows directions, contact and booking when each applies', () => {
    expect(listingMiniLinks(listing, 'Dallas, TX')).toEqual([
      {
        kind: 'directions',
        label: 'Get Directions',
        href: 'https://www.google.com/maps/dir/?api=1&origin=Dallas%2C+TX&destination=30.2672%2C-97.7431',
      },
      { kind: 'contact', label: 'Contact Spa' },
      { kind: 'book', label: 'Book Your Appointment', href: 'http://book.example/glow' },
    ]);
  });

  it('hides each link without its condition', () => {
    const kinds = (data: Partial<Listing>) => listingMiniLinks(data).map((link) => link.kind);
    expect(
      kinds({ ...listing, location: location({ latitude: undefined as unknown as number }) }),
    ).not.toContain('directions');
    expect(kinds({ ...listing, merchantListingStatus: 'SUSPENDED' })).not.toContain('contact');
    expect(kinds({ ...listing, scheduleValid: false })).not.toContain('book');
    expect(kinds({ ...listing, scheduleLink: '' })).not.toContain('book');
  });
});

describe('isListingPageNotFound (spec 5)', () => {
  it("tracks a listing lacking a name or description as 'Page Not Found'", () => {
    expect(isListingPageNotFound({ name: 'Glow', businessDescription: 'Calm.' })).toBe(false);
    expect(isListingPageNotFound({ name: '', businessDescription: 'Calm.' })).toBe(true);
    expect(isListingPageNotFound({ name: 'Glow', businessDescription: '' })).toBe(true);
    expect(isListingPageNotFound({ name: 'Glow' })).toBe(true);
    expect(isListingPageNotFound(null)).toBe(true);
  });
});

describe('listingImages (spec 2.5)', () => {
  it('shows up to 5 images', () => {
    const images: Image[] = Array.from({ length: 7 }, (_, i) => ({ url: `${i}`, seoUrl: '', caption: '' }));
    expect(listingImages(images).map((image) => image.url)).toEqual(['0', '1', '2', '3', '4']);
    expect(listingImages(images.slice(0, 2))).toHaveLength(2);
    expect(listingImages(undefined)).toEqual([]);
  });
});
