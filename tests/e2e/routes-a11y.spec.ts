import type { Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { axeViolations, expect, test } from './fixtures';

/**
 * Every route of the hosted site (the router table of host-app/navigation.ts, as host-app.spec.ts
 * lists it for the wellness tenant, and the spa tenant's main pages), on a phone and a desktop: no serious or critical axe violation,
 * the phone's menu drawer open too, and one h1 per page that no other heading repeats (the page's
 * heading and the heading inside the element it composes must not say the same thing twice).
 */
const spaOrigin = baseURL.replace('127.0.0.1', 'spa.localhost');
const ROUTES = [
  '/',
  '/search?location=Austin%2C+TX',
  '/site/polished-nail-lounge-4',
  '/offer/hand-reflexology-1',
  '/best-of/austin-tx',
  '/buy-gift-cards',
  '/card-balance-inquiry-vpln',
  '/about',
  '/wellness-card-coming-soon',
  '/my-searches',
  '/widgets-offers-carousel',
  '/no/such/page',
  // The spa tenant's site: another brand (theme, header, map on the search page).
  `${spaOrigin}/`,
  `${spaOrigin}/search?location=New+York%2C+NY`,
  `${spaOrigin}/about`,
  `${spaOrigin}/card-balance-inquiry`,
];

/** The page's headings in the composed tree (inside the elements' shadow roots too), in order. */
function headings(page: Page) {
  return page.evaluate(() => {
    const found: { level: number; text: string }[] = [];
    const walk = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll('*')) {
        const tag = /^H([1-6])$/.exec(element.tagName);
        const role = element.getAttribute('role') === 'heading';
        if ((tag || role) && (element as HTMLElement).offsetParent !== null) {
          const level = tag ? Number(tag[1]) : Number(element.getAttribute('aria-level') ?? 2);
          found.push({ level, text: (element.textContent ?? '').replace(/\s+/g, ' ').trim() });
        }
        if (element.shadowRoot) walk(element.shadowRoot);
      }
    };
    walk(document);
    return found;
  });
}

for (const [name, viewport] of [
  ['phone', { width: 375, height: 740 }],
  ['desktop', { width: 1280, height: 800 }],
] as const) {
  test.describe(`every route on a ${name} (${viewport.width} px)`, () => {
    test.use({ viewport });

    for (const path of ROUTES) {
      test(`${path}: no serious accessibility violations, one heading of its own`, async ({ page }) => {
        test.setTimeout(120_000);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible({ timeout: 20_000 });
        // The elements' data (results, listing, offers) has arrived: the page is what a visitor reads.
        await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
        expect(await axeViolations(page), `${path} at ${viewport.width} px`).toEqual([]);

        const all = await headings(page);
        const pageHeadings = all.filter((heading) => heading.level === 1);
        expect(
          pageHeadings.map((heading) => heading.text),
          `${path}: one h1`,
        ).toHaveLength(1);
        const title = pageHeadings[0]!.text.toLowerCase();
        const repeats = all.filter((heading) => heading.level > 1 && heading.text.toLowerCase() === title);
        expect(repeats, `${path}: a heading repeats the page's '${pageHeadings[0]!.text}'`).toEqual([]);

        const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
        if (viewport.width < 960 && (await menu.count())) {
          await menu.click();
          await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
          expect(await axeViolations(page), `${path} with the drawer open`).toEqual([]);
          await page.keyboard.press('Escape');
          await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
        }
      });
    }
  });
}
