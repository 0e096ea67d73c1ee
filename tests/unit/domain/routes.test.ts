import { describe, expect, it } from 'vitest';
import {
  LEGACY_PAGE_SEGMENTS,
  PAGE_SEGMENTS,
  matchRoute,
  pageHeading,
  pageIdentity,
  scrollOnNavigate,
  showsFooter,
  showsHeader,
  skipLinkText,
  syncsSearchToUrl,
} from '../../../src/domain/routes';

describe('PAGE_SEGMENTS (spec 2.1)', () => {
  it('names the segments of the spec', () => {
    expect(PAGE_SEGMENTS.spa).toBe('spa-id');
    expect(PAGE_SEGMENTS.offer).toBe('offer-id');
    expect(PAGE_SEGMENTS.offerOld).toBe('offer-old');
    expect(PAGE_SEGMENTS.bestOf).toBe('best-of');
    expect(PAGE_SEGMENTS.notFound).toBe('not-found');
    expect(PAGE_SEGMENTS.buygiftcards).toBe('buy-gift-cards');
    expect(PAGE_SEGMENTS.contactUs).toBe('contactUs');
    expect(PAGE_SEGMENTS.specialOccasionsHolidays).toBe('special-occasions-holidays');
    expect(LEGACY_PAGE_SEGMENTS.buygiftcards).toEqual(['buygiftcards']);
    expect(LEGACY_PAGE_SEGMENTS.cardBalanceInquiry).toEqual([
      'card-balance-inquiry-vpln',
      'card-balance-inquiry-legacy',
    ]);
  });
});

describe('matchRoute (spec 2.2)', () => {
  it.each([
    ['/', 'home', {}],
    ['', 'home', {}],
    ['/search', 'search', {}],
    ['/search/', 'search', {}],
    ['/search?filters=abc', 'search', {}],
    ['/search/merchants', 'search', { kind: 'merchants' }],
    ['/search/merchants/12', 'search', { kind: 'merchants', id: '12' }],
    ['/search/offers/5', 'search', { kind: 'offers', id: '5' }],
    ['/site/glow-spa-42', 'spa', { id: 'glow-spa-42' }],
    ['/site/map/9001', 'spa', { oldId: '9001' }],
    ['/offer/spa-day-77', 'offer', { offer: 'spa-day-77' }],
    ['/offer/glow-spa/spa-day-77', 'offerOld', { spa: 'glow-spa', offer: 'spa-day-77' }],
    ['/best-of/austin-tx', 'bestOf', { destination: 'austin-tx' }],
    ['/buy-gift-cards', 'buygiftcards', {}],
    ['/buygiftcards', 'buygiftcards', {}],
    ['/404', 'notFound', {}],
    ['/about', 'about', {}],
    ['/aboutUs', 'aboutUs', {}],
    ['/pricing', 'pricing', {}],
    ['/partner', 'partner', {}],
    ['/contactUs', 'contactUs', {}],
    ['/join-the-network', 'joinTheNetwork', {}],
    ['/spa-etiquette', 'spaEtiquette', {}],
    ['/spa-etiquette-guide', 'spaEtiquetteGuide', {}],
    ['/ready-to-spa', 'readyToSpa', {}],
    ['/resorts-and-hotel-spas', 'resortsAndHotelSpas', {}],
    ['/special-occasions-holidays', 'specialOccasionsHolidays', {}],
    ['/elite', 'elite', {}],
    ['/admin', 'admin', {}],
    ['/widgets-offers-carousel', 'widgetsOffersCarousel', {}],
    ['/card-balance-inquiry', 'cardBalanceInquiry', { variant: '' }],
    ['/card-balance-inquiry-vpln', 'cardBalanceInquiry', { variant: 'vpln' }],
    ['/card-balance-inquiry-legacy', 'cardBalanceInquiry', { variant: 'legacy' }],
    ['/find', 'find', { path: '' }],
    ['/find/yoga-classes', 'find', { path: 'yoga-classes' }],
    ['/find/guides/yoga', 'find', { path: 'guides/yoga' }],
  ])('%s -> %s', (path, page, params) => {
    expect(matchRoute(path, 'site')).toEqual({ page, params });
  });

  it.each([
    '/nope',
    '/spa/glow-7', // not this tenant's listing route
    '/site',
    '/site/a/b',
    '/site/map/abc',
    '/offer',
    '/offer/a/b/c',
    '/best-of',
    '/best-of/a/b',
    '/about/team',
    '/About',
    '/card-balance-inquiry-other',
    '/search/offers',
    '/search/other/1',
    '//search',
    '/site/%E0%A4%A',
    'search',
  ])('%s -> notFound', (path) => {
    expect(matchRoute(path, 'site')).toEqual({ page: 'notFound', params: {} });
  });

  it('uses the tenant listing route name', () => {
    expect(matchRoute('/spa/glow-7', 'spa')).toEqual({ page: 'spa', params: { id: 'glow-7' } });
    expect(matchRoute('/local/glow-7', 'local').page).toBe('spa');
    expect(matchRoute('/site/glow-7', 'local').page).toBe('notFound');
  });

  it('matches the purchase link of a tenant that does not sell online yet (spec 2.8)', () => {
    expect(matchRoute('/wellness-card-coming-soon', 'site')).toEqual({
      page: 'cardComingSoon',
      params: { product: 'wellness' },
    });
    expect(matchRoute('/-card-coming-soon', 'site').page).toBe('notFound');
    expect(matchRoute('/card-coming-soon/x', 'site').page).toBe('notFound');
  });

  it('decodes parameters', () => {
    expect(matchRoute('/best-of/montr%C3%A9al', 'site').params).toEqual({ destination: 'montréal' });
  });
});

describe('app shell (spec 2.4)', () => {
  it('skip link text', () => {
    expect(skipLinkText('search')).toBe('Skip to search filter');
    expect(skipLinkText('home')).toBe('Skip to main content');
  });

  it('hides the header on the widgets offers carousel page only', () => {
    expect(showsHeader('widgetsOffersCarousel')).toBe(false);
    expect(showsHeader('home')).toBe(true);
  });

  it('hides the footer on search and best-of', () => {
    expect(showsFooter('search')).toBe(false);
    expect(showsFooter('bestOf')).toBe(false);
    expect(showsFooter('spa')).toBe(true);
  });

  it('writes the search URL except on best-of pages', () => {
    expect(syncsSearchToUrl('bestOf')).toBe(false);
    expect(syncsSearchToUrl('search')).toBe(true);
  });
});

describe('scrollOnNavigate (spec 2.2)', () => {
  it('scrolls to a hash first', () => {
    expect(scrollOnNavigate({ page: 'search', hash: '#reviews' }, { left: 0, top: 50 })).toEqual({
      kind: 'hash',
      hash: '#reviews',
    });
  });

  it('keeps the position on the search route', () => {
    expect(scrollOnNavigate({ page: 'search' }, { left: 0, top: 50 })).toEqual({ kind: 'keep' });
  });

  it('restores the saved position, or goes to the top', () => {
    expect(scrollOnNavigate({ page: 'spa', hash: '' }, { left: 3, top: 900 })).toEqual({
      kind: 'position',
      left: 3,
      top: 900,
    });
    expect(scrollOnNavigate({ page: 'spa' }, null)).toEqual({ kind: 'position', left: 0, top: 0 });
  });
});

describe('pageIdentity', () => {
  const key = (path: string) => pageIdentity(matchRoute(path, 'spa'), path);

  it('is the same for an offer or a listing at any slug of its id', () => {
    expect(key('/offer/any-title-6185')).toBe(key('/offer/fifteen-off-mat-pilates-6185'));
    expect(key('/spa/fern-salon-14312')).toBe(key('/spa/fern-saloon-14312'));
  });

  it('tells apart other offers and listings, an old id, and every other page by its path', () => {
    expect(key('/offer/fifteen-off-mat-pilates-6185')).not.toBe(key('/offer/fifteen-off-mat-pilates-6186'));
    expect(key('/spa/fern-salon-14312')).not.toBe(key('/spa/fern-salon-14313'));
    expect(key('/offer/fifteen-off-mat-pilates-6185')).not.toBe(key('/spa/fern-salon-6185'));
    expect(key('/spa/map/14312')).toBe('/spa/map/14312');
    expect(key('/best-of/austin')).toBe('/best-of/austin');
    expect(key('/best-of/dallas')).not.toBe(key('/best-of/austin'));
  });
});

describe('pageHeading', () => {
  it("shows a tenant's SEO title without the brand it ends with (the header shows the brand)", () => {
    expect(pageHeading('Spas near you | SpaHaven', 'SpaHaven')).toBe('Spas near you');
    expect(pageHeading('Spas near you | SpaHaven Canada', 'SpaHaven Canada')).toBe('Spas near you');
    expect(pageHeading('Local wellness - Main Street Local', 'Main Street Local')).toBe('Local wellness');
    expect(pageHeading('Local wellness \u2014 Main Street Local', 'Main Street Local')).toBe(
      'Local wellness',
    );
  });

  it('keeps a title as written when the brand is part of its sentence or absent', () => {
    expect(pageHeading('Find a Wellness Card location near you', 'Wellspring Wellness')).toBe(
      'Find a Wellness Card location near you',
    );
    expect(pageHeading('Find a spa with SpaHaven', 'SpaHaven')).toBe('Find a spa with SpaHaven');
    expect(pageHeading('| SpaHaven', 'SpaHaven')).toBe('| SpaHaven');
    expect(pageHeading('Spas near you | SpaHaven', '')).toBe('Spas near you | SpaHaven');
  });
});
