import { test, expect } from './fixtures';

/** The Auth emulator starts in the background with the server: sign-in appears when it is ready. */
const EMULATOR_READY = { timeout: 180_000 };

test('a visitor signs up, signs in, has their searches kept, deletes one and signs out', async ({ page }) => {
  test.setTimeout(300_000);
  const email = `visitor-${Date.now()}@example.com`;
  const password = 'lavender-42';
  await page.goto('/');
  const header = page.getByRole('banner');
  const signInButton = header.getByRole('button', { name: 'Sign in' });
  await expect(signInButton).toBeVisible(EMULATOR_READY);

  // Sign up: the dialog's SDK comes in a chunk of its own, only now.
  await signInButton.click();
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  // A modal over a dimmed page, its buttons in the page's type (not the browser's control font).
  const textSize = (locator: typeof dialog) => locator.evaluate((node) => getComputedStyle(node).fontSize);
  expect(await textSize(dialog.getByRole('button', { name: 'Create account' }))).toBe(
    await textSize(dialog.getByLabel('Email')),
  );
  // (Chromium's own backdrop is rgba(0, 0, 0, 0.1): barely there on a phone.)
  const backdrop = await dialog.evaluate((node) => getComputedStyle(node, '::backdrop').backgroundColor);
  expect(Number(/rgba\(0, 0, 0, ([\d.]+)\)/.exec(backdrop)?.[1])).toBeGreaterThanOrEqual(0.3);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill('short');
  await dialog.getByRole('button', { name: 'Create account' }).click();
  // The browser's own check first (minlength): nothing sent, still signed out.
  await expect(header.getByText(`Signed in as ${email}`)).toHaveCount(0);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(header.getByText(`Signed in as ${email}`)).toBeVisible();

  // Sign out, then a wrong password in plain words, then sign in.
  await header.getByText(`Signed in as ${email}`).click();
  await header.getByRole('button', { name: 'Sign out' }).click();
  await signInButton.click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('The email or password is not right. Please try again.');
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(header.getByText(`Signed in as ${email}`)).toBeVisible();

  // Two searches, each saved as it finishes.
  for (const url of [
    '/search?keywords=massage&location=Austin%2C+TX',
    '/search?keywords=facial&location=Denver%2C+CO',
  ]) {
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/users/me/searches') && response.request().method() === 'POST',
    );
    await page.goto(url);
    expect((await saved).status()).toBe(201);
  }

  // On the search page, after a reload, both come back as suggestions in their own group: the
  // keywords with the place they ran in, newest first, and the places in the location field.
  // The page writes the place it found for the visitor into its URL; reloading that URL is still
  // not a search of theirs (none is saved: 'My searches' below lists two).
  await page.goto('/search');
  await expect(page).toHaveURL(/location=/);
  await page.reload();
  await expect(header.getByText(`Signed in as ${email}`)).toBeVisible();
  const keywords = page.getByRole('combobox', { name: 'Keywords' });
  const recentKeywords = page
    .getByRole('listbox', { name: 'Keywords' })
    .getByRole('group', { name: 'Recent searches' });
  await keywords.focus();
  await expect(recentKeywords.getByRole('option')).toHaveText(['facialDenver, CO', 'massageAustin, TX']);
  await keywords.fill('mas');
  await expect(recentKeywords.getByRole('option')).toHaveText(['massageAustin, TX']);
  await keywords.fill('');
  const recentPlaces = page
    .getByRole('listbox', { name: 'Location' })
    .getByRole('group', { name: 'Recent searches' });
  await page.getByRole('combobox', { name: 'Location' }).focus();
  await expect(recentPlaces.getByRole('option')).toHaveText(['Denver, CO', 'Austin, TX']);

  // After a reload the visitor is still signed in, and 'My searches' lists both, newest first.
  await page.goto('/my-searches');
  await page.reload();
  await expect(header.getByText(`Signed in as ${email}`)).toBeVisible();
  const list = page.locator('.my-searches li');
  await expect(list).toHaveCount(2);
  await expect(list.nth(0)).toContainText('facial near Denver, CO');
  await expect(list.nth(1)).toContainText('massage near Austin, TX');
  await expect(list.nth(1).getByRole('link', { name: 'Search again' })).toHaveAttribute(
    'href',
    '/search?keywords=massage&location=Austin%2C+TX',
  );

  // Delete one: it is gone, also after a reload.
  await page.getByRole('button', { name: 'Delete facial' }).click();
  await expect(list).toHaveCount(1);
  await page.reload();
  await expect(list).toHaveCount(1);
  await expect(list.nth(0)).toContainText('massage near Austin, TX');

  // The one left is still suggested on the search page, and choosing it runs it again, in its place.
  await page.goto('/search');
  await keywords.focus();
  await expect(recentKeywords.getByRole('option')).toHaveText(['massageAustin, TX']);
  const savedAgain = page.waitForResponse(
    (response) => response.url().endsWith('/api/users/me/searches') && response.request().method() === 'POST',
  );
  await recentKeywords.getByRole('option').click();
  expect((await savedAgain).status()).toBe(201);
  await expect(page.getByRole('combobox', { name: 'Location' })).toHaveValue('Austin, TX');
  await expect(keywords).toHaveValue('massage');
  await expect(page).toHaveURL(/keywords=massage/);

  // Sign out: no searches are shown.
  await page.goto('/my-searches');
  await expect(list).toHaveCount(2); // the search just run again is saved too
  await header.getByText(`Signed in as ${email}`).click();
  await header.getByRole('button', { name: 'Sign out' }).click();
  await expect(header.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(list).toHaveCount(0);
  await expect(
    page.getByText('Sign in (at the top of the page) to see the searches you ran here.'),
  ).toBeVisible();
  await page.goto('/search');
  await keywords.focus();
  await expect(page.getByRole('group', { name: 'Recent searches' })).toHaveCount(0);
});

test("'My searches' tells a visitor who never signed in here to sign in, instead of loading for ever", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.goto('/my-searches');
  // Sign-in is offered once the Auth emulator is up; the page then knows nobody is signed in
  // without loading the sign-in SDK.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible(EMULATOR_READY);
  await expect(
    page.getByText('Sign in (at the top of the page) to see the searches you ran here.'),
  ).toBeVisible();
  await expect(page.getByText('Loading…')).toHaveCount(0);
});
