import type { DetailedHTMLProps, HTMLAttributes } from 'react';

/**
 * The public types of our custom elements, for the host app that composes them, for elements that
 * contain one another (the offer page holds <wellspring-gift-card-buy>) and for partners using
 * TypeScript: JSX types of the elements and their attributes, and the events they fire.
 */
export type { WellspringEventMap } from './events';

type Element<Attributes> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> &
  Attributes & { tenant?: string; api?: string; site?: string };

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'wellspring-offers-carousel': Element<{ location?: string; heading?: string }>;
      'wellspring-search': Element<{
        'best-of'?: string;
        'sync-url'?: boolean;
        location?: string;
        keywords?: string;
        layout?: 'grid' | 'list';
        map?: boolean;
      }>;
      'wellspring-listing': Element<{
        'listing-id'?: string;
        'old-id'?: string;
        'offer-id'?: string;
        'sync-url'?: boolean;
      }>;
      // From JSX pass booleans as booleans: once the element is defined, preact sets them as
      // properties, and an empty string would be false there.
      'wellspring-gift-card-buy': Element<{ another?: boolean; selected?: string }>;
      'wellspring-balance-inquiry': Element<object>;
    }
  }
}
