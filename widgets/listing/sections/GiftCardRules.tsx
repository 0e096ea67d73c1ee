import type { Listing } from '../../../src/domain/types';

/** How a gift card is redeemed here, and the payments not accepted. */
export function GiftCardRules({ listing }: { listing: Listing }) {
  return (
    <section aria-labelledby="rules-title">
      <h2 id="rules-title">Gift card redemption</h2>
      {listing.gcRedemptionRules.trim() && <p>{listing.gcRedemptionRules}</p>}
      {listing.nonAcceptedPaymentTypes.length > 0 && (
        <p>Not accepted here: {listing.nonAcceptedPaymentTypes.join(', ')}.</p>
      )}
    </section>
  );
}
