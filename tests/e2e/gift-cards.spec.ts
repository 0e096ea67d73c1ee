import { axeViolations, expect, test } from './fixtures';
import { baseURL } from '../../playwright.config';
import { DEMO_CARDS } from '../../server/seed/demo-cards';

// The failure answer is a 404 by design (unknown card and wrong PIN look alike).
test.use({ allowedErrors: [/status of 404/] });

const spaCard = DEMO_CARDS.find(
  (card) => card.tenant === 'spa' && card.status === 'ACTIVE' && card.balance > 0,
)!;
// A different card for the failure test: its failed tries must not lock the success test's card.
const otherSpaCard = DEMO_CARDS.find(
  (card) => card.tenant === 'spa' && card !== spaCard && card.status === 'ACTIVE',
)!;

test.describe('balance inquiry on a plain partner page', () => {
  test('checks a demo card through the real bot check, shows the history and where to spend it', async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/demo/gift-cards.html');
    const widget = page.locator('#balance-spa');
    await widget.getByLabel('Card number').fill(spaCard.number.replace(/(\d{4})/g, '$1 ').trim());
    await widget.getByLabel('PIN').fill(spaCard.pin);
    await widget.getByRole('button', { name: 'Check balance' }).click();

    const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: spaCard.currency });
    await expect(widget.getByRole('heading', { name: 'Your balance' })).toBeVisible({ timeout: 20_000 });
    await expect(widget.locator('.balance')).toHaveText(money.format(spaCard.balance));
    await expect(widget.getByText(`Card ending in ${spaCard.number.slice(-4)}`)).toBeVisible();

    await widget.getByRole('button', { name: 'View history' }).click();
    const rows = widget.getByRole('table', { name: 'Recent activity' }).locator('tbody tr');
    await expect(rows).toHaveCount(Math.min(spaCard.transactions.length, 10));

    const places = widget.locator('.places a');
    await expect(places.first()).toBeVisible();
    await expect(places.first()).toHaveAttribute('href', /\/spa\/[a-z0-9-]+-\d+$/);
    expect(consoleErrors).toEqual([]);
  });

  test('a wrong PIN shows the fail state and keeps what was typed', async ({ page }) => {
    await page.goto('/demo/gift-cards.html');
    const widget = page.locator('#balance-spa');
    await widget.getByLabel('Card number').fill(otherSpaCard.number);
    await widget.getByLabel('PIN').fill(otherSpaCard.pin === '0000' ? '1111' : '0000');
    await widget.getByRole('button', { name: 'Check balance' }).click();
    await expect(widget.getByRole('alert')).toContainText(
      'We could not find a card with that number and PIN',
      {
        timeout: 20_000,
      },
    );
    await expect(widget.getByLabel('Card number')).toHaveValue(otherSpaCard.number);
  });

  test('explains a mistyped card number without sending it', async ({ page }) => {
    await page.goto('/demo/gift-cards.html');
    const widget = page.locator('#balance-wellness');
    let sent = false;
    page.on('request', (request) => {
      if (request.url().includes('/gift-cards/balance')) sent = true;
    });
    await widget.getByLabel('Card number').fill('1234');
    await widget.getByLabel('PIN').fill('12');
    await widget.getByRole('button', { name: 'Check balance' }).click();
    await expect(widget.getByText('Enter the 12 to 19 digits of the card number.')).toBeVisible();
    await expect(widget.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
    await expect(widget.getByLabel('Card number')).toBeFocused();
    expect(sent).toBe(false);
  });

  test('has no serious accessibility violations', async ({ page }) => {
    await page.goto('/demo/gift-cards.html');
    await expect(page.locator('#balance-spa').getByLabel('Card number')).toBeVisible();
    await expect(page.locator('#buy-spa').getByRole('link').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('fits a phone: the demo cards tables scroll in their own boxes, not the page', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 800 });
    await page.goto('/demo/gift-cards.html');
    await expect(
      page.getByRole('region', { name: 'Demo cards of spa', exact: true }).locator('table'),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(412);
  });
});

test.describe('gift card buy element', () => {
  test("renders each tenant's choices, and the coming-soon link where selling online is off", async ({
    page,
  }) => {
    await page.goto('/demo/gift-cards.html');
    for (const tenant of ['spa', 'spa-canada', 'local']) {
      const buy = page.locator(`#buy-${tenant}`);
      for (const title of ['EMAIL eGIFT CARD', 'PRINT eGIFT CARD', 'MAIL a GIFT CARD']) {
        await expect(buy.getByRole('heading', { name: title }), tenant).toBeVisible();
      }
      await expect(buy.getByRole('link', { name: 'Corporate Gift Card Sales' })).toHaveAttribute(
        'href',
        /\/contactUs\?topic=corporate-sales$/,
      );
      // Contact Sales is the tenant's partner sales, offered to a business, not to a buyer.
      await expect(
        buy.locator('p', { hasText: 'Own a business?' }).getByRole('link', { name: 'Contact Sales' }),
      ).toHaveAttribute('href', /\/contactUs\?topic=sales$/);
    }
    const wellness = page.locator('#buy-wellness');
    await expect(wellness.getByRole('heading', { name: 'The Wellness Card is coming soon' })).toBeVisible();
    await expect(wellness.getByRole('link')).toHaveAttribute('href', /\/wellness-card-coming-soon$/);
  });

  test('choosing a way to buy pushes an analytics event and a composed DOM event', async ({ page }) => {
    await page.goto('/demo/gift-cards.html');
    await expect(page.locator('#buy-spa').getByRole('link').first()).toBeVisible();
    const detail = await page.evaluate(async () => {
      const received = new Promise<unknown>((resolve) =>
        document.addEventListener(
          'wellspring-buy-select',
          (event) => {
            event.preventDefault();
            resolve((event as CustomEvent).detail);
          },
          { once: true },
        ),
      );
      const root = document.querySelector('#buy-spa')!.shadowRoot!;
      (root.querySelector('a.button') as HTMLAnchorElement).click();
      return {
        detail: await received,
        dataLayer: (window as unknown as { dataLayer?: unknown[] }).dataLayer,
      };
    });
    expect(detail.detail).toMatchObject({ method: 'email', url: expect.stringContaining('delivery=email') });
    // This demo partner asks for the data layer (data-layer attribute); the balance element beside
    // it does not, so only the buy event is there.
    expect(detail.dataLayer).toEqual([{ event: 'buy', method: 'email', tenant: 'spa' }]);
  });
});

test.describe('the hosted gift cards page', () => {
  test('names the way to buy the visitor chose, and nothing the link made up', async ({ page }) => {
    const spa = baseURL.replace('127.0.0.1', 'spa.localhost');
    const status = page.getByRole('status').filter({ hasText: 'You chose' });
    for (const [delivery, named] of [
      ['email', 'You chose an email gift card.'],
      ['print', 'You chose a gift card to print at home.'],
      ['mail', 'You chose a gift card by mail.'],
    ] as const) {
      await page.goto(`${spa}/buy-gift-cards?delivery=${delivery}`);
      await expect(status).toContainText(named);
      const chosen = page.locator('wellspring-gift-card-buy .choice[aria-current="true"] h3');
      await expect(chosen).toHaveText(/^(EMAIL|PRINT|MAIL)/);
    }
    // A link's own text is not said back to the visitor as their choice.
    await page.goto(`${spa}/buy-gift-cards?delivery=free%20%24500`);
    await expect(page.getByRole('heading', { name: 'EMAIL eGIFT CARD' })).toBeVisible();
    await expect(status).toHaveCount(0);
    await expect(page.locator('wellspring-gift-card-buy .choice[aria-current]')).toHaveCount(0);
  });
});
