/**
 * An element's first screen drawn on the server (issue 16): the hosted site's page drawer
 * (host-app/render.tsx) writes it into the element's tag as a declarative shadow root, so a phone
 * paints a listing, an offer or a search page, its lead image included, from the HTML, before any
 * script. When the element's code starts, it takes that root over as it is and hydrates it
 * (define.tsx's RENDERER): its first draw is this one, from the same answers the page carries (its
 * first state: listing.store.ts, search.store.ts, define.tsx's knownTenant), so nothing flashes and
 * the nodes, images decoded, stay.
 *
 * Drawn only when the page carries the answers the element would ask for; otherwise the element
 * draws itself as before. Server-side only: it is bundled into dist/render/, never into an embed.
 */
import createCache from '@emotion/cache';
import type { ReactElement } from 'react';
import { renderToString } from 'preact-render-to-string';
import type { CarriedAnswer } from '../src/api/page-answer';
import { withoutStyleAttributes } from '../src/ui/drawn-styles';
import { answerTo, type PageAnswer } from '../src/domain/page-answer';
import type { TenantConfig } from '../src/tenant/types';
import { ElementContext, elementContextValue, HostStyles } from './define';
import { ElementScreenDrawer } from './element-screen';
import { GiftCardBuy } from './gift-card-buy/GiftCardBuy';
import { Listing, listingTarget } from './listing/Listing';
import { targetCall } from './listing/listing.store';
import { openingSearch, Search } from './search/Search';
import { PageUrlContext } from './search/search.context';
import { carriedResults, openingQuery, type UrlAdapter } from './search/search.store';
import { DRAWN_RULES, StyleCacheContext } from './styles';

/**
 * The elements whose first screen the server draws: the lead of their pages' first screen, and the
 * offer page's buy buttons inside the listing element (its main action, drawn with it rather than
 * a moment later, which moved what follows it down the page).
 */
export type ElementWithScreen = 'wellspring-listing' | 'wellspring-search' | 'wellspring-gift-card-buy';

export interface ScreenToDraw {
  tag: ElementWithScreen;
  /** Its attributes as the page writes them ('listing-id': '42', 'sync-url': true). */
  attributes: Readonly<Record<string, string | boolean | undefined>>;
  tenant: TenantConfig;
  /** The answers the page carries (server/site.ts), which the element takes from the page. */
  answers: PageAnswer[];
  /** The page's query string, where a sync-url search reads its opening search. */
  query: string;
  /** The page's CSP nonce, for the shadow root's <style>. */
  nonce: string;
}

/**
 * The markup of the element's shadow root (its styles first), or null when the server draws none
 * for it: no carried answer for what it shows, or a failure (logged; the element draws itself).
 */
export function drawElementScreen({
  tag,
  attributes,
  tenant,
  answers,
  query,
  nonce,
}: ScreenToDraw): string | null {
  // As the browser's element takes it from the page (takePageAnswer), without taking it away.
  const carried: CarriedAnswer = <T,>(call: string) =>
    answerTo(answers, tenant.helperInfo, call)?.body as T | undefined;
  const text = (name: string) => attributeText(attributes, name) ?? undefined;
  const element =
    tag === 'wellspring-listing'
      ? listingScreen(text, attributes, carried)
      : tag === 'wellspring-search'
        ? searchScreen(text, attributes, tenant, carried, query)
        : buyScreen(text, attributes, tenant);
  if (!element) return null;

  // The rule sets the element's parts write (useShadowStyles), in order, for one <style>, as
  // written: the build has minified them already (vite.config.ts, minifiedStyles).
  const cache = createCache({ key: 'ws' });
  const rules: string[] = [];
  cache.sheet.insert = (rule) => void rules.push(rule);
  // The site's own API, its files named relative to the page: the same URLs as the element's.
  const value = elementContextValue(tenant, {
    api: undefined,
    apiBase: '/api',
    site: '',
    apiOrigin: '',
    host: drawnHost(attributes),
    carried,
  });
  try {
    // An element it holds (the offer page's buy buttons) gets its own first screen the same way.
    const drawNested = (nested: ElementWithScreen, nestedAttributes: ScreenToDraw['attributes']) =>
      drawElementScreen({ tag: nested, attributes: nestedAttributes, tenant, answers, query, nonce });
    const markup = renderToString(
      <StyleCacheContext.Provider value={cache}>
        <HostStyles config={tenant} />
        <ElementScreenDrawer.Provider value={drawNested}>
          <ElementContext.Provider value={value}>{element}</ElementContext.Provider>
        </ElementScreenDrawer.Provider>
      </StyleCacheContext.Provider>,
    );
    // Its style attributes as rules of its own root (the page's rules do not reach into it).
    const drawn = withoutStyleAttributes(markup, ':host ');
    // With the names of its rule sets: the element keeps them when it takes the root over.
    const names = Object.keys(cache.inserted).join(' ');
    return `<style nonce="${nonce}" ${DRAWN_RULES}="${names}">${rules.join('')}${drawn.rules}</style>${drawn.markup}`;
  } catch (error) {
    console.error(`[render] could not draw <${tag}> on the server`, error);
    return null;
  }
}

type AttributeText = (name: string) => string | undefined;

/** The buy buttons, of the page's own tenant (they need no answer: the tenant names them). */
function buyScreen(
  text: AttributeText,
  attributes: ScreenToDraw['attributes'],
  tenant: TenantConfig,
): ReactElement | null {
  if ((text('tenant') ?? 'wellness') !== tenant.name) return null;
  const another = text('another');
  const selected = text('selected');
  return (
    <GiftCardBuy
      // As the element reads a boolean: present and empty (define.tsx), or r2wc's 'true', '1'…
      another={another !== undefined && (another === '' || /^[ty1-9]/i.test(another))}
      selected={selected === 'email' || selected === 'print' || selected === 'mail' ? selected : undefined}
    />
  );
}

/** The listing element, when the page carries the listing (or offer) it shows. */
function listingScreen(
  text: AttributeText,
  attributes: ScreenToDraw['attributes'],
  carried: CarriedAnswer,
): ReactElement | null {
  const props = {
    listingId: text('listing-id'),
    oldId: text('old-id'),
    offerId: text('offer-id'),
    syncUrl: attributes['sync-url'] === true,
  };
  const target = listingTarget(props);
  if (!target || carried(targetCall(target)) === undefined) return null;
  return <Listing {...props} />;
}

/**
 * The search element, when the page carries its opening search's answers (its results drawn from
 * the store's first state), reading that search from the page's query string as it would.
 */
function searchScreen(
  text: AttributeText,
  attributes: ScreenToDraw['attributes'],
  tenant: TenantConfig,
  carried: CarriedAnswer,
  query: string,
): ReactElement | null {
  const props = {
    bestOf: text('best-of'),
    syncUrl: attributes['sync-url'] === true,
    location: text('location'),
    keywords: text('keywords'),
    layout: text('layout') === 'list' ? ('list' as const) : undefined,
    recentSearches: text('recent-searches'),
    map: attributes.map === true,
  };
  // The page's URL as the element reads it; nothing is written while the server draws.
  const pageUrl: UrlAdapter = { read: () => query, write: () => undefined };
  const opening = openingQuery(openingSearch(tenant, props, pageUrl), tenant.listingGrid.pageSize);
  if (!carriedResults(opening, carried, tenant.helperInfo.includedPrograms)) return null;
  return (
    <PageUrlContext.Provider value={pageUrl}>
      <Search {...props} />
    </PageUrlContext.Provider>
  );
}

/** An attribute as the element reads it: a boolean one present is '', absent is null. */
function attributeText(attributes: ScreenToDraw['attributes'], name: string): string | null {
  const value = attributes[name];
  return value === true ? '' : typeof value === 'string' ? value : null;
}

/**
 * The element's tag as its parts see it while the server draws: its attributes (a part reads
 * `data-layer`, say). Events are sent from effects and handlers, which a server's draw never runs.
 */
function drawnHost(attributes: ScreenToDraw['attributes']): HTMLElement {
  const host = new EventTarget() as EventTarget & Pick<HTMLElement, 'getAttribute' | 'hasAttribute'>;
  host.getAttribute = (name) => attributeText(attributes, name);
  host.hasAttribute = (name) => attributeText(attributes, name) !== null;
  return host as HTMLElement;
}
