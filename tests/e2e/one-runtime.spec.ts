import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Preact's list of unitless style properties: a regular expression in its core that minifiers
 * leave as it is, so it marks a file that carries a copy of Preact.
 */
const PREACT_MARK = 'acit|ex(?:s|g|n|p|$)|rph|grid|ows|mnc|ntw|ine[ch]|zoo|^ord|itera';

/** The paths of the scripts the page has downloaded so far that carry Preact. */
function scriptsWithPreact(page: Page): () => Promise<string[]> {
  const bodies: Promise<string | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    bodies.push(
      response.text().then(
        (body) => (body.includes(PREACT_MARK) ? new URL(response.url()).pathname : null),
        () => null,
      ),
    );
  });
  return async () => (await Promise.all(bodies)).filter((path): path is string => path !== null);
}

// Issue 16: the hosted site and its elements share one Preact (widgets/runtime.ts), downloaded
// once and one instance on the page; two copies would also split hooks state and context.
const PAGES = [
  { name: 'the home page', path: '/', drawn: (page: Page) => page.getByRole('navigation', { name: 'Main' }) },
  {
    name: 'a search page, its results shown',
    path: '/search?location=Austin%2C+TX',
    drawn: (page: Page) => page.locator('wellspring-search article.card').first(),
    timeout: 20_000,
  },
  {
    name: 'the offers carousel page, its offers shown',
    path: '/widgets-offers-carousel',
    drawn: (page: Page) => page.locator('wellspring-offers-carousel a.card').first(),
  },
];

test.describe('one Preact runtime on a hosted page', () => {
  for (const { name, path, drawn, timeout } of PAGES) {
    test(`${name} downloads Preact once, from the shared runtime chunk`, async ({ page, consoleErrors }) => {
      const preact = scriptsWithPreact(page);
      await page.goto(path);
      await expect(drawn(page)).toBeVisible({ timeout });
      await page.waitForLoadState('networkidle');
      expect(await preact()).toEqual([expect.stringMatching(/^\/widgets\/chunks\/runtime-[\w-]+\.js$/)]);
      expect(consoleErrors).toEqual([]);
    });
  }
});
