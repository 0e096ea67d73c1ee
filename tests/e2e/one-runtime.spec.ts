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
test.describe('one Preact runtime on a hosted page', () => {
  test('the home page downloads Preact once, from the shared runtime chunk', async ({
    page,
    consoleErrors,
  }) => {
    const preact = scriptsWithPreact(page);
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await preact()).toEqual([expect.stringMatching(/^\/widgets\/chunks\/runtime-[\w-]+\.js$/)]);
    expect(consoleErrors).toEqual([]);
  });

  test('a search page shows results with Preact downloaded once for the app and the element', async ({
    page,
    consoleErrors,
  }) => {
    const preact = scriptsWithPreact(page);
    await page.goto('/search?location=Austin%2C+TX');
    await expect(page.locator('wellspring-search article.card').first()).toBeVisible({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    expect(await preact()).toHaveLength(1);
    expect(consoleErrors).toEqual([]);
  });

  test('the offers carousel page shows offers with Preact downloaded once', async ({
    page,
    consoleErrors,
  }) => {
    const preact = scriptsWithPreact(page);
    await page.goto('/widgets-offers-carousel');
    await expect(page.locator('wellspring-offers-carousel a.card').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await preact()).toHaveLength(1);
    expect(consoleErrors).toEqual([]);
  });
});
