import { describe, expect, it } from 'vitest';
import { judgeOrigin, listsOrigin } from '../../../server/cors';
import { builtInTenants, withTenantDefaults, type TenantConfig } from '../../../src/tenant';

const tenant = (name: string, corsOrigins: string[]): TenantConfig =>
  withTenantDefaults({ name, corsOrigins });
const spa = tenant('spa', ['https://partner.example.com', 'http://127.0.0.1:*']);
const local = tenant('local', ['https://main-street.example']);
const tenants = [spa, local];
const context = { host: 'api.wellspring.example', ownHosts: new Set<string>(), tenants };

describe('listsOrigin: a tenant corsOrigins entry', () => {
  it('matches an exact origin, ignoring the case of the host', () => {
    expect(listsOrigin(spa, 'https://partner.example.com')).toBe(true);
    expect(listsOrigin(spa, 'https://PARTNER.example.com')).toBe(true);
    expect(listsOrigin(spa, 'http://partner.example.com')).toBe(false);
    expect(listsOrigin(spa, 'https://partner.example.com.evil.example')).toBe(false);
    expect(listsOrigin(spa, 'https://partner.example.com:8443')).toBe(false);
  });

  it("takes ':*' as any port, and only a port", () => {
    expect(listsOrigin(spa, 'http://127.0.0.1:5173')).toBe(true);
    expect(listsOrigin(spa, 'http://127.0.0.1:80.evil.example')).toBe(false);
    expect(listsOrigin(spa, 'http://127.0.0.1')).toBe(false);
  });

  it('lets the built-in tenants call from local development servers', () => {
    expect(listsOrigin(builtInTenants.spa, 'http://localhost:5173')).toBe(true);
    expect(listsOrigin(builtInTenants.spa, 'https://evil.example')).toBe(false);
  });
});

describe('judgeOrigin: an Origin may call for the tenants that list it', () => {
  it('allows calls without an Origin (same-origin GETs, servers)', () => {
    expect(judgeOrigin(undefined, { ...context, named: local })).toBe('allowed');
  });

  it("allows a partner origin for its own tenant and refuses it for another tenant's", () => {
    expect(judgeOrigin('https://partner.example.com', { ...context, named: spa })).toBe('allowed');
    expect(judgeOrigin('https://partner.example.com', { ...context, named: local })).toBe('other-tenant');
    expect(judgeOrigin('https://main-street.example', { ...context, named: spa })).toBe('other-tenant');
  });

  it('allows a partner origin of some tenant when the call names none (a preflight)', () => {
    expect(judgeOrigin('https://partner.example.com', { ...context, named: undefined })).toBe('allowed');
    expect(judgeOrigin('https://main-street.example', { ...context, named: undefined })).toBe('allowed');
  });

  it('gives an origin no tenant lists no CORS, named tenant or not', () => {
    expect(judgeOrigin('https://evil.example', { ...context, named: spa })).toBe('unknown');
    expect(judgeOrigin('https://evil.example', { ...context, named: undefined })).toBe('unknown');
    expect(judgeOrigin('null', { ...context, named: undefined })).toBe('unknown');
  });

  it("always allows the site's own pages: the request's host, or a TENANT_HOSTS name", () => {
    expect(judgeOrigin('https://api.wellspring.example', { ...context, named: local })).toBe('allowed');
    expect(
      judgeOrigin('http://spa.localhost:8080', { ...context, host: 'spa.localhost:8080', named: local }),
    ).toBe('allowed');
    // Another port of the same name is another origin.
    expect(
      judgeOrigin('http://spa.localhost:9999', { ...context, host: 'spa.localhost:8080', named: local }),
    ).toBe('unknown');
    const ownHosts = new Set(['spa.wellspring.example']);
    expect(judgeOrigin('https://spa.wellspring.example', { ...context, ownHosts, named: local })).toBe(
      'allowed',
    );
  });
});
