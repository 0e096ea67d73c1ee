import { useState } from 'react';
import { isListingApproved } from '../../src/domain/listing';
import { listingAnchors } from '../../src/domain/listing-page';
import { listingImages } from '../../src/domain/listing-media';
import type { Listing } from '../../src/domain/types';
import { useElement } from '../define';
import { Breadcrumbs } from './parts';
import { ContactForm } from './ContactForm';
import { useListingView } from './listing.context';
import { About } from './sections/About';
import { Amenities } from './sections/Amenities';
import { Anchors } from './sections/Anchors';
import { Awards } from './sections/Awards';
import { Dining } from './sections/Dining';
import { Gallery } from './sections/Gallery';
import { GiftCardRules } from './sections/GiftCardRules';
import { Header } from './sections/Header';
import { Offers } from './sections/Offers';
import { Reviews } from './sections/Reviews';
import { Services } from './sections/Services';
import { Videos } from './sections/Videos';
import { Visit } from './sections/Visit';

/** The listing page of spec 2.5: the sections the tenant shows and the listing has (sections/). */
export function ListingPage({ listing }: { listing: Listing }) {
  const { tenant, site } = useElement();
  const view = useListingView();
  const single = tenant.options.single;
  const approved = isListingApproved(listing);
  const anchors = listingAnchors(listing, {
    // Spec 2.5 and 2.8: no anchor bar for a tenant whose header has no sub-header (wellness).
    subHeader: single.subHeader && tenant.componentsConfig.header.subHeader,
    showReviews: tenant.options.global.showReviews && single.reviews,
  });
  // The offer page's 'Contact {name}' link arrives with #contact: open the form it points at
  // (a server drawing the page's first screen sees no hash).
  const [contact, setContact] = useState<'contact' | 'question' | null>(() =>
    view.syncUrl && typeof location === 'object' && location.hash === '#contact' && approved
      ? 'contact'
      : null,
  );
  const openContact = (kind: 'contact' | 'question') => {
    setContact(kind);
    view.track(kind === 'contact' ? 'contact' : 'ask_question', listing.merchantId);
    requestAnimationFrame(() => view.scrollToAnchor('contact'));
  };
  const images = listingImages(listing.images);

  return (
    <article className="listing" aria-labelledby="listing-name">
      {single.breadcrumbs && <Breadcrumbs listing={listing} />}
      <Header listing={listing} onContact={openContact} />
      {anchors.length > 0 && <Anchors anchors={anchors} merchantId={listing.merchantId} />}
      {single.gallery && images.length > 0 && <Gallery images={images} merchantId={listing.merchantId} />}
      <div className="columns">
        <div className="main-column">
          {single.offers && listing.offers.length > 0 && <Offers listing={listing} />}
          {single.about && approved && listing.businessDescription.trim() && <About listing={listing} />}
          {single.services && listing.services.length > 0 && <Services listing={listing} />}
          {single.dining && <Dining listing={listing} />}
          {single.videos && <Videos listing={listing} />}
          {single.amenities && listing.amenities.length > 0 && <Amenities listing={listing} />}
          {single.awards && listing.annualAwards.length > 0 && <Awards listing={listing} />}
          {(listing.gcRedemptionRules.trim() || listing.nonAcceptedPaymentTypes.length > 0) && (
            <GiftCardRules
              listing={listing}
              site={site}
              onBalance={() => view.track('balance', listing.merchantId)}
            />
          )}
          {tenant.options.global.showReviews && single.reviews && <Reviews listing={listing} />}
          {contact && approved && (
            <ContactForm listing={listing} kind={contact} onClose={() => setContact(null)} />
          )}
        </div>
        <aside className="side-column" aria-label="Visit">
          <Visit listing={listing} />
        </aside>
      </div>
    </article>
  );
}
