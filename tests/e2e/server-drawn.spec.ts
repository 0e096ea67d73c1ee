import { baseURL } from '../../playwright.config';
import { CAROUSEL_HEIGHTS } from '../../src/domain/display';
import { ELEMENT_ROOM } from '../../src/ui/element-room';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { offerPath } from '../../src/domain/slug';
import { expect, test } from './fixtures';

// Issue 16: the server draws each page of the hosted site (host-app/render.tsx), so a phone paints
// its first screen from the HTML; the app then hydrates that markup, from the same content.
const spa = baseURL.replace('127.0.0.1', 'spa.localhost');
const PAGES = [
  { url: '/', shows: 'main h1', text: 'GIVE THE WELLNESS CARD' },
  { url: '/pricing', shows: 'main h1', text: null },
  { url: '/card-balance-inquiry', shows: 'main h1', text: 'Card Balance Inquiry' },
  { url: `${spa}/`, shows: 'main .cm-slide__image', text: null },
];

test.describe('with scripts off', () => {
  test.use({ javaScriptEnabled: false });

  for (const { url, shows, text } of PAGES) {
    test(`${url} shows its header, page and footer from the HTML`, async ({ page }) => {
      await page.goto(url);
      await expect(page.locator('header.site-header nav[aria-label="Main"]')).toBeVisible();
      await expect(page.locator(shows).first()).toBeVisible();
      if (text) await expect(page.locator(shows).first()).toHaveText(text);
      await expect(page.locator('footer.site-footer')).toBeAttached();
      // Styled as the app styles it: the theme's colours are on the page before any script.
      const primary = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--ws-primary').trim(),
      );
      expect(primary).toMatch(/^#[0-9a-f]{6}$/i);
    });
  }
});

test.describe('with scripts off on a phone', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 412, height: 823 } });

  test('the spa home keeps the room its carousels will take', async ({ page }) => {
    await page.goto(`${spa}/`);
    const minHeight = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => getComputedStyle(element).minHeight);
    expect(await minHeight('.cm-carousel')).toBe(`${CAROUSEL_HEIGHTS.xs}px`);
    expect(await minHeight('wellspring-offers-carousel')).toBe(
      `${ELEMENT_ROOM['wellspring-offers-carousel']}px`,
    );
    // The listings module's cards are in the HTML, not added below its heading later.
    await expect(page.locator('.cm-listings article.card').first()).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 } });

  // The server draws the hero carousel without knowing the width; once the app knows it, the
  // slides a phone shows may change (spec 5), but not the image it painted first: the page's LCP.
  test("the spa home's opening image stays as the server drew it", async ({ page }) => {
    const changes = await watchChanges(page, '.cm-slide__image');
    await page.goto(`${spa}/`);
    await expect(page.locator('html[data-page="home"]')).toBeAttached({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.cm-slide__image').first()).toBeVisible();
    expect(await changes()).toEqual([]);
  });
});

for (const { url, shows } of PAGES) {
  test(`${url}: the app hydrates the server's markup, never showing 'Loading…' over it`, async ({
    page,
    consoleErrors,
  }) => {
    // Before the page's own scripts: remember the first heading the HTML parser inserts, and
    // whether a loading state is ever drawn.
    await page.addInitScript((selector) => {
      const seen = window as unknown as { drawnFirst?: Element; loadingSeen?: boolean };
      new MutationObserver(() => {
        seen.drawnFirst ??= document.querySelector(selector) ?? undefined;
        if (document.querySelector('.page-loading')) seen.loadingSeen = true;
      }).observe(document, { childList: true, subtree: true });
    }, shows);
    await page.goto(url);
    // The app's first draw marks the page it shows (App's layout effect).
    await expect(page.locator('html[data-page]')).toBeAttached({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    const result = await page.evaluate((selector) => {
      const seen = window as unknown as { drawnFirst?: Element; loadingSeen?: boolean };
      return {
        same: seen.drawnFirst !== undefined && document.querySelector(selector) === seen.drawnFirst,
        loadingSeen: seen.loadingSeen ?? false,
        headers: document.querySelectorAll('header.site-header').length,
      };
    }, shows);
    expect(result).toEqual({ same: true, loadingSeen: false, headers: 1 });
    expect(consoleErrors).toEqual([]);
  });
}

/**
 * Records, from the end of parsing (before any module script runs: the parser's own writing
 * aside), every change inside the elements matching `selector` (their own attributes included).
 * A node the app's hydration changes after the first paint is painted again. Returns the function
 * that reads the changes back.
 */
async function watchChanges(page: Page, selector: string): Promise<() => Promise<string[]>> {
  await page.addInitScript((selector) => {
    const changes: string[] = [];
    (window as unknown as { changes: string[] }).changes = changes;
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        const node = record.target instanceof Element ? record.target : record.target.parentElement;
        if (node?.closest(selector))
          changes.push(`${record.type} ${record.attributeName ?? ''} in ${node.localName}`.trim());
      }
    });
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    });
  }, selector);
  return () => page.evaluate(() => (window as unknown as { changes: string[] }).changes);
}

const LISTING = '/site/polished-nail-lounge-4';

/**
 * What the element's code did with the first screen the server drew in its tag: as its chunk
 * defines the element, the root's children and its `drawn` nodes are counted; `kept` is how many of
 * those nodes are still in the page at the time of asking (hydration keeps them, where drawing
 * anew would build new ones: images decoded again), and `busySeen` whether the root ever showed a
 * loading state (`busy`, or `busyText`) on the way. An element drawn inside another's first screen
 * (the offer page's buy buttons) is found in the root of the element `within`.
 */
async function watchTakeover(
  page: Page,
  tag: string,
  watch: { drawn: string; busy: string; busyText?: string; within?: string },
) {
  await page.addInitScript(
    ({ tag, drawn, busy, busyText, within }) => {
      const seen = { children: 0, drawn: 0, kept: 0, busySeen: false };
      let served: Element[] = [];
      (window as unknown as { takeover: () => typeof seen }).takeover = () => ({
        ...seen,
        kept: served.filter((node) => node.isConnected).length,
      });
      const define = customElements.define.bind(customElements);
      customElements.define = (name, constructor, options) => {
        // The element's tag in the page, or in the shadow root of the element `within`.
        const scope = within ? document.querySelector(within)?.shadowRoot : document;
        const root = name === tag ? scope?.querySelector(tag)?.shadowRoot : null;
        if (root) {
          seen.children = root.childElementCount;
          served = [...root.querySelectorAll(drawn)];
          seen.drawn = served.length;
          new MutationObserver(() => {
            if (root.querySelector(busy) || (busyText && root.textContent?.includes(busyText)))
              seen.busySeen = true;
          }).observe(root, { childList: true, subtree: true, characterData: true, attributes: true });
        }
        define(name, constructor, options);
      };
    },
    { tag, ...watch },
  );
  return () =>
    page.evaluate(() =>
      (
        window as unknown as {
          takeover: () => { children: number; drawn: number; kept: number; busySeen: boolean };
        }
      ).takeover(),
    );
}

/**
 * Whether the element kept the server's compiled rules (its root's first child) when it took the
 * first screen over, and which of those rule sets its own draw inserted again (none should be).
 */
function keptRules(element: Locator) {
  return element.evaluate((host) => {
    const root = host.shadowRoot!;
    const first = root.firstElementChild;
    const kept =
      first?.localName === 'style' && first.hasAttribute('data-ws-rules') ? first.textContent! : '';
    // emotion's own <style> elements, one per rule set: the same text as the server wrote (its
    // runs of white space as one space).
    const text = (rules: string) => rules.replace(/\s+/g, ' ').trim();
    const insertedAgain = [...root.querySelectorAll('style[data-emotion]')]
      .map((style) => text(style.textContent ?? ''))
      .filter((rules) => rules && kept.includes(rules));
    return { kept: kept.length > 0, insertedAgain };
  });
}

test.describe('a listing page with scripts off', () => {
  test.use({ javaScriptEnabled: false });

  test("shows the listing element's first screen from the HTML: name, lead image, styles", async ({
    page,
  }) => {
    await page.goto(LISTING);
    // A declarative shadow root: the HTML parser attached it, no script ran.
    const element = page.locator('wellspring-listing');
    await expect(element.locator('h1')).toHaveText(/Polished Nail Lounge/);
    const lead = element.locator('.lead-image img');
    await expect(lead).toBeVisible();
    await expect
      .poll(() => lead.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    // Styled by the element's own rules inside its shadow root.
    expect(await element.evaluate((host) => getComputedStyle(host).display)).toBe('block');
    expect(await lead.evaluate((image) => getComputedStyle(image).borderRadius)).toBe('10px');
  });
});

test("a listing page: the element takes over the server's first screen without a loading state", async ({
  page,
  consoleErrors,
}) => {
  const takeover = await watchTakeover(page, 'wellspring-listing', { drawn: 'h1', busy: '.ws-loading' });
  await page.goto(LISTING);
  const element = page.locator('wellspring-listing');
  // Drawn by the element now: its buttons work (the server's markup had no handlers).
  await expect(element.locator('h1')).toHaveText(/Polished Nail Lounge/);
  await page.waitForLoadState('networkidle');
  const seen = await takeover();
  // The root the parser attached held the server's screen, the listing's heading in it.
  expect(seen.children).toBeGreaterThan(0);
  expect(seen.drawn).toBe(1);
  // Hydrated: the server's heading is the one on screen, not a copy drawn anew.
  expect(seen.kept).toBe(1);
  expect(seen.busySeen).toBe(false);
  await expect(element.locator('h1')).toHaveCount(1);
  expect(await keptRules(element)).toEqual({ kept: true, insertedAgain: [] });
  await element.getByRole('button', { name: 'Ask a Question' }).click();
  await expect(element.locator('form')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

/** The page of the first offer near Austin on the spa site, as the Lighthouse bench finds it. */
async function offerPage(request: APIRequestContext): Promise<string> {
  const query = new URLSearchParams({ location: 'Austin, TX', hasOffers: 'true', size: '1' });
  const response = await request.get(`/api/merchants?${query}`, {
    headers: { publisherId: '1', 'x-requested-with': 'XMLHttpRequest' },
  });
  const { items } = (await response.json()) as { items: { offers: { id: number; title: string }[] }[] };
  const offer = items[0]!.offers[0]!;
  return `${spa}${offerPath(offer.title, offer.id)}`;
}

test.describe('an offer page with scripts off', () => {
  test.use({ javaScriptEnabled: false });

  test('shows the ways to buy from the HTML, inside the offer page', async ({ page, request }) => {
    await page.goto(await offerPage(request));
    // The buy element's own declarative shadow root, inside the listing element's.
    const buy = page.locator('wellspring-listing wellspring-gift-card-buy');
    await expect(
      buy.getByRole('link', { name: /: (EMAIL|PRINT) eGIFT CARD$|: MAIL a GIFT CARD$/ }),
    ).toHaveCount(3);
    await expect(buy.getByRole('link', { name: /: EMAIL eGIFT CARD$/ })).toHaveAttribute(
      'href',
      /^\/|^https?:/,
    );
    expect(await buy.evaluate((host) => getComputedStyle(host).display)).toBe('block');
  });
});

test.describe('an offer page on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test("its buy buttons are the server's, taken over where they stand: nothing below them moves", async ({
    page,
    request,
    consoleErrors,
  }) => {
    const takeover = await watchTakeover(page, 'wellspring-gift-card-buy', {
      drawn: 'a.button',
      busy: '.ws-loading',
      within: 'wellspring-listing',
    });
    // Where the offer's share section stood as the buy element's code arrived.
    await page.addInitScript(() => {
      const define = customElements.define.bind(customElements);
      customElements.define = (name, constructor, options) => {
        if (name === 'wellspring-gift-card-buy') {
          const share = document.querySelector('wellspring-listing')?.shadowRoot?.querySelector('.share');
          (window as unknown as { shareTop?: number }).shareTop = share?.getBoundingClientRect().top;
        }
        define(name, constructor, options);
      };
    });
    await page.goto(await offerPage(request));
    const buy = page.locator('wellspring-listing wellspring-gift-card-buy');
    await expect(page.locator('html[data-page]')).toBeAttached({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    expect(await takeover()).toEqual({ children: expect.any(Number), drawn: 3, kept: 3, busySeen: false });
    const share = page.locator('wellspring-listing .share');
    const shareTop = await page.evaluate(() => (window as unknown as { shareTop?: number }).shareTop);
    expect(shareTop).toBeDefined();
    expect(await share.evaluate((section) => section.getBoundingClientRect().top)).toBe(shareTop);
    expect(await keptRules(buy)).toEqual({ kept: true, insertedAgain: [] });
    // Drawn by the element now: a way to buy is announced to the page (which may take it over).
    await page.evaluate(() =>
      document.addEventListener('wellspring-buy-select', (event) => event.preventDefault(), { once: true }),
    );
    const email = buy.getByRole('link', { name: /: EMAIL eGIFT CARD$/ });
    await email.click();
    await expect(email).toHaveText('Get Another SpaHaven Gift Card');
    expect(consoleErrors).toEqual([]);
  });
});

const SEARCH = `${spa}/search?location=Austin%2C%20TX`;

test.describe('a search page with scripts off', () => {
  test.use({ javaScriptEnabled: false });

  test("shows the search element's results from the HTML: the count, the cards, the first image", async ({
    page,
  }) => {
    await page.goto(SEARCH);
    // The tenant's search title, without the brand its SEO title ends with ('… | SpaHaven').
    await expect(page.locator('main h1')).toHaveText('Spas near you');
    await expect(page).toHaveTitle('Spas near you | SpaHaven');
    const element = page.locator('wellspring-search');
    await expect(element.locator('h2.count')).toHaveText(/^\d+ results? near Austin, TX$/);
    await expect(element.locator('article.card')).not.toHaveCount(0);
    const first = element.locator('article.card img').first();
    await expect(first).toBeVisible();
    await expect
      .poll(() => first.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    await expect(element.getByRole('combobox', { name: 'Location' })).toHaveValue('Austin, TX');
  });
});

test("a search page: the element takes over the server's results without searching again", async ({
  page,
  consoleErrors,
}) => {
  const takeover = await watchTakeover(page, 'wellspring-search', {
    drawn: 'article.card',
    busy: '[aria-busy="true"]',
    busyText: 'Searching',
  });
  const searches: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/merchants') searches.push(request.url());
  });
  await page.goto(SEARCH);
  const element = page.locator('wellspring-search');
  await expect(page.locator('html[data-page]')).toBeAttached({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  const cards = await element.locator('article.card').count();
  const seen = await takeover();
  // Hydrated: the server's cards are the ones on screen (their images not decoded again).
  expect(seen).toEqual({ children: expect.any(Number), drawn: cards, kept: cards, busySeen: false });
  // The page carried the opening search's answers: the element asked for none of them.
  expect(searches).toEqual([]);
  expect(await keptRules(element)).toEqual({ kept: true, insertedAgain: [] });
  // Drawn by the element now: its filters search.
  await element.getByLabel('Distance').selectOption('15');
  await expect(page).toHaveURL(/distance=15/);
  await expect(element.locator('h2.count')).toHaveText(/results? near Austin, TX/);
  expect(searches.filter((url) => url.includes('size=24&'))).toEqual([
    expect.stringContaining('distance=15'),
  ]);
  expect(consoleErrors).toEqual([]);
});

test.describe('a first visit with scripts off', () => {
  test.use({ consentChoice: null, javaScriptEnabled: false });

  test('the consent bar still records the choice (its form posts it) and goes away', async ({
    page,
    context,
  }) => {
    await page.goto('/about');
    const bar = page.getByRole('region', { name: 'Cookies on Wellspring' });
    await bar.getByRole('button', { name: 'Decline' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(bar).toHaveCount(0);
    const cookie = (await context.cookies()).find((found) => found.name === 'wellspring_consent_wellness');
    expect(cookie?.value).toBe('denied');
  });
});

test.describe('a first visit', () => {
  test.use({ consentChoice: null });

  test('the consent bar is in the HTML until the visitor chooses, then no longer', async ({ page }) => {
    const first = await page.goto('/card-balance-inquiry');
    expect(await first!.text()).toMatch(/<section[^>]* class="consent-bar"/);
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page.locator('.consent-bar')).toHaveCount(0);
    const next = await page.goto('/card-balance-inquiry');
    expect(await next!.text()).not.toMatch(/<section[^>]* class="consent-bar"/);
    await expect(page.locator('main h1')).toHaveText('Card Balance Inquiry');
  });

  // A text the app's hydration changes is painted anew: on a phone the bar's paragraph is the
  // search page's largest content, and Lighthouse took its second paint as the page's LCP.
  test("the app's hydration leaves the consent bar's texts as the server wrote them", async ({ page }) => {
    const changes = await watchChanges(page, '.consent-bar');
    await page.goto('/search?location=Austin%2C+TX');
    await expect(page.locator('html[data-page="search"]')).toBeAttached({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.consent-bar p')).toContainText('With your consent');
    expect(await changes()).toEqual([]);
  });
});

/** Holds the search element's code back until the function this returns lets it come. */
async function holdSearchCode(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/widgets\/chunks\/search\.element-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("a search page: a visitor's focus in the server's search box survives the takeover", async ({
  page,
}) => {
  // The element's code arrives only once the visitor is in the box the server drew.
  const arrive = await holdSearchCode(page);
  await page.goto(SEARCH, { waitUntil: 'domcontentloaded' });
  const keywords = page.locator('wellspring-search').getByRole('combobox', { name: 'Keywords' });
  await keywords.focus();
  arrive();
  await expect(page.locator('html[data-page]')).toBeAttached({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  // Hydrated: the same box, still the one with the focus.
  expect(
    await page.evaluate(() =>
      document.querySelector('wellspring-search')!.shadowRoot!.activeElement?.getAttribute('name'),
    ),
  ).toBe('keywords');
});

test("a search page: what a visitor typed and chose in the server's form before the code ran is kept and searched", async ({
  page,
}) => {
  const arrive = await holdSearchCode(page);
  await page.goto(SEARCH, { waitUntil: 'domcontentloaded' });
  const element = page.locator('wellspring-search');
  const keywords = element.getByRole('combobox', { name: 'Keywords' });
  // Before the element's code has arrived, a visitor types keywords in the server's box…
  await keywords.fill('massage');
  // …and moves on to the distance.
  await element.getByLabel('Distance').focus();
  await element.getByLabel('Distance').selectOption('15');
  const suggested = page.waitForResponse((response) => response.url().includes('/api/autocomplete'));
  arrive();
  await expect(page.locator('html[data-page]')).toBeAttached({ timeout: 20_000 });
  // The distance chosen is searched as the element takes over; the keywords wait for the visitor.
  await expect(page).toHaveURL(/distance=15/);
  await expect(element.locator('h2.count')).toHaveText(/results? near Austin, TX$/);
  await expect(keywords).toHaveValue('massage');
  await expect(element.getByLabel('Distance')).toHaveValue('15');
  // Its suggestions (asked for the keywords typed) wait for the visitor to come back to the box.
  await suggested;
  await expect(keywords).not.toHaveAttribute('aria-busy', 'true');
  await expect(element.getByRole('listbox', { name: 'Keywords' })).toBeHidden();
  await keywords.focus();
  await expect(element.getByRole('listbox', { name: 'Keywords' })).toBeVisible();
  await keywords.press('Enter');
  await expect(page).toHaveURL(/keywords=massage.*distance=15/);
  await expect(keywords).toHaveValue('massage');
});

/**
 * An element's shadow root as lines (tag, attributes, its own styles, form values; texts), for
 * comparing two draws: links and images by the URL they resolve to (the server writes them
 * relative to the page, the browser's draw absolute), `selected`/`checked`/`value` by the
 * control's state (the server writes the attributes, the browser sets the properties). A map is
 * left out: Leaflet draws its own nodes when the map comes into view.
 */
function drawnLines(element: Locator) {
  return element.evaluate((host) => {
    const lines: string[] = [];
    const walk = (node: Node, depth: string) => {
      for (const child of node.childNodes) {
        if (child instanceof Text) {
          if (child.data.trim()) lines.push(`${depth}"${child.data}"`);
        } else if (
          child instanceof HTMLElement &&
          child.localName !== 'style' &&
          !child.classList.contains('leaflet-container')
        ) {
          const attributes = [...child.attributes]
            .filter(({ name }) => !['style', 'value', 'selected', 'checked'].includes(name))
            .map(({ name, value }) =>
              ['href', 'src'].includes(name)
                ? `${name}=${new URL(value, location.href).href}`
                : `${name}=${value}`,
            )
            .sort();
          const state = 'value' in child ? ` value:${String(child.value)}` : '';
          lines.push(
            `${depth}${child.localName} ${attributes.join(' ')} style:${child.style.cssText}${state}`,
          );
          walk(child, `${depth} `);
        }
      }
    };
    walk(host.shadowRoot!, '');
    return lines;
  });
}

for (const viewport of [
  { width: 412, height: 823 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const [tag, url] of [
      ['wellspring-search', SEARCH],
      ['wellspring-listing', LISTING],
    ] as const) {
      test(`${tag} hydrating the server's first screen ends as a draw of its own would`, async ({ page }) => {
        await page.goto(url);
        const served = page.locator(tag).first();
        await expect(page.locator('html[data-page]')).toBeAttached({ timeout: 20_000 });
        await page.waitForLoadState('networkidle');
        // The same element drawn by the browser alone (it asks the API: the page's answers are
        // taken).
        await page.evaluate((tag) => {
          const own = document.createElement(tag);
          for (const { name, value } of document.querySelector(tag)!.attributes)
            own.setAttribute(name, value);
          own.id = 'own-draw';
          document.body.append(own);
        }, tag);
        const own = page.locator('#own-draw');
        await page.waitForLoadState('networkidle');
        await expect.poll(async () => (await drawnLines(own)).length).toBeGreaterThan(10);
        await expect.poll(() => drawnLines(own)).toEqual(await drawnLines(served));
      });
    }
  });
}
