// Generated from the element declarations (widgets/*/*.declaration.ts) by `npm run elements`: do not edit.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

/**
 * The public types of our custom elements, for the host app that composes them, for elements that
 * contain one another and for partners using TypeScript: JSX types of the elements and their
 * attributes, and the events they fire. From JSX pass booleans as booleans: once the element is
 * defined, preact sets them as properties, and an empty string would be false there.
 */
type Element<Attributes> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> &
  Attributes & {
    /** The brand (tenant) whose settings, programs and theme the element uses: 'wellness', 'spa', 'spa-canada', 'local' or one added by the tenant admin API. @default wellness */
    tenant?: string;
    /** The tenant's functions endpoint. @default the loader's origin + '/api' */
    api?: string;
    /** Base URL of the hosted site that links point to. @default the loader's origin */
    site?: string;
    /** Lets the element push its analytics events (spec 9's catalogue) to the page's `window.dataLayer` when the tenant has analytics on; `off` or `false` withholds them. Read when each event happens, so a page may add it after its own consent check. The `wellspring-analytics` event is sent either way. @default absent: nothing is pushed to the page */
    'data-layer'?: boolean;
  };

/**
 * Every event an element fires, by name. All are CustomEvents with `bubbles` and `composed` set,
 * so a page can listen on the element or on `document`; cancelable ones let a host take over the
 * default action with `preventDefault()`.
 */
export interface WellspringEventMap {
  /** An analytics event of spec 9's catalogue (`event` names it), so a page can route it to its own analytics; it reaches `window.dataLayer` only with the `data-layer` attribute. */
  'wellspring-analytics': { event: string; tenant: string; [field: string]: unknown };
  /** The element loaded its data and shows it (`count`: how many items). */
  'wellspring-ready': { tenant: string; count: number };
  /** Loading the element's data failed; the element shows a message with a retry. */
  'wellspring-error': { message: string; status?: number };
  /** An offer card was chosen. Cancel it to route in-page instead of following the link. Cancelable. */
  'wellspring-offer-select': { offerId: number; merchantId: number; url: string };
  /** A search finished: its query as the page URL carries it, the location searched and whether the element chose that place itself (the visitor's position or country, when nothing named one), the total number of results, the keywords as typed and, when typos were corrected, the keywords the results are for (else null); whether the results match only some of the words. */
  'wellspring-search': {
    query: string;
    location: string;
    located: boolean;
    totalHits: number;
    page: number;
    keywords: string;
    correctedKeywords: string | null;
    partialMatch: boolean;
  };
  /** A result (or a listing suggestion) was chosen. Cancel it to route in-page. `position` is its 1-based place in the results (0 for featured listings, suggestions and the map). Cancelable. */
  'wellspring-listing-select': { merchantId: number; name: string; url: string; position: number };
  /** A way to buy was chosen. Cancel it to handle the purchase yourself. Cancelable. */
  'wellspring-buy-select': { method: string; url: string };
  /** A balance was found; only the last 4 digits of the card leave the element. */
  'wellspring-balance': { last4: string };
  /** The element knows what its page is: the title and description for the document and its canonical path (the tenant's not-found meta URL when loading failed). */
  'wellspring-page': { title: string; description: string; canonicalLink: string; notFound: boolean };
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      /** Current offers near a place, as a carousel of cards. */
      'wellspring-offers-carousel': Element<{
        /** Place text ('Austin, TX'), a ZIP or postal code, or 'lat,lon'. @default the visitor's shared position, else the best rated in the country */
        location?: string;
        /** The heading above the offers. @default 'Offers near you' or 'Offers near {place}' */
        heading?: string;
      }>;
      /** The listing search: keywords, place, filters, results and map. */
      'wellspring-search': Element<{
        /** The destination slug of a best-of page ('austin-tx'): searches that destination, shows the bar of best-of links and never writes the page URL. @default none (a plain search) */
        'best-of'?: string;
        /** The element owns the page URL: filters are written to it (a history entry per change) and read back on load and on back/forward. @default false */
        'sync-url'?: boolean;
        /** Where the search starts: place text ('Austin, TX'), a ZIP or postal code, or 'lat,lon'. @default the visitor's location, else the tenant's country */
        location?: string;
        /** Keywords the search starts with. @default '' */
        keywords?: string;
        /** How results are laid out; the visitor can switch. @default 'grid' */
        layout?: 'grid' | 'list';
        /** The visitor's recent searches, newest first, as JSON: `[{"keywords": "massage", "location": "Austin, TX"}]`. The keywords and location fields suggest them again in a group of their own (at most 8 and 3). The hosted site sets it for a signed-in visitor from their saved searches; text that is not such a list is ignored. @default none */
        'recent-searches'?: string;
        /** Open with the map shown (for tenants whose search has the map on). @default false */
        map?: boolean;
      }>;
      /** The ways to buy the tenant's gift card. */
      'wellspring-gift-card-buy': Element<{
        /** The visitor already has a card: buttons read 'Get Another {brand} Gift Card'. @default false */
        another?: boolean;
        /** The delivery the visitor picked, shown as chosen. @default none */
        selected?: 'email' | 'print' | 'mail';
      }>;
      /** A gift card's balance and history, by card number and PIN. */
      'wellspring-balance-inquiry': Element<{
        /** Where to look for places that take the card: place text or 'lat,lon'. Without it, the visitor's position if they already shared it, else their city by IP address (never a prompt); with neither, or nothing near, the best rated in the tenant's country. @default the visitor's place */
        location?: string;
      }>;
      /** A listing page, or an offer page with its buy buttons. */
      'wellspring-listing': Element<{
        /** The merchant id of the listing to show. */
        'listing-id'?: string;
        /** The id an older listing URL starts with; used when there is no listing-id. */
        'old-id'?: string;
        /** An offer id: the element shows that offer's page instead of the listing page. */
        'offer-id'?: string;
        /** The element owns the page URL (the hosted site): section anchors write the hash. @default false */
        'sync-url'?: boolean;
      }>;
    }
  }
}

declare global {
  interface HTMLElementEventMap {
    'wellspring-analytics': CustomEvent<WellspringEventMap['wellspring-analytics']>;
    'wellspring-ready': CustomEvent<WellspringEventMap['wellspring-ready']>;
    'wellspring-error': CustomEvent<WellspringEventMap['wellspring-error']>;
    'wellspring-offer-select': CustomEvent<WellspringEventMap['wellspring-offer-select']>;
    'wellspring-search': CustomEvent<WellspringEventMap['wellspring-search']>;
    'wellspring-listing-select': CustomEvent<WellspringEventMap['wellspring-listing-select']>;
    'wellspring-buy-select': CustomEvent<WellspringEventMap['wellspring-buy-select']>;
    'wellspring-balance': CustomEvent<WellspringEventMap['wellspring-balance']>;
    'wellspring-page': CustomEvent<WellspringEventMap['wellspring-page']>;
  }
}
