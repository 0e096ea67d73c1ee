// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builtInTenants } from '../../../src/tenant';
import { defineElement, useElement } from '../../../widgets/define';

/** A feature that asks the API for a listing. */
function Loader() {
  const { api } = useElement();
  return (
    <button type="button" onClick={() => void api.listing(7).catch(() => undefined)}>
      Load
    </button>
  );
}
defineElement('wellspring-functions-probe', Loader, {});

const requested: string[] = [];
beforeEach(() => {
  requested.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      requested.push(url);
      // The tenant's settings name a functions endpoint of its own.
      const tenant = {
        ...builtInTenants.spa,
        endpoints: { ...builtInTenants.spa.endpoints, functions: 'https://functions.example/v1' },
      };
      return new Response(JSON.stringify(url.includes('/tenants/') ? tenant : {}), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

async function load(attributes: Record<string, string>): Promise<string> {
  const element = document.createElement('wellspring-functions-probe');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  const button = () => element.shadowRoot!.querySelector('button');
  await vi.waitFor(() => expect(button()).not.toBeNull());
  button()!.click();
  await vi.waitFor(() => expect(requested.some((url) => url.includes('/merchants/7'))).toBe(true));
  return requested.find((url) => url.includes('/merchants/7'))!;
}

describe("an element's calls (spec 7: the HTTP base is the tenant's functions endpoint)", () => {
  it("go to the tenant's functions endpoint once its settings are known", async () => {
    expect(await load({ tenant: 'spa' })).toBe('https://functions.example/v1/merchants/7');
  });

  it("go to the partner's own api when the page sets one (their proxy)", async () => {
    expect(await load({ tenant: 'spa', api: 'https://partner.example/wellspring' })).toBe(
      'https://partner.example/wellspring/merchants/7',
    );
  });
});
