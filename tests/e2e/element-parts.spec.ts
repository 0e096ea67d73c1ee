import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

interface Manifest {
  modules: { declarations?: { tagName?: string; cssParts?: { name: string }[] }[] }[];
}

/** The `::part` names the served manifest declares for an element. */
async function declaredParts(page: Page, tag: string): Promise<string[]> {
  const response = await page.request.get('/widgets/custom-elements.json');
  const manifest = (await response.json()) as Manifest;
  const declaration = manifest.modules
    .flatMap((module) => module.declarations ?? [])
    .find((d) => d.tagName === tag);
  return (declaration?.cssParts ?? []).map((part) => part.name);
}

/** The part names present in an element's shadow root. */
const partsIn = (element: Locator) =>
  element.evaluate((host) =>
    [...(host.shadowRoot?.querySelectorAll('[part]') ?? [])].flatMap((node) =>
      node.getAttribute('part')!.split(/\s+/),
    ),
  );

// The demo pages' CSP refuses inline styles; a partner page has its own stylesheet.
test.use({ bypassCSP: true });

test('a partner styles an element through its documented parts and custom properties', async ({ page }) => {
  await page.goto('/demo/offers-carousel.html');
  const carousel = page.locator('wellspring-offers-carousel').first();
  await expect(carousel.locator('a.card').first()).toBeVisible();
  const card = carousel.locator('[part~="card"]').first();
  const before = await card.evaluate((node) => getComputedStyle(node).outlineStyle);
  // What a partner writes in their own stylesheet: a part rule and a brand colour on the host.
  await page.addStyleTag({
    content: `wellspring-offers-carousel::part(card) { outline: 3px solid rgb(255, 0, 0); }
      wellspring-offers-carousel { --ws-primary: rgb(1, 2, 3); }`,
  });
  await expect
    .poll(() => card.evaluate((node) => getComputedStyle(node).outlineColor))
    .toBe('rgb(255, 0, 0)');
  expect(before).not.toBe('solid');
  const primary = await carousel.evaluate((host) =>
    getComputedStyle(host.shadowRoot!.querySelector('[part~="card"]')!)
      .getPropertyValue('--ws-primary')
      .trim(),
  );
  expect(primary).toBe('rgb(1, 2, 3)');
});

test('every declared part is there in the elements a partner page shows', async ({ page }) => {
  const expectParts = async (element: Locator, tag: string, optional: string[] = []) => {
    const declared = (await declaredParts(page, tag)).filter(
      (name) => name !== 'problem' && !optional.includes(name),
    );
    expect(declared.length, tag).toBeGreaterThan(0);
    await expect
      .poll(
        async () => {
          const present = new Set(await partsIn(element));
          return declared.filter((name) => !present.has(name));
        },
        { message: `${tag}: declared parts missing from its shadow root` },
      )
      .toEqual([]);
  };
  await page.goto('/demo/offers-carousel.html');
  const carousel = page.locator('wellspring-offers-carousel').first();
  await expect(carousel.locator('a.card').first()).toBeVisible();
  await expectParts(carousel, 'wellspring-offers-carousel');

  await page.goto('/demo/search.html');
  const search = page.locator('wellspring-search#wellness');
  await expect(search.locator('article.card').first()).toBeVisible();
  await expectParts(search, 'wellspring-search');

  await page.goto('/demo/gift-cards.html');
  await expectParts(page.locator('#buy-wellness'), 'wellspring-gift-card-buy');
  await expectParts(page.locator('#balance-wellness'), 'wellspring-balance-inquiry');
});
