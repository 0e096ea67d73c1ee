// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builtInTenants } from '../../../src/tenant';
import { PAGE_TENANT_ID } from '../../../src/tenant/page-block';
import { defineElement, useElement } from '../../../widgets/define';
import { askTenantEarly } from '../../../widgets/early-tenant';

function Probe() {
  const { tenant } = useElement();
  return <p className="probe">Hello from {tenant.brandName}</p>;
}
defineElement('wellspring-early-probe', Probe, {});

const OWN_ORIGIN = 'http://loader.test';
const fetchMock = vi.fn<typeof fetch>();
const asked = () =>
  fetchMock.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));

/** An element's tag as a partner's page has it before its code runs (not attached). */
function tag(attributes: Record<string, string>): Element {
  const element = document.createElement('div');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

function mount(attributes: Record<string, string>): HTMLElement {
  const element = document.createElement('wellspring-early-probe');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
}

/** The API answers every tenant; `down` requests fail first (the network, not the API). */
function answer({ down = 0 } = {}) {
  let failures = down;
  fetchMock.mockImplementation(async (input) => {
    if (failures-- > 0) throw new TypeError('Failed to fetch');
    const url = String(input instanceof Request ? input.url : input);
    const tenant = builtInTenants[url.split('/').pop() as keyof typeof builtInTenants];
    return tenant
      ? new Response(JSON.stringify(tenant), { headers: { 'content-type': 'application/json' } })
      : new Response(JSON.stringify({ error: 'Tenant not found' }), { status: 404 });
  });
}

beforeEach(() => {
  fetchMock.mockReset();
  answer();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

// Issue 16: on a partner's page the loader asks for an element's tenant settings while the
// element's code downloads (widgets/early-tenant.ts), a round trip before the element could.
describe("the loader's early tenant request", () => {
  it('asks once per endpoint and tenant, at the element’s API or the loader’s origin', () => {
    askTenantEarly(tag({ tenant: 'spa' }), OWN_ORIGIN);
    askTenantEarly(tag({ tenant: 'spa' }), OWN_ORIGIN);
    askTenantEarly(tag({ tenant: 'wellness' }), OWN_ORIGIN);
    askTenantEarly(tag({ tenant: 'spa', api: 'http://partner.test/api/' }), OWN_ORIGIN);
    expect(asked()).toEqual([
      `${OWN_ORIGIN}/api/tenants/spa`,
      `${OWN_ORIGIN}/api/tenants/wellness`,
      'http://partner.test/api/tenants/spa',
    ]);
  });

  it('asks nothing for a tag without a tenant: a script may set it as a property yet', () => {
    askTenantEarly(tag({ api: 'http://four.test/api' }), OWN_ORIGIN);
    askTenantEarly(tag({ api: 'http://four.test/api', tenant: '' }), OWN_ORIGIN);
    expect(asked()).toEqual([]);
  });

  it('asks nothing on a page that carries its tenant’s settings (the hosted site)', () => {
    const block = Object.assign(document.createElement('script'), {
      type: 'application/json',
      id: PAGE_TENANT_ID,
      textContent: JSON.stringify(builtInTenants.local),
    });
    document.head.append(block);
    try {
      askTenantEarly(tag({ tenant: 'local' }), 'http://hosted.test');
      expect(asked()).toEqual([]);
    } finally {
      block.remove();
    }
  });

  it('is the element’s own answer: it draws from it without asking again', async () => {
    const api = 'http://one.test/api';
    askTenantEarly(tag({ tenant: 'spa', api }), OWN_ORIGIN);
    const element = mount({ tenant: 'spa', api });
    await vi.waitFor(() =>
      expect(element.shadowRoot?.textContent).toContain(`Hello from ${builtInTenants.spa.brandName}`),
    );
    expect(asked()).toEqual([`${api}/tenants/spa`]);
  });

  it('failed, the element asks again its own way and draws', async () => {
    answer({ down: 1 });
    const api = 'http://two.test/api';
    askTenantEarly(tag({ tenant: 'local', api }), OWN_ORIGIN);
    const element = mount({ tenant: 'local', api });
    await vi.waitFor(() =>
      expect(element.shadowRoot?.textContent).toContain(`Hello from ${builtInTenants.local.brandName}`),
    );
    expect(asked()).toEqual([`${api}/tenants/local`, `${api}/tenants/local`]);
  });

  it('an unknown tenant: the element shows its error, from its own request', async () => {
    const api = 'http://three.test/api';
    askTenantEarly(tag({ tenant: 'nobody', api }), OWN_ORIGIN);
    const element = mount({ tenant: 'nobody', api });
    await vi.waitFor(() =>
      expect(element.shadowRoot?.textContent).toContain('This content could not be loaded right now.'),
    );
    expect(asked()[0]).toBe(`${api}/tenants/nobody`);
    expect(asked().length).toBeGreaterThan(1);
  });
});
