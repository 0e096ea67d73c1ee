import { describe, expect, it } from 'vitest';
import {
  countryName,
  directionsUrl,
  hasCoordinates,
  isListingPageNotFound,
  listingAnchors,
  listingBreadcrumbs,
  listingMiniLinks,
} from '../../../src/domain/listing-page';
import { expandUsState } from '../../../src/domain/listing';
import type { Listing, Location } from '../../../src/domain/types';
import { location } from './listing-fixtures';

describe('directionsUrl (spec 2.5, 5)', () => {
  it('links from the start to the listing', () => {
    expect(directionsUrl({ latitude: 30.2672, longitude: -97.7431 }, 'Dallas, TX')).toBe(
      'https://www.google.com/maps/dir/?api=1&origin=Dallas%2C%20TX&destination=30.2672%2C-97.7431',
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

  it("opens the tenant's maps service from its template", () => {
    const osm =
      'https://www.openstreetmap.org/directions?engine=fossgis_osrm_car&from={origin}&to={destination}';
    expect(directionsUrl({ latitude: 45.5, longitude: -73.57 }, { lat: 45.4, lon: -73.6 }, osm)).toBe(
      'https://www.openstreetmap.org/directions?engine=fossgis_osrm_car&from=45.4%2C-73.6&to=45.5%2C-73.57',
    );
    expect(directionsUrl({ latitude: 45.5, longitude: -73.57 }, null, osm)).toBe(
      'https://www.openstreetmap.org/directions?engine=fossgis_osrm_car&to=45.5%2C-73.57',
    );
    const apple = 'https://maps.apple.com/?saddr={origin}&daddr={destination}';
    expect(directionsUrl({ latitude: 1, longitude: 2 }, 'Québec & Lévis', apple)).toBe(
      'https://maps.apple.com/?saddr=Qu%C3%A9bec%20%26%20L%C3%A9vis&daddr=1%2C2',
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

  it('cuts a long name at 15 characters at a space (spec 5), keeping it whole beside', () => {
    const long = { ...listing, name: 'Serenity Day Spa and Wellness' };
    expect(listingBreadcrumbs(long, { listingRouteName: 'site' }).at(-1)).toEqual({
      label: 'Serenity Day...',
      href: null,
      full: 'Serenity Day Spa and Wellness',
    });
    // The link to the listing still carries its whole name.
    expect(listingBreadcrumbs(long, { listingRouteName: 'site', offerId: 7 }).at(-2)).toEqual({
      label: 'Serenity Day...',
      href: '/site/serenity-day-spa-and-wellness-42',
      full: 'Serenity Day Spa and Wellness',
    });
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

  it("names the listings' countries as Intl.DisplayNames does, and others through it", () => {
    const intl = new Intl.DisplayNames('en', { type: 'region', fallback: 'code' });
    for (const code of ['US', 'CA', 'MX', 'GB', 'FR']) expect(countryName(code)).toBe(intl.of(code));
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
        href: 'https://www.google.com/maps/dir/?api=1&origin=Dallas%2C%20TX&destination=30.2672%2C-97.7431',
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
