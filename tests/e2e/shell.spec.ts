import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';

const dist = join(import.meta.dirname, '..', '..', 'dist');

/** Every JavaScript file of the production build, by path. */
function bundleFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? bundleFiles(join(dir, entry.name))
      : entry.name.endsWith('.js')
        ? [join(dir, entry.name)]
        : [],
  );
}

test('the production bundle has no console calls (spec 8)', () => {
  const files = [...bundleFiles(join(dist, 'app')), ...bundleFiles(join(dist, 'widgets'))];
  expect(files.length).toBeGreaterThan(5);
  const calls = files.filter((file) => /\bconsole\.[a-z]+\(/.test(readFileSync(file, 'utf8')));
  expect(calls).toEqual([]);
});

test.describe('a page whose code fails to load', () => {
  test.use({
    consentChoice: 'granted',
    allowedErrors: [/Failed to load resource|dynamically imported module/],
  });

  test('offers a reload instead of a blank page, and the reload works', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // A deploy removed the chunk of the gift card page.
    await page.route('**/assets/GiftCards-*.js', (route) => route.abort());
    await page.evaluate(() => {
      history.pushState(null, '', '/buy-gift-cards');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    const offer = page.getByRole('alert').filter({ hasText: 'This page could not be loaded' });
    await expect(offer).toBeVisible();
    expect(
      (await page.evaluate(() => window.dataLayer ?? [])).filter((entry) => entry.event === 'app_error'),
    ).toEqual([expect.objectContaining({ kind: 'chunk_load', tenant: 'wellness' })]);
    await page.unroute('**/assets/GiftCards-*.js');
    await offer.getByRole('button', { name: 'Reload the page' }).click();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('This page could not be loaded');
    await expect(page).toHaveTitle('Buy Gift Cards | Wellspring Wellness');
  });
});
