import { useSearch } from 'wouter/use-browser-location';
import type { PageProps } from './types';

/** The ways to buy (the buy element's `selected` values), as the page names the one chosen. */
const CHOSEN: Readonly<Record<string, string>> = {
  email: 'an email gift card',
  print: 'a gift card to print at home',
  mail: 'a gift card by mail',
};

/** /buy-gift-cards and the legacy /buygiftcards: the ways to buy, from the buy element. */
export default function GiftCards({ tenant }: PageProps) {
  // Only a way to buy the element offers: the query string is the visitor's link, not ours.
  const delivery = new URLSearchParams(useSearch()).get('delivery') ?? '';
  const chosen = Object.hasOwn(CHOSEN, delivery) ? CHOSEN[delivery] : undefined;
  return (
    <section>
      <h1>{tenant.titles.giftCardShopButtonName}</h1>
      {chosen && (
        // The embedded default has no gift card store behind these links; production points the
        // tenant's endpoints at its store.
        <p role="status">
          You chose {chosen}. In this demo no payment is taken: a live site opens the {tenant.brandName} gift
          card store here.
        </p>
      )}
      <wellspring-gift-card-buy tenant={tenant.name} {...(chosen ? { selected: delivery } : {})} />
    </section>
  );
}
