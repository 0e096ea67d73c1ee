import { useEffect, useState, type FormEvent } from 'react';
import { useGrantedPosition } from '../visitor-position';
import { isListingApproved } from '../../src/domain/listing';
import { listingMiniLinks } from '../../src/domain/listing-page';
import { isOfferNotExpired, offerExpiryLabel } from '../../src/domain/offer';
import { listingPath } from '../../src/domain/slug';
import { BOT_CHECK_ACTIONS } from '../../src/domain/constants';
import type { Listing, OfferInfo } from '../../src/domain/types';
import { LEAD_IMAGE_SIZE } from '../../src/domain/images';
import { OfferPrice } from '../../src/ui/OfferPrice';
import { useServerFirst } from '../../src/ui/server-first';
import { ElementScreen } from '../element-screen';
import { Stars } from '../../src/ui/Stars';
import { botToken } from '../../src/api/bot-check';
import { dataLayerOptIn, useElement } from '../define';
import { failureText } from './ContactForm';
import { useListingView } from './listing.context';
import { Breadcrumbs, MapsOrBookingLink, paragraphs } from './parts';

/** Remembered for the visit: after one purchase the buttons read 'Get Another {brand} Gift Card'. */
const BOUGHT_KEY = 'wellspring-bought';

/** The offer page of spec 2.6: the offer, the ways to buy, sharing by email and the business. */
export function OfferPage({ offer: info, listing }: { offer: OfferInfo; listing: Listing | null }) {
  const { tenant, site, apiBase, host, imageUrl } = useElement();
  const view = useListingView();
  const { offer } = info;
  const now = new Date();
  const current = isOfferNotExpired(offer, now);
  const listingUrl = `${site}${listingPath(tenant.listingRouteName, info.name, info.listingId)}`;
  const image = offer.images[0] ?? listing?.images[0];
  const bought = useBoughtBefore(host);
  const buyAttributes = {
    // The page's data-layer choice holds for the element inside this one.
    ...(dataLayerOptIn(host) ? { 'data-layer': '' } : {}),
    tenant: tenant.name,
    api: apiBase,
    site,
    // r2wc ignores an empty attribute value: 'true' is what turns the flag on.
    ...(bought ? { another: true } : {}),
  };

  // The buy buttons are <wellspring-gift-card-buy>, the same element partners embed: its code
  // loads with the first offer page.
  useEffect(() => {
    if (current) void import('../gift-card-buy/gift-card-buy.element');
  }, [current]);

  return (
    <article className="offer-page" aria-labelledby="offer-title">
      {tenant.options.single.breadcrumbs && (
        <Breadcrumbs
          listing={listing ?? { name: info.name, merchantId: info.listingId, location: info.location }}
          offerId={offer.id}
        />
      )}
      <div className="offer-layout">
        {image && (
          <img
            className="offer-image"
            src={imageUrl(image.url, LEAD_IMAGE_SIZE)}
            alt={image.caption}
            width={720}
            height={520}
            // The page's largest image: drawn with the text beside it, not a frame later.
            decoding="sync"
          />
        )}
        <div className="offer-detail">
          <p className="offer-business">
            <a href={listingUrl}>{info.name}</a>
            {info.location.normalizedLocation && <> · {info.location.normalizedLocation}</>}
          </p>
          <h1 id="offer-title" part="heading">
            {offer.title}
          </h1>
          {offer.subTitle && <p className="subtitle">{offer.subTitle}</p>}
          <p className="price offer-price">
            <OfferPrice offer={offer} money={view.money} />
          </p>
          <p className={current ? 'expires' : 'expires expired'}>
            {current ? offerExpiryLabel(offer.endDate, now) : 'This offer has expired.'}
          </p>
          {offer.categories.length > 0 && (
            <p className="categories">{offer.categories.map((category) => category.name).join(' · ')}</p>
          )}
          {tenant.options.global.showReviews && info.totalReviews > 0 && (
            <Stars score={info.averageScore} reviews={info.totalReviews} />
          )}
        </div>
      </div>
      {offer.description.trim() && (
        <section aria-labelledby="offer-about">
          <h2 id="offer-about">About this offer</h2>
          {paragraphs(offer.description)}
        </section>
      )}
      {current ? (
        <section
          aria-label="Buy"
          className="buy"
          // Choosing a way to buy is the listing action 'shop' (spec 9) as well as a buy event.
          onClickCapture={(event) => {
            if ((event.target as Element).closest?.('wellspring-gift-card-buy'))
              view.track('shop', info.listingId);
          }}
        >
          <wellspring-gift-card-buy {...buyAttributes}>
            <ElementScreen tag="wellspring-gift-card-buy" attributes={buyAttributes} />
          </wellspring-gift-card-buy>
        </section>
      ) : (
        <p>
          <a className="button" href={listingUrl}>
            See the current offers of {info.name}
          </a>
        </p>
      )}
      {current && <ShareOffer info={info} />}
      {listing && <Business listing={listing} url={listingUrl} />}
    </article>
  );
}

/** Whether the visitor chose a way to buy earlier in this visit (on this page or another). */
function boughtBefore(): boolean {
  try {
    return sessionStorage.getItem(BOUGHT_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Whether the visitor chose a way to buy in this visit, following their choice. Hydrating the
 * server's draw (which cannot know), it starts from that draw and reads the visit's choice once
 * drawn (useServerFirst).
 */
function useBoughtBefore(host: HTMLElement): boolean {
  const [bought, setBought] = useServerFirst(boughtBefore, false);
  useEffect(() => {
    const remember = () => {
      try {
        sessionStorage.setItem(BOUGHT_KEY, '1');
      } catch {
        // Storage may be blocked (private mode, partner sandbox): the default text stays.
      }
      setBought(true);
    };
    host.addEventListener('wellspring-buy-select', remember);
    return () => host.removeEventListener('wellspring-buy-select', remember);
  }, [host, setBought]);
  return bought;
}

/** The business behind the offer: name, rating, directions and contact. */
function Business({ listing, url }: { listing: Listing; url: string }) {
  const { tenant } = useElement();
  const start = useGrantedPosition();
  const links = listingMiniLinks(listing, start, tenant.endpoints.directions).filter(
    (link) => link.kind !== 'contact',
  );
  return (
    <section aria-labelledby="business-title" className="business">
      <h2 id="business-title">
        <a href={url}>{listing.name}</a>
      </h2>
      <p className="place">
        {[listing.location.address1, listing.location.city, listing.location.stateOrProvinceCode]
          .filter(Boolean)
          .join(', ')}
      </p>
      {tenant.options.global.showReviews && listing.totalReviews > 0 && (
        <Stars score={listing.averageScore} reviews={listing.totalReviews} />
      )}
      <ul className="mini-links">
        {links.map((link) => (
          <li key={link.kind}>
            <MapsOrBookingLink link={link} merchantId={listing.merchantId} />
          </li>
        ))}
        {isListingApproved(listing) && (
          <li>
            <a className="chip secondary" href={`${url}#contact`}>
              Contact {listing.name}
            </a>
          </li>
        )}
      </ul>
    </section>
  );
}

type ShareStatus = { kind: 'idle' | 'sending' } | { kind: 'sent' | 'failed'; message: string };

/** Share by email: the server writes the mail from the offer id; the visitor adds a short note. */
function ShareOffer({ info }: { info: OfferInfo }) {
  const { api, tenant } = useElement();
  const view = useListingView();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<ShareStatus>({ kind: 'idle' });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const field = (name: string) => String(data.get(name) ?? '').trim();
    setStatus({ kind: 'sending' });
    try {
      const token = await botToken(tenant, api, undefined, BOT_CHECK_ACTIONS.shareOffer);
      const feedback = await api.shareOfferByEmail({
        offerId: info.offer.id,
        name: field('name'),
        email: field('email'),
        note: field('note') || undefined,
        botToken: token,
      });
      // Spec 8: an answer carrying an error fails the action with its message.
      if (feedback.error) throw new Error(feedback.error);
      view.track('share', info.listingId);
      form.reset();
      setStatus({ kind: 'sent', message: feedback.message });
    } catch (error) {
      setStatus({
        kind: 'failed',
        message: error instanceof Error && !('status' in error) ? error.message : failureText(error),
      });
    }
  };

  return (
    <section aria-labelledby="share-title" className="share">
      <h2 id="share-title">Share this offer</h2>
      <button
        type="button"
        className="chip"
        aria-expanded={open}
        aria-controls="share-form"
        onClick={() => setOpen(!open)}
      >
        {open ? 'Close' : 'Share by email'}
      </button>
      {open && (
        <form id="share-form" onSubmit={(event) => void submit(event)}>
          <label>
            Your name
            <input name="name" required maxLength={80} autoComplete="name" />
          </label>
          <label>
            Their email
            <input name="email" type="email" required maxLength={200} autoComplete="off" />
          </label>
          <label>
            <span>
              A short note <span className="optional">(optional, no links)</span>
            </span>
            <textarea name="note" maxLength={500} rows={3} />
          </label>
          <div role="status" aria-live="polite">
            {status.kind === 'sent' && <p className="feedback ok">{status.message}</p>}
          </div>
          {status.kind === 'failed' && (
            <p role="alert" className="feedback error">
              {status.message}
            </p>
          )}
          <div className="form-actions">
            <button type="submit" className="button" disabled={status.kind === 'sending'}>
              {status.kind === 'sending' ? 'Sending…' : 'Send'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
