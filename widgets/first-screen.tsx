/**
 * An element's first screen drawn on the server (issue 16): the hosted site's page drawer
 * (host-app/render.tsx) writes it into the element's tag as a declarative shadow root, so a phone
 * paints a listing or an offer page, its lead image included, from the HTML, before any script.
 * When the element's code starts, its shadow root is emptied (attachShadow takes a declarative
 * root over) and the element draws the same screen in the same task, from the same answer the page
 * carries (its first state: listing.store.ts, define.tsx's knownTenant), so nothing flashes.
 *
 * Drawn only when the page carries the answer the element would ask for; otherwise the element
 * draws itself as before. Server-side only: it is bundled into dist/render/, never into an embed.
 */
import createCache from '@emotion/cache';
import { renderToString } from 'preact-render-to-string';
import type { CarriedAnswer } from '../src/api/page-answer';
import { withoutStyleAttributes } from '../src/ui/drawn-styles';
import { answerTo, type PageAnswer } from '../src/domain/page-answer';
import type { TenantConfig } from '../src/tenant/types';
import { ElementContext, elementContextValue, HostStyles } from './define';
import { Listing, listingTarget } from './listing/Listing';
import { targetCall } from './listing/listing.store';
import { StyleCacheContext } from './styles';

export interface ScreenToDraw {
  /** The element: the listing element is the one drawn so far (the lead of its pages' first screen). */
  tag: 'wellspring-listing';
  /** Its attributes as the page writes them ('listing-id': '42', 'sync-url': true). */
  attributes: Readonly<Record<string, string | boolean | undefined>>;
  tenant: TenantConfig;
  /** The answers the page carries (server/site.ts), which the element takes from the page. */
  answers: PageAnswer[];
  /** The page's CSP nonce, for the shadow root's <style>. */
  nonce: string;
}

/**
 * The markup of the element's shadow root (its styles first), or null when the server draws none
 * for it: no carried answer for what it shows, or a failure (logged; the element draws itself).
 */
export function drawElementScreen({ attributes, tenant, answers, nonce }: ScreenToDraw): string | null {
  // As the browser's element takes it from the page (takePageAnswer), without taking it away.
  const carried: CarriedAnswer = <T,>(call: string) =>
    answerTo(answers, tenant.helperInfo, call)?.body as T | undefined;
  const text = (name: string) => attributeText(attributes, name) ?? undefined;
  const props = {
    listingId: text('listing-id'),
    oldId: text('old-id'),
    offerId: text('offer-id'),
    syncUrl: attributes['sync-url'] === true,
  };
  const target = listingTarget(props);
  if (!target || carried(targetCall(target)) === undefined) return null;

  // The rules the element's parts insert, in the order they insert them (emotion's server mode
  // returns each rule set instead of writing a <style>).
  const cache = createCache({ key: 'ws' });
  const rules: string[] = [];
  const insert = cache.insert;
  cache.insert = (...args) => {
    const inserted = insert(...args);
    if (inserted) rules.push(inserted);
    return inserted;
  };
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
    const markup = renderToString(
      <StyleCacheContext.Provider value={cache}>
        <HostStyles config={tenant} />
        <ElementContext.Provider value={value}>
          <Listing {...props} />
        </ElementContext.Provider>
      </StyleCacheContext.Provider>,
    );
    // Its style attributes as rules of its own root (the page's rules do not reach into it).
    const drawn = withoutStyleAttributes(markup, ':host ');
    return `<style nonce="${nonce}">${rules.join('')}${drawn.rules}</style>${drawn.markup}`;
  } catch (error) {
    console.error('[render] could not draw <wellspring-listing> on the server', error);
    return null;
  }
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
