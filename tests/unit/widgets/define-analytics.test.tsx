// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builtInTenants } from '../../../src/tenant';
import { defineElement, useElement } from '../../../widgets/define';

/** A feature that tracks an event of the catalogue when clicked, and fetches a missing listing. */
function Tracker() {
  const { track, api } = useElement();
  return (
    <>
      <button type="button" className="track" onClick={() => track({ event: 'reset_filter' })}>
        Reset
      </button>
      <button type="button" className="fail" onClick={() => void api.listing(404).catch(() => undefined)}>
        Load
      </button>
    </>
  );
}
defineElement('wellspring-tracker', Tracker, {});

const API = 'http://api.test/api';

function mount(attributes: Record<string, string>) {
  const element = document.createElement('wellspring-tracker');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
}
const button = (element: Element, name: string) =>
  element.shadowRoot!.querySelector<HTMLButtonElement>(`button.${name}`);

let analyticsOff = false;
beforeEach(() => {
  delete window.dataLayer;
  analyticsOff = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.endsWith('/merchants/404'))
        return new Response(JSON.stringify({ error: 'Listing not found!' }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        });
      const tenant = { ...builtInTenants.spa, analytics: !analyticsOff };
      return new Response(JSON.stringify(tenant), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('analytics of an element', () => {
  it("never touches the page's data layer unless asked, and always announces the event", async () => {
    const element = mount({ tenant: 'spa', api: API });
    const announced: unknown[] = [];
    document.addEventListener('wellspring-analytics', (event) => announced.push(event.detail), {
      once: true,
    });
    await vi.waitFor(() => expect(button(element, 'track')).not.toBeNull());
    button(element, 'track')!.click();
    expect(announced).toEqual([{ event: 'reset_filter', tenant: 'spa' }]);
    expect(window.dataLayer).toBeUndefined();
  });

  it('pushes to the data layer when the page asks with data-layer, until it withdraws', async () => {
    const element = mount({ tenant: 'spa', api: API, 'data-layer': '' });
    await vi.waitFor(() => expect(button(element, 'track')).not.toBeNull());
    button(element, 'track')!.click();
    expect(window.dataLayer).toEqual([{ event: 'reset_filter', tenant: 'spa' }]);
    element.setAttribute('data-layer', 'off');
    button(element, 'track')!.click();
    element.removeAttribute('data-layer');
    button(element, 'track')!.click();
    expect(window.dataLayer).toHaveLength(1);
  });

  it('pushes nothing for a tenant with analytics off, even when asked', async () => {
    analyticsOff = true;
    const element = mount({ tenant: 'spa', api: `${API}/off`, 'data-layer': '' });
    await vi.waitFor(() => expect(button(element, 'track')).not.toBeNull());
    button(element, 'track')!.click();
    expect(window.dataLayer).toBeUndefined();
  });

  it('tracks a failed /merchants response as a listing error (spec 7)', async () => {
    const element = mount({ tenant: 'spa', api: `${API}/fail`, 'data-layer': '' });
    await vi.waitFor(() => expect(button(element, 'fail')).not.toBeNull());
    button(element, 'fail')!.click();
    await vi.waitFor(() =>
      expect(window.dataLayer).toContainEqual({
        event: 'listing_error',
        kind: 'request_failed',
        status: 404,
        url: `${API}/fail/merchants/404`,
        tenant: 'spa',
      }),
    );
  });
});
