import { describe, expect, it } from 'vitest';
import {
  TENANT_DEFAULTS,
  TenantConfigError,
  applyTenantDefaults,
  isTenantUrl,
  parseTenantConfig,
  safeParseTenantConfig,
  type TenantConfig,
} from '../../../src/tenant';

/** The error parseTenantConfig throws for `doc`. */
function errorOf(doc: unknown): TenantConfigError {
  try {
    parseTenantConfig(doc);
  } catch (error) {
    expect(error).toBeInstanceOf(TenantConfigError);
    return error as TenantConfigError;
  }
  throw new Error('expected the document to be rejected');
}

describe('a partial document gets the defaults', () => {
  const config: TenantConfig = parseTenantConfig({ name: 'acme' });

  it('global options of spec 9', () => {
    expect(config.options.global).toStrictEqual({
      showAds: true,
      sellOnline: true,
      showReviews: true,
      userProfile: true,
      showCardsDetails: true,
      scrollOffScreenOnTheHomePage: false,
    });
  });

  it('home: all enabled except partnersInfo', () => {
    const { partnersInfo, ...rest } = config.options.home;
    expect(partnersInfo).toBe(false);
    expect(Object.keys(rest).length).toBeGreaterThanOrEqual(12);
    for (const [key, value] of Object.entries(rest)) expect([key, value]).toEqual([key, true]);
    // The module kinds of spec 2.8 are all there.
    for (const kind of [
      'search',
      'brands',
      'offers',
      'social',
      'listings',
      'featured',
      'knowledge',
      'subscribe',
    ]) {
      expect(rest).toHaveProperty(kind, true);
    }
  });

  it('search options of spec 9', () => {
    expect(config.options.search).toStrictEqual({
      map: false,
      reset: true,
      rating: true,
      distance: true,
      location: true,
      listingTypes: true,
      services: false,
      businessTypes: false,
    });
  });

  it('single: all shown', () => {
    expect(Object.keys(config.options.single)).toEqual(
      expect.arrayContaining([
        'subHeader',
        'gallery',
        'offers',
        'about',
        'services',
        'dining',
        'reviews',
        'showSubscription',
      ]),
    );
    for (const [key, value] of Object.entries(config.options.single))
      expect([key, value]).toEqual([key, true]);
  });

  it('search-environment filters of spec 9', () => {
    expect(config.searchEnvironment.filtersOnSearch).toStrictEqual({
      listingTypes: false,
      businessTypes: true,
    });
  });

  it('theme colours of spec 9', () => {
    expect(config.theme.colors).toStrictEqual({
      primary: '#00838f',
      secondary: '#424242',
      accent: '#005059',
      error: '#FF5252',
      info: '#2196F3',
      success: '#4CAF50',
      warning: '#FFC107',
    });
    expect(config.theme.dark).toBe(false);
  });

  it('listing grid of spec 9, page size 24', () => {
    expect(config.listingGrid).toStrictEqual({
      adsFrequency: 9,
      featuredFrequency: 3,
      pushEventSearchListings: true,
      quantityFirstFeaturedElements: 3,
      pageSize: 24,
    });
  });

  it('embedded endpoints on our own server', () => {
    expect(config.endpoints.functions).toBe('/api');
    expect(config.endpoints.geoIp).toBe('/api/geo');
    expect(config.endpoints.imageResizer).toBe('/api/images');
    expect(config.endpoints.mapTiles).toBe('/api/tiles/{z}/{x}/{y}.png?tenant={tenant}');
    expect(config.endpoints.mapMaxNativeZoom).toBe(10);
    expect(config.endpoints.directions).toBe(
      'https://www.google.com/maps/dir/?api=1&origin={origin}&destination={destination}',
    );
    expect(config.endpoints.mapAttribution.map((credit) => credit.text)).toEqual([
      'Natural Earth',
      'U.S. Census Bureau',
      '© GeoNames (CC BY 4.0)',
    ]);
    // Every endpoint the pages call is ours; directions is a link the visitor opens elsewhere.
    for (const [key, value] of Object.entries(config.endpoints))
      if (typeof value === 'string' && key !== 'directions')
        expect([key, value.startsWith('/')]).toEqual([key, true]);
  });

  it('product additions: ALTCHA, no ad network, house promotions, local CORS origins, analytics', () => {
    expect(config.botCheck).toStrictEqual({ provider: 'altcha' });
    expect(config.adNetwork).toBeNull();
    expect(config.housePromotions.length).toBeGreaterThan(0);
    for (const promotion of config.housePromotions)
      expect(promotion.image).toMatch(/^\/media\/spa-\d+\.svg$/);
    expect(config.corsOrigins).toEqual(['http://localhost:*', 'http://127.0.0.1:*']);
    expect(config.analytics).toBe(true);
    expect(config.listingRouteName).toBe('spa');
  });

  it('brand texts follow the document brand', () => {
    const branded = parseTenantConfig({ name: 'acme', brandName: 'Acme Spas' });
    expect(branded.productName).toBe('Acme Spas Gift Card');
    expect(branded.titles.giftCardShopButtonName).toBe('Get a Acme Spas Gift Card');
    expect(branded.helperInfo.fullProjectName).toBe('Acme Spas');
    const own = parseTenantConfig({
      name: 'acme',
      brandName: 'Acme',
      titles: { giftCardShopButtonName: 'Shop' },
    });
    expect(own.titles.giftCardShopButtonName).toBe('Shop');
    expect(own.titles.purchaseText).toBe('Buy a Acme Gift Card');
  });
});

describe('merging', () => {
  it('a nested override keeps its siblings', () => {
    const config = parseTenantConfig({
      name: 'acme',
      options: { global: { showAds: false } },
      theme: { colors: { primary: '#123456' } },
    });
    expect(config.options.global.showAds).toBe(false);
    expect(config.options.global.sellOnline).toBe(true);
    expect(config.options.search.reset).toBe(true);
    expect(config.theme.colors.primary).toBe('#123456');
    expect(config.theme.colors.secondary).toBe('#424242');
  });

  it('arrays replace the default', () => {
    const config = parseTenantConfig({
      name: 'acme',
      searchEnvironment: { businessTypes: [{ title: 'A', value: 'a' }] },
    });
    expect(config.searchEnvironment.businessTypes).toEqual([{ title: 'A', value: 'a' }]);
  });

  it('does not change the document or the defaults', () => {
    const doc = { name: 'acme', options: { global: { showAds: false } } };
    const before = structuredClone(doc);
    const config = parseTenantConfig(doc);
    config.options.home.partnersInfo = true;
    expect(doc).toEqual(before);
    expect(TENANT_DEFAULTS.options.home.partnersInfo).toBe(false);
    expect(Object.isFrozen(TENANT_DEFAULTS.options.home)).toBe(true);
  });

  it('drops unknown keys and ignores __proto__', () => {
    const doc = JSON.parse(
      '{"name":"acme","extra":1,"__proto__":{"polluted":true},"options":{"__proto__":{"x":1}}}',
    );
    const config = parseTenantConfig(doc);
    expect(config).not.toHaveProperty('extra');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((config as unknown as Record<string, unknown>).polluted).toBeUndefined();
    // The zod-free merge (browser, built-ins) must not take the key either.
    const merged = applyTenantDefaults(doc) as Record<string, Record<string, unknown>>;
    expect(merged.polluted).toBeUndefined();
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(merged.options?.x).toBeUndefined();
  });
});

describe('rejections name the field', () => {
  it('a bad colour', () => {
    const error = errorOf({ name: 'acme', theme: { colors: { primary: 'teal' } } });
    expect(error.issues.map((issue) => issue.path)).toEqual(['theme.colors.primary']);
    expect(error.message).toContain('theme.colors.primary');
    expect(error.message).toContain('"teal"');
    expect(error.message).toContain('"acme"');
  });

  it.each(['#12345', '#ggg', '00838f', 'rgb(0,0,0)', ''])('colour %j', (color) => {
    expect(errorOf({ name: 'acme', theme: { colors: { accent: color } } }).issues[0]?.path).toBe(
      'theme.colors.accent',
    );
  });

  it('accepts #rgb and #rrggbb in any case', () => {
    const config = parseTenantConfig({
      name: 'acme',
      theme: { colors: { primary: '#ABC', accent: '#a1B2c3' } },
    });
    expect(config.theme.colors.primary).toBe('#ABC');
  });

  it('a bad URL', () => {
    const error = errorOf({ name: 'acme', endpoints: { functions: 'ftp://files.example.com/api' } });
    expect(error.issues.map((issue) => issue.path)).toEqual(['endpoints.functions']);
    expect(error.message).toMatch(/endpoints\.functions: must be an absolute http\(s\) URL/);
  });

  it.each([
    'api',
    'javascript:alert(1)',
    '//cdn.example.com/x',
    'https://',
    '/a b',
    'http://exa mple.com',
    '',
  ])('URL %j', (url) => {
    expect(isTenantUrl(url)).toBe(false);
    expect(errorOf({ name: 'acme', endpoints: { geoIp: url } }).issues[0]?.path).toBe('endpoints.geoIp');
  });

  it.each([
    '/api',
    '/',
    'https://api.example.com/v1?x=1',
    'http://127.0.0.1:8080/api',
    '/api/tiles/{z}/{x}/{y}.png',
  ])('accepts URL %j', (url) => {
    expect(isTenantUrl(url)).toBe(true);
  });

  it('URLs outside endpoints are checked too', () => {
    const error = errorOf({
      name: 'acme',
      icons: { titleImage: 'logo.svg' },
      housePromotions: [{ title: 't', text: 't', url: '/x', image: 'data:image/png;base64,AA' }],
    });
    expect(error.issues.map((issue) => issue.path).sort()).toEqual([
      'housePromotions[0].image',
      'icons.titleImage',
    ]);
  });

  it('a tile URL without the template parts', () => {
    expect(errorOf({ name: 'acme', endpoints: { mapTiles: '/tiles.png' } }).issues[0]?.path).toBe(
      'endpoints.mapTiles',
    );
  });

  it('a directions service without {destination}, or not on https', () => {
    for (const directions of [
      'https://maps.example/dir?from={origin}',
      'http://maps.example/dir?to={destination}',
      'javascript:alert(1)//{destination}',
      '/directions?to={destination}',
    ]) {
      expect(errorOf({ name: 'acme', endpoints: { directions } }).issues[0]?.path).toBe(
        'endpoints.directions',
      );
    }
  });

  it('a missing or bad name', () => {
    expect(errorOf({}).message).toContain('name: is required');
    expect(errorOf({ name: 'Acme Spas' }).issues[0]?.path).toBe('name');
  });

  it('a document that is not an object', () => {
    expect(errorOf('wellness').message).toContain('(document)');
    expect(errorOf(null).message).toContain('(document)');
  });

  it('reCAPTCHA or Turnstile without a site key', () => {
    expect(errorOf({ name: 'acme', botCheck: { provider: 'turnstile' } }).issues[0]?.path).toBe(
      'botCheck.siteKey',
    );
    expect(
      parseTenantConfig({ name: 'acme', botCheck: { provider: 'recaptcha', siteKey: 'k' } }).botCheck.siteKey,
    ).toBe('k');
  });

  it('other fields: country, currency, email, publisher, CORS origin, page size, array items', () => {
    const error = errorOf({
      name: 'acme',
      helperInfo: { country: 'usa', currency: 'usd', customerServiceEmail: 'nobody', publisherId: 0 },
      corsOrigins: ['https://partner.example.com/path'],
      listingGrid: { pageSize: 0 },
      searchEnvironment: { businessTypes: [{ title: 'Day Spa', value: '' }] },
    });
    expect(error.issues.map((issue) => issue.path).sort()).toEqual([
      'corsOrigins[0]',
      'helperInfo.country',
      'helperInfo.currency',
      'helperInfo.customerServiceEmail',
      'helperInfo.publisherId',
      'listingGrid.pageSize',
      'searchEnvironment.businessTypes[0].value',
    ]);
  });

  it('safeParseTenantConfig does not throw', () => {
    const result = safeParseTenantConfig({ name: 'acme', options: { search: { map: 'yes' } } });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues[0]?.path).toBe('options.search.map');
    expect(safeParseTenantConfig({ name: 'acme' }).success).toBe(true);
  });
});
