import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, routeClass } from '../../../server/rate-limits';

describe('routeClass', () => {
  it.each([
    ['GET', '/merchants', 'search'],
    ['GET', '/merchants/:id', 'search'],
    ['GET', '/merchants/map/:id', 'search'],
    ['HEAD', '/services', 'search'],
    ['GET', '/autocomplete', 'search'],
    ['GET', '/offers', 'search'],
    ['GET', '/offers/:id', 'search'],
    ['GET', '/geo', 'search'],
    ['GET', '/geo/:query', 'search'],
    ['GET', '/wordpress/menu', 'content'],
    ['GET', '/content/:keywords', 'content'],
    ['GET', '/tenants/:name', 'content'],
    ['GET', '/images', 'images'],
    ['GET', '/tiles/:z/:x/:y.png', 'images'],
    ['POST', '/contact', 'writes'],
    ['POST', '/merchants/:id/contact', 'writes'],
    ['POST', '/gift-cards/balance', 'writes'],
    ['POST', '/shareOfferByEmail', 'writes'],
  ] as const)('%s %s is %s', (method, url, expected) => {
    expect(routeClass(method, url)).toBe(expected);
  });

  it.each([
    ['GET', '/health'],
    ['GET', '/bot-check/challenge'],
    ['GET', '/outbox'],
    ['PATCH', '/admin/tenants/:name'],
    ['GET', '/admin/tenants'],
    ['OPTIONS', '/merchants'],
  ])('%s %s has no global limit', (method, url) => {
    expect(routeClass(method, url)).toBeNull();
  });

  it('counts a route of several methods by the POST among them', () => {
    expect(routeClass(['GET', 'POST'], '/merchants')).toBe('writes');
    expect(routeClass(['GET', 'HEAD'], '/images')).toBe('images');
  });

  it('leaves a real visitor room: 10 searches a second, 20 images a second', () => {
    expect(DEFAULT_RATE_LIMITS.search).toEqual({ max: 600, windowMs: 60_000 });
    expect(DEFAULT_RATE_LIMITS.images).toEqual({ max: 1200, windowMs: 60_000 });
  });
});
