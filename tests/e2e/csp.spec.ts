import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { baseURL } from '../../playwright.config';
import { DEMO_CARDS } from '../../server/seed/demo-cards';
import type { ListingCard, SearchResult } from '../../src/domain/types';
import { expect, scrollToDrawnPart, test } from './fixtures';

/**
 * Content-Security-Policy: the elements on a partner page whose policy is strict (no
 * 'unsafe-inline' styles, scripts by nonce and our origin only), and the hosted site under its
 * own policy. Any violation is a console error (the fixture fails on it) and is also collected
 * from `securitypolicyviolation` events.
 */

const api = new URL(baseURL).origin;

/** A partner page: its policy allows our origin for scripts and calls, and styles only by nonce. */
function partnerPage(nonce: string, body: string, elementNonce?: string): { csp: string; html: string } {
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}' ${api}`,
    `style-src 'nonce-${nonce}'`,
    `img-src ${api} data:`,
    `connect-src ${api}`,
    `font-src ${api}`,
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ');
  const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Partner</title>
    <link rel="icon" href="data:," />
    <style nonce="${nonce}">body { font-family: sans-serif; margin: 2rem; }</style>
    <script type="module" src="${api}/widgets/loader.js" nonce="${nonce}"></script>
  </head>
  <body>
    <h1>A partner page</h1>
    ${body.replace('NONCE', elementNonce ?? '')}
  </body>
</html>`;
  return { csp, html };
}

const PAGES: Record<string, { body: string; elementNonce?: (nonce: string) => string }> = {
  '/carousel': {
    body: '<wellspring-offers-carousel id="carousel" tenant="wellness" location="Austin, TX"></wellspring-offers-carousel>',
  },
  '/balance': {
    body: '<wellspring-balance-inquiry id="balance" tenant="wellness"></wellspring-balance-inquiry>',
  },
  // The element names the nonce itself (and the loader's is not the page's: only the element's counts).
  '/element-nonce': {
    body: '<wellspring-offers-carousel id="carousel" tenant="wellness" location="Austin, TX" nonce="NONCE"></wellspring-offers-carousel>',
    elementNonce: (nonce) => nonce,
  },
  // Control: a wrong nonce on the element, so the strict policy must refuse its styles.
  '/wrong-nonce': {
    body: '<wellspring-offers-carousel id="carousel" tenant="wellness" location="Austin, TX" nonce="NONCE"></wellspring-offers-carousel>',
    elementNonce: () => 'not-the-page-nonce',
  },
};

let partner: Server;
let partnerOrigin: string;

test.beforeAll(async () => {
  partner = createServer((request, response) => {
    const page = PAGES[request.url ?? ''];
    if (!page) return void response.writeHead(404).end();
    const nonce = randomBytes(16).toString('base64');
    const { csp, html } = partnerPage(nonce, page.body, page.elementNonce?.(nonce));
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp })
      .end(html);
  });
  await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
  partnerOrigin = `http://127.0.0.1:${(partner.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  partner.closeAllConnections();
  await new Promise((resolve) => partner.close(resolve));
});

/** Collects the page's CSP violations (init scripts run outside the page's policy). */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

/** The element's display and how many of its shadow root's style tags carry the page's nonce. */
function stylesOf(page: Page, selector: string) {
  return page.evaluate((selector) => {
    const host = document.querySelector(selector)!;
    const styles = [...host.shadowRoot!.querySelectorAll('style')];
    return {
      display: getComputedStyle(host).display,
      styles: styles.length,
      withNonce: styles.filter((style) => style.nonce).length,
    };
  }, selector);
}

test.describe('elements on a partner page with a strict CSP', () => {
  test('the offers carousel is styled and works, with the loader script’s nonce', async ({
    page,
    consoleErrors,
  }) => {
    const violations = await watchViolations(page);
    const response = await page.goto(`${partnerOrigin}/carousel`);
    expect(response?.headers()['content-security-policy']).not.toContain('unsafe-inline');
    const carousel = page.locator('#carousel');
    await expect(carousel.getByRole('heading', { name: 'Offers near Austin, TX' })).toBeVisible();
    await expect(carousel.locator('a.card').first()).toBeVisible();
    // :host { display: block } and the rest come from the element's nonce-carrying style tags.
    const styles = await stylesOf(page, '#carousel');
    expect(styles.display).toBe('block');
    expect(styles.styles).toBeGreaterThan(0);
    expect(styles.withNonce).toBe(styles.styles);
    await page.setViewportSize({ width: 1280, height: 900 });
    await carousel.getByRole('button', { name: 'Next offers' }).click();
    await expect(carousel.locator('.slide:not([inert])').first()).toHaveAttribute('aria-label', /^2 of /);
    expect(await violations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('the balance inquiry checks a demo card through the bot check', async ({ page, consoleErrors }) => {
    const card = DEMO_CARDS.find(
      (candidate) =>
        candidate.tenant === 'wellness' && candidate.status === 'ACTIVE' && candidate.balance > 0,
    )!;
    const violations = await watchViolations(page);
    await page.goto(`${partnerOrigin}/balance`);
    const widget = page.locator('#balance');
    await widget.getByLabel('Card number').fill(card.number);
    await widget.getByLabel('PIN').fill(card.pin);
    await widget.getByRole('button', { name: 'Check balance' }).click();
    await expect(widget.getByRole('heading', { name: 'Your balance' })).toBeVisible({ timeout: 20_000 });
    expect((await stylesOf(page, '#balance')).display).toBe('block');
    expect(await violations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('an element given the nonce by its own attribute is styled', async ({ page, consoleErrors }) => {
    const violations = await watchViolations(page);
    await page.goto(`${partnerOrigin}/element-nonce`);
    await expect(page.locator('#carousel').locator('a.card').first()).toBeVisible();
    expect((await stylesOf(page, '#carousel')).display).toBe('block');
    expect(await violations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test.describe('control', () => {
    test.use({ allowedErrors: [/Content Security Policy/] });

    test('with a wrong nonce the policy refuses the element’s styles (the check above means something)', async ({
      page,
    }) => {
      const violations = await watchViolations(page);
      await page.goto(`${partnerOrigin}/wrong-nonce`);
      await expect(
        page.locator('#carousel').getByRole('heading', { name: 'Offers near Austin, TX' }),
      ).toBeVisible();
      expect((await stylesOf(page, '#carousel')).display).toBe('inline');
      expect((await violations()).some((line) => line.startsWith('style-src'))).toBe(true);
    });
  });
});

test.describe('the hosted site under its own CSP', () => {
  test('the home page: a policy with a nonce and no violations', async ({ page, consoleErrors }) => {
    const violations = await watchViolations(page);
    const response = await page.goto('/');
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).not.toContain('unsafe-inline');
    expect(response?.headers()['x-content-type-options']).toBe('nosniff');
    await expect(page.locator('header').first()).toBeVisible();
    await expect(page.locator('footer').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'GIVE THE WELLNESS CARD' })).toBeVisible();
    // The host app's own emotion styles carry the nonce too.
    const unstyled = await page.evaluate(
      () => [...document.querySelectorAll('style')].filter((style) => !style.nonce).length,
    );
    expect(unstyled).toBe(0);
    expect(await violations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test('a listing page, its map included: no violations', async ({ page, request, consoleErrors }) => {
    const search = await request.get('/api/merchants?location=Austin%2C%20TX&size=5', {
      headers: { publisherid: '13', 'x-requested-with': 'XMLHttpRequest' },
    });
    const listing = ((await search.json()) as SearchResult<ListingCard>).items.find((item) => !item.isAd)!;
    const violations = await watchViolations(page);
    const response = await page.goto(listing.merchantUrl);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toMatch(/'nonce-/);
    const element = page.locator('wellspring-listing');
    await expect(element.getByRole('heading', { level: 1 })).toHaveText(listing.name);
    // Scrolling down brings the lazily loaded map (Leaflet and its styles) in.
    await scrollToDrawnPart(element.locator('.map-box'));
    await expect(element.locator('.leaflet-container')).toBeVisible();
    expect(await violations()).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
