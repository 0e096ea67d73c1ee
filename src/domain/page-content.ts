/**
 * The content a hosted page carries for its first screen: the server renders the page with it
 * (server/site.ts, host-app/render.tsx) and writes it as a JSON data block, and the app starts
 * from the same (host-app/content-data.ts), so its first draw matches what the server drew instead
 * of showing 'Loading…' over it while it asks the API again.
 */
import type { ConsentChoice } from './consent';
import type { PageAnswer } from './page-answer';

export const PAGE_CONTENT_ID = 'wellspring-content';

/**
 * What content the app keeps, by key: one key per call of the content API (spec 4: loaded once
 * per visit). The server fills a page's block under the same keys.
 */
export const contentKeys = {
  homepage: (tenant: string) => `homepage:${tenant}`,
  page: (tenant: string, slug: string) => `page:${tenant}:${slug}`,
  serviceContent: (tenant: string, keywords: string) => `service:${tenant}:${keywords}`,
  destination: (tenant: string, term: string) => `destination:${tenant}:${term}`,
  menu: (tenant: string, type: string) => `menu:${tenant}:${type}`,
  /**
   * The canonical path of the listing or offer page at `path`, which the server looked up: the
   * app settles the URL on it as it starts, without waiting for the element to load and say it.
   */
  canonicalPath: (tenant: string, path: string) => `canonical:${tenant}:${path}`,
  /** A listings module's cards: the search it runs (listingsModuleQuery). */
  listings: (tenant: string, query: string) => `listings:${tenant}:${query}`,
};

/** A page's content block: the tenant it was read for and each answer by its key. */
export interface PageContent {
  tenant: string;
  entries: Record<string, unknown>;
}

/**
 * What the page drawer (host-app/render.tsx's drawPage) takes from server/site.ts: the server
 * loads its build at run time rather than importing it, so both sides name this contract here.
 * `Tenant` is the tenant's settings (src/tenant, which src/domain does not import).
 */
export interface PageToDraw<Tenant> {
  tenant: Tenant;
  /** The page's path, without its query string. */
  path: string;
  /** Its query string, without '?' (a search page's search). */
  query: string;
  /** The content the page carries, by key (contentKeys). */
  content: Record<string, unknown>;
  /** The answers to the page's element's first API calls (a listing's, an offer's, a search's). */
  answers: PageAnswer[];
  /** The visitor's consent choice, from their cookie. */
  consent: ConsentChoice | null;
  /** The page's CSP nonce: emotion's style tags carry it, like the browser's (host-app/main.tsx). */
  nonce: string;
}

/** A page drawn: the markup of the app's root element and the rules for its head. */
export interface DrawnPage {
  app: string;
  /** A nonced <style> for the page's head; '' when it needs none. */
  head: string;
}
