/**
 * The maps show a real base map (issue 12): tiles drawn by our server from open data, in more
 * than one colour (land, water, lines, names), with the credits the data's licences ask for, on
 * the spa tenant's search map and listing map.
 */
import type { Locator, Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { expect, scrollToDrawnPart, test } from './fixtures';

const spaOrigin = baseURL.replace('127.0.0.1', 'spa.localhost');

/** The distinct colours of a loaded tile image, read back through a canvas in the page. */
async function tileColours(page: Page, tile: Locator): Promise<number> {
  const src = await tile.getAttribute('src');
  expect(src).toMatch(/\/api\/tiles\/\d+\/\d+\/\d+\.png\?tenant=spa$/);
  return page.evaluate(async (url) => {
    const image = new Image();
    image.crossOrigin = 'anonymous';
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 4)
      colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
    return colours.size;
  }, src!);
}

async function expectRealMap(page: Page, map: Locator) {
  await expect(map.locator('.leaflet-tile-loaded').first()).toBeVisible();
  const tiles = map.locator('img.leaflet-tile-loaded');
  // Not a blank (one-colour) picture: land, water, borders and names.
  let most = 0;
  for (let i = 0; i < Math.min(await tiles.count(), 4); i++)
    most = Math.max(most, await tileColours(page, tiles.nth(i)));
  expect(most).toBeGreaterThan(8);
  const credits = map.locator('.leaflet-control-attribution');
  await expect(credits.getByRole('link', { name: 'Natural Earth' })).toHaveAttribute(
    'href',
    'https://www.naturalearthdata.com/',
  );
  await expect(credits.getByRole('link', { name: '© GeoNames (CC BY 4.0)' })).toBeVisible();
  await expect(credits.getByRole('link', { name: 'U.S. Census Bureau' })).toBeVisible();
}

test('the spa search map draws the base map with its credits', async ({ page, consoleErrors }) => {
  await page.goto(`${spaOrigin}/search?location=Austin%2C+TX`);
  await expect(page.getByRole('heading', { level: 2, name: /results? near Austin/ })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('button', { name: 'Map' }).click();
  await expectRealMap(page, page.getByRole('region', { name: 'Map of the results' }));
  expect(consoleErrors).toEqual([]);
});

test('the spa listing map draws the base map with its credits', async ({ page, request, consoleErrors }) => {
  const search = await request.get(`${baseURL}/api/merchants?location=Austin%2C%20TX&size=1`, {
    headers: { publisherid: '1', 'x-requested-with': 'XMLHttpRequest' },
  });
  const [listing] = ((await search.json()) as { items: { merchantId: number; name: string }[] }).items;
  const full = await request.get(`${baseURL}/api/merchants/${listing!.merchantId}`, {
    headers: { publisherid: '1', 'x-requested-with': 'XMLHttpRequest' },
  });
  const { canonicalLink } = (await full.json()) as { canonicalLink: string };
  await page.goto(`${spaOrigin}${canonicalLink}`);
  const map = page.getByRole('region', { name: `Map of ${listing!.name}` });
  // The map is made when the visitor scrolls near it.
  await scrollToDrawnPart(page.locator('.map-box'));
  await expectRealMap(page, map);
  expect(consoleErrors).toEqual([]);
});
