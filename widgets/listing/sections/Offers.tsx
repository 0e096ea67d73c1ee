import { offerExpiryLabel } from '../../../src/domain/offer';
import { offerPath } from '../../../src/domain/slug';
import type { Listing } from '../../../src/domain/types';
import { OfferPrice } from '../../../src/ui/OfferPrice';
import { useElement } from '../../define';
import { useListingView } from '../listing.context';

/** The listing's current offers, each linking to its offer page. */
export function Offers({ listing }: { listing: Listing }) {
  const { site } = useElement();
  const view = useListingView();
  const now = new Date();
  return (
    <section id="offers" tabIndex={-1} aria-labelledby="offers-title">
      <h2 id="offers-title">Offers</h2>
      <ul className="offers">
        {listing.offers.map((offer) => {
          return (
            <li key={offer.id} className="offer-card" part="card">
              <h3>
                <a
                  href={`${site}${offerPath(offer.title, offer.id)}`}
                  onClick={() => view.track('offer', listing.merchantId)}
                >
                  {offer.title}
                </a>
              </h3>
              {offer.subTitle && <p className="subtitle">{offer.subTitle}</p>}
              <p className="price">
                <OfferPrice offer={offer} money={view.money} />
              </p>
              <p className="expires">{offerExpiryLabel(offer.endDate, now)}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
