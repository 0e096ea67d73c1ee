import { join } from 'node:path';
import { build } from 'esbuild';
import { expect, test } from './fixtures';

/**
 * The CMS sanitiser in a real browser (the unit test runs it in happy-dom, whose DOM differs):
 * src/ui/CmsHtml's sanitizeCmsHtml, bundled with the real DOMPurify, on a page of its own. Each
 * payload would set `window.pwned` if any of its code ran.
 */
const PAYLOADS = [
  '<script>window.pwned = "script"</script><p>Hello</p>',
  '<img src="x" onerror="window.pwned = \'onerror\'">',
  '<a href="javascript:window.pwned=\'href\'" id="link">click</a>',
  '<a href="jav&#x09;ascript:window.pwned=\'entity\'" id="link">click</a>',
  '<svg><script>window.pwned = "svg"</script></svg>',
  '<iframe srcdoc="<script>parent.pwned = \'iframe\'</script>"></iframe>',
  '<p onclick="window.pwned = \'onclick\'" id="link">tap</p>',
  '<form action="javascript:window.pwned=\'form\'"><button id="link">go</button></form>',
  '<math><mi xlink:href="javascript:window.pwned=\'math\'">x</mi></math>',
];

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

test('CMS HTML payloads do not run once sanitised, and ordinary markup survives', async ({ page }) => {
  await page.setContent('<!doctype html><main id="out"></main>');
  await page.addScriptTag({ content: sanitizer });
  for (const payload of PAYLOADS) {
    await page.evaluate((html) => {
      const out = document.getElementById('out')!;
      out.innerHTML = (window as unknown as { sanitizeCmsHtml(html: string): string }).sanitizeCmsHtml(html);
      out.querySelector<HTMLElement>('#link')?.click();
    }, payload);
    await page.waitForTimeout(50);
    expect(
      await page.evaluate(() => (window as unknown as { pwned?: string }).pwned),
      payload,
    ).toBeUndefined();
    const html = await page.locator('#out').innerHTML();
    expect(html, payload).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|<form/i);
  }
  await page.evaluate(() => {
    document.getElementById('out')!.innerHTML = (
      window as unknown as { sanitizeCmsHtml(html: string): string }
    ).sanitizeCmsHtml(
      '<h3>Title</h3><p>Some <strong>bold</strong> <a href="/search">text</a></p><ul><li>one</li></ul>',
    );
  });
  await expect(page.locator('#out h3')).toHaveText('Title');
  await expect(page.locator('#out a')).toHaveAttribute('href', '/search');
  await expect(page.locator('#out li')).toHaveText('one');
});
