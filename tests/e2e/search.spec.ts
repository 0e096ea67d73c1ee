import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { decodeFilters } from '../../src/domain/filters';
import { axeViolations, expect, test } from './fixtures';
import { baseURL } from '../../playwright.config';

// One server serves every tenant: 127.0.0.1 is the host app's (wellness), spa.localhost the spa's.
const spaOrigin = baseURL.replace('127.0.0.1', 'spa.localhost');

/** The result cards of a search element. */
const cards = (scope: Page | Locator) => scope.locator('article.card');
/** The announced count line ('43 results near Austin, TX'). */
const count = (scope: Page | Locator) => scope.getByRole('heading', { level: 2, name: /results? near/ });

const params = (page: Page) => new URL(page.url()).searchParams;

/** The query strings of the page's `GET /api/merchants` requests from now on, as they are made. */
function merchantsSearches(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/merchants') asked.push(url.search);
  });
  return asked;
}

test.describe('search on the host app (/search owns the URL)', () => {
  // The visitor accepted analytics: the data layer records the searches.
  test.use({ consentChoice: 'granted' });
  test('type a place, pick a suggestion, change filters: the URL follows and survives a reload', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/search');
    // The element's first search (near the visitor) ends before the visitor types.
    await expect(count(page)).toBeVisible({ timeout: 20_000 });
    const location = page.getByRole('combobox', { name: 'Location' });
    await location.fill('Aus');
    const suggestion = page.getByRole('option', { name: 'Austin, TX' });
    await expect(page.getByRole('option').first()).toHaveText('Share my Location');
    await expect(suggestion).toBeVisible({ timeout: 20_000 });
    await suggestion.click();
    await expect(count(page)).toHaveText(/^\d+ results near Austin, TX$/);
    expect(params(page).get('location')).toBe('Austin, TX');
    await expect(cards(page).first()).toBeVisible();

    await page.getByRole('combobox', { name: 'Distance' }).selectOption('15');
    await expect.poll(() => params(page).get('distance')).toBe('15');
    await page.getByRole('combobox', { name: 'Brand' }).selectOption({ label: 'Zenith Yoga' });
    await expect.poll(() => params(page).get('filters')).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeFilters(params(page).get('filters'))).toEqual({ businessTypes: ['Zenith Yoga'] });
    await expect(count(page)).toHaveText(/results near Austin, TX/);
    await expect(cards(page).first()).toContainText('Zenith Yoga');

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Location' })).toHaveValue('Austin, TX');
    await expect(page.getByRole('combobox', { name: 'Distance' })).toHaveValue('15');
    await expect(page.getByRole('combobox', { name: 'Brand' })).toHaveValue('Zenith Yoga');
    await expect(cards(page).first()).toContainText('Zenith Yoga');

    // Back: the search before the brand was chosen.
    await page.goBack();
    await expect.poll(() => params(page).has('filters')).toBe(false);
    await expect(page.getByRole('combobox', { name: 'Brand' })).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Distance' })).toHaveValue('15');
    expect(consoleErrors).toEqual([]);
  });

  test('a search URL opens on its results without asking the API for them: the page carries them', async ({
    page,
  }) => {
    const asked = merchantsSearches(page);
    await page.goto('/search?location=Austin%2C%20TX&distance=30');
    await expect(count(page)).toHaveText(/^\d+ results near Austin, TX$/);
    await expect(cards(page).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    // The first card's image was preloaded from the head: the same URL, fetched before the code ran.
    const preloaded = await page.locator('link[rel="preload"][as="image"]').getAttribute('href');
    expect(new URL(preloaded!, page.url()).href).toBe(
      await cards(page)
        .first()
        .locator('img')
        .evaluate((image: HTMLImageElement) => image.currentSrc),
    );

    // The visitor's next search asks the API, as always.
    await page.getByRole('combobox', { name: 'Distance' }).selectOption('15');
    await expect.poll(() => asked.some((search) => search.includes('distance=15'))).toBe(true);
    await expect(count(page)).toHaveText(/results near Austin, TX$/);
  });

  test("a card's focus ring shows whole: cards drawn on view do not clip it", async ({ page }) => {
    await page.goto('/search?location=Austin%2C%20TX');
    const card = cards(page).first();
    await expect(card).toBeVisible();
    const box = (await card.boundingBox())!;
    // The ring is 3 px wide, 2 px off the card's edge: a pixel 3.5 px outside its left edge.
    const pixel = async () => {
      const shot = await page.screenshot({
        clip: { x: box.x - 4, y: box.y + box.height / 2, width: 1, height: 1 },
      });
      return [...(await sharp(shot).removeAlpha().raw().toBuffer())];
    };
    const before = await pixel();
    await card.getByRole('link').first().focus();
    await expect.poll(pixel).not.toEqual(before);
  });

  test('the location combobox works from the keyboard', async ({ page }) => {
    await page.goto('/search?location=Denver%2C+CO');
    await expect(count(page)).toBeVisible();
    const location = page.getByRole('combobox', { name: 'Location' });
    await location.fill('Austi');
    await expect(page.getByRole('option', { name: 'Austin, TX' })).toBeVisible();
    await expect(location).toHaveAttribute('aria-expanded', 'true');
    await location.press('ArrowDown'); // Share my Location
    await location.press('ArrowDown');
    const active = await location.getAttribute('aria-activedescendant');
    await expect(page.locator(`[id="${active}"]`)).toHaveAttribute('aria-selected', 'true');
    await location.press('Enter');
    await expect(location).toHaveAttribute('aria-expanded', 'false');
    await expect(count(page)).toHaveText(/near Austin, (TX|MN)$/);
    await location.focus();
    await location.press('Escape');
    await location.press('Escape');
    await expect(location).toHaveValue('');
  });

  test('Share my Location searches where the browser says the visitor is, named for them', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['geolocation'], { origin: baseURL });
    await context.setGeolocation({ latitude: 30.2672, longitude: -97.7431 });
    await page.goto('/search?location=Denver%2C+CO');
    await expect(count(page)).toHaveText(/near Denver, CO$/);
    const location = page.getByRole('combobox', { name: 'Location' });
    await location.focus();
    await page.getByRole('option', { name: 'Share my Location' }).click();
    await expect.poll(() => params(page).get('location')).toBe('30.2672,-97.7431');
    await expect(count(page)).toHaveText(/near Austin, TX$/);
    await expect(location).toHaveValue('Austin, TX');
  });

  test('a business suggestion opens its listing page through the host app router', async ({ page }) => {
    await page.goto('/search?location=Austin%2C+TX');
    await expect(count(page)).toBeVisible();
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.getByRole('combobox', { name: 'Keywords' }).fill('Zenith Yoga - Aus');
    await page
      .getByRole('option', { name: /^Zenith Yoga - Austin/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/site\/zenith-yoga-austin[a-z-]*-\d+$/);
    // An in-page navigation: the page was not reloaded.
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });

  test('scrolling to the bottom loads page 2', async ({ page }) => {
    await page.goto('/search?location=Austin%2C+TX');
    await expect(count(page)).toHaveText(/^\d+ results near Austin, TX$/);
    const first = await cards(page).count();
    expect(first).toBeGreaterThan(0);
    const secondPage = page.waitForRequest((request) => /\/api\/merchants\?.*page=1/.test(request.url()));
    // The element takes over the server's first screen, which may replace the button while the
    // scroll reaches it (seen once in a loaded run): scroll to the one there is, until it holds.
    const more = page.getByRole('button', { name: 'Show more results' });
    await expect(() => more.scrollIntoViewIfNeeded({ timeout: 2000 })).toPass();
    await secondPage;
    await expect.poll(() => cards(page).count()).toBeGreaterThan(first);
    // Paging is not part of the URL.
    expect(params(page).has('page')).toBe(false);
  });

  test('a result opens its listing page, and back restores the filters and the scroll position', async ({
    page,
  }) => {
    await page.goto('/search?location=Austin%2C+TX&distance=30');
    await expect(count(page)).toBeVisible();
    // Load until the chosen card has rows below it: a card near the bottom would make the saved
    // position depend on what happens to be loading under it (the page may be shorter on return).
    for (let round = 0; round < 4 && (await cards(page).count()) <= 24; round++) {
      const before = await cards(page).count();
      await page.getByRole('button', { name: 'Show more results' }).scrollIntoViewIfNeeded();
      await expect.poll(() => cards(page).count()).toBeGreaterThan(before);
    }
    await expect.poll(() => cards(page).count()).toBeGreaterThan(24);
    const card = cards(page).nth(12);
    await card.scrollIntoViewIfNeeded();
    const name = (await card.getByRole('link').textContent()) ?? '';
    const scrolled = await page.evaluate(() => scrollY);
    expect(scrolled).toBeGreaterThan(300);
    const loaded = await cards(page).count();

    await card.getByRole('link').click();
    await expect(page).toHaveURL(/\/site\/[a-z0-9-]+-\d+$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/search\?location=Austin%2C\+TX&distance=30$/);
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
    // The pages loaded before are back at once (more may follow: the sentinel can be in view).
    expect(await cards(page).count()).toBeGreaterThanOrEqual(loaded);
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(scrolled - 80);
    expect(await page.evaluate(() => scrollY)).toBeLessThan(scrolled + 80);
  });

  test("'More filters' draws its service options when opened; ticking one filters the search", async ({
    page,
  }) => {
    await page.goto(`${spaOrigin}/search?location=Austin%2C%20TX`);
    await expect(count(page)).toHaveText(/^\d+ results near Austin, TX$/);
    const services = page.getByRole('group', { name: 'Spa Services' });
    // Closed, it holds nothing yet (the options are drawn when it first opens).
    await expect(page.locator('wellspring-search input[type="checkbox"]')).toHaveCount(0);
    await page.getByText('More filters', { exact: true }).click();
    await expect(services).toBeVisible();
    const option = services.getByRole('checkbox').first();
    const label = (await services.locator('label').first().innerText()).replace(/\s*\(\d+\)$/, '');
    const asked = merchantsSearches(page);
    await option.check();
    await expect
      .poll(() => decodeFilters(params(page).get('filters')))
      .toEqual({ 'services.options': [label] });
    await expect(page.getByRole('button', { name: `Remove ${label}` })).toBeVisible();
    // The search asks the API with that filter (the featured listings' search asks apart).
    const filtersAsked = () => asked.map((query) => decodeFilters(new URLSearchParams(query).get('filters')));
    await expect.poll(filtersAsked).toContainEqual({ 'services.options': [label] });
    await expect(count(page)).toHaveText(/results near Austin, TX/);
    // Still open and ticked after the search it started.
    await expect(option).toBeChecked();
  });

  test('a search with more listings than it counts says 1,000+', async ({ page }) => {
    // No seeded city holds a thousand listings: the server's answer is the real one, marked as a
    // search near a large city is at a million listings (tests/integration/search.test.ts counts).
    await page.route('**/api/merchants?**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...body, totalHits: 1000, totalPages: 84, moreHits: true } });
    });
    // The page carries its URL's first answer; the visitor's next search asks the API.
    await page.goto('/search?location=Austin%2C+TX');
    await expect(count(page)).toHaveText(/^\d+ results near Austin, TX$/);
    await page.getByRole('combobox', { name: 'Distance' }).selectOption('30');
    await expect(count(page)).toHaveText('1,000+ results near Austin, TX');
  });

  test('keywords with no match show the empty state with a way out', async ({ page }) => {
    await page.goto('/search?location=Austin%2C+TX');
    await expect(count(page)).toBeVisible();
    await page.getByRole('combobox', { name: 'Keywords' }).fill('zzqxv');
    await page.getByRole('button', { name: 'Find Wellness' }).click();
    await expect(page.getByText('No results for “zzqxv” near Austin, TX.')).toBeVisible();
    expect(params(page).get('keywords')).toBe('zzqxv');
    await expect(page.getByRole('button', { name: 'Reset filters' }).first()).toBeVisible();
  });

  test('a misspelt keyword shows what it searched for, with a link to search exactly as typed', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/search?location=Austin%2C+TX');
    await expect(count(page)).toBeVisible({ timeout: 20_000 });
    await page.getByRole('combobox', { name: 'Keywords' }).fill('masage');
    await page.getByRole('button', { name: 'Find Wellness' }).click();
    await expect(page.getByText('Showing results for “massage”.')).toBeVisible();
    await expect(count(page)).toHaveText(/^\d+ results? near Austin, TX$/);
    // Featured listings come first; the results are massage places.
    await expect(
      cards(page)
        .filter({ hasText: /massage/i })
        .first(),
    ).toBeVisible();
    expect(params(page).get('keywords')).toBe('masage');
    // The search event and the data layer record what was typed and what was searched.
    const searched = await page.evaluate(() =>
      (window.dataLayer ?? []).filter((entry) => entry.event === 'search').at(-1),
    );
    expect(searched).toMatchObject({ keywords: 'masage', correctedKeywords: 'massage', partialMatch: false });

    await page.getByRole('button', { name: 'Search instead for “masage”' }).click();
    await expect(page.getByText('No results for “masage” near Austin, TX.')).toBeVisible();
    expect(params(page).get('exact')).toBe('true');
    await expect(page.getByText(/Showing results for/)).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test.describe('a place that does not exist', () => {
    test.use({ allowedErrors: [/status of 400/] });
    test('shows what went wrong with a retry', async ({ page }) => {
      await page.goto('/search?location=Xyzzyville');
      const alert = page.getByRole('alert');
      await expect(alert).toContainText('We could not find that place.');
      await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
    });
  });

  test('has no serious accessibility violations, with suggestions open too', async ({ page }) => {
    await page.goto('/search?location=Austin%2C+TX');
    await expect(cards(page).first()).toBeVisible();
    expect(await axeViolations(page, 'wellspring-search')).toEqual([]);
    await page.getByRole('combobox', { name: 'Keywords' }).fill('mass');
    await expect(page.getByRole('option').first()).toBeVisible();
    expect(await axeViolations(page, 'wellspring-search')).toEqual([]);
  });

  test('a best-of page searches its destination and never writes the URL', async ({
    page,
    consoleErrors,
  }) => {
    const asked = merchantsSearches(page);
    await page.goto(`${spaOrigin}/best-of/austin-tx`);
    const search = page.locator('wellspring-search');
    const bar = search.getByRole('navigation', { name: 'Best of destinations' });
    await expect(bar.locator('a[aria-current="page"]')).toHaveAttribute('href', /\/best-of\/austin-tx$/);
    await expect(count(search)).toHaveText(/results near Austin, TX$/);
    // Its destination's results came with the page; the visitor's next search asks the API.
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    await search.getByRole('combobox', { name: 'Distance' }).selectOption('10');
    await expect(count(search)).toHaveText(/results near Austin, TX$/);
    expect(asked.some((query) => query.includes('distance=10'))).toBe(true);
    expect(new URL(page.url()).search).toBe('');
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('the map view (spa tenant)', () => {
  test('loads Leaflet on demand, shows markers with a dialog, and searches where the map moves', async ({
    page,
    consoleErrors,
  }) => {
    const mapChunks: string[] = [];
    page.on(
      'request',
      (request) => /\/MapView-[^/]+\.js$/.test(request.url()) && mapChunks.push(request.url()),
    );
    await page.goto(`${spaOrigin}/search?location=Austin%2C+TX`);
    await expect(count(page)).toBeVisible();
    expect(mapChunks).toEqual([]);

    const tiles = page.waitForResponse((response) =>
      /\/api\/tiles\/\d+\/\d+\/\d+\.png\?tenant=spa$/.test(response.url()),
    );
    // The map joins either layout: its toggle is not a third button of the layout group, where
    // 'Grid' and 'Map' both read as the pressed layout.
    const layouts = page.getByRole('group', { name: 'Results view' });
    await expect(layouts.getByRole('button')).toHaveText(['Grid', 'List']);
    await page.getByRole('button', { name: 'Map' }).click();
    await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Map' })).toHaveAttribute('aria-pressed', 'true');
    await expect(layouts.getByRole('button', { pressed: true })).toHaveText(['Grid']);
    expect(mapChunks).toHaveLength(1);
    expect((await tiles).status()).toBe(200);
    expect(await page.locator('.leaflet-marker-icon').count()).toBeGreaterThan(5);

    const marker = page.locator('.leaflet-marker-icon').first();
    const title = (await marker.getAttribute('title')) ?? '';
    await marker.click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: title })).toHaveAttribute('href', /\/spa\/[a-z0-9-]+-\d+$/);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // Zooming in searches the map's centre, within the radius of the zoom.
    const moved = page.waitForRequest((request) =>
      /\/api\/merchants\?location=-?\d+\.\d+%2C-?\d+\.\d+/.test(request.url()),
    );
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await moved;
    await expect.poll(() => params(page).get('location')).toMatch(/^-?\d+\.\d{4},-?\d+\.\d{4}$/);
    // The map's centre is named for the visitor.
    await expect(count(page)).toHaveText(/results near [A-Za-z .-]+, TX$/);
    expect(await axeViolations(page, 'wellspring-search')).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('search embedded by one script tag (demo page)', () => {
  test("a tenant's ad network fills the slots between results, through the element's light DOM", async ({
    page,
  }) => {
    // The spa tenant as if it had an AdSense account; the partner page's own ad script is a
    // stand-in that fills each <ins> the way AdSense does (nothing reaches Google from a test).
    await page.route('**/api/tenants/spa', async (route) => {
      const response = await route.fetch();
      const tenant = (await response.json()) as Record<string, unknown>;
      await route.fulfill({
        response,
        json: { ...tenant, adNetwork: { provider: 'adsense', clientId: 'ca-pub-1', slotId: '42' } },
      });
    });
    await page.addInitScript(() => {
      const fill = () => {
        for (const ins of document.querySelectorAll<HTMLElement>('ins.adsbygoogle:not([data-filled])')) {
          ins.dataset.filled = 'true';
          ins.textContent = `Test ad ${ins.dataset.adClient}/${ins.dataset.adSlot}`;
        }
      };
      const queue: object[] = [];
      queue.push = (...items: object[]) => {
        setTimeout(fill);
        return Array.prototype.push.apply(queue, items);
      };
      (window as unknown as { adsbygoogle: object[] }).adsbygoogle = queue;
    });
    await page.goto('/demo/search.html');
    const spa = page.locator('#spa');
    await expect(count(spa)).toBeVisible({ timeout: 20_000 });
    const ad = spa.locator('ins.adsbygoogle').first();
    await expect(ad).toHaveText('Test ad ca-pub-1/42');
    // Shown in the results through its <slot>, at spec 9's banner size for a desktop (728 x 90
    // from 960 px wide), labelled as an ad.
    await expect(ad).toBeVisible();
    const box = await ad.boundingBox();
    expect(box && [Math.round(box.width), Math.round(box.height)]).toEqual([728, 90]);
    await expect(spa.locator('.ad-network').first()).toContainText('Advertisement');
    await expect(spa.getByText('Promotion')).toHaveCount(0);
  });

  test('every tenant searches its own listings near its place, and the page URL stays the partner’s', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/demo/search.html');
    for (const [id, place] of [
      ['wellness', /results near Austin, TX$/],
      ['spa', /results near New York( City)?, NY$/],
      ['spa-canada', /results near Toronto, ON$/],
      ['local', /results near Denver, CO$/],
    ] as const) {
      const search = page.locator(`#${id}`);
      await expect(count(search)).toHaveText(place);
      await expect(cards(search).first()).toBeVisible();
      await expect(cards(search).first().getByRole('link')).toHaveAttribute(
        'href',
        /^http:\/\/127\.0\.0\.1:\d+\/(site|spa|local)\/[a-z0-9-]+-\d+$/,
      );
    }
    // The spa tenant shows ratings, the house promotions as ads, and no brand filter.
    const spa = page.locator('#spa');
    await expect(spa.locator('.stars').first()).toBeVisible();
    await expect(spa.getByText('Promotion').first()).toBeAttached();
    await expect(spa.getByRole('combobox', { name: 'Brand' })).toHaveCount(0);
    // The wellness tenant: brands, no rating, no map, no ads.
    const wellness = page.locator('#wellness');
    await expect(wellness.getByRole('combobox', { name: 'Brand' })).toBeVisible();
    await expect(wellness.getByRole('combobox', { name: 'Rating' })).toHaveCount(0);
    await expect(wellness.getByRole('button', { name: 'Map' })).toHaveCount(0);
    await expect(wellness.locator('.ad')).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('typing a place, picking it and changing filters searches without touching the page URL', async ({
    page,
  }) => {
    await page.goto('/demo/search.html');
    const search = page.locator('#spa-canada');
    await expect(count(search)).toBeVisible();
    const events: string[] = [];
    await page.exposeFunction('onSearchEvent', (query: string) => events.push(query));
    await page.evaluate(() =>
      document
        .getElementById('spa-canada')!
        .addEventListener('wellspring-search', (event) =>
          (window as unknown as { onSearchEvent(query: string): void }).onSearchEvent(event.detail.query),
        ),
    );
    // Picked with the keyboard: the searches above this one load their next pages as the page
    // scrolls to it, and the content they add moves the option under a click (a missed pick).
    const place = search.getByRole('combobox', { name: 'Location' });
    await place.fill('Vancou');
    const vancouver = search.getByRole('option', { name: /^Vancouver, BC/ });
    const vancouverId = await vancouver.getAttribute('id');
    for (
      let step = 0;
      step < 5 && (await place.getAttribute('aria-activedescendant')) !== vancouverId;
      step++
    )
      await place.press('ArrowDown');
    await expect(place).toHaveAttribute('aria-activedescendant', vancouverId!);
    await place.press('Enter');
    await expect(count(search)).toHaveText(/near Vancouver, BC$/);
    await search.getByRole('combobox', { name: 'Sort by' }).selectOption('distance');
    await expect.poll(() => events.at(-1)).toContain('sort=distance');
    expect(events.at(-1)).toContain('location=Vancouver');
    expect(page.url()).toBe(`${baseURL}/demo/search.html`);
  });

  test('a listing select event can be cancelled by the partner page', async ({ page }) => {
    await page.goto('/demo/search.html');
    const search = page.locator('#local');
    await expect(cards(search).first()).toBeVisible();
    await page.evaluate(() =>
      document.getElementById('local')!.addEventListener('wellspring-listing-select', (event) => {
        event.preventDefault();
        document.body.dataset.selected = String(event.detail.merchantId);
      }),
    );
    // Followed with the keyboard: the searches above load more as the page scrolls, moving a click.
    await cards(search).first().getByRole('link').press('Enter');
    await expect(page.locator('body')).toHaveAttribute('data-selected', /^\d+$/);
    expect(page.url()).toBe(`${baseURL}/demo/search.html`);
  });

  test('has no serious accessibility violations', async ({ page }) => {
    await page.goto('/demo/search.html');
    await expect(cards(page.locator('#local')).first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
