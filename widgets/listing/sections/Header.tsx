import { ASK_A_QUESTION, listingMiniLinks } from '../../../src/domain/listing-page';
import { useGrantedPosition } from '../../visitor-position';
import { isListingApproved } from '../../../src/domain/listing';
import type { Listing } from '../../../src/domain/types';
import { Stars } from '../../../src/ui/Stars';
import { useElement } from '../../define';
import { MapsOrBookingLink } from '../parts';

/** Name, place, rating, phone, website, the mini links and 'Ask a Question'. */
export function Header({
  listing,
  onContact,
}: {
  listing: Listing;
  onContact(kind: 'contact' | 'question'): void;
}) {
  const { tenant } = useElement();
  const single = tenant.options.single;
  const approved = isListingApproved(listing);
  // Directions start at the visitor when they already shared their position (never a prompt here).
  const start = useGrantedPosition();
  const links = listingMiniLinks(listing, start, tenant.endpoints.directions).filter(
    (link) =>
      (link.kind === 'directions' && single.directions) ||
      (link.kind === 'contact' && single.contact) ||
      (link.kind === 'book' && single.appointment),
  );
  const { city, stateOrProvinceCode, stateOrProvince } = listing.location;
  return (
    <header className="listing-header">
      <h1 id="listing-name" part="heading">
        {listing.name}
      </h1>
      <p className="place">
        {[listing.location.address1, city, stateOrProvinceCode || stateOrProvince].filter(Boolean).join(', ')}
      </p>
      {tenant.options.global.showReviews && listing.totalReviews > 0 && (
        <Stars score={listing.averageScore} reviews={listing.totalReviews} />
      )}
      {!approved && (
        <p className="notice" role="note">
          This listing has not been confirmed by the business yet.
        </p>
      )}
      <ul className="mini-links">
        {links.map((link) =>
          link.kind === 'contact' ? (
            <li key={link.kind}>
              <button type="button" className="chip" onClick={() => onContact('contact')}>
                {link.label}
              </button>
            </li>
          ) : (
            <li key={link.kind}>
              <MapsOrBookingLink link={link} merchantId={listing.merchantId} />
            </li>
          ),
        )}
        {approved && single.askQuestion && (
          <li>
            <button type="button" className="chip secondary" onClick={() => onContact('question')}>
              {ASK_A_QUESTION}
            </button>
          </li>
        )}
      </ul>
    </header>
  );
}
