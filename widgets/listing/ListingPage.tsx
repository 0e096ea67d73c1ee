import { lazy, Suspense, useRef, useState, type MouseEvent } from 'react';
import {
  ASK_A_QUESTION,
  isListingApproved,
  listingAnchors,
  listingImages,
  listingMiniLinks,
  listingVideoEmbeds,
  parseHours,
  socialNetworksWithInfo,
} from '../../src/domain/listing';
import { offerExpiryLabel } from '../../src/domain/offer';
import { OfferPrice } from '../../src/ui/OfferPrice';
import { offerPath } from '../../src/domain/slug';
import type { Listing } from '../../src/domain/types';
import { LEAD_IMAGE_SIZE } from '../../src/domain/images';
import { Stars } from '../../src/ui/Stars';
import { useElement } from '../define';
import { Breadcrumbs, MapsOrBookingLink, paragraphs } from './parts';
import { ContactForm } from './ContactForm';
import { useListingView } from './listing.context';
import { useNearViewport } from './viewport';

// Leaflet is a chunk of its own, loaded when the map section comes near the viewport.
const ListingMap = lazy(() => import('./ListingMap'));

/** The listing page of spec 2.5. */
export function ListingPage({ listing }: { listing: Listing }) {
  const { tenant, imageUrl } = useElement();
  const view = useListingView();
  const single = tenant.options.single;
  const approved = isListingApproved(listing);
  const anchors = listingAnchors(listing, {
    // Spec 2.5 and 2.8: no anchor bar for a tenant whose header has no sub-header (wellness).
    subHeader: single.subHeader && tenant.componentsConfig.header.subHeader,
    showReviews: tenant.options.global.showReviews && single.reviews,
  });
  // The offer page's 'Contact {name}' link arrives with #contact: open the form it points at.
  const [contact, setContact] = useState<'contact' | 'question' | null>(() =>
    view.syncUrl && location.hash === '#contact' && approved ? 'contact' : null,
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
      <ListingHeader listing={listing} onContact={openContact} />
      {anchors.length > 0 && (
        <nav className="anchors" aria-label="On this page">
          <ul>
            {anchors.map((anchor) => (
              <li key={anchor.id}>
                <a
                  href={`#${anchor.id}`}
                  onClick={(event: MouseEvent) => {
                    event.preventDefault();
                    if (view.syncUrl) history.replaceState(history.state, '', `#${anchor.id}`);
                    view.scrollToAnchor(anchor.id);
                  }}
                >
                  {anchor.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}

      {single.gallery && images.length > 0 && (
        <section
          id="gallery"
          tabIndex={-1}
          aria-label="Gallery"
          className={images.length > 3 ? 'gallery wide' : 'gallery'}
        >
          {images.map((image, index) => (
            <figure key={image.url} className={index === 0 ? 'lead-image' : undefined}>
              <img
                src={imageUrl(image.url, index === 0 ? LEAD_IMAGE_SIZE : undefined)}
                alt={image.caption}
                width={index === 0 ? 720 : 360}
                height={index === 0 ? 520 : 260}
                // The first image is what the visitor came to see: no lazy loading for it.
                loading={index === 0 ? 'eager' : 'lazy'}
                decoding="async"
              />
            </figure>
          ))}
        </section>
      )}

      <div className="columns">
        <div className="main-column">
          {single.offers && listing.offers.length > 0 && <Offers listing={listing} />}
          {single.about && approved && listing.businessDescription.trim() && (
            <section id="about-us" tabIndex={-1} aria-labelledby="about-title">
              <h2 id="about-title">About {listing.name}</h2>
              {paragraphs(listing.businessDescription)}
            </section>
          )}
          {single.services && listing.services.length > 0 && <Services listing={listing} />}
          {single.dining && <Dining listing={listing} />}
          {single.videos && <Videos listing={listing} />}
          {single.amenities && listing.amenities.length > 0 && (
            <section aria-labelledby="amenities-title">
              <h2 id="amenities-title">Amenities</h2>
              <dl className="groups">
                {listing.amenities.map((amenity) => (
                  <div key={amenity.offeringType}>
                    <dt>{amenity.offeringType}</dt>
                    <dd>{amenity.offerings.join(' · ')}</dd>
                  </div>
                ))}
              </dl>
            </section>
          )}
          {single.awards && listing.annualAwards.length > 0 && <Awards listing={listing} />}
          {(listing.gcRedemptionRules.trim() || listing.nonAcceptedPaymentTypes.length > 0) && (
            <section aria-labelledby="rules-title">
              <h2 id="rules-title">Gift card redemption</h2>
              {listing.gcRedemptionRules.trim() && <p>{listing.gcRedemptionRules}</p>}
              {listing.nonAcceptedPaymentTypes.length > 0 && (
                <p>Not accepted here: {listing.nonAcceptedPaymentTypes.join(', ')}.</p>
              )}
            </section>
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

/** Name, place, rating, phone, website, the mini links and 'Ask a Question'. */
function ListingHeader({
  listing,
  onContact,
}: {
  listing: Listing;
  onContact(kind: 'contact' | 'question'): void;
}) {
  const { tenant } = useElement();
  const single = tenant.options.single;
  const approved = isListingApproved(listing);
  const links = listingMiniLinks(listing).filter(
    (link) =>
      (link.kind === 'directions' && single.directions) ||
      (link.kind === 'contact' && single.contact) ||
      (link.kind === 'book' && single.appointment),
  );
  const { city, stateOrProvinceCode, stateOrProvince } = listing.location;
  return (
    <header className="listing-header">
      <h1 id="listing-name">{listing.name}</h1>
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

/** Phone, website, hours, social links, the services PDF and the map. */
function Visit({ listing }: { listing: Listing }) {
  const { tenant, asset } = useElement();
  const view = useListingView();
  const single = tenant.options.single;
  const hours = parseHours(listing.hours);
  const social = socialNetworksWithInfo(listing.socialNetworks);
  const { address1, address2, city, stateOrProvinceCode, postalCode } = listing.location;
  const mapRef = useRef<HTMLDivElement>(null);
  const showMap = useNearViewport(mapRef);
  const hasPoint = Number.isFinite(listing.location.latitude) && Number.isFinite(listing.location.longitude);
  return (
    <>
      <section aria-labelledby="visit-title" className="visit">
        <h2 id="visit-title">Visit</h2>
        <address>
          {address1}
          {address2 && (
            <>
              <br />
              {address2}
            </>
          )}
          <br />
          {[city, stateOrProvinceCode].filter(Boolean).join(', ')} {postalCode}
        </address>
        {listing.phone?.number && (
          <p>
            <a
              href={`tel:${listing.phone.number.replace(/[^\d+]/g, '')}`}
              onClick={() => view.track('call', listing.merchantId)}
            >
              {listing.phone.number}
            </a>
          </p>
        )}
        {listing.website && (
          <p>
            <a
              href={listing.website}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => view.track('website', listing.merchantId)}
            >
              Visit the website<span className="visually-hidden"> of {listing.name}</span>
            </a>
          </p>
        )}
        {listing.servicePdfUrl && (
          <p>
            <a
              href={asset(listing.servicePdfUrl)}
              target="_blank"
              rel="noopener"
              onClick={() => view.track('download', listing.merchantId)}
            >
              Services menu (PDF)
            </a>
          </p>
        )}
      </section>
      {single.map && hasPoint && (
        <section aria-labelledby="map-title" className="map-section">
          <h2 id="map-title" className="visually-hidden">
            Map
          </h2>
          <div ref={mapRef} className="map-box">
            {showMap && (
              <Suspense fallback={null}>
                <ListingMap
                  latitude={listing.location.latitude}
                  longitude={listing.location.longitude}
                  name={listing.name}
                />
              </Suspense>
            )}
          </div>
        </section>
      )}
      {single.hours && hours.length > 0 && (
        <section aria-labelledby="hours-title">
          <h2 id="hours-title">Hours</h2>
          <table className="hours">
            <tbody>
              {hours.map((line) => (
                <tr key={`${line.day}-${line.time}`}>
                  <th scope="row">{line.day}</th>
                  <td>{line.time}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {single.socialNetworks && social.length > 0 && (
        <section aria-labelledby="social-title">
          <h2 id="social-title">Follow</h2>
          <ul className="social">
            {social.map((network) => (
              <li key={network.url}>
                <a
                  href={network.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={() => view.track('social', listing.merchantId)}
                >
                  {network.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** The listing's current offers, each linking to its offer page. */
function Offers({ listing }: { listing: Listing }) {
  const { site } = useElement();
  const view = useListingView();
  const now = new Date();
  return (
    <section id="offers" tabIndex={-1} aria-labelledby="offers-title">
      <h2 id="offers-title">Offers</h2>
      <ul className="offers">
        {listing.offers.map((offer) => {
          return (
            <li key={offer.id} className="offer-card">
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

function Services({ listing }: { listing: Listing }) {
  const { tenant } = useElement();
  return (
    <section id="services" tabIndex={-1} aria-labelledby="services-title">
      <h2 id="services-title">{tenant.titles.servicesSectionName}</h2>
      {listing.servicesDescription.trim() && <p>{listing.servicesDescription}</p>}
      <dl className="groups">
        {listing.services.map((group) => (
          <div key={group.category}>
            <dt>{group.category}</dt>
            <dd>{group.options.join(' · ')}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Spec 2.5's DINING: activities, accommodations, the room and dining text and image. */
function Dining({ listing }: { listing: Listing }) {
  const { imageUrl } = useElement();
  const text = listing.roomAndDiningDescription.trim();
  if (!listing.activities.length && !listing.accommodations.length && !text) return null;
  return (
    <section id="dining" tabIndex={-1} aria-labelledby="dining-title">
      <h2 id="dining-title">Dining and stay</h2>
      {listing.roomAndDiningImage && (
        <img
          className="section-image"
          src={imageUrl(listing.roomAndDiningImage.url)}
          alt={listing.roomAndDiningImage.caption}
          width={360}
          height={260}
          loading="lazy"
          decoding="async"
        />
      )}
      {text && <p>{text}</p>}
      {listing.facilityAndDiningDescription.trim() && <p>{listing.facilityAndDiningDescription}</p>}
      <dl className="groups">
        {listing.accommodations.length > 0 && (
          <div>
            <dt>Accommodations</dt>
            <dd>{listing.accommodations.join(' · ')}</dd>
          </div>
        )}
        {listing.activities.length > 0 && (
          <div>
            <dt>Activities</dt>
            <dd>{listing.activities.join(' · ')}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/**
 * YouTube and Vimeo videos (spec 5). The player loads when the visitor asks for it: an iframe
 * per video would fetch a third-party player on every page view.
 */
function Videos({ listing }: { listing: Listing }) {
  const view = useListingView();
  const embeds = listingVideoEmbeds(listing.videos);
  const [playing, setPlaying] = useState<string | null>(null);
  if (!embeds.length) return null;
  return (
    <section aria-labelledby="videos-title">
      <h2 id="videos-title">Videos</h2>
      <ul className="videos">
        {embeds.map((embed, index) => (
          <li key={embed}>
            {playing === embed ? (
              <iframe
                src={embed}
                title={`Video ${index + 1} of ${listing.name}`}
                allow="encrypted-media; picture-in-picture; fullscreen"
                loading="lazy"
              />
            ) : (
              <button
                type="button"
                className="video-facade"
                onClick={() => {
                  setPlaying(embed);
                  view.track('video', listing.merchantId);
                }}
              >
                ▶ Play video {index + 1}
                <span className="visually-hidden"> of {listing.name}</span>
                <span className="video-host">{embed.includes('vimeo') ? 'Vimeo' : 'YouTube'}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Awards({ listing }: { listing: Listing }) {
  const { site } = useElement();
  return (
    <section aria-labelledby="awards-title">
      <h2 id="awards-title">Awards</h2>
      <ul className="awards">
        {listing.annualAwards.flatMap((year) =>
          year.awards.map((award) => (
            <li key={`${year.year}-${award.name}-${award.title}`}>
              <span className="award-year">{year.year}</span>{' '}
              {award.url ? (
                <a
                  // A path is one of our pages ('/best-of/…'): on a partner's page it lives on our site.
                  href={award.url.startsWith('/') ? `${site}${award.url}` : award.url}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {award.title || award.name}
                </a>
              ) : (
                award.title || award.name
              )}
              {award.title && award.name && award.title !== award.name && <> · {award.name}</>}
            </li>
          )),
        )}
      </ul>
    </section>
  );
}

/** The rating summary: the data carries scores and counts, not review texts. */
function Reviews({ listing }: { listing: Listing }) {
  return (
    <section id="reviews" tabIndex={-1} aria-labelledby="reviews-title">
      <h2 id="reviews-title">Reviews</h2>
      {listing.totalReviews > 0 ? (
        <Stars score={listing.averageScore} reviews={listing.totalReviews} />
      ) : (
        <p>No reviews yet.</p>
      )}
    </section>
  );
}
