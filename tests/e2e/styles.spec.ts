import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { baseURL } from '../../playwright.config';
import { minifyCss } from '../../src/ui/css';
import { expect, test } from './fixtures';

// The builds minify every css`…` template (vite.config.ts, minifiedStyles: src/ui/css.ts
// `minifyCss` on the texts between its `${…}`): comments and indentation leave the downloads,
// and what Chromium reads of the rules stays the same.

const root = join(import.meta.dirname, '../..');
const styleModules = ['widgets', 'src/ui'].flatMap((dir) =>
  readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.styles.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name))),
);

test('every style module, minified, is the same rules to Chromium', async ({ page }) => {
  expect(styleModules.length).toBeGreaterThan(10);
  for (const path of styleModules) {
    const module = (await import(join(root, path))) as Record<string, unknown>;
    for (const [name, text] of Object.entries(module)) {
      if (typeof text !== 'string') continue;
      // A shared run of declarations (base.styles.ts's button looks) is read inside a rule.
      const rules = text.includes('{') ? text : `.declarations { ${text} }`;
      const [written, minified] = await page.evaluate(
        (texts) =>
          texts.map((text) => {
            const sheet = new CSSStyleSheet();
            sheet.replaceSync(text);
            // Chromium keeps a var()'s fallback as written ('var(--x, #fff)'): the space after
            // its comma is none to the value, so spaces after commas are left out on both sides.
            return [...sheet.cssRules].map((rule) => rule.cssText.replace(/,\s+/g, ',')).join('\n');
          }),
        [rules, minifyCss(rules)],
      );
      expect(written, `${path} ${name}`).not.toBe('');
      expect(minified, `${path} ${name}`).toBe(written);
    }
  }
});

test('the rules the elements and the server write carry no comments or indentation', async ({ page }) => {
  // The spa home's carousel writes its rules in the browser; a listing's are drawn by the server.
  await page.goto(`${baseURL.replace('127.0.0.1', 'spa.localhost')}/`);
  await expect(page.locator('wellspring-offers-carousel a.card').first()).toBeVisible({ timeout: 20_000 });
  const written = await page
    .locator('wellspring-offers-carousel')
    .evaluate((element) =>
      [...element.shadowRoot!.querySelectorAll('style')].map((style) => style.textContent),
    );
  const response = await page.request.get(`${baseURL}/site/zenith-yoga-austin-8481`);
  const drawn = /<template shadowrootmode="open"><style[^>]*>([^<]*)<\/style>/.exec(
    await response.text(),
  )?.[1];
  expect(written.join('')).toContain('.card{');
  expect(drawn).toContain('.breadcrumbs ol{');
  for (const text of [...written, drawn]) expect(text).not.toMatch(/\/\*|\n/);
});
