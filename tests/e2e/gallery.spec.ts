import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// The gallery's request mocks (MSW) run in a service worker of their own, under /demo/: allowed
// here, where playwright.config.ts blocks service workers for every other test.
test.use({ serviceWorkers: 'allow' });

/**
 * The QA gallery as `npm start` builds and serves it at /demo/ (Storybook): every story opens in
 * Chromium and shows its element in the state it names, with no console error and no axe
 * violation inside the element; a control changes the element; a select event reaches the
 * Actions panel once.
 */

interface IndexEntry {
  id: string;
  title: string;
  name: string;
  type: 'story' | 'docs';
}

async function stories(page: Page, title: string): Promise<IndexEntry[]> {
  const response = await page.request.get('/demo/index.json');
  expect(response.ok()).toBe(true);
  const { entries } = (await response.json()) as { entries: Record<string, IndexEntry> };
  return Object.values(entries).filter((entry) => entry.type === 'story' && entry.title === title);
}

type Check = (page: Page, tag: string) => Promise<void>;

const element = (page: Page, tag: string) => page.locator(`#storybook-root ${tag}`);
/** Resolves when the element has sent `name` (recorded by the init script below). */
const sent = (page: Page, name: string) =>
  expect.poll(
    () => page.evaluate((event) => (window as unknown as { sent: string[] }).sent.includes(event), name),
    {
      timeout: 20_000,
    },
  );
const ready: Check = (page) => sent(page, 'wellspring-ready').toBe(true);

/** What each story must show before it is checked; the tenant stories of an element share one. */
const ELEMENTS: Record<string, { tag: string; shown: Check; states: Record<string, Check> }> = {
  'Elements/Offers carousel': {
    tag: 'wellspring-offers-carousel',
    shown: ready,
    states: {
      loading: async (page, tag) => {
        await expect(element(page, tag).getByRole('status')).toHaveText(/Finding offers/);
        await page.waitForTimeout(1500);
        await expect(element(page, tag).getByRole('status')).toHaveText(/Finding offers/);
      },
      'failed-with-retry': async (page, tag) => {
        await expect(element(page, tag).getByText('Offers could not be loaded right now.')).toBeVisible();
        await sent(page, 'wellspring-error').toBe(true);
        await element(page, tag).getByRole('button', { name: 'Try again' }).click();
        await ready(page, tag);
        await expect(element(page, tag).locator('a.card').first()).toBeVisible();
      },
      'slow-network': async (page, tag) => {
        await page.waitForTimeout(1500);
        await sent(page, 'wellspring-ready').toBe(false);
        await ready(page, tag);
      },
    },
  },
  'Elements/Search': {
    tag: 'wellspring-search',
    shown: ready,
    states: {
      'empty-results': async (page, tag) => {
        await expect(element(page, tag).getByText(/No results for “qwxzvj”/)).toBeVisible({
          timeout: 20_000,
        });
      },
      'slow-network': async (page, tag) => {
        await expect(
          element(page, tag).getByText('Still searching… this is taking longer than usual.'),
        ).toBeVisible({
          timeout: 10_000,
        });
        await ready(page, tag);
      },
    },
  },
  'Elements/Gift card buy': {
    tag: 'wellspring-gift-card-buy',
    shown: async (page, tag) => {
      await expect(element(page, tag).getByRole('link').first()).toBeVisible();
    },
    states: {},
  },
  'Elements/Balance inquiry': {
    tag: 'wellspring-balance-inquiry',
    shown: async (page, tag) => {
      await expect(element(page, tag).getByLabel('Card number')).toBeVisible();
    },
    states: {
      'balance-fails': async (page, tag) => {
        await expect(element(page, tag).getByRole('alert')).toBeVisible({ timeout: 30_000 });
        await expect(element(page, tag).getByLabel('Card number')).toHaveValue('6036 1100 4799 0001');
      },
      'balance-with-history': async (page, tag) => {
        await expect(element(page, tag).getByText('Card ending in 1823')).toBeVisible({ timeout: 30_000 });
        await expect(element(page, tag).getByRole('table').locator('tbody tr')).toHaveCount(5);
        await sent(page, 'wellspring-balance').toBe(true);
      },
    },
  },
  'Elements/Listing': {
    tag: 'wellspring-listing',
    shown: ready,
    states: {
      'not-found': async (page, tag) => {
        await expect(element(page, tag).getByRole('heading', { level: 1 })).toHaveText('Listing not found!');
      },
      unapproved: async (page, tag) => {
        await ready(page, tag);
        await expect(element(page, tag).getByRole('button', { name: 'Ask a Question' })).toHaveCount(0);
      },
      'expired-offer': async (page, tag) => {
        await expect(element(page, tag).getByText('This offer has expired.')).toBeVisible({
          timeout: 20_000,
        });
      },
    },
  },
};

/**
 * Requests a story makes fail on purpose; the browser logs each on the console. The unapproved
 * listing and the expired offer are found by probing ids (no search lists them).
 */
const EXPECTED_FAILURES: Record<string, RegExp> = {
  'failed-with-retry': /status of 503/,
  'not-found': /status of 404 .*\/api\/merchants\/999999999$/,
  unapproved: /status of 404 .*\/api\/merchants\/\d+$/,
  'expired-offer': /status of 404 .*\/api\/offers\/\d+$/,
  'balance-fails': /status of 404 .*\/api\/gift-cards\/balance$/,
};

/**
 * axe-core inside the element (its shadow root included). The gallery's accessibility panel runs
 * axe after each render too, and axe runs one at a time: wait for that run to finish.
 */
async function axe(page: Page, tag: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await new AxeBuilder({ page }).include(`#storybook-root ${tag}`).analyze();
    } catch (error) {
      if (attempt > 20 || !/Axe is already running/.test(String(error))) throw error;
      await page.waitForTimeout(500);
    }
  }
}

/** Records every select, ready, error and balance event the page's elements send. */
async function recordEvents(page: Page) {
  await page.addInitScript(() => {
    const sent: string[] = [];
    (window as unknown as { sent: string[] }).sent = sent;
    for (const name of [
      'wellspring-ready',
      'wellspring-error',
      'wellspring-balance',
      'wellspring-offer-select',
      'wellspring-listing-select',
    ])
      document.addEventListener(name, () => sent.push(name), true);
  });
}

for (const [title, { tag, shown, states }] of Object.entries(ELEMENTS)) {
  test(`every story of ${title} shows its element, without console errors or axe violations`, async ({
    browser,
    page: indexPage,
  }) => {
    test.setTimeout(240_000);
    const entries = await stories(indexPage, title);
    expect(entries.length).toBeGreaterThanOrEqual(4);
    const names = entries.map((entry) => entry.id.split('--')[1]!);
    expect(names).toEqual(
      expect.arrayContaining(['wellness', 'spa', 'spa-canada', 'local', ...Object.keys(states)]),
    );
    for (const entry of entries) {
      const story = entry.id.split('--')[1]!;
      // Each story in a page of its own, as QA opens it: a fresh mock service worker too.
      const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      const page = await context.newPage();
      await recordEvents(page);
      const errors: string[] = [];
      const onConsole = (message: { type(): string; text(): string; location(): { url: string } }) => {
        const text = `${message.text()} ${message.location().url}`;
        if (message.type() === 'error' && !EXPECTED_FAILURES[story]?.test(text)) errors.push(text);
      };
      const onError = (error: Error) => errors.push(`pageerror: ${error.message}`);
      page.on('console', onConsole);
      page.on('pageerror', onError);
      await page.goto(`/demo/iframe.html?id=${entry.id}&viewMode=story`);
      await expect(element(page, tag), entry.id).toHaveCount(1, { timeout: 20_000 });
      await (states[story] ?? shown)(page, tag);
      const { violations } = await axe(page, tag);
      expect(
        violations.map(
          (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' '))}`,
        ),
        `${entry.id}: axe`,
      ).toEqual([]);
      await context.close();
      expect(errors, `${entry.id}: console errors`).toEqual([]);
    }
  });
}

test('a control changes the element in the story', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/demo/?path=/story/elements-offers-carousel--wellness');
  const story = page.frameLocator('#storybook-preview-iframe');
  const carousel = story.locator('wellspring-offers-carousel');
  await expect(carousel.getByRole('heading', { name: /Offers near Austin/ })).toBeVisible({
    timeout: 20_000,
  });

  const location = page.locator('#control-location');
  await location.fill('Denver, CO');
  await expect(carousel).toHaveAttribute('location', 'Denver, CO');
  await expect(carousel.getByRole('heading', { name: /Offers near Denver/ })).toBeVisible({
    timeout: 20_000,
  });

  // The tenant control is a select of the built-in tenants.
  await page.locator('#control-tenant').selectOption('local');
  await expect(carousel).toHaveAttribute('tenant', 'local');
  await expect(carousel.locator('a.card').first()).toBeVisible({ timeout: 20_000 });
});

test("an element's select event is logged once in the Actions panel", async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/demo/?path=/story/elements-offers-carousel--spa');
  const story = page.frameLocator('#storybook-preview-iframe');
  const card = story.locator('wellspring-offers-carousel a.card').first();
  await expect(card).toBeVisible({ timeout: 20_000 });
  await card.click();
  // The gallery cancels the select event: the story stays.
  await expect(story.locator('wellspring-offers-carousel')).toBeVisible();

  await page.getByRole('tab', { name: /Actions/ }).click();
  const panel = page.locator('#storybook-panel-root');
  await expect(panel.getByRole('treeitem', { name: /wellspring-offer-select:/ })).toHaveCount(1);
  await expect(panel.getByRole('treeitem', { name: /wellspring-ready:/ })).toHaveCount(1);
  // Besides those two, only the analytics events of the promotions shown and chosen.
  const analytics = await panel.getByRole('treeitem', { name: /wellspring-analytics:/ }).count();
  await expect(page.getByRole('tab', { name: /Actions/ })).toContainText(String(2 + analytics));
});

test("a docs page shows each story's embed snippet for the tenant chosen in the toolbar", async ({
  page,
}) => {
  // A docs page renders every story of the element at once: slow on a busy machine.
  test.setTimeout(180_000);
  await page.goto('/demo/?path=/docs/elements-listing--docs');
  const docs = page.frameLocator('#storybook-preview-iframe');
  await expect(docs.locator('wellspring-listing').first()).toBeVisible({ timeout: 90_000 });

  await page.getByRole('button', { name: /The tenant every story shows/ }).click();
  await page.getByRole('option', { name: 'spa-canada' }).click();

  // Every element on the page now shows the chosen tenant, and so does every snippet: the loader
  // on this server, then the tag with that tenant and the listing the story found in the API.
  const snippets = docs.locator('pre', { hasText: '/widgets/loader.js' });
  const origin = new URL(page.url()).origin;
  // Read once every story's snippet has followed the toolbar (the docs page renders again, in
  // a frame that may be replaced while it is read).
  let texts: string[] = [];
  await expect
    .poll(
      async () => {
        texts = await snippets.allInnerTexts().catch(() => []);
        return texts.length > 1 && texts.every((text) => text.includes('tenant="spa-canada"'));
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  for (const text of texts) {
    expect(text).toContain(
      `<script type="module" src="${origin}/widgets/loader.js" blocking="render"></script>`,
    );
    expect(text).toMatch(/<wellspring-listing tenant="spa-canada"[^>]*><\/wellspring-listing>/);
  }
  expect(texts.some((text) => /listing-id="\d+"/.test(text))).toBe(true);
});
