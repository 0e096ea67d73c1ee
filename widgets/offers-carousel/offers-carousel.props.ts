// Generated from the element declarations (widgets/*/*.declaration.ts) by `npm run elements`: do not edit.

/** <wellspring-offers-carousel>: r2wc's props of its own attributes (widgets/offers-carousel/offers-carousel.declaration.ts). */
export const offersCarouselProps = { location: 'string', heading: 'string' } as const;
