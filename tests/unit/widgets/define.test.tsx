// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builtInTenants } from '../../../src/tenant';
import { defineElement, useElement } from '../../../widgets/define';

/** A tiny feature that shows what the platform hands it. */
function Probe({ greeting, loud }: { greeting?: string; loud?: boolean }) {
  const { tenant, emit } = useElement();
  return (
    <button
      type="button"
      className="probe"
      onClick={() => emit('wellspring-ready', { tenant: tenant.name, count: 1 })}
    >
      {loud ? (greeting ?? 'Hello').toUpperCase() : (greeting ?? 'Hello')} from {tenant.brandName}
    </button>
  );
}

defineElement('wellspring-probe', Probe, { greeting: 'string', loud: 'boolean' });

const API = 'http://api.test/api';
const fetchMock = vi.fn<typeof fetch>();

function mount(attributes: Record<string, string>) {
  const element = document.createElement('wellspring-probe');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
}

const text = (element: Element) => element.shadowRoot?.textContent ?? '';

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    const name = url.split('/').pop()!;
    const tenant = builtInTenants[name as keyof typeof builtInTenants];
    return tenant
      ? new Response(JSON.stringify(tenant), { headers: { 'content-type': 'application/json' } })
      : new Response(JSON.stringify({ error: 'down' }), { status: 503 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('defineElement', () => {
  it('renders the feature in an open shadow root with the tenant loaded from the API', async () => {
    const element = mount({ tenant: 'spa', api: API });
    expect(element.shadowRoot).not.toBeNull();
    await vi.waitFor(() => expect(text(element)).toContain(`Hello from ${builtInTenants.spa.brandName}`));
    expect(
      String(
        fetchMock.mock.calls[0]?.[0] instanceof Request
          ? fetchMock.mock.calls[0][0].url
          : fetchMock.mock.calls[0]?.[0],
      ),
    ).toBe(`${API}/tenants/spa`);
  });

  it('keeps its styles inside its own shadow root, with the tenant theme on :host', async () => {
    const element = mount({ tenant: 'spa', api: API });
    await vi.waitFor(() => expect(text(element)).toContain('Hello'));
    const styles = [...element.shadowRoot!.querySelectorAll('style')]
      .map((style) => style.textContent)
      .join('\n');
    expect(styles).toContain(':host');
    expect(styles.toLowerCase()).toContain(
      `--ws-primary: ${builtInTenants.spa.theme.colors.primary.toLowerCase()};`,
    );
    expect(document.head.querySelectorAll('style[data-emotion]')).toHaveLength(0);
  });

  it('fires wellspring-* events that bubble and cross the shadow boundary', async () => {
    const element = mount({ tenant: 'wellness', api: API });
    await vi.waitFor(() => expect(element.shadowRoot!.querySelector('.probe')).not.toBeNull());
    const received = new Promise<CustomEvent>((resolve) =>
      document.addEventListener('wellspring-ready', (event) => resolve(event as CustomEvent), { once: true }),
    );
    (element.shadowRoot!.querySelector('.probe') as HTMLButtonElement).click();
    const event = await received;
    expect(event.bubbles && event.composed).toBe(true);
    expect(event.detail).toEqual({ tenant: 'wellness', count: 1 });
  });

  it('restores the default when an attribute is removed', async () => {
    const element = mount({ tenant: 'wellness', api: API, greeting: 'Welcome' });
    await vi.waitFor(() => expect(text(element)).toContain('Welcome from'));
    element.removeAttribute('greeting');
    await vi.waitFor(() => expect(text(element)).toContain('Hello from'));
  });

  it('treats a bare boolean attribute as true, and its removal as the default', async () => {
    const element = mount({ tenant: 'wellness', api: API, loud: '' });
    await vi.waitFor(() => expect(text(element)).toContain('HELLO from'));
    element.removeAttribute('loud');
    await vi.waitFor(() => expect(text(element)).toContain('Hello from'));
    element.setAttribute('loud', 'false');
    await vi.waitFor(() => expect(text(element)).toContain('Hello from'));
    element.setAttribute('loud', 'true');
    await vi.waitFor(() => expect(text(element)).toContain('HELLO from'));
  });

  it('renders when attributes are set before the element is attached', async () => {
    const element = document.createElement('wellspring-probe');
    element.setAttribute('api', API);
    element.setAttribute('tenant', 'local');
    document.body.append(element);
    await vi.waitFor(() => expect(text(element)).toContain(builtInTenants.local.brandName));
  });

  it('shows a message with a retry when the tenant cannot load, and recovers', async () => {
    const element = mount({ tenant: 'broken', api: API });
    await vi.waitFor(() => expect(text(element)).toContain('could not be loaded'));
    fetchMock.mockImplementationOnce(
      async () =>
        new Response(JSON.stringify(builtInTenants.wellness), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    (element.shadowRoot!.querySelector('button') as HTMLButtonElement).click();
    await vi.waitFor(() =>
      expect(text(element)).toContain(`Hello from ${builtInTenants.wellness.brandName}`),
    );
  });

  it('defining the same tag twice is a no-op', () => {
    const before = customElements.get('wellspring-probe');
    expect(() =>
      defineElement('wellspring-probe', Probe, { greeting: 'string', loud: 'boolean' }),
    ).not.toThrow();
    expect(customElements.get('wellspring-probe')).toBe(before);
  });
});
