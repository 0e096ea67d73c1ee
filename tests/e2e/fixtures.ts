import { test as base, expect, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { consentCookieName } from '../../src/domain/consent';
import { builtInTenants } from '../../src/tenant';
import { baseURL } from '../../playwright.config';

/** Pages axe-core is checking right now (see axeViolations). */
const auditing = new WeakSet<Page>();

/**
 * Every test fails on an uncaught page error or a console error. Failed requests that a test
 * provokes on purpose (a 400 for a place that does not exist) are listed in `allowedErrors`.
 * The Content-Security-Policy refusals of axe-core's own probes (it sets style attributes on
 * elements it measures, which a page without 'unsafe-inline' styles refuses) are not the page's.
 */
export const test = base.extend<{
  consoleErrors: string[];
  allowedErrors: RegExp[];
  consentChoice: 'granted' | 'denied' | null;
}>({
  allowedErrors: [[], { option: true }],
  /**
   * The visitor's analytics consent on every tenant's host before the test starts: 'denied' by
   * default, so the consent bar does not cover what a test clicks; null for a first visit
   * (tests/e2e/analytics.spec.ts).
   */
  consentChoice: ['denied', { option: true }],
  context: async ({ context, consentChoice }, use) => {
    if (consentChoice) {
      const { port } = new URL(baseURL);
      const hosts = [
        '127.0.0.1',
        'localhost',
        ...Object.keys(builtInTenants).map((name) => `${name}.localhost`),
      ];
      await context.addCookies(
        hosts.flatMap((host) =>
          Object.keys(builtInTenants).map((tenant) => ({
            name: consentCookieName(tenant),
            value: consentChoice,
            url: `http://${host}:${port}`,
          })),
        ),
      );
    }
    await use(context);
  },
  consoleErrors: async ({ page, allowedErrors }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = `${message.text()} ${message.location().url}`;
      if (auditing.has(page) && /violates the following Content Security Policy/.test(text)) return;
      if (!allowedErrors.some((pattern) => pattern.test(text))) errors.push(text);
    });
    await use(errors);
    expect(errors, 'console errors').toEqual([]);
  },
});

export { expect };

/** Serious and critical accessibility violations found by axe-core. */
export async function axeViolations(page: Page, include?: string) {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  auditing.add(page);
  const { violations } = await builder.analyze().finally(() => auditing.delete(page));
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/**
 * Scrolls to a part of an element whose first screen the server drew (a listing's map box): the
 * element draws that screen again when its code starts, after the page's, so the part found first
 * may be replaced while it is scrolled to ('not attached to the DOM'). Tried again until it holds.
 */
export async function scrollToDrawnPart(part: Locator): Promise<void> {
  await expect(async () => {
    await part.scrollIntoViewIfNeeded({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** Holds back every request of `page` matching `pattern` for 700 ms, so a later stage is seen. */
export const holdBack = (page: Page, pattern: string) =>
  page.route(pattern, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await route.continue();
  });

/**
 * Sums the page's layout shifts (without recent input) from its first paint on: call before
 * `goto`; the function it gives reads the sum so far (Lighthouse's CLS, without its windows).
 */
export async function countShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const total = window as unknown as { shifts: number };
    total.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) total.shifts += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { shifts: number }).shifts);
}
