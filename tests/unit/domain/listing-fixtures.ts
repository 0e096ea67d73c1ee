import type { Location } from '../../../src/domain/types';

/** A listing's location in Austin, TX, as the listing tests start from. */
export const location = (overrides: Partial<Location> = {}): Location => ({
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
