import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';

// Issue 16: each page of the hosted site names its own chunk and its elements' chunks in its HTML
// (server/page-boot.ts), so they download beside the app instead of one after another, and it
// carries the tenant's settings, so neither the app nor its elements ask /api/tenants first.
const PAGES = [
  { path: '/', chunks: [/^\/assets\/Home-/], drawn: 'main h1' },
  {
    path: '/widgets-offers-carousel',
    chunks: [/^\/assets\/OffersCarouselPage-/, /offers-carousel\.element-/],
    drawn: 'wellspring-offers-carousel a.card',
  },
  {
    path: '/search?location=Austin%2C+TX',
    chunks: [/^\/assets\/Search-/, /search\.element-/],
    drawn: 'wellspring-search article.card',
  },
  {
    path: '/site/polished-nail-lounge-4',
    chunks: [/^\/assets\/Listing-/, /listing\.element-/],
    drawn: 'wellspring-listing h1',
  },
  {
    path: '/card-balance-inquiry',
    chunks: [/^\/assets\/BalanceInquiry-/, /balance-inquiry\.element-/],
    drawn: 'wellspring-balance-inquiry form',
  },
];

for (const { path, chunks, drawn } of PAGES) {
  test(`${path} names its chunks up front, fetches each once and asks no tenant settings`, async ({
    page,
    consoleErrors,
  }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const response = await page.goto(path);
    const html = await response!.text();
    const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map(
      (found) => found[1]!,
    );
    for (const chunk of chunks) expect(preloads).toContainEqual(expect.stringMatching(chunk));

    await expect(page.locator(drawn).first()).toBeVisible({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    // A preload the page's import does not match (another URL or credentials mode) would be
    // fetched a second time.
    for (const file of preloads)
      expect(
        requested.filter((p) => p === file),
        file,
      ).toHaveLength(1);
    expect(requested.filter((p) => p.startsWith('/api/tenants/'))).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
}

// The builds write each script's brotli (quality 11) beside it (vite.config.ts): a page's scripts
// arrive as those files, the bytes the size budgets count, not compressed again per request.
test('a page’s scripts arrive as the build compressed them', async ({ page }) => {
  const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
  const scripts: { path: string; encoding?: string; length?: string }[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!pathname.endsWith('.js') || response.status() !== 200) return;
    const headers = response.headers();
    scripts.push({
      path: pathname,
      encoding: headers['content-encoding'],
      length: headers['content-length'],
    });
  });
  await page.goto('/site/polished-nail-lounge-4');
  await expect(page.locator('wellspring-listing h1')).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  const built = scripts.filter(({ path }) => /^\/(assets|widgets)\//.test(path));
  expect(built.length).toBeGreaterThan(5);
  for (const { path, encoding, length } of built) {
    const file = path.startsWith('/assets/') ? `app${path}` : path.slice(1);
    expect({ path, encoding, length }).toEqual({
      path,
      encoding: 'br',
      length: String(statSync(`${dist}${file}.br`).size),
    });
  }
});

// The demo page also shows a carousel for an unknown place: its 400 is part of the page.
test('a partner page (no settings carried) still loads its element’s tenant from the API', async ({
  page,
}) => {
  const tenants: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/tenants/')) tenants.push(request.url());
  });
  await page.goto('/demo/offers-carousel.html');
  await expect(page.locator('wellspring-offers-carousel a.card').first()).toBeVisible();
  expect(tenants.length).toBeGreaterThan(0);
});

test('the home page names its opening image up front, and the page uses that download', async ({ page }) => {
  const images: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image') images.push(new URL(request.url()).pathname);
  });
  const html = await (await page.goto('/'))!.text();
  const preload = /<link rel="preload" as="image" href="([^"]+)"/.exec(html)?.[1];
  expect(preload).toBe('/media/wellness/hero.svg');
  await expect(page.locator('.cm-gift-hero__image')).toHaveAttribute('src', preload!);
  await expect
    .poll(() => page.locator('.cm-gift-hero__image').evaluate((image: HTMLImageElement) => image.complete))
    .toBe(true);
  expect(images.filter((path) => path === preload)).toHaveLength(1);
});

test('a search’s first results load their images at once, the others when scrolled to', async ({ page }) => {
  await page.goto('/search?location=Austin%2C+TX');
  const images = page.locator('wellspring-search ol.results > li article.card img');
  await expect(images.nth(3)).toBeAttached({ timeout: 20_000 });
  const loading = await images.evaluateAll((all) =>
    all.slice(0, 4).map((image) => image.getAttribute('loading')),
  );
  expect(loading).toEqual(['eager', 'eager', 'lazy', 'lazy']);
});

// On a partner's page nothing is preloaded: the loader asks for an element's chunk, the chunks it
// imports and its tenant's settings at once (widgets/loader.ts), where the browser would find each
// a round trip after the other. Held back, the element's chunk shows what was asked beside it.
test('a partner page asks for its element’s chunk, that chunk’s imports and its tenant at once', async ({
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/offers-carousel\.element-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/demo/offers-carousel.html');
  await expect
    .poll(() => requested)
    .toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/widgets\/chunks\/offers-carousel\.element-/),
        expect.stringMatching(/^\/widgets\/chunks\/runtime-/),
        expect.stringMatching(/^\/widgets\/chunks\/base\.styles-/),
        '/api/tenants/wellness',
        '/api/tenants/spa',
      ]),
    );
  release();
  await expect(page.locator('wellspring-offers-carousel a.card').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The elements take the loader's answers: each tenant asked for once, whatever the elements.
  expect(requested.filter((path) => path === '/api/tenants/spa')).toHaveLength(1);
  expect(requested.filter((path) => path === '/api/tenants/wellness')).toHaveLength(1);
});
