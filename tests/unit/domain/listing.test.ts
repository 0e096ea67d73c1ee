import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  expandUsState,
  formatPhoneNumber,
  isListingApproved,
  normaliseListing,
  normaliseWebsite,
} from '../../../src/domain/listing';
import type { ListingCard } from '../../../src/domain/types';
import { location } from './listing-fixtures';

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
