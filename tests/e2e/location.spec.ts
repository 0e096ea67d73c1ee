/**
 * A visitor placed by their IP address (issue 12, spec 4): the browser's geolocation is not
 * granted, so the search and the carousel start at the city the offline IP database gives for the
 * visitor's address (named by the trusted proxy, as production has it), with the database's credit.
 */
import type { Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { DEMO_CARDS } from '../../server/seed/demo-cards';
import { expect, test } from './fixtures';

const spaOrigin = baseURL.replace('127.0.0.1', 'spa.localhost');

/**
 * A SpaHaven card's balance checked on the hosted balance page: the element, and the places it
 * lists under `heading` ('name, ST' and, near a place, its miles) once they are shown.
 */
async function spendingPlaces(page: Page, heading: string) {
  // Its own card: the gift card tests' failed tries must not lock it.
  const card = DEMO_CARDS.filter((one) => one.tenant === 'spa' && one.status === 'ACTIVE').at(-1)!;
  await page.goto(`${spaOrigin}/card-balance-inquiry`);
  const element = page.locator('wellspring-balance-inquiry');
  await element.getByLabel('Card number').fill(card.number);
  await element.getByLabel('PIN').fill(card.pin);
  await element.getByRole('button', { name: 'Check balance' }).click();
  await expect(element.getByRole('heading', { name: 'Your balance' })).toBeVisible({ timeout: 20_000 });
  await expect(element.getByRole('heading', { name: heading })).toBeVisible();
  const places = element.locator('.places a span');
  await expect(places.first()).toBeVisible();
  return { element, places: await places.allTextContents() };
}

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

  test("a card's balance names where to spend it near their city, crediting the IP database", async ({
    page,
  }) => {
    const { element, places } = await spendingPlaces(page, 'Where to spend it nearby');
    for (const place of places) expect(place).toMatch(/, QC · [\d.]+ mi$/);
    await expect(element.getByRole('link', { name: 'IP Geolocation by DB-IP' })).toBeVisible();
  });
});

test('a visitor from a private address starts at the tenant country', async ({ page }) => {
  await page.goto(`${spaOrigin}/search`);
  await expect(page.getByRole('heading', { level: 2, name: /near United States$/ })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('link', { name: 'IP Geolocation by DB-IP' })).toHaveCount(0);
});

test("a card's balance from a private address names the best rated places of the tenant's country", async ({
  page,
}) => {
  const { element, places } = await spendingPlaces(page, 'Top rated places that take your card');
  // SpaHaven is the US tenant: its best rated in the United States, none in Canada.
  for (const place of places) expect(place).toMatch(/, [A-Z]{2}$/);
  expect(places.filter((place) => /, (QC|ON|BC|AB|MB|NS|NB|NL|PE|SK)$/.test(place))).toEqual([]);
  await expect(element.getByRole('link', { name: 'IP Geolocation by DB-IP' })).toHaveCount(0);
});
