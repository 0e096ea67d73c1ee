import { offerPercentOff, offerTotalPrice } from '../domain/offer';
import type { Offer } from '../domain/types';

/**
 * An offer's price as cards and pages show it: the total (spec 5), the struck-out price it is
 * down from, and the percent-off badge. Inline pieces (.now, .was, .badge) the caller wraps and
 * styles.
 */
export function OfferPrice({
  offer,
  money,
}: {
  offer: Pick<Offer, 'price' | 'discountPrice' | 'percentOff'>;
  /** Formats an amount in the tenant's currency. */
  money(amount: number): string;
}) {
  const total = offerTotalPrice(offer);
  const percent = offerPercentOff(offer);
  return (
    <>
      {total > 0 && <span className="now">{money(total)}</span>}
      {total > 0 && offer.price && offer.price > total && (
        <span className="was">
          <span className="visually-hidden">was </span>
          {money(offer.price)}
        </span>
      )}
      {percent > 0 && <span className="badge">{percent}% off</span>}
    </>
  );
}
