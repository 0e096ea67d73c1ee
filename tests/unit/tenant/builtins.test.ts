import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROGRAMS, SPA_TYPES, WELLNESS_BRANDS } from '../../../src/domain/catalog';
import {
  DEFAULT_TENANT,
  TENANT_NAMES,
  builtInTenants,
  parseTenantConfig,
  resolveTenant,
  tenantForPublisher,
  type TenantConfig,
} from '../../../src/tenant';

const { wellness, spa, local } = builtInTenants;
const spaCanada = builtInTenants['spa-canada'];

afterEach(() => {
  vi.restoreAllMocks();
});

describe('built-in tenants', () => {
  it('are the four of the architecture, wellness by default', () => {
    expect(Object.keys(builtInTenants).sort()).toEqual(['local', 'spa', 'spa-canada', 'wellness']);
    expect([...TENANT_NAMES].sort()).toEqual(Object.keys(builtInTenants).sort());
    expect(DEFAULT_TENANT).toBe('wellness');
  });

  it.each(Object.entries(builtInTenants))('%s parses with the schema into itself', (name, config) => {
    expect(config.name).toBe(name);
    expect(parseTenantConfig(config)).toStrictEqual(config);
  });

  it('publisher ids and routes', () => {
    const summary = Object.values(builtInTenants).map((t) => [
      t.name,
      t.helperInfo.publisherId,
      t.listingRouteName,
    ]);
    expect(summary).toEqual([
      ['wellness', 13, 'site'],
      ['spa', 1, 'spa'],
      ['spa-canada', 1, 'spa'],
      ['local', 6, 'local'],
    ]);
  });

  it('wellness has the switches of the spec', () => {
    expect(wellness.options.global.sellOnline).toBe(false);
    expect(wellness.options.global.showAds).toBe(false);
    expect(wellness.options.global.showReviews).toBe(false);
    expect(wellness.options.single.showSubscription).toBe(false);
    expect(wellness.options.search.businessTypes).toBe(true);
    expect(wellness.options.search.rating).toBe(false);
    expect(wellness.options.search.map).toBe(false);
    // Left at the spec 9 defaults.
    expect(wellness.options.global.userProfile).toBe(true);
    expect(wellness.options.search.distance).toBe(true);
    expect(wellness.options.home.partnersInfo).toBe(false);
  });

  it('wellness sells the Wellness Card of its four brands', () => {
    expect(wellness.searchEnvironment.businessTypes).toEqual(
      WELLNESS_BRANDS.map((b) => ({ title: b, value: b })),
    );
    expect(wellness.searchEnvironment.businessTypes).toHaveLength(4);
    expect(wellness.helperInfo.includedPrograms).toEqual([PROGRAMS.wellness]);
    expect(wellness.helperInfo.country).toBe('US');
    expect(`GIVE THE ${wellness.productName.toUpperCase()}`).toBe('GIVE THE WELLNESS CARD');
    expect(wellness.componentsConfig.home.giftCardHero).toMatchObject({
      title: 'GIVE THE WELLNESS CARD',
      buttonText: 'on sale now!',
    });
    expect(wellness.componentsConfig.home.retailerAnnouncement?.inStore).toHaveLength(1);
    expect(wellness.componentsConfig.home.retailerAnnouncement?.online).toHaveLength(3);
    expect(wellness.componentsConfig.header).toMatchObject({ menu: true, subHeader: false });
    expect(wellness.endpoints.purchaseLink).toBe('/wellness-card-coming-soon');
    expect(wellness.listingGrid.pageSize).toBe(12);
  });

  it('spa is the US directory with map, blog, partner info, ads and reviews', () => {
    expect(spa.options.search.map).toBe(true);
    expect(spa.options.home.knowledge).toBe(true);
    expect(spa.options.home.partnersInfo).toBe(true);
    expect(spa.options.global.showAds).toBe(true);
    expect(spa.options.global.showReviews).toBe(true);
    expect(spa.searchEnvironment.businessTypes.map((t) => t.value)).toEqual([...SPA_TYPES]);
    expect(spa.helperInfo.includedPrograms).toEqual([PROGRAMS.spa]);
    expect(spa.helperInfo.country).toBe('US');
    expect(spa.listingGrid.pageSize).toBe(24);
  });

  it('spa-canada is the Canadian spa directory in CAD', () => {
    expect(spaCanada.helperInfo).toMatchObject({
      country: 'CA',
      currency: 'CAD',
      includedPrograms: [PROGRAMS.spa],
    });
    expect(spaCanada.options.search.map).toBe(true);
  });

  it('local is the local directory', () => {
    expect(local.helperInfo).toMatchObject({ country: 'US', includedPrograms: [PROGRAMS.local] });
  });

  it('have distinct brands, colours and copy', () => {
    const all = Object.values(builtInTenants);
    const distinct = (pick: (t: TenantConfig) => string) => new Set(all.map(pick)).size;
    expect(distinct((t) => t.brandName)).toBe(4);
    expect(distinct((t) => t.theme.colors.primary)).toBe(4);
    expect(distinct((t) => t.metaDataPages.homePage.title)).toBe(4);
    expect(distinct((t) => t.metaDataPages.searchPage.description)).toBe(4);
    expect(distinct((t) => t.titles.giftCardShopButtonName)).toBe(4);
  });

  it('call only our own server or example domains', () => {
    const urls: string[] = [];
    const walk = (value: unknown) => {
      if (typeof value === 'string' && /^https?:/.test(value)) urls.push(value);
      else if (value && typeof value === 'object') Object.values(value).forEach(walk);
    };
    for (const config of Object.values(builtInTenants)) {
      // The map credits are links a visitor may follow, not calls: they name the data's real sources.
      // The tag manager's URL is never called without a tracking id (checked below). The directions
      // service is a link the visitor opens, never called by the page.
      walk({
        ...config,
        endpoints: { ...config.endpoints, mapAttribution: [], directions: '' },
        tracking: { ...config.tracking, tagManagerUrl: '' },
      });
      expect(config.endpoints.functions).toBe('/api');
      expect(config.endpoints.mapTiles).toBe('/api/tiles/{z}/{x}/{y}.png?tenant={tenant}');
      expect(config.botCheck.provider).toBe('altcha');
      expect(config.adNetwork).toBeNull();
      expect(config.tracking.trackingId).toBe('');
    }
    for (const url of urls)
      expect(url).toMatch(/^https?:\/\/(localhost|127\.0\.0\.1|[a-z0-9.-]+\.example)(:|\/|$)/);
    const emails = Object.values(builtInTenants).map((t) => t.helperInfo.customerServiceEmail);
    for (const email of emails) expect(email).toMatch(/\.example$/);
  });

  it('are frozen', () => {
    expect(Object.isFrozen(wellness.options.global)).toBe(true);
    expect(() => {
      (wellness.options.global as { showAds: boolean }).showAds = true;
    }).toThrow(TypeError);
    expect(wellness.options.global.showAds).toBe(false);
  });
});

describe('resolveTenant', () => {
  it('returns the named tenant without a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(resolveTenant('spa')).toBe(spa);
    expect(resolveTenant('spa-canada')).toBe(spaCanada);
    expect(resolveTenant(' Local ')).toBe(local);
    expect(warn).not.toHaveBeenCalled();
  });

  it('gives the default tenant for no name, silently', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(resolveTenant(undefined)).toBe(wellness);
    expect(resolveTenant('')).toBe(wellness);
    expect(warn).not.toHaveBeenCalled();
  });

  it('falls back to wellness with a warning for an unknown name', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(resolveTenant('acme')).toBe(wellness);
    expect(resolveTenant('constructor')).toBe(wellness);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[0]?.[0])).toContain('"acme"');
    expect(String(warn.mock.calls[0]?.[0])).toContain('wellness');
  });
});

describe('tenantForPublisher', () => {
  it('finds the tenant of a publisher id', () => {
    expect(tenantForPublisher(13)).toBe(wellness);
    expect(tenantForPublisher(6)).toBe(local);
    expect(tenantForPublisher(1)).toBe(spa);
    expect(tenantForPublisher(1, [PROGRAMS.spa])).toBe(spa);
    expect(tenantForPublisher(13, [PROGRAMS.wellness])).toBe(wellness);
  });

  it('keeps to the publisher when the programs do not match', () => {
    expect(tenantForPublisher(6, [PROGRAMS.spa])).toBe(local);
  });

  it('is undefined for an unknown publisher', () => {
    expect(tenantForPublisher(999)).toBeUndefined();
    expect(tenantForPublisher(999, [PROGRAMS.spa])).toBeUndefined();
  });
});
