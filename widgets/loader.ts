/**
 * The script-tag entry (`<script type="module" src=".../widgets/loader.js">`). It stays tiny:
 * it only notices wellspring-* tags on the page, now and later, and loads each element's code
 * the first time its tag appears.
 */
import { roomRules } from '../src/ui/element-room';
import { askTenantEarly } from './early-tenant';

const elements: Record<string, () => Promise<unknown>> = {
  'wellspring-search': () => import('./search/search.element'),
  'wellspring-offers-carousel': () => import('./offers-carousel/offers-carousel.element'),
  'wellspring-gift-card-buy': () => import('./gift-card-buy/gift-card-buy.element'),
  'wellspring-balance-inquiry': () => import('./balance-inquiry/balance-inquiry.element'),
  'wellspring-listing': () => import('./listing/listing.element'),
};

/**
 * The CSP nonce of this script's tag, for the elements' <style> tags (widgets/define.tsx reads it
 * from this global): a partner whose policy has no 'unsafe-inline' styles puts its nonce on our
 * script tag. Module scripts have no document.currentScript; the tag is the one with our URL.
 * Read from the property: browsers empty the attribute once the policy applies.
 */
const own = [...document.querySelectorAll('script[src]')].find(
  (script): script is HTMLScriptElement =>
    script instanceof HTMLScriptElement && script.src === import.meta.url,
);
if (own?.nonce) (globalThis as Record<symbol, unknown>)[Symbol.for('wellspring.nonce')] = own.nonce;

/**
 * Room for each element before its code arrives, so the partner's page does not shift when it
 * draws. A constructed stylesheet: no <style> tag, so a page's CSP needs no nonce or hash for it.
 */
try {
  const room = new CSSStyleSheet();
  room.replaceSync(roomRules());
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, room];
} catch {
  // A browser without constructed stylesheets (before Safari 16.4) only loses the reserved room.
}

/**
 * The chunks each element's chunk imports (all of them, not only its own): the widgets build
 * writes them over this text (vite.config.ts, `elementImports`) as `name:file,file;name:…`, the
 * element's tag without `wellspring-` and each file's name in chunks/ without `.js`. The browser
 * would find them only once the element's chunk had arrived and been read, a round trip later on
 * a partner's page, so the loader asks for them beside it. Unbuilt (tests, Vite's dev server) the
 * text stays and only the element's chunk is asked for.
 */
const ELEMENT_IMPORTS = '__WELLSPRING_ELEMENT_IMPORTS__';

function importsOf(tag: string): string[] {
  for (const entry of ELEMENT_IMPORTS.split(';')) {
    const [name, files = ''] = entry.split(':');
    if (`wellspring-${name}` === tag) return files.split(',').map((file) => `./chunks/${file}.js`);
  }
  return [];
}

/** Where this script came from: an element's API defaults to its origin (widgets/define.tsx). */
const ownOrigin = new URL(import.meta.url).origin;

const requested = new Set<string>();

function load(tag: string): void {
  const importer = elements[tag];
  if (!importer || requested.has(tag)) return;
  requested.add(tag);
  importer().catch((error: unknown) => {
    // Let a later tag retry, and say why on the console: a blank box alone explains nothing.
    requested.delete(tag);
    watch();
    console.error(`[wellspring] could not load <${tag}>`, error);
  });
  // Relative to this script, as the element's own imports are. A failure is the element's
  // chunk's to report: it imports the same files.
  for (const file of importsOf(tag)) import(/* @vite-ignore */ file).catch(() => undefined);
}

/**
 * Loads the code of every tag on the page not yet asked for: one query over the document for
 * those tags only. Called once per batch of DOM changes, not per added node: a host page that
 * draws a few hundred nodes at once must not pay a query per node.
 */
function scan(): void {
  const pending = Object.keys(elements).filter((tag) => !requested.has(tag));
  if (!pending.length) {
    observer.disconnect();
    return;
  }
  for (const element of document.querySelectorAll(pending.map((tag) => `${tag}:not(:defined)`).join(','))) {
    load(element.localName);
    askTenantEarly(element, ownOrigin);
  }
}

const observer = new MutationObserver(scan);
/** Watches the page for tags; again after a failed load, in case every tag had been asked for. */
function watch(): void {
  observer.observe(document.documentElement, { childList: true, subtree: true });
}
watch();
scan();
