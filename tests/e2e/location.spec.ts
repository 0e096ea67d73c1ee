/**
 * A visitor placed by their IP address (issue 12, spec 4): the browser's geolocation is not
 * granted, so the search and the carousel start at the city the offline IP database gives for the
 * visitor's address (named by the trusted proxy, as production has it), with the database's credit.
 */
import { baseURL } from '../../playwright.config';
import { expect, test } from './fixtures';

const spaOrigin = baseURL.replace('127.0.0.1', 'spa.localhost');

test.describe('a visitor in Montréal by IP address (X-Forwarded-For from the trusted proxy)', () => {
  test.use({ extraHTTPHeaders: { 'x-forwarded-for': '24.48.0.1' } });

  test('the search starts at their city and credits the IP database', async ({ page, consoleErrors }) => {
    await page.goto(`${spaOrigin}/search`);
    await expect(page.getByRole('heading', { level: 2, name: /near Montréal, QC$/ })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('link', { name: 'IP Geolocation by DB-IP' })).toHaveAttribute(
      'href',
      'https://db-ip.com',
    );
    expect(consoleErrors).toEqual([]);
  });

  test('a carousel without a location starts at their city', async ({ page }) => {
    await page.goto('/demo/offers-carousel.html');
    const carousel = page.locator('#local');
    await expect(carousel.getByText(/(Offers|No offers) near Montréal, QC/)).toBeVisible({ timeout: 20_000 });
    await expect(carousel.getByRole('link', { name: 'IP Geolocation by DB-IP' })).toBeVisible();
  });
});

test('a visitor from a private address starts at the tenant country', async ({ page }) => {
  await page.goto(`${spaOrigin}/search`);
  await expect(page.getByRole('heading', { level: 2, name: /near United States$/ })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('link', { name: 'IP Geolocation by DB-IP' })).toHaveCount(0);
});
