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
  // Workbox's runtime (the service worker's, built by workbox-build) is checked below instead.
  const files = [...bundleFiles(join(dist, 'app')), ...bundleFiles(join(dist, 'widgets'))].filter(
    (file) => !/[/\\]workbox-[0-9a-f]+\.js$/.test(file),
  );
  expect(files.length).toBeGreaterThan(5);
  const calls = files.filter((file) => /\bconsole\.[a-z]+\(/.test(readFileSync(file, 'utf8')));
  expect(calls).toEqual([]);
  // Workbox's one console call warns about a precached file without a revision (a string entry
  // or one whose revision is left out): every entry of our service worker carries one.
  const worker = readFileSync(join(dist, 'app', 'service-worker.js'), 'utf8');
  const entries = /precacheAndRoute\((\[[^\]]*\])/.exec(worker)?.[1] ?? '';
  expect(entries).toContain('offline.html');
  expect(entries.match(/\{url:/g)?.length).toBe(entries.match(/revision:/g)?.length);
  expect(entries).not.toMatch(/\[\s*"|,\s*"/);
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
