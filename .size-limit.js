// Size budgets (gzip), checked by `npm run size` inside `npm test`. An element's first use costs
// the loader plus every chunk its entry imports statically; the Vite manifest says which.
import { readFileSync } from 'node:fs';
import { firstUseFiles, hostAppInitialFiles } from './bench/first-use.js';

const manifest = JSON.parse(readFileSync('dist/widgets/.vite/manifest.json', 'utf8'));

/**
 * The loader, a dynamically imported source module's chunk and its static imports: the same
 * closure as the bench's (bench/sizes.ts finds each row's budget here by its list of files).
 */
function firstUse(source) {
  return firstUseFiles(manifest, source, { outDir: 'dist/widgets', entry: 'loader.js' });
}

/** What a lazily loaded chunk adds once `owner` is in use: its files minus the owner's. */
function lazyChunk(source, owner) {
  const loaded = new Set(firstUse(owner));
  return firstUse(source).filter((file) => !loaded.has(file));
}

/** The hosted site's first load: index.html's scripts and their static imports. */
const site = hostAppInitialFiles('.');

// Issue 16 added about 0.15 KB to every first use: the loader keeps each element's room until it
// draws (widgets/room.ts), so a partner's page does not shift; the carousel's loading frame is
// its cards' frame. Budgets that were within 0.1 KB of it moved up by 0.3 KB.
// One runtime (issue 16) moved each element budget up by 0.8 KB: Preact and ky are a chunk of
// their own that the hosted site shares (0.8 KB more on a partner's page, about 13 KB less on a
// hosted page with an element), compressed apart and with all of preact/compat's exports.
// Pages of the hosted site carry their tenant's settings (issue 16, src/api/page-blocks.ts):
// about 0.2 KB where an element reads them; budgets within 0.1 KB of it moved up by 0.3 KB.
// Issue 16: an element on a hosted page draws in its first draw from the tenant and the answer the
// page carries (widgets/define.tsx: knownTenant, carried), never 'Loading…' over a first screen
// the server drew: about 0.2 KB in the shared part; each budget within 0.1 KB of it moved up 0.2.
// Issue 16: prices in the tenants' currencies are written without Intl (src/domain/money.ts: a
// page's first Intl format costs 20-25 ms of a phone's CPU), about 0.25 KB where prices are
// shown; those budgets (carousel, balance, listing) moved up 0.3 KB.
// Issue 16: a search page carries its first search's answers (server/site.ts), which the search
// element takes (its first search's calls named as the server names them): about 0.1 KB on the
// search element, a few bytes in the shared part; budgets within them moved up 0.2 / 0.1 KB.
// Issue 16: an element taking over a first screen the server drew keeps the server's compiled
// rules instead of compiling them again in its first draw (widgets/define.tsx, styles.ts: about
// 35 ms of a phone's CPU on a search page): about 0.13 KB in the shared part; every element budget
// within it moved up 0.2 KB.
// Issue 16: on a partner's page the loader asks for an element's chunk, the chunks that chunk
// imports and the element's tenant settings at once (widgets/loader.ts, early-tenant.ts), where
// the browser found each a round trip after the other: about 0.5 KB in the loader (the imports'
// names above all), which every first use counts; the loader's budget and each including it
// moved up 0.5 KB (demo carousel page's LCP 2.0-2.1 -> 1.9 s in Lighthouse, bench/RESULTS.md).
// Issue 16: Vite's preload helper, which the widgets build wrapped every dynamic import in though
// it preloads nothing, is one line (vite.config.ts, noPreloadHelper): 0.7 KB less in the loader
// and so in every first use; those budgets moved down 0.7 KB.
// Where to spend a gift card (the balance element's places near the visitor's place found without
// asking, else the best rated in the tenant's country) loads after a balance is shown, in a chunk
// of its own (widgets/balance-inquiry/balance-inquiry.places.ts): the balance's first use 1.4 KB
// less, its budget down 1.4 KB. The visitor's position (widgets/visitor-position.ts), which the
// carousel and a listing's directions shared in one chunk, is a chunk of its own now that the
// places load it too: about 0.2 KB more in the carousel's and the listing's first use (the
// bundler's chunks are per set of importers), whose budgets moved up 0.2 and 0.3 KB.
// The builds minify each css`…` template (vite.config.ts, minifiedStyles): the styles' comments
// and indentation left the bundles, 0.3-0.6 KB of the search's, the listing's and the hosted
// site's first use, 1.1 KB of the hosted search page; those budgets moved down as much. The
// carousel's previous and next sit on its photos (its heading keeps a phone's width): about 0.1 KB.
export default [
  { name: 'loader.js', path: 'dist/widgets/loader.js', limit: '1.4 KB', gzip: true },
  {
    name: '<wellspring-offers-carousel> first use (with the shared runtime)',
    path: firstUse('widgets/offers-carousel/offers-carousel.element.ts'),
    // 30.5: the IP-city start and the IP database's credit (issue 12) added about 0.25 KB; issue 13
    // the analytics catalogue's track (wellspring-analytics, the data-layer opt-in, failed
    // /merchants responses) in the shared runtime and the promotion events: about 0.6 KB.
    // 33.6: +0.19 KB, a swipe across the offers turns them (phones: the cards are the target).
    // 33.8: +0.12 KB in every element's shared code for hydrating the server's first screen
    // (define.tsx's renderer; the styles it drew made the nodes' own).
    limit: '33.8 KB',
    gzip: true,
  },
  {
    name: '<wellspring-gift-card-buy> first use (with the shared runtime)',
    path: firstUse('widgets/gift-card-buy/gift-card-buy.element.ts'),
    // Issue 13: the analytics track of the shared runtime, about 0.6 KB.
    // 28.5: +0.15 KB, hydrating a server's first screen (the offers carousel's line above).
    limit: '28.5 KB',
    gzip: true,
  },
  {
    // The bot check's solver loads on submit, in its own chunk: not part of first use.
    name: '<wellspring-balance-inquiry> first use (with the shared runtime)',
    path: firstUse('widgets/balance-inquiry/balance-inquiry.element.ts'),
    // 32.7: +0.06 KB, hydrating a server's first screen (the offers carousel's line above).
    limit: '32.7 KB',
    gzip: true,
  },
  {
    // Leaflet is not part of it: the map view is its own chunk, loaded when a visitor opens it.
    name: '<wellspring-search> first use (with the shared runtime, without the map)',
    path: firstUse('widgets/search/search.element.ts'),
    // 46.4: +0.04 KB for the place a sync-url search found, kept in its history entry's state.
    // 47.1: +0.25 KB for its first state from the answers a search page carries (issue 16: the
    // server draws its first screen, the results with it, from the same state: first-screen.tsx).
    // 47.5: +0.15 KB, its first results drawn as many as the window shows, the rest a paint later.
    // 47.4: +0.09 KB for a best-of page's place named from its slug ('austin-tx' searches
    // 'Austin, TX' and says so: src/domain/search.ts destinationName).
    // 46.9 with the styles minified (the header above); 47.0: +0.14 KB, a best-of page's links
    // from the destination content the page carries (in the first draw, and no 404 without it).
    // 47.1: +0.03 KB, cards off the screen drawn on view (results-grid.styles.ts).
    // 47.4: +0.21 KB, hydrating the server's first screen (the offers carousel's line above),
    // and the ads' size measured after it.
    // 47.7: +0.29 KB, what a visitor typed or chose in the server's form before the code ran,
    // taken up once it has hydrated (src/ui/served-edits.ts) instead of drawn over.
    limit: '47.7 KB',
    gzip: true,
  },
  {
    // The offer page's buy buttons (<wellspring-gift-card-buy>) and the map load later, on their own.
    // 41 KB (was 40) since every CMS and listing link goes through SafeLink and the styles take a
    // CSP nonce (issue 18): about 1.2 KB for checks a partner page with a strict policy needs.
    // 41.5 KB: directions from the visitor's shared position (issue 12) and the analytics
    // catalogue's listing actions (issue 13), each within 41 alone, 41.08 together.
    name: '<wellspring-listing> first use (with the shared runtime, without the map)',
    path: firstUse('widgets/listing/listing.element.ts'),
    // 43.2 KB: the listing's first state from the answer the page carries (its first screen is
    // drawn on the server: widgets/first-screen.tsx), about 0.1 KB beside the shared 0.2 above.
    // 43.9 KB: +0.12 KB, hydrating that first screen (the offers carousel's line above).
    // 44 KB: +0.02 KB, the server-first state the offer page shares with the search's ads, in a
    // small chunk of its own (src/ui/server-first.ts) rather than in every element's shared one.
    // 44.1 KB: +0.04 KB, the offer page's buy buttons drawn by the server inside its first screen
    // (widgets/element-screen.tsx, which draws nothing in the browser).
    limit: '44.1 KB',
    gzip: true,
  },
  {
    name: '<wellspring-search> map view chunk (Leaflet and its stylesheet)',
    path: lazyChunk('widgets/search/MapView.tsx', 'widgets/search/search.element.ts'),
    limit: '52 KB',
    gzip: true,
  },
  {
    name: '<wellspring-listing> map chunk (Leaflet and its stylesheet)',
    path: lazyChunk('widgets/listing/ListingMap.tsx', 'widgets/listing/listing.element.ts'),
    limit: '52 KB',
    gzip: true,
  },
  {
    // The app takes Preact and ky from the elements' runtime chunk (issue 16, "One runtime"):
    // 36.8 KB with its own copy, 37.3 KB with the whole runtime, which an element page needs anyway.
    // +0.26 KB: reading the id out of a listing or offer slug (pageIdentity), so a page that
    // settles on its canonical URL is not drawn and fetched again.
    // 38.6 KB: hydrating the page the server drew (issue 16: the carried content, the page's code
    // loaded before the first draw, the elements' room in the app's styles, the consent form).
    // 38.2 KB: +0.03 KB, the consent the page names (data-consent) read instead of document.cookie,
    // a synchronous round trip to the browser during hydration (issue 16, bench/RESULTS.md).
    name: 'hosted site first load (index.html scripts and static imports, the shared runtime)',
    path: site,
    limit: '38.2 KB',
    gzip: true,
  },
  {
    // Holds the saving: 80.2 KB when the app and the elements each carried Preact and ky, 67.3 KB
    // with one runtime. A second copy coming back fails this line.
    name: 'hosted search page (site first load + <wellspring-search> first use, once each)',
    path: [...new Set([...site, ...firstUse('widgets/search/search.element.ts')])],
    // 68.9 KB with the hydration of server-drawn pages (see the line above).
    // 70 KB: the search element's first state from the carried answers (its line above).
    // 70.4 KB: its first results drawn as many as the window shows (its line above).
    // 70.3 KB: a best-of page's place named from its slug (the search element's line above).
    // 69.3 with the styles minified; 69.4: the best-of links from the carried content (above).
    // 69.5 KB: the consent the page names (the line above).
    // 69.6 KB: cards off the screen drawn on view (the search element's line above).
    // 69.9 KB: hydrating the search element's first screen (its line above).
    // 70.2 KB: the visitor's edits in the server's form kept (the search element's line above).
    limit: '70.2 KB',
    gzip: true,
  },
];
