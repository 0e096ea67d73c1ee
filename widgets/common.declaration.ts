import type { AttributeDeclaration, EventDeclaration } from './declare';

/**
 * What every element has (widgets/define.tsx): the attributes it takes, the events the data
 * loading sends and the theme's CSS custom properties. A new shared `part` or custom property is
 * one line here; one of a single element goes in its own declaration.
 */
export const COMMON = {
  attributes: {
    tenant: {
      type: 'string',
      default: 'wellness',
      description:
        "The brand (tenant) whose settings, programs and theme the element uses: 'wellness', 'spa', 'spa-canada', 'local' or one added by the tenant admin API.",
    },
    api: {
      type: 'string',
      default: "the loader's origin + '/api'",
      description: "The tenant's functions endpoint.",
    },
    site: {
      type: 'string',
      default: "the loader's origin",
      description: 'Base URL of the hosted site that links point to.',
    },
    'data-layer': {
      type: 'boolean',
      default: 'absent: nothing is pushed to the page',
      description:
        "Lets the element push its analytics events (spec 9's catalogue) to the page's `window.dataLayer` when the tenant has analytics on; `off` or `false` withholds them. Read when each event happens, so a page may add it after its own consent check. The `wellspring-analytics` event is sent either way.",
    },
  },
  cssProperties: {
    '--ws-font': {
      description: 'The font family of the element.',
      default: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    },
    '--ws-primary': { description: "The tenant's primary colour (links, prices, headings)." },
    '--ws-secondary': { description: "The tenant's secondary colour (sub-headings)." },
    '--ws-accent': { description: "The tenant's accent colour (badges, calls to action)." },
    '--ws-surface': { description: 'The background of cards and panels.', default: '#fff' },
    '--ws-text': { description: 'The text colour.', default: '#1f2933' },
  },
  parts: {
    problem: 'The message shown when loading or a request fails (with its Try again button).',
  },
} as const satisfies {
  attributes: Record<string, AttributeDeclaration>;
  cssProperties: Record<`--${string}`, { description: string; default?: string }>;
  parts: Record<string, string>;
};

/** The events of the elements that load data of their own (listing, offers carousel, search). */
export const DATA_EVENTS = {
  'wellspring-ready': {
    detail: '{ tenant: string; count: number }',
    cancelable: false,
    description: 'The element loaded its data and shows it (`count`: how many items).',
  },
  'wellspring-error': {
    detail: '{ message: string; status?: number }',
    cancelable: false,
    description: "Loading the element's data failed; the element shows a message with a retry.",
  },
} as const satisfies Record<`wellspring-${string}`, EventDeclaration>;

/** Every element announces its analytics events, whether or not it may push them (`data-layer`). */
export const ANALYTICS_EVENT = {
  'wellspring-analytics': {
    detail: '{ event: string; tenant: string; [field: string]: unknown }',
    cancelable: false,
    description:
      "An analytics event of spec 9's catalogue (`event` names it), so a page can route it to its own analytics; it reaches `window.dataLayer` only with the `data-layer` attribute.",
  },
} as const satisfies Record<`wellspring-${string}`, EventDeclaration>;
