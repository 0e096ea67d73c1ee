import { ANALYTICS_EVENT, DATA_EVENTS } from '../common.declaration';
import { declareElement } from '../declare';

/** <wellspring-search>: the one declaration of its public contract (widgets/declare.ts). */
export const searchDeclaration = declareElement({
  tag: 'wellspring-search',
  module: 'widgets/search/search.element.ts',
  summary: 'The listing search: keywords, place, filters, results and map.',
  description:
    'Searches listings by keywords and place with suggestions as you type, filters, sorting, paged results in a grid or a list and, for tenants that have it, a map. With `best-of` it is a best-of page for a destination.',
  attributes: {
    'best-of': {
      type: 'string',
      default: 'none (a plain search)',
      description:
        "The destination slug of a best-of page ('austin-tx'): searches that destination, shows the bar of best-of links and never writes the page URL.",
    },
    'sync-url': {
      type: 'boolean',
      default: 'false',
      description:
        'The element owns the page URL: filters are written to it (a history entry per change) and read back on load and on back/forward.',
    },
    location: {
      type: 'string',
      default: "the visitor's location, else the tenant's country",
      description: "Where the search starts: place text ('Austin, TX'), a ZIP or postal code, or 'lat,lon'.",
    },
    keywords: { type: 'string', default: "''", description: 'Keywords the search starts with.' },
    layout: {
      type: 'string',
      values: ['grid', 'list'],
      default: "'grid'",
      description: 'How results are laid out; the visitor can switch.',
    },
    'recent-searches': {
      type: 'string',
      default: 'none',
      description:
        'The visitor\'s recent searches, newest first, as JSON: `[{"keywords": "massage", "location": "Austin, TX"}]`. The keywords and location fields suggest them again in a group of their own (at most 8 and 3). The hosted site sets it for a signed-in visitor from their saved searches; text that is not such a list is ignored.',
    },
    map: {
      type: 'boolean',
      default: 'false',
      description: 'Open with the map shown (for tenants whose search has the map on).',
    },
  },
  events: {
    ...ANALYTICS_EVENT,
    ...DATA_EVENTS,
    'wellspring-search': {
      detail:
        '{ query: string; location: string; located: boolean; totalHits: number; page: number; keywords: string; correctedKeywords: string | null; partialMatch: boolean }',
      cancelable: false,
      description:
        "A search finished: its query as the page URL carries it, the location searched and whether the element chose that place itself (the visitor's position or country, when nothing named one), the total number of results, the keywords as typed and, when typos were corrected, the keywords the results are for (else null); whether the results match only some of the words.",
    },
    'wellspring-listing-select': {
      detail: '{ merchantId: number; name: string; url: string; position: number }',
      cancelable: true,
      description:
        'A result (or a listing suggestion) was chosen. Cancel it to route in-page. `position` is its 1-based place in the results (0 for featured listings, suggestions and the map).',
    },
    'wellspring-offer-select': {
      detail: '{ offerId: number; merchantId: number; url: string }',
      cancelable: true,
      description: "A result's offer was chosen. Cancel it to route in-page instead of following the link.",
    },
  },
  parts: {
    heading: 'The results count above the results.',
    button: 'The search button.',
    card: 'Each result card (and the featured listings).',
  },
  cssProperties: {},
  slots: {},
});
