// @vitest-environment happy-dom
import { hydrate, render } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CmsHtml, CmsSanitizer, sanitizeCmsHtml } from '../../../src/ui/CmsHtml';
import { ServerDraw } from '../../../src/ui/server-draw';
import { sanitizeCmsHtmlOnServer } from '../../../src/ui/cms-html-server';
import { isSafeUrl } from '../../../src/ui/cms-html-policy';
import { makeHappyDomSoundForDomPurify } from './happy-dom-dompurify';
import { CMS_HTML_PAYLOADS } from './cms-html-cases';

// happy-dom breaks DOMPurify in two places real browsers do not (see the helper); fix them first.
makeHappyDomSoundForDomPurify();

/** Set by a payload if it ever runs. */
type Flagged = typeof globalThis & { __pwned?: number };
const flagged = globalThis as Flagged;

let host: HTMLDivElement;

beforeEach(() => {
  delete flagged.__pwned;
  host = document.createElement('div');
  document.body.append(host);
});
afterEach(() => {
  render(null, host);
  document.body.innerHTML = '';
});

/** The two sanitisers CmsHtml draws with: they must keep the same things safe. */
const SANITISERS: [name: string, sanitize: (html: string) => string][] = [
  ['the browser’s (DOMPurify)', sanitizeCmsHtml],
  ['the server’s (sanitize-html)', sanitizeCmsHtmlOnServer],
];
let sanitizer = sanitizeCmsHtml;

function mount(html: string, props: { as?: 'div' | 'section'; className?: string } = {}): HTMLElement {
  render(
    <CmsSanitizer.Provider value={sanitizer}>
      <CmsHtml html={html} {...props} />
    </CmsSanitizer.Provider>,
    host,
  );
  const root = host.firstElementChild;
  if (!(root instanceof HTMLElement)) throw new Error('CmsHtml rendered nothing');
  return root;
}

/** Fires what a browser would: load errors on images, clicks on links, then lets tasks run. */
async function poke(root: HTMLElement) {
  for (const image of root.querySelectorAll('img')) image.dispatchEvent(new Event('error'));
  for (const element of root.querySelectorAll('a, p, div, span, img')) {
    element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    element.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
  }
  await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Every attribute name in the rendered tree. */
function attributeNames(root: HTMLElement): string[] {
  return [...root.querySelectorAll('*')].flatMap((element) => element.getAttributeNames());
}

describe.each(SANITISERS)('CmsHtml with %s', (_name, sanitize) => {
  beforeEach(() => {
    sanitizer = sanitize;
  });
  afterEach(() => {
    sanitizer = sanitizeCmsHtml;
  });
  describe('payloads do not survive and do not run', () => {
    it.each(CMS_HTML_PAYLOADS)('%s', async (_name, html) => {
      const root = mount(html);
      await poke(root);
      expect(flagged.__pwned).toBeUndefined();
      expect(
        root.querySelector('script, style, iframe, object, embed, form, input, button, svg, math'),
      ).toBeNull();
      expect(attributeNames(root).filter((name) => name.startsWith('on'))).toEqual([]);
      expect(root.innerHTML).not.toMatch(/javascript:|vbscript:|data:|srcdoc|onerror|onclick|onload/i);
    });

    it('keeps the text around a removed payload, as text', () => {
      const root = mount('<p>Before<script>globalThis.__pwned = 1</script> after</p>');
      expect(root.textContent).toBe('Before after');
    });
  });

  describe('ordinary markup survives', () => {
    it('keeps paragraphs, emphasis, headings, lists and site links', () => {
      const root = mount(
        '<h3>Before you go</h3><p>Book <strong>early</strong> and <em>relax</em>.</p>' +
          '<ul><li>Robe</li><li>Slippers</li></ul><p><a href="/search">Find a spa</a></p>',
      );
      expect(root.querySelector('h3')?.textContent).toBe('Before you go');
      expect(root.querySelector('p strong')?.textContent).toBe('early');
      expect(root.querySelector('p em')?.textContent).toBe('relax');
      expect([...root.querySelectorAll('ul > li')].map((li) => li.textContent)).toEqual(['Robe', 'Slippers']);
      expect(root.querySelector('a')?.getAttribute('href')).toBe('/search');
    });

    it('keeps http(s), mailto, tel and relative URLs', () => {
      const root = mount(
        '<a href="https://example.com/a">A</a><a href="mailto:care@example.com">B</a>' +
          '<a href="tel:+18005550113">C</a><a href="#faq">D</a><a href="?topic=sales">E</a>' +
          '<img src="/media/spa-1.svg" alt="A spa">',
      );
      expect([...root.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
        'https://example.com/a',
        'mailto:care@example.com',
        'tel:+18005550113',
        '#faq',
        '?topic=sales',
      ]);
      expect(root.querySelector('img')?.getAttribute('src')).toBe('/media/spa-1.svg');
      expect(root.querySelector('img')?.getAttribute('alt')).toBe('A spa');
    });

    it('adds rel="noopener noreferrer" to links opening a new tab, keeping other rel tokens', () => {
      const root = mount(
        '<a href="https://example.com" target="_blank">New tab</a>' +
          '<a href="https://example.com" target="_blank" rel="nofollow">Sponsored</a>' +
          '<a href="/about" target="somewhere">Named</a>',
      );
      const [first, second, third] = [...root.querySelectorAll('a')];
      expect(first?.getAttribute('target')).toBe('_blank');
      expect(first?.getAttribute('rel')?.split(' ').sort()).toEqual(['noopener', 'noreferrer']);
      expect(second?.getAttribute('rel')?.split(' ').sort()).toEqual(['nofollow', 'noopener', 'noreferrer']);
      expect(third?.hasAttribute('target')).toBe(false);
    });

    it('renders into the element and class asked for', () => {
      const root = mount('<p>Hi</p>', { as: 'section', className: 'intro' });
      expect(root.tagName).toBe('SECTION');
      expect(root.className).toBe('intro');
    });

    it('renders nothing for empty HTML', () => {
      expect(sanitizeCmsHtml('')).toBe('');
      expect(mount('').innerHTML).toBe('');
    });
  });
});

describe('CmsHtml over markup the server drew', () => {
  it('keeps the server’s nodes when both sanitisers agree', () => {
    host.innerHTML = '<div><p>Book <strong>early</strong>.</p></div>';
    const served = host.querySelector('strong');
    hydrate(<CmsHtml html="<p>Book <strong>early</strong>.</p>" />, host);
    expect(host.querySelector('strong')).toBe(served);
  });

  it('has the browser’s sanitiser redraw what it would not have kept', () => {
    // As if the server's sanitiser had let a handler through: hydration alone keeps the markup.
    host.innerHTML = '<div><p onclick="globalThis.__pwned = 1">Tap</p></div>';
    hydrate(<CmsHtml html='<p onclick="globalThis.__pwned = 1">Tap</p>' />, host);
    expect(host.innerHTML).toBe('<div><p>Tap</p></div>');
  });
});

describe("CmsHtml hydrating the server's first draw (ServerDraw)", () => {
  /** Hydrates `served` as the app does (main.tsx), counting the browser sanitiser's calls. */
  function hydrateServed(served: string, html: string) {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });
    const sanitize = vi.fn(sanitizeCmsHtml);
    host.innerHTML = `<div>${served}</div>`;
    hydrate(
      <ServerDraw.Provider value={{ current: true }}>
        <CmsSanitizer.Provider value={sanitize}>
          <CmsHtml html={html} />
        </CmsSanitizer.Provider>
      </ServerDraw.Provider>,
      host,
    );
    return sanitize;
  }
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the markup in hydration, and checks it in a task of its own after the paint', async () => {
    const html = '<p onclick="globalThis.__pwned = 1">Tap <strong>here</strong></p>';
    const sanitize = hydrateServed(html, html);
    // Hydration's task sanitises nothing: the page shows what the server's sanitiser kept.
    expect(sanitize).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sanitize).toHaveBeenCalledTimes(1);
    // The browser's sanitiser has the last word: what it would not keep is gone.
    expect(host.innerHTML).toBe('<div><p>Tap <strong>here</strong></p></div>');
  });

  it('keeps the server’s nodes when the browser’s sanitiser agrees', async () => {
    const sanitize = hydrateServed(
      '<p>Book <strong>early</strong>.</p>',
      '<p>Book <strong>early</strong>.</p>',
    );
    const served = host.querySelector('strong');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sanitize).toHaveBeenCalledTimes(1);
    expect(host.querySelector('strong')).toBe(served);
  });

  it('sanitises at once HTML that changes after the first draw', () => {
    const sanitize = hydrateServed('<p>Old</p>', '<p>Old</p>');
    render(
      <ServerDraw.Provider value={{ current: true }}>
        <CmsSanitizer.Provider value={sanitize}>
          <CmsHtml html={'<p onclick="x()">New</p>'} />
        </CmsSanitizer.Provider>
      </ServerDraw.Provider>,
      host,
    );
    expect(host.innerHTML).toBe('<div><p>New</p></div>');
  });

  it('sanitises at once HTML drawn anew while the app hydrates (no markup of the server’s)', () => {
    hydrateServed('', '<p onclick="x()">Added</p>');
    expect(host.innerHTML).toBe('<div><p>Added</p></div>');
  });
});

describe('isSafeUrl', () => {
  it('accepts http(s), mailto, tel and relative URLs and refuses script and data URLs', () => {
    for (const url of [
      'https://a.example',
      'http://a.example',
      'mailto:a@b.c',
      'tel:123',
      '/x',
      '#y',
      'z.html',
    ])
      expect(isSafeUrl(url), url).toBe(true);
    for (const url of ['javascript:alert(1)', ' java\tscript:alert(1)', 'data:text/html,x', 'vbscript:x'])
      expect(isSafeUrl(url), url).toBe(false);
  });
});
