import type { PageProps } from '../App';

export default function GiftCards({ tenant }: PageProps) {
  return (
    <section>
      <h1>{tenant.titles.giftCardShopButtonName}</h1>
      <wellspring-gift-card-buy tenant={tenant.name} />
    </section>
  );
}
