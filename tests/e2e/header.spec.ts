import type { Page } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures';

const drawerEvents = (page: Page) =>
  page.evaluate(() =>
    (window.dataLayer ?? [])
      .filter((entry) => entry.event === 'header_drawer')
      .map((entry) => (entry as { state?: string }).state),
  );

/**
 * The app has hydrated the server's markup (it names the page on <html>): before that, the menu
 * button has no handler yet, and a click as soon as the page loads can come first.
 */
const appHydrated = (page: Page) => expect(page.locator('html[data-page]')).toBeAttached();

test.describe('the phone header', () => {
  test.use({ viewport: { width: 375, height: 740 }, consentChoice: 'granted' });

  test('opens the menu in a drawer that keeps focus, closes on Escape and gives focus back', async ({
    page,
  }) => {
    await page.goto('/');
    await appHydrated(page);
    const header = page.getByRole('banner');
    // The inline menu is not shown on a phone: the menu button stands for it.
    await expect(
      header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Check balance' }),
    ).toBeHidden();
    const button = header.getByRole('button', { name: 'Menu' });
    await button.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link').first()).toBeVisible();
    // The page behind it dimmed as behind every dialog of the site (the sign-in's too).
    expect(await drawer.evaluate((node) => getComputedStyle(node, '::backdrop').backgroundColor)).toBe(
      'rgba(0, 0, 0, 0.45)',
    );

    // Tab never reaches the page behind the open drawer (the modal dialog makes it inert: past
    // the last link focus goes to the browser's own controls, then back to the drawer).
    const stops = await drawer.locator('a, button, summary').count();
    let inside = 0;
    for (let n = 0; n < 2 * stops + 2; n++) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() =>
        document.activeElement?.closest('dialog[open]')
          ? 'drawer'
          : !document.activeElement || document.activeElement === document.body
            ? 'browser'
            : 'page',
      );
      expect(where).not.toBe('page');
      if (where === 'drawer') inside += 1;
    }
    expect(inside).toBeGreaterThanOrEqual(stops);
    expect(await axeViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(button).toBeFocused();
    await expect.poll(() => drawerEvents(page)).toEqual(['open', 'close']);
  });

  test('a link in the drawer goes to its page and closes the drawer', async ({ page }) => {
    await page.goto('/');
    await appHydrated(page);
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('link', { name: 'Find a Location' }).click();
    await expect(page).toHaveURL(/\/search/);
    await expect(drawer).toBeHidden();
    // The close button closes it too.
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect(drawer).toBeHidden();
  });
});

test('a wide screen shows the menu in the header, without a menu button', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('navigation', { name: 'Main' }).getByRole('link').nth(1)).toBeVisible();
  await expect(header.getByRole('button', { name: 'Menu' })).toBeHidden();
});

test('the logo shows at its own height, scaled by 0.7 on a phone when taller than 40 px (spec 9)', async ({
  page,
}) => {
  // Every built-in logo is 240 × 48.
  const logo = page.getByRole('banner').getByRole('img', { name: /home$/ });
  const height = async () => {
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalHeight))
      .toBe(48);
    return (await logo.boundingBox())!.height;
  };
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect.poll(height).toBeCloseTo(48, 0);
  await page.setViewportSize({ width: 375, height: 740 });
  await expect.poll(height).toBeCloseTo(33.6, 0);
});
