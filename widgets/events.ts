import type { DataLayerEntry } from '../src/analytics/data-layer';

/**
 * Every event an element fires, by name. All are CustomEvents with `bubbles` and `composed`
 * set, so a partner page can listen on the element or on `document`; cancelable ones let a host
 * take over the default action with `preventDefault()`.
 */
export interface WellspringEventMap {
  /** An offer card was chosen. Cancel it to route in-page instead of following the link. */
  'wellspring-offer-select': { offerId: number; merchantId: number; url: string };
  /** A way to buy a gift card was chosen. Cancel it to handle the purchase yourself. */
  'wellspring-buy-select': { method: string; url: string };
  /** A balance was found; only the last 4 digits of the card leave the element. */
  'wellspring-balance': { last4: string };
  /**
   * A search result (or a listing suggestion) was chosen in <wellspring-search>. Cancel it to
   * route in-page instead of following the link. `position` is its 1-based place in the results
   * (0 for featured listings, suggestions and the map).
   */
  'wellspring-listing-select': { merchantId: number; name: string; url: string; position: number };
  /**
   * <wellspring-search> finished a search: its query as the page URL carries it (searchToQuery),
   * the location searched and the total number of results; the keywords as typed and, when the
   * search corrected typos, the keywords its results are for (else null); whether the results
   * match only some of the words.
   */
  'wellspring-search': {
    query: string;
    location: string;
    totalHits: number;
    page: number;
    keywords: string;
    correctedKeywords: string | null;
    partialMatch: boolean;
  };
  /**
   * <wellspring-listing> knows what its page is: the title and description for the document,
   * and its canonical path (the tenant's not-found meta URL when loading failed, spec 4).
   */
  'wellspring-page': { title: string; description: string; canonicalLink: string; notFound: boolean };
  /**
   * An analytics event of spec 9's catalogue (src/analytics/data-layer.ts), always fired, so a
   * page can route it to its own analytics; it reaches `window.dataLayer` only with the
   * element's `data-layer` attribute.
   */
  'wellspring-analytics': DataLayerEntry;
  /** The element loaded its data and shows it. */
  'wellspring-ready': { tenant: string; count: number };
  /** Loading the element's data failed; the element shows a message with a retry. */
  'wellspring-error': { message: string; status?: number };
}

declare global {
  interface HTMLElementEventMap {
    'wellspring-offer-select': CustomEvent<WellspringEventMap['wellspring-offer-select']>;
    'wellspring-analytics': CustomEvent<WellspringEventMap['wellspring-analytics']>;
    'wellspring-ready': CustomEvent<WellspringEventMap['wellspring-ready']>;
    'wellspring-buy-select': CustomEvent<WellspringEventMap['wellspring-buy-select']>;
    'wellspring-balance': CustomEvent<WellspringEventMap['wellspring-balance']>;
    'wellspring-listing-select': CustomEvent<WellspringEventMap['wellspring-listing-select']>;
    'wellspring-search': CustomEvent<WellspringEventMap['wellspring-search']>;
    'wellspring-error': CustomEvent<WellspringEventMap['wellspring-error']>;
    'wellspring-page': CustomEvent<WellspringEventMap['wellspring-page']>;
  }
}
