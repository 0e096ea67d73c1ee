import { useSearch } from 'wouter/use-browser-location';
import type { PageProps } from './types';

/** /buy-gift-cards and the legacy /buygiftcards: the ways to buy, from the buy element. */
export default function GiftCards({ tenant }: PageProps) {
  const delivery = new URLSearchParams(useSearch()).get('delivery') ?? '';
  return (
    <section>
      <h1>{tenant.titles.giftCardShopButtonName}</h1>
      {delivery && (
        // The embedded default has no gift card store behind these links; production points the
        // tenant's endpoints at its store.
        <p role="status">
          You chose a {delivery} gift card. In this demo no payment is taken: a live site opens the{' '}
          {tenant.brandName} gift card store here.
        </p>
      )}
      <wellspring-gift-card-buy tenant={tenant.name} {...(delivery ? { selected: delivery } : {})} />
    </section>
  );
}
