import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtInTenants } from '../../../src/tenant';
import type { ContentPage } from '../../../src/domain/content';
import { leadImagePreload, pagePreloads, scriptsAtLowPriority, tenantBlock } from '../../../server/page-boot';

describe('tenantBlock', () => {
  it('carries the settings as JSON that no text in them can break out of', () => {
    const hostile = { ...builtInTenants.spa, brandName: '</script><script>alert(1)</script><!--' };
    const html = tenantBlock(hostile);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    const json = /^<script type="application\/json" id="wellspring-tenant">(.*)<\/script>$/.exec(html)![1]!;
    expect(JSON.parse(json)).toEqual(hostile);
  });
});

describe('pagePreloads', () => {
  const manifest = (dir: string, entries: Record<string, { file: string; imports?: string[] }>) => {
    mkdirSync(join(dir, '.vite'), { recursive: true });
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(entries));
  };
  const dist = mkdtempSync(join(tmpdir(), 'page-boot-'));
  manifest(join(dist, 'app'), {
    'index.html': { file: 'assets/index-1.js', imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared-1.js' },
    'pages/Search.tsx': { file: 'assets/Search-1.js', imports: ['_shared.js', '_search-only.js'] },
    '_search-only.js': { file: 'assets/search-only-1.js' },
    'pages/Marketing.tsx': { file: 'assets/Marketing-1.js' },
  });
  manifest(join(dist, 'widgets'), {
    'widgets/loader.ts': { file: 'loader.js' },
    'widgets/search/search.element.ts': { file: 'chunks/search.element-1.js', imports: ['_base.js'] },
    '_base.js': { file: 'chunks/base-1.js' },
  });
  const template =
    '<script type="module" src="/assets/index-1.js"></script><link rel="modulepreload" href="/assets/shared-1.js">';

  it('names the loader, a page’s chunk, its imports and its elements’ chunks, not what index.html loads', async () => {
    const preloads = await pagePreloads(dist, template);
    const hrefs = [...preloads('search').matchAll(/href="([^"]+)"/g)].map((found) => found[1]);
    expect(hrefs).toEqual([
      // The app imports the loader once it has hydrated: every page fetches it up front.
      '/widgets/loader.js',
      '/assets/Search-1.js',
      '/assets/search-only-1.js',
      '/widgets/chunks/search.element-1.js',
      '/widgets/chunks/base-1.js',
    ]);
    // A marketing page (about) is the marketing module's.
    expect(preloads('about')).toBe(
      '<link rel="modulepreload" href="/widgets/loader.js">\n<link rel="modulepreload" href="/assets/Marketing-1.js">',
    );
    // A page the server drew asks for the same files at low priority.
    expect(preloads('about', true)).toBe(scriptsAtLowPriority(preloads('about')));
    expect(preloads('about', true)).toContain(
      '<link rel="modulepreload" fetchpriority="low" href="/widgets/loader.js">',
    );
  });

  it('names nothing without the builds’ manifests', async () => {
    const preloads = await pagePreloads(mkdtempSync(join(tmpdir(), 'page-boot-empty-')), template);
    expect(preloads('search')).toBe('');
  });
});

describe('scriptsAtLowPriority', () => {
  it('asks for the code at low priority, and nothing else: data blocks are not fetched', () => {
    const head = [
      '<script type="module" crossorigin src="/assets/index-1.js"></script>',
      '<link rel="modulepreload" crossorigin href="/widgets/chunks/runtime-1.js">',
      '<link rel="modulepreload" href="/assets/Listing-1.js">',
      '<link rel="preload" as="image" href="/media/card.svg" fetchpriority="high">',
      '<script type="application/json" id="wellspring-tenant">{}</script>',
    ].join('\n');
    expect(scriptsAtLowPriority(head).split('\n')).toEqual([
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js"></script>',
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/widgets/chunks/runtime-1.js">',
      '<link rel="modulepreload" fetchpriority="low" href="/assets/Listing-1.js">',
      '<link rel="preload" as="image" href="/media/card.svg" fetchpriority="high">',
      '<script type="application/json" id="wellspring-tenant">{}</script>',
    ]);
    // A tag that names its priority already keeps it.
    expect(scriptsAtLowPriority(scriptsAtLowPriority(head))).toBe(scriptsAtLowPriority(head));
  });
});

describe('leadImagePreload', () => {
  const page = (modules: unknown[]) => ({ 'custom-fields': { modules } }) as unknown as ContentPage;

  it('preloads the opening image once when phones and wider screens show the same', () => {
    expect(leadImagePreload(page([{ acf_fc_layout: 'gift_card_hero', image: '/media/card.svg' }]))).toBe(
      '<link rel="preload" as="image" href="/media/card.svg" fetchpriority="high">',
    );
  });

  it('preloads each side of the mobile breakpoint its own image, and nothing unsafe', () => {
    const hero = { acf_fc_layout: 'hero', image: '/wide.jpg', image_mobile: 'javascript:alert(1)' };
    expect(leadImagePreload(page([hero]))).toBe(
      '<link rel="preload" as="image" href="/wide.jpg" media="(min-width: 600px)" fetchpriority="high">',
    );
    expect(leadImagePreload(page([{ ...hero, image_mobile: '/narrow.jpg?a=1&b=2' }]))).toContain(
      'href="/narrow.jpg?a=1&#38;b=2" media="(max-width: 599.98px)"',
    );
  });
});
