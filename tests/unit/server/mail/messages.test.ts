import { describe, expect, it } from 'vitest';
import { siteBase } from '../../../../server/mail/messages';
import { builtInTenants } from '../../../../src/tenant';

const spa = builtInTenants.spa;

describe('siteBase: where the links in a mail point', () => {
  it("uses the tenant's canonical endpoint when it is absolute, whatever the request says", () => {
    const tenant = { ...spa, endpoints: { ...spa.endpoints, canonical: 'https://spahaven.example' } };
    expect(siteBase(tenant, { host: 'evil.example', origin: 'https://evil.example' })).toBe(
      'https://spahaven.example',
    );
  });

  it('takes a local host name of this machine', () => {
    expect(siteBase(spa, { host: 'spa.localhost:8080' })).toBe('http://spa.localhost:8080');
    expect(siteBase(spa, { host: '127.0.0.1:8080' })).toBe('http://127.0.0.1:8080');
  });

  it('takes a host named in TENANT_HOSTS, and refuses any other', () => {
    const trusted = new Set(['spa.example.com']);
    expect(siteBase(spa, { host: 'spa.example.com' }, trusted)).toBe('http://spa.example.com');
    expect(() => siteBase(spa, { host: 'spa.example.org' }, trusted)).toThrow(/not a host of this site/);
  });

  it("links to the caller's origin only when this tenant lists it (a partner of another tenant is refused)", () => {
    const partner = 'https://partner.example';
    const withPartner = { ...spa, corsOrigins: [...spa.corsOrigins, partner] };
    const local = builtInTenants.local;
    expect(siteBase(withPartner, { host: '127.0.0.1:8080', origin: partner })).toBe(partner);
    expect(siteBase(local, { host: '127.0.0.1:8080', origin: partner })).toBe('http://127.0.0.1:8080');
  });
});
