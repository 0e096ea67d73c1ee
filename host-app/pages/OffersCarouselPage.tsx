import type { PageProps } from './types';

/** /widgets-offers-carousel: the carousel alone, without header or footer, for framing. */
export default function OffersCarouselPage({ tenant }: PageProps) {
  return (
    <>
      <h1 className="visually-hidden">Offers</h1>
      <wellspring-offers-carousel tenant={tenant.name} />
    </>
  );
}
