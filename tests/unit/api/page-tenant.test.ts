// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { pageTenant } from '../../../src/api/page-tenant';
import { builtInTenants, PAGE_TENANT_ID } from '../../../src/tenant';

/** Puts a data block as the server writes it (server/page-boot.ts) on the page. */
function carry(text: string, type = 'application/json') {
  const block = document.createElement('script');
  block.type = type;
  block.id = PAGE_TENANT_ID;
  block.textContent = text;
  document.head.append(block);
}

afterEach(() => document.getElementById(PAGE_TENANT_ID)?.remove());

describe('pageTenant', () => {
  const spa = builtInTenants.spa;

  it('gives the settings the page carries for its own API and that tenant', () => {
    carry(JSON.stringify(spa));
    expect(pageTenant('/api', 'spa')).toEqual(spa);
    expect(pageTenant(`${location.origin}/api/`, 'spa')).toEqual(spa);
  });

  it('gives nothing for another tenant, another API, a page without them or a broken block', () => {
    expect(pageTenant('/api', 'spa')).toBeUndefined();
    carry(JSON.stringify(spa));
    expect(pageTenant('/api', 'wellness')).toBeUndefined();
    expect(pageTenant('https://partner-proxy.example.com/api', 'spa')).toBeUndefined();
    document.getElementById(PAGE_TENANT_ID)!.remove();
    carry('{"name": "spa", ');
    expect(pageTenant('/api', 'spa')).toBeUndefined();
    document.getElementById(PAGE_TENANT_ID)!.remove();
    // A script that would run is not a data block.
    carry(JSON.stringify(spa), 'module');
    expect(pageTenant('/api', 'spa')).toBeUndefined();
  });
});
