import type { Listing } from '../../../src/domain/types';

/** How a gift card is redeemed here, and the payments not accepted. */
export function GiftCardRules({
  listing,
  site,
  onBalance,
}: {
  listing: Listing;
  site: string;
  onBalance(): void;
}) {
  return (
    <section aria-labelledby="rules-title">
      <h2 id="rules-title">Gift card redemption</h2>
      {listing.gcRedemptionRules.trim() && <p>{listing.gcRedemptionRules}</p>}
      {listing.nonAcceptedPaymentTypes.length > 0 && (
        <p>Not accepted here: {listing.nonAcceptedPaymentTypes.join(', ')}.</p>
      )}
      <p>
        <a href={`${site}/card-balance-inquiry`} onClick={onBalance}>
          Check your gift card balance
        </a>
      </p>
    </section>
  );
}
