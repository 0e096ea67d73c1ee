// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { builtInTenants } from '../../../src/tenant';
import { defineElement, styleNonce, useElement } from '../../../widgets/define';

/** Reads the tenant, so it renders only once the element has loaded it. */
function Probe() {
  const { tenant } = useElement();
  return <p className="probe">{tenant.brandName}</p>;
}
defineElement('wellspring-nonce-probe', Probe, {});

const NONCE_KEY = Symbol.for('wellspring.nonce');
const globals = globalThis as Record<symbol, unknown>;

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(builtInTenants.wellness), {
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
});
afterEach(() => {
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  delete globals[NONCE_KEY];
  vi.unstubAllGlobals();
});

async function stylesOf(attributes: Record<string, string> = {}) {
  const element = document.createElement('wellspring-nonce-probe');
  element.setAttribute('api', 'http://api.test/api');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  await vi.waitFor(() => expect(element.shadowRoot?.querySelector('.probe')).not.toBeNull());
  const styles = [...element.shadowRoot!.querySelectorAll('style')];
  expect(styles.length).toBeGreaterThan(0);
  return styles;
}

describe('element styles on a page with a strict CSP', () => {
  it("put the element's nonce attribute on every <style> tag of its shadow root", async () => {
    for (const style of await stylesOf({ nonce: 'element-nonce' }))
      expect(style.getAttribute('nonce')).toBe('element-nonce');
  });

  it("fall back to the loader script's nonce (kept by the loader)", async () => {
    globals[NONCE_KEY] = 'loader-nonce';
    for (const style of await stylesOf()) expect(style.getAttribute('nonce')).toBe('loader-nonce');
  });

  it('have no nonce when the page gives none', async () => {
    for (const style of await stylesOf()) expect(style.hasAttribute('nonce')).toBe(false);
  });
});

describe('styleNonce', () => {
  it("reads the nonce of the loader's script tag when the loader kept none", () => {
    const script = document.createElement('script');
    script.type = 'module';
    script.setAttribute('src', 'https://wellspring.example/widgets/loader.js');
    script.setAttribute('nonce', 'tag-nonce');
    document.head.append(script);
    expect(styleNonce(document.createElement('div'))).toBe('tag-nonce');
  });

  it('prefers the element over the loader', () => {
    globals[NONCE_KEY] = 'loader-nonce';
    const host = document.createElement('div');
    host.setAttribute('nonce', 'element-nonce');
    expect(styleNonce(host)).toBe('element-nonce');
  });
});
