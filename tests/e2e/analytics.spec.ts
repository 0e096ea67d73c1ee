import type { BrowserContext, Page } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures';

/** What the data layer holds, without GTM's own entries. */
const dataLayer = (page: Page) =>
  page.evaluate(() =>
    (window.dataLayer ?? []).map((entry) => {
      const { eventCallback: _callback, ...rest } = entry;
      return rest;
    }),
  );
const events = async (page: Page, name: string) =>
  (await dataLayer(page)).filter((entry) => entry.event === name);

/** Every request that would leave this machine is refused and recorded. */
async function offline(context: BrowserContext): Promise<string[]> {
  const outside: string[] = [];
  await context.route(
    (url) => !/^(127\.0\.0\.1|localhost|[a-z-]+\.localhost)$/.test(url.hostname),
    (route) => {
      outside.push(route.request().url());
      return route.abort();
    },
  );
  return outside;
}

test.describe('consent bar and data layer (first visit)', () => {
  test.use({ consentChoice: null });

  test('nothing is pushed and no tag manager loads before consent; Accept starts both', async ({
    page,
    context,
  }) => {
    const outside = await offline(context);
    // The wellness tenant with a tag manager configured: its script is served here, locally. The
    // page carries its tenant's settings (server/page-boot.ts): they are changed there.
    await page.route('**/about', async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /(<script type="application\/json" id="wellspring-tenant">)(.*?)(<\/script>)/s,
        (_, open: string, json: string, close: string) => {
          const tracking = { trackingId: 'GTM-TEST1', tagManagerUrl: '/tag-manager-test.js?id={id}' };
          return `${open}${JSON.stringify({ ...JSON.parse(json), tracking }).replace(/</g, '\\u003c')}${close}`;
        },
      );
      await route.fulfill({ response, body: html });
    });
    const tagManagerRequests: string[] = [];
    await page.route('**/tag-manager-test.js*', (route) => {
      tagManagerRequests.push(route.request().url());
      return route.fulfill({
        contentType: 'text/javascript',
        body: 'window.google_tag_manager = { loaded: true };',
      });
    });

    await page.goto('/about');
    const bar = page.getByRole('region', { name: 'Cookies on Wellspring' });
    await expect(bar).toBeVisible();
    // Navigations before the choice are not recorded.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link').first().click();
    await expect(bar).toBeVisible();
    expect(await dataLayer(page)).toEqual([]);
    expect(tagManagerRequests).toEqual([]);
    expect(await page.evaluate(() => 'google_tag_manager' in window)).toBe(false);

    // By keyboard: Accept is reachable and works with Enter.
    const accept = bar.getByRole('button', { name: 'Accept' });
    await accept.focus();
    await page.keyboard.press('Enter');
    await expect(bar).toBeHidden();
    await expect.poll(() => tagManagerRequests).toEqual([expect.stringContaining('id=GTM-TEST1')]);
    await expect.poll(() => page.evaluate(() => 'google_tag_manager' in window)).toBe(true);
    // The page being read is counted once the visitor agreed.
    expect(await events(page, 'page_view')).toHaveLength(1);

    const cookie = (await context.cookies()).find((c) => c.name === 'wellspring_consent_wellness');
    expect(cookie?.value).toBe('granted');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    // From now on every navigation is a page view: a link, back, forward.
    await page.goto('/about');
    await expect(bar).toBeHidden();
    // The app has hydrated (it names the page on <html>): before, a click loads the next page anew.
    await expect(page.locator('html[data-page]')).toBeAttached();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Card Values' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect.poll(async () => (await events(page, 'page_view')).length).toBe(2);
    await page.goBack();
    await expect.poll(async () => (await events(page, 'page_view')).length).toBe(3);
    await page.goForward();
    await expect.poll(async () => (await events(page, 'page_view')).length).toBe(4);
    const views = await events(page, 'page_view');
    expect(views[2]).toMatchObject({ page_path: '/about', page_name: 'about', tenant: 'wellness' });
    expect(await events(page, 'navigation')).toEqual([
      expect.objectContaining({ placement: 'footer', tenant: 'wellness' }),
    ]);
    expect(outside).toEqual([]);
  });

  test('the choice can be changed later from the footer, by keyboard', async ({ page, context }) => {
    await page.goto('/about');
    const bar = page.getByRole('region', { name: 'Cookies on Wellspring' });
    await bar.getByRole('button', { name: 'Decline' }).click();
    await expect(bar).toBeHidden();
    expect((await context.cookies()).find((c) => c.name === 'wellspring_consent_wellness')?.value).toBe(
      'denied',
    );
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(bar).toBeHidden();
    expect(await dataLayer(page)).toEqual([]);

    const settings = page.getByRole('button', { name: 'Cookie settings' });
    await settings.focus();
    await page.keyboard.press('Enter');
    await expect(bar).toBeVisible();
    // Focus moves into the bar so a screen reader reads it out.
    await expect(bar.getByRole('heading', { name: 'Cookies on Wellspring' })).toBeFocused();
    await expect(bar).toContainText('now: declined');
    expect(await axeViolations(page, '.consent-bar')).toEqual([]);
    await page.keyboard.press('Tab');
    await expect(bar.getByRole('button', { name: 'Decline' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(bar).toBeHidden();
    await expect.poll(async () => (await events(page, 'page_view')).length).toBe(1);
  });

  test('a partner page: elements never push unless the page asks with data-layer', async ({ page }) => {
    await page.goto('/demo/gift-cards.html');
    await expect(page.locator('#buy-spa-canada').getByRole('link').first()).toBeVisible();
    await expect(page.locator('#buy-spa').getByRole('link').first()).toBeVisible();
    const announced = await page.evaluate(async () => {
      const seen: unknown[] = [];
      document.addEventListener('wellspring-analytics', (event) => seen.push(event.detail));
      // The demo routes nothing: stay on the page.
      document.addEventListener('wellspring-buy-select', (event) => event.preventDefault());
      // #buy-spa-canada has no data-layer attribute, #buy-spa has one.
      for (const id of ['#buy-spa-canada', '#buy-spa'])
        (document.querySelector(id)!.shadowRoot!.querySelector('a.button') as HTMLAnchorElement).click();
      return seen;
    });
    expect(announced).toEqual([
      { event: 'buy', method: 'email', tenant: 'spa-canada' },
      { event: 'buy', method: 'email', tenant: 'spa' },
    ]);
    expect(await dataLayer(page)).toEqual([{ event: 'buy', method: 'email', tenant: 'spa' }]);
  });
});

test.describe('data layer events (consent given)', () => {
  test.use({ consentChoice: 'granted' });

  test('a search: suggestion, filter change, reset, layout, result selection with its index', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.goto('/search?location=Austin%2C+TX');
    const results = page.getByRole('heading', { level: 2, name: /results? near/ });
    await expect(results).toBeVisible({ timeout: 20_000 });
    await expect.poll(async () => (await events(page, 'search')).length).toBeGreaterThan(0);
    expect(await events(page, 'page_view')).toEqual([
      { event: 'page_view', page_path: '/search', page_name: 'search', tenant: 'wellness' },
    ]);

    const keywords = page.getByRole('combobox', { name: 'Keywords' });
    await keywords.fill('mass');
    const option = page.getByRole('option').first();
    await expect(option).toBeVisible({ timeout: 20_000 });
    const label = ((await option.textContent()) ?? '').trim();
    await keywords.press('ArrowDown');
    await keywords.press('Enter');
    await expect
      .poll(() => events(page, 'suggestion'))
      .toEqual([expect.objectContaining({ event: 'suggestion', position: 1, tenant: 'wellness' })]);
    const [picked] = await events(page, 'suggestion');
    expect(label).toContain(String(picked!.label));
    // Whatever the suggestion opened, come back to the search.
    if (!page.url().includes('/search')) await page.goBack();
    await expect(results).toBeVisible();

    await page.getByRole('combobox', { name: 'Distance' }).selectOption('15');
    await expect
      .poll(() => events(page, 'filter_change'))
      .toEqual([{ event: 'filter_change', filter: 'distance', value: '15', tenant: 'wellness' }]);
    await page.getByRole('combobox', { name: 'Brand' }).selectOption({ label: 'Zenith Yoga' });
    await expect
      .poll(async () => (await events(page, 'filter_change')).at(-1))
      .toEqual({ event: 'filter_change', filter: 'businessTypes', value: 'Zenith Yoga', tenant: 'wellness' });
    await page.getByRole('button', { name: 'Reset filters' }).first().click();
    expect(await events(page, 'reset_filter')).toEqual([{ event: 'reset_filter', tenant: 'wellness' }]);
    await expect(page.getByRole('combobox', { name: 'Brand' })).toHaveValue('');
    await page.getByRole('button', { name: 'List' }).click();
    expect(await events(page, 'search_layout')).toEqual([
      { event: 'search_layout', layout: 'list', tenant: 'wellness' },
    ]);

    // A result on the second page: its index counts the first page's results.
    const plain = page.locator('article.card:not(.featured)');
    await page.getByRole('button', { name: 'Show more results' }).scrollIntoViewIfNeeded();
    await expect.poll(() => plain.count()).toBeGreaterThan(14);
    const selected = page.evaluate(
      () =>
        new Promise<{ position: number; name: string }>((resolve) =>
          document.addEventListener(
            'wellspring-listing-select',
            (event) => resolve((event as CustomEvent).detail),
            { once: true },
          ),
        ),
    );
    const card = plain.nth(13);
    await card.scrollIntoViewIfNeeded();
    await card.getByRole('link').first().click();
    const { position, name } = await selected;
    expect(position).toBeGreaterThan(12);
    await expect(page).toHaveURL(/\/site\/[a-z0-9-]+-\d+$/);
    const [select] = await events(page, 'select_item');
    expect(select).toMatchObject({
      tenant: 'wellness',
      ecommerce: {
        item_list_id: 'listings_search_results',
        item_list_name: 'Listings Search Results',
        currency: 'USD',
        items: [{ item_name: name, index: position, item_list_name: 'Listings Search Results' }],
      },
    });
    // The listing visit: its page view and the listing's own view event.
    await expect
      .poll(() => events(page, 'listing'))
      .toEqual([expect.objectContaining({ action: 'view', tenant: 'wellness' })]);
    expect((await events(page, 'page_view')).at(-1)).toMatchObject({ page_name: 'spa' });
  });

  test('a listing visit: view, section links, gallery and contact actions', async ({ page }) => {
    await page.goto('/search?location=Austin%2C+TX');
    await page.locator('article.card:not(.featured)').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/site\/[a-z0-9-]+-\d+$/);
    const listing = page.locator('wellspring-listing');
    await expect(listing.getByRole('heading', { level: 1 })).toBeVisible();
    const merchantId = Number(/-(\d+)$/.exec(page.url())![1]);
    await expect
      .poll(() => events(page, 'listing'))
      .toContainEqual({
        event: 'listing',
        action: 'view',
        merchantId,
        tenant: 'wellness',
      });
    await expect
      .poll(() => events(page, 'gallery'))
      .toContainEqual(expect.objectContaining({ action: 'view', merchantId }));
    const anchors = listing.getByRole('navigation', { name: 'On this page' });
    if (await anchors.getByRole('link', { name: /services/i }).count()) {
      await anchors.getByRole('link', { name: /services/i }).click();
      await expect
        .poll(() => events(page, 'listing'))
        .toContainEqual(expect.objectContaining({ action: 'services', merchantId }));
    }
    await listing.getByRole('link', { name: 'Check your gift card balance' }).click();
    await expect(page).toHaveURL(/\/card-balance-inquiry$/);
    expect(await events(page, 'listing')).toContainEqual(
      expect.objectContaining({ action: 'balance', merchantId }),
    );
  });
});

test.describe('a failed search (consent given)', () => {
  test.use({ consentChoice: 'granted', allowedErrors: [/503/] });

  test('a failed /merchants response from the search is a listing error', async ({ page }) => {
    await page.route('**/api/merchants?*', (route) =>
      route.fulfill({ status: 503, json: { error: 'Search is resting' } }),
    );
    // The page carries its URL's first search; the visitor's next one asks the API, which fails.
    await page.goto('/search?location=Austin%2C+TX');
    await expect(page.locator('article.card').first()).toBeVisible({ timeout: 20_000 });
    await page.getByRole('combobox', { name: 'Distance' }).selectOption('15');
    await expect(page.getByRole('alert').first()).toBeVisible({ timeout: 20_000 });
    await expect
      .poll(() => events(page, 'listing_error'))
      .toContainEqual(
        expect.objectContaining({
          kind: 'request_failed',
          status: 503,
          url: expect.stringContaining('/api/merchants?'),
          tenant: 'wellness',
        }),
      );
  });
});
