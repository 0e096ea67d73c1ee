/**
 * What a page of the hosted site gives the browser up front (issue 16). A page's code and data
 * come in a chain: the app, the tenant's settings, the page's own chunk (lazy, per route), the
 * loader's element chunk, the settings again for the element, then its data; on a phone each
 * link costs a round trip or more before anything is drawn. So each page carries:
 * - the tenant's settings, as a JSON data block that fetchTenant reads (src/api/page-blocks.ts);
 * - on a listing or an offer page, the answer to its element's first API call, as another
 *   (src/domain/page-answer.ts): the element draws without asking;
 * - `<link rel="modulepreload">` for the page's chunk, the elements' loader (the app imports it
 *   once it has hydrated) and the page's elements' chunks, which then download beside the app
 *   instead of after it. The files come from the builds' Vite manifests
 *   (dist/app and dist/widgets), so they are the ones this build will ask for;
 * - a content page's opening image (a hero, a carousel's first slide: most often the largest
 *   thing on a phone's first screen), which the browser would find only once the app drew it;
 * - the page itself, drawn by the app's own components on the server (host-app/render.tsx, built
 *   into dist/render/), with the content it was drawn from as a third data block: a phone paints
 *   the first screen from the HTML instead of after every script has arrived and run.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ContentPage } from '../src/domain/content';
import { PAGE_ANSWER_ID, type PageAnswer } from '../src/domain/page-answer';
import {
  PAGE_CONTENT_ID,
  type DrawnPage,
  type PageContent,
  type PageToDraw,
} from '../src/domain/page-content';
import { BREAKPOINT_MIN_WIDTHS, leadImages } from '../src/domain/display';
import { safeUrl } from '../src/domain/links';
import type { PageName } from '../src/domain/routes';
import { PAGE_TENANT_ID, type TenantConfig } from '../src/tenant';
import { escapeHtml } from './seo/text';
import { staticChunkFiles, type Manifest } from './vite-manifest.js';

/** The element modules the loader imports (widgets/loader.ts), by element. */
const ELEMENT_MODULES = {
  search: 'widgets/search/search.element.ts',
  'offers-carousel': 'widgets/offers-carousel/offers-carousel.element.ts',
  'gift-card-buy': 'widgets/gift-card-buy/gift-card-buy.element.ts',
  'balance-inquiry': 'widgets/balance-inquiry/balance-inquiry.element.ts',
  listing: 'widgets/listing/listing.element.ts',
} as const;

/**
 * Each page's module in the app build (host-app/App.tsx's `pages`) and the elements it shows
 * from its first draw. Pages not named here are the marketing pages' module.
 * tests/e2e/page-boot.spec.ts checks these against what the pages really load.
 */
const PAGES: Partial<Record<PageName, { module: string; elements: (keyof typeof ELEMENT_MODULES)[] }>> = {
  // The home page's elements depend on the tenant's home content (the wellness home shows none;
  // its map waits for the visitor's place): preloading them would take a phone's bandwidth from
  // what the page does show.
  home: { module: 'pages/Home.tsx', elements: [] },
  search: { module: 'pages/Search.tsx', elements: ['search'] },
  bestOf: { module: 'pages/BestOf.tsx', elements: ['search'] },
  spa: { module: 'pages/Listing.tsx', elements: ['listing'] },
  offer: { module: 'pages/Listing.tsx', elements: ['listing'] },
  offerOld: { module: 'pages/Listing.tsx', elements: ['listing'] },
  buygiftcards: { module: 'pages/GiftCards.tsx', elements: ['gift-card-buy'] },
  cardBalanceInquiry: { module: 'pages/BalanceInquiry.tsx', elements: ['balance-inquiry'] },
  widgetsOffersCarousel: { module: 'pages/OffersCarouselPage.tsx', elements: ['offers-carousel'] },
  notFound: { module: 'pages/NotFound.tsx', elements: [] },
  cardComingSoon: { module: 'pages/CardComingSoon.tsx', elements: [] },
  mySearches: { module: 'pages/MySearches.tsx', elements: [] },
};
const MARKETING = { module: 'pages/Marketing.tsx', elements: [] };

async function readManifest(dir: string): Promise<Manifest | null> {
  try {
    return JSON.parse(await readFile(join(dir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/**
 * The `<link rel="modulepreload">` tags of each page, read once from the builds in `distDir`
 * (`template`: the app's index.html, whose files every page loads anyway): a function from page
 * name to the tags (empty when a build has no manifest), at low priority for a page the server
 * drew (`drawn`, scriptsAtLowPriority). Each page's two forms are written once.
 */
export async function pagePreloads(
  distDir: string,
  template: string,
): Promise<(page: PageName, drawn?: boolean) => string> {
  const [app, widgets] = await Promise.all([
    readManifest(join(distDir, 'app')),
    readManifest(join(distDir, 'widgets')),
  ]);
  // A module missing from a manifest (a partial or stale build) is left out: fewer preloads, the
  // page itself still served.
  const chunkFiles = (manifest: Manifest, source: string) =>
    staticChunkFiles(manifest, source, { skipMissing: true });
  const appFiles = (source: string) => (app ? chunkFiles(app, source).map((file) => `/${file}`) : []);
  const widgetFiles = (source: string) =>
    widgets ? chunkFiles(widgets, source).map((file) => `/widgets/${file}`) : [];
  // What every page loads anyway: what index.html names (its script, the preloads Vite wrote for
  // the script's imports). The elements' loader is imported by the app once it has hydrated
  // (host-app/main.tsx): every page preloads it, so it downloads beside the app.
  const shell = new Set([...template.matchAll(/(?:href|src)="([^"]+)"/g)].map((found) => found[1]!));
  const loader = widgetFiles('widgets/loader.ts');
  const tags = new Map<PageName | null, { usual: string; drawn: string }>();
  const tagsOf = (page: PageName, drawn = false) => {
    const key = PAGES[page] ? page : null;
    let written = tags.get(key);
    if (written === undefined) {
      const { module, elements } = PAGES[page] ?? MARKETING;
      const files = [
        ...loader,
        ...appFiles(module),
        ...elements.flatMap((element) => widgetFiles(ELEMENT_MODULES[element])),
      ].filter((file) => !shell.has(file));
      const usual = [...new Set(files)]
        .map((file) => `<link rel="modulepreload" href="${escapeHtml(file)}">`)
        .join('\n');
      tags.set(key, (written = { usual, drawn: scriptsAtLowPriority(usual) }));
    }
    return drawn ? written.drawn : written.usual;
  };
  return tagsOf;
}

/**
 * A page the server drew paints from its HTML: its scripts only bring it to life (the app's
 * hydration, its elements' code). Asked for at low priority, they leave a phone's first bandwidth
 * to the page and its lead image (fetchpriority=high) instead of sharing it with a dozen scripts:
 * Lighthouse's simulated first paint of a listing page 1,174 -> 703 ms (median of 12 runs,
 * bench/RESULTS.md). A page the app must draw itself keeps its scripts at their usual priority.
 */
export function scriptsAtLowPriority(html: string): string {
  return html.replace(
    /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g,
    '<$1 fetchpriority="low"',
  );
}

/** A JSON data block: never run, so it needs no nonce under the CSP. */
function dataBlock(id: string, data: unknown): string {
  // '<' as \u003c: no text in the data can close the element or open a comment.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${id}">${json}</script>`;
}

/** The tenant's settings, for the app and its elements (src/api/page-blocks.ts). */
export const tenantBlock = (config: TenantConfig): string => dataBlock(PAGE_TENANT_ID, config);

/** The answers to the page's first API calls, for its element (src/domain/page-answer.ts). */
export const answerBlock = (answers: PageAnswer[]): string => dataBlock(PAGE_ANSWER_ID, answers);

/** The content the page was drawn from, for the app's first draw (src/domain/page-content.ts). */
export const contentBlock = (content: PageContent): string => dataBlock(PAGE_CONTENT_ID, content);

/** Draws a page of the hosted site: host-app/render.tsx's drawPage. */
export type DrawPage = (page: PageToDraw<TenantConfig>) => Promise<DrawnPage>;

/**
 * The page drawer of the build in `distDir` (dist/render/render.js, `npm run build`), or null
 * without one (a partial build, the tests' shell-only sites): pages are then served undrawn and
 * the app draws them, as before. Its code (Preact, emotion, the app: about 15 MB of the process)
 * is loaded by the first page drawn, not at start: a server that answers only the API and the
 * elements of partners' pages never holds it.
 */
export function loadPageDrawer(distDir: string): DrawPage | null {
  const file = join(distDir, 'render', 'render.js');
  if (!existsSync(file)) return null;
  let loading: Promise<DrawPage> | undefined;
  return async (page) => {
    loading ??= import(pathToFileURL(file).href).then((module: { drawPage?: DrawPage }) => {
      if (!module.drawPage) throw new Error(`${file} has no drawPage`);
      return module.drawPage;
    });
    return (await loading)(page);
  };
}

/**
 * The preload of a content page's opening image (leadImages), for phones and for wider screens
 * when they differ; '' when it opens with none.
 */
export function leadImagePreload(page: ContentPage): string {
  const { mobile, desktop } = leadImages(page);
  const link = (href: string, media?: string) => {
    const url = safeUrl(href);
    return (
      url &&
      `<link rel="preload" as="image" href="${escapeHtml(url)}"${media ? ` media="${media}"` : ''} fetchpriority="high">`
    );
  };
  if (mobile === desktop) return link(mobile);
  const breakpoint = BREAKPOINT_MIN_WIDTHS.sm;
  return [link(mobile, `(max-width: ${breakpoint - 0.02}px)`), link(desktop, `(min-width: ${breakpoint}px)`)]
    .filter(Boolean)
    .join('\n');
}
