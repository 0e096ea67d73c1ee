import { describe, expect, it } from 'vitest';
import {
  applyKeywords,
  createSearchQuery,
  extendedListingsQueries,
  destinationName,
  firstSearchQuery,
  isFeaturedPromotion,
  isSearchAllowed,
  nextPageAction,
  promotionSearchQuery,
  resultIndex,
  resultsListName,
  retryWithoutLocation,
  searchCall,
  searchSkipReason,
  shouldFetchFeatured,
} from '../../../src/domain/search';
import {
  DEFAULT_DISTANCE,
  DISTANCE_OPTIONS,
  LISTING_TYPE_OPTIONS,
  RATING_OPTIONS,
  SORT_OPTIONS,
} from '../../../src/domain/constants';

describe('defaults and options (spec 2.7, 3, 9)', () => {
  it('starts a search at page 0, size 12, relevance, 50 miles', () => {
    const query = createSearchQuery();
    expect(query.page).toBe(0);
    expect(query.size).toBe(12);
    expect(query.sort).toBe('relevance');
    expect(query.distance).toBe(50);
    expect(query.sortTypes).toEqual(['relevance', 'distance', 'averageScore']);
    expect(query.filters).toEqual({});
  });

  it('overrides only what is given', () => {
    expect(createSearchQuery({ size: 24, location: 'Austin, TX' })).toMatchObject({
      size: 24,
      location: 'Austin, TX',
      page: 0,
    });
  });

  it('lists the options of the filters', () => {
    expect(SORT_OPTIONS.map((option) => option.value)).toEqual(['relevance', 'distance', 'averageScore']);
    expect(DISTANCE_OPTIONS.map((option) => option.value)).toEqual([50, 30, 15, 10]);
    expect(DISTANCE_OPTIONS[0]?.label).toBe('50 mile radius');
    expect(DEFAULT_DISTANCE).toBe(50);
    expect(RATING_OPTIONS).toEqual([
      { value: 0, label: 'Any' },
      { value: 3, label: '3 stars and up' },
      { value: 4, label: '4 stars and up' },
      { value: 5, label: '5 stars only the best' },
    ]);
    expect(LISTING_TYPE_OPTIONS).toEqual([
      { value: false, label: 'All Locations' },
      { value: true, label: 'Offers Only' },
    ]);
  });
});

describe('searchSkipReason (spec 5)', () => {
  const ready = { searchOrigin: 'Austin, TX', size: 12, location: 'Austin, TX' };

  it('runs with origin, size and location', () => {
    expect(searchSkipReason(ready)).toBeNull();
  });

  it('skips without a search origin or a size', () => {
    expect(searchSkipReason({ ...ready, searchOrigin: '' })).toBe('noSearchOrigin');
    expect(searchSkipReason({ ...ready, size: 0 })).toBe('noSize');
    expect(searchSkipReason({ location: 'x' })).toBe('noSearchOrigin');
  });

  it('needs a location except when not required (best-of pages)', () => {
    expect(searchSkipReason({ ...ready, location: '' })).toBe('noLocation');
    expect(searchSkipReason({ ...ready, location: '   ' })).toBe('noLocation');
    expect(searchSkipReason({ ...ready, location: '' }, { requireLocation: false })).toBeNull();
  });
});

describe('isSearchAllowed (spec 4)', () => {
  it('before results: only if size is not 0', () => {
    expect(isSearchAllowed({ page: 0, size: 12 }, null)).toBe(true);
    expect(isSearchAllowed({ page: 0, size: 0 }, null)).toBe(false);
  });

  it('with results: if size is 0 or the total exceeds size times page', () => {
    expect(isSearchAllowed({ page: 1, size: 12 }, { totalHits: 13 })).toBe(true);
    expect(isSearchAllowed({ page: 1, size: 12 }, { totalHits: 12 })).toBe(false);
    expect(isSearchAllowed({ page: 2, size: 12 }, { totalHits: 20 })).toBe(false);
    expect(isSearchAllowed({ page: 3, size: 0 }, { totalHits: 0 })).toBe(true);
  });
});

describe('nextPageAction (spec 4 paging)', () => {
  it('advances the page while pages remain, then loads extended listings', () => {
    expect(nextPageAction({ currentPage: 0, totalPages: 3 })).toBe('nextPage');
    expect(nextPageAction({ currentPage: 1, totalPages: 3 })).toBe('nextPage');
    expect(nextPageAction({ currentPage: 2, totalPages: 3 })).toBe('extendedListings');
    expect(nextPageAction({ currentPage: 0, totalPages: 0 })).toBe('extendedListings');
  });
});

describe('extendedListingsQueries (spec 4)', () => {
  const base = createSearchQuery({
    page: 3,
    location: 'Austin, TX',
    searchOrigin: 'Dallas, TX',
    filters: { averageScore: 4 },
  });

  it('tries the second sort type, then filters cleared, then the search origin as location', () => {
    const steps = extendedListingsQueries(base);
    expect(steps.map((step) => [step.sort, step.filters, step.location, step.page])).toEqual([
      ['distance', { averageScore: 4 }, 'Austin, TX', 0],
      ['distance', {}, 'Austin, TX', 0],
      ['distance', {}, 'Dallas, TX', 0],
    ]);
  });

  it('leaves out steps that change nothing', () => {
    const steps = extendedListingsQueries({
      ...base,
      sortTypes: ['relevance'],
      filters: {},
      location: 'Dallas, TX',
    });
    expect(steps).toEqual([]);
    const onlyOrigin = extendedListingsQueries({ ...base, sortTypes: ['relevance'], filters: {} });
    expect(onlyOrigin.map((step) => step.location)).toEqual(['Dallas, TX']);
  });

  it('does not change the query it is given', () => {
    extendedListingsQueries(base);
    expect(base.sort).toBe('relevance');
    expect(base.filters).toEqual({ averageScore: 4 });
  });
});

describe('applyKeywords (spec 4)', () => {
  const query = createSearchQuery({
    keywords: 'massage',
    page: 2,
    filters: {
      'services.options': ['Hot Stone Massage'],
      'services.category': ['Massages'],
      averageScore: 4,
    },
  });

  it('clears service options and category when the keywords change', () => {
    const next = applyKeywords(query, 'facial');
    expect(next.keywords).toBe('facial');
    expect(next.filters).toEqual({ averageScore: 4 });
    expect(next.page).toBe(0);
    expect(query.filters['services.options']).toEqual(['Hot Stone Massage']);
  });

  it('changes nothing for the same keywords', () => {
    expect(applyKeywords(query, 'massage')).toBe(query);
  });
});

describe('results', () => {
  it('index is (page+1)*size-size+position+1', () => {
    expect(resultIndex(0, 12, 0)).toBe(1);
    expect(resultIndex(0, 12, 11)).toBe(12);
    expect(resultIndex(1, 12, 0)).toBe(13);
    expect(resultIndex(2, 24, 3)).toBe(52);
  });

  it("list name is 'Listings {page name} Results'", () => {
    expect(resultsListName('Search')).toBe('Listings Search Results');
  });

  it('featured when the promotion type is Featured Merchant', () => {
    expect(isFeaturedPromotion('Featured Merchant')).toBe(true);
    expect(isFeaturedPromotion('Travel Destinations')).toBe(false);
    expect(isFeaturedPromotion(undefined)).toBe(false);
  });

  it('fetches featured listings only on the first page', () => {
    expect(shouldFetchFeatured(0)).toBe(true);
    expect(shouldFetchFeatured(1)).toBe(false);
  });
});

describe('travel and featured listings (spec 4, 7)', () => {
  it('searches by promotion type with includedPrograms and searchOrigin', () => {
    const query = promotionSearchQuery('featured', {
      location: 'Austin, TX',
      searchOrigin: 'Austin, TX',
      includedPrograms: ['SPA_NETWORK'],
    });
    expect(query.filters).toEqual({
      'promotions.promotionTypeName': 'Featured Merchant',
      includedPrograms: ['SPA_NETWORK'],
    });
    expect(query.location).toBe('Austin, TX');
    expect(query.searchOrigin).toBe('Austin, TX');
    expect(promotionSearchQuery('travel').filters).toEqual({
      'promotions.promotionTypeName': 'Travel Destinations',
    });
  });

  it('retries without the location when empty and a location was given', () => {
    const query = promotionSearchQuery('travel', { location: 'Austin, TX' });
    expect(retryWithoutLocation(query, { items: [] })?.location).toBe('');
    expect(retryWithoutLocation(query, { items: [1] })).toBeNull();
    expect(retryWithoutLocation({ ...query, location: '' }, { items: [] })).toBeNull();
  });
});

describe('firstSearchQuery (how a search element starts; the server carries its answers)', () => {
  it('takes the attributes, then the URL over them, searching from the country', () => {
    const query = firstSearchQuery(
      'US',
      { location: 'Dallas, TX', keywords: 'yoga' },
      '?location=Austin%2C+TX&distance=15',
    );
    expect(query).toMatchObject({
      location: 'Austin, TX',
      keywords: 'yoga',
      distance: 15,
      searchOrigin: 'United States',
    });
    expect(firstSearchQuery('CA', { location: 'Toronto, ON' })).toMatchObject({
      location: 'Toronto, ON',
      searchOrigin: 'Canada',
    });
  });

  it("searches a best-of page's destination as the place", () => {
    expect(firstSearchQuery('US', { bestOf: 'austin-tx', location: 'Dallas, TX' }).location).toBe(
      'Austin, TX',
    );
  });

  it('names a search by its API call, the same whatever order the URL gave its parameters', () => {
    const one = firstSearchQuery('US', {}, '?location=Austin%2C+TX&distance=15');
    const other = firstSearchQuery('US', {}, 'distance=15&location=Austin,%20TX');
    expect(searchCall(one)).toBe(searchCall(other));
    expect(searchCall(one)).toMatch(/^merchants\?.*location=Austin%2C\+TX.*distance=15/);
  });
});

describe('destinationName (best-of pages)', () => {
  it("reads a destination's slug as a place, its state or province code last", () => {
    expect(destinationName('austin-tx')).toBe('Austin, TX');
    expect(destinationName('new-york-ny')).toBe('New York, NY');
    expect(destinationName('toronto-on')).toBe('Toronto, ON');
    expect(destinationName('miami')).toBe('Miami');
    expect(destinationName('st-louis')).toBe('St Louis');
    expect(destinationName('ny')).toBe('Ny');
    expect(destinationName('')).toBe('');
  });
});
