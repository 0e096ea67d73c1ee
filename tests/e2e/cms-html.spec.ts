import { join } from 'node:path';
import { build } from 'esbuild';
import { sanitizeCmsHtmlOnServer } from '../../src/ui/cms-html-server';
import { CMS_HTML_MARKUP, CMS_HTML_PAYLOADS } from '../unit/ui/cms-html-cases';
import { expect, test } from './fixtures';

/**
 * The CMS sanitisers in a real browser (the unit test runs them in happy-dom, whose DOM differs):
 * src/ui/CmsHtml's sanitizeCmsHtml, bundled with the real DOMPurify, on a page of its own, and
 * the server's (src/ui/cms-html-server), whose output Chromium parses as it would a page the
 * server drew. Each payload would set `window.__pwned` if any of its code ran.
 */

interface Sanitisers {
  /** The browser's sanitiser (DOMPurify). */
  sanitizeCmsHtml(html: string): string;
  /** HTML as Chromium parses it, each element's attributes in name order. */
  parsed(html: string): string;
  __pwned?: number;
}

let sanitizer = '';
test.beforeAll(async () => {
  const result = await build({
    stdin: {
      contents:
        "import { sanitizeCmsHtml } from './src/ui/CmsHtml'; window.sanitizeCmsHtml = sanitizeCmsHtml;",
      resolveDir: join(import.meta.dirname, '..', '..'),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    write: false,
    jsx: 'automatic',
    alias: { react: 'preact/compat', 'react/jsx-runtime': 'preact/jsx-runtime' },
  });
  sanitizer = result.outputFiles[0]!.text;
});

test.beforeEach(async ({ page }) => {
  await page.setContent('<!doctype html><main id="out"></main>');
  await page.addScriptTag({ content: sanitizer });
  await page.evaluate(() => {
    // A click runs a link's handlers but does not follow it: the page stays to be checked.
    document.addEventListener('click', (event) => event.preventDefault(), true);
    (window as unknown as Sanitisers).parsed = (html) => {
      const container = document.createElement('div');
      container.innerHTML = html;
      for (const element of container.querySelectorAll('*')) {
        const attributes = [...element.attributes].map(({ name, value }) => [name, value] as const).sort();
        for (const [name] of attributes) element.removeAttribute(name);
        for (const [name, value] of attributes) element.setAttribute(name, value);
      }
      return container.innerHTML;
    };
  });
});

test('CMS HTML payloads do not run once sanitised, by either sanitiser', async ({ page }) => {
  for (const [name, payload] of CMS_HTML_PAYLOADS) {
    const outputs = {
      browser: await page.evaluate(
        (html) => (window as unknown as Sanitisers).sanitizeCmsHtml(html),
        payload,
      ),
      server: sanitizeCmsHtmlOnServer(payload),
    };
    for (const [sanitiser, html] of Object.entries(outputs)) {
      await page.evaluate((safe) => {
        const out = document.getElementById('out')!;
        out.innerHTML = safe;
        for (const element of out.querySelectorAll<HTMLElement>('*')) element.click();
      }, html);
      await page.waitForTimeout(20);
      expect(
        await page.evaluate(() => (window as unknown as Sanitisers).__pwned),
        `${name}: ${sanitiser}`,
      ).toBe(undefined);
      expect(await page.locator('#out').innerHTML(), `${name}: ${sanitiser}`).not.toMatch(
        /<script|<style|<iframe|<form|<svg|<math|\son\w+=|javascript:|data:/i,
      );
    }
  }
});

test('the server keeps what the browser keeps of the markup editors write', async ({ page }) => {
  for (const [name, html] of CMS_HTML_MARKUP) {
    const browser = await page.evaluate((cms) => {
      const window_ = window as unknown as Sanitisers;
      return window_.parsed(window_.sanitizeCmsHtml(cms));
    }, html);
    const server = await page.evaluate(
      (safe) => (window as unknown as Sanitisers).parsed(safe),
      sanitizeCmsHtmlOnServer(html),
    );
    expect(server, name).toBe(browser);
    expect(browser, name).not.toBe('');
  }
});

test('ordinary markup survives the browser’s sanitiser', async ({ page }) => {
  await page.evaluate(() => {
    document.getElementById('out')!.innerHTML = (window as unknown as Sanitisers).sanitizeCmsHtml(
      '<h3>Title</h3><p>Some <strong>bold</strong> <a href="/search">text</a></p><ul><li>one</li></ul>',
    );
  });
  await expect(page.locator('#out h3')).toHaveText('Title');
  await expect(page.locator('#out a')).toHaveAttribute('href', '/search');
  await expect(page.locator('#out li')).toHaveText('one');
});
