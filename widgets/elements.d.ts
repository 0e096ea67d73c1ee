import type { DetailedHTMLProps, HTMLAttributes } from 'react';

/** The custom elements the host app composes, with their attributes. */
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
      'wellspring-listing': Element<{ 'listing-id'?: string; 'offer-id'?: string }>;
      'wellspring-gift-card-buy': Element<{ another?: boolean; selected?: string }>;
      'wellspring-balance-inquiry': Element<object>;
    }
  }
}
