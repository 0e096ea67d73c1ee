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
  parts: {},
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
