import { useEffect, useRef, useState, type MouseEvent, type PointerEvent } from 'react';
import { useStore } from 'zustand';
import type { OfferCard } from '../../src/domain/types';
import { offerExpiryLabel } from '../../src/domain/offer';
import { HOME_OFFERS_LIMIT } from '../../src/domain/constants';
import { formatMoney } from '../../src/domain/money';
import { OfferPrice } from '../../src/ui/OfferPrice';
import { offerPath } from '../../src/domain/slug';
import { autoplayDelay, slidesForWidth } from '../../src/domain/display';
import { Problem, useElement } from '../define';
import { baseStyles } from '../../src/ui/base.styles';
import { useShadowStyles } from '../styles';
import { placeWithoutAsking } from '../visitor-position';
import { createCarouselStore } from './offers-carousel.store';
import { carouselStyles } from './offers-carousel.styles';
import type { PropsOf } from '../declare';
import type { offersCarouselDeclaration } from './offers-carousel.declaration';

/** Its attributes besides tenant, api and site, as offers-carousel.declaration.ts declares them. */
export type OffersCarouselAttributes = PropsOf<typeof offersCarouselDeclaration>;

export function OffersCarousel({ location, heading }: OffersCarouselAttributes) {
  const { api, tenant, site, host, emit, imageUrl, track } = useElement();
  useShadowStyles(baseStyles, carouselStyles);
  const [store] = useState(() =>
    createCarouselStore(api, tenant.componentsConfig.home.offersLimit || HOME_OFFERS_LIMIT),
  );
  const { status, offers, place, error, load } = useStore(store);
  // Measured in the first draw (a layout, 4-13 ms at Lighthouse's 4x CPU): taking the width from
  // the ResizeObserver's first notice instead cost the spa home 100-190 ms more blocking time in
  // Lighthouse's runs (its first draw then merged into the app's hydration task), so it stays.
  const [width, setWidth] = useState(() => host.getBoundingClientRect().width || 1280);
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [userPaused, setUserPaused] = useState(false);
  const reducedMotion = useReducedMotion();

  const country = tenant.helperInfo.country;
  // The IP database's credit, when the visitor's city came from it (its licence asks for the link).
  const [credit, setCredit] = useState<{ text: string; link: string }>();
  useEffect(() => {
    let live = true;
    // Without a location attribute: the visitor's place found without asking (the carousel
    // never prompts on its own), else the best rated offers in the tenant's country.
    const near = async () => {
      if (location) return location;
      const place = await placeWithoutAsking(api);
      if (live) setCredit(place?.credit);
      return place?.location;
    };
    void near().then((place) => {
      if (live) void load({ location: place, country });
    });
    return () => {
      live = false;
    };
  }, [load, location, country, api]);

  useEffect(() => {
    if (status === 'ready') {
      emit('wellspring-ready', { tenant: tenant.name, count: offers.length });
      // Spec 9: the offers carousel is a promotion the visitor sees.
      if (offers.length > 0) track({ event: 'promotion', action: 'view', promotion_name: 'Offers Carousel' });
    }
    if (status === 'error') emit('wellspring-error', { message: error ?? '' });
  }, [status]); // only when the status changes

  useEffect(() => {
    const observer = new ResizeObserver(([entry]) => entry && setWidth(entry.contentRect.width));
    observer.observe(host);
    return () => observer.disconnect();
  }, [host]);

  // As many as the width shows, at most as many as there are offers.
  const perView = slidesForWidth(width);
  const slides = Math.min(perView, Math.max(offers.length, 1));
  const lastIndex = Math.max(offers.length - slides, 0);
  const current = Math.min(index, lastIndex);
  const go = (next: number) => setIndex(next > lastIndex ? 0 : next < 0 ? lastIndex : next);
  // A swipe (a finger, or a mouse drag) across the offers moves by one, as the buttons do; the
  // viewport leaves vertical pans to the page (touch-action). The click a drag ends in is no choice.
  const swipe = useRef<{ x: number; y: number; moved?: boolean }>(undefined);
  const swiped = (event: PointerEvent) => {
    const start = swipe.current;
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    start.moved = Math.hypot(dx, dy) > 10;
    if (Math.abs(dx) > 40 && Math.abs(dx) > Math.abs(dy)) go(current + (dx < 0 ? 1 : -1));
  };

  // Autoplay: 7000 ms plus a random 0-2999 ms (spec 9); it waits while the visitor points at or
  // focuses the carousel, when they paused it, and never runs for reduced motion.
  const autoplay = !hovered && !focused && !userPaused && !reducedMotion && lastIndex > 0;
  useEffect(() => {
    if (!autoplay) return;
    const timer = setTimeout(() => go(current + 1), autoplayDelay());
    return () => clearTimeout(timer);
  }); // every render: a manual move restarts the wait

  if (status === 'loading') {
    // The cards' own frame with blank lines in it, as many as the width shows: the carousel is as
    // tall while it loads as when the offers arrive, so the partner's page does not move.
    return (
      <div className="carousel loading">
        <div className="header">
          <p className="finding" role="status">
            Finding offers…
          </p>
        </div>
        <div className="viewport" aria-hidden="true">
          <div className="track" style={{ '--slides': String(perView) } as never}>
            {Array.from({ length: perView }, (_, position) => (
              <div key={position} className="slide">
                <div className="card">
                  <div className="frame" />
                  <div className="body">
                    <span className="merchant">{'\u00a0'}</span>
                    <span className="title">{'\u00a0'}</span>
                    <span className="meta">{'\u00a0'}</span>
                    <span className="price">
                      <span className="now">{'\u00a0'}</span>
                    </span>
                    <span className="meta">{'\u00a0'}</span>
                  </div>
                </div>
              </div>
            ))}
          </div>
        </div>
      </div>
    );
  }
  if (status === 'error') {
    return (
      <>
        <Problem
          message={error ?? 'Offers could not be loaded right now.'}
          onRetry={() => void load({ location, country })}
        />
      </>
    );
  }
  const creditLine = credit && (
    <p className="credit">
      {/* Our own server's credit; only an https link is written (the rule is SafeLink's, smaller). */}
      <a href={credit.link.startsWith('https://') ? credit.link : undefined} target="_blank" rel="noopener">
        {credit.text}
      </a>
    </p>
  );
  if (status === 'empty') {
    return (
      <>
        <div className="status" role="status">
          No offers {place ? `near ${place}` : 'right now'}. Please check back soon.
        </div>
        {creditLine}
      </>
    );
  }

  const title = heading || (place ? `Offers near ${place}` : 'Offers near you');
  const select = (event: MouseEvent, offer: OfferCard, url: string) => {
    track({
      event: 'promotion',
      action: 'offer',
      promotion_name: 'Offers Carousel',
      item_id: String(offer.id),
    });
    const proceed = emit('wellspring-offer-select', { offerId: offer.id, merchantId: offer.merchantId, url });
    if (!proceed) event.preventDefault();
  };

  return (
    <section
      className={perView === 1 ? 'carousel narrow' : 'carousel'}
      aria-roledescription="carousel"
      aria-label={title}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) =>
        !event.currentTarget.contains(event.relatedTarget as Node | null) && setFocused(false)
      }
    >
      <div className="header">
        <h2 part="heading">{title}</h2>
        {lastIndex > 0 && !reducedMotion && (
          <button
            type="button"
            aria-label={userPaused ? 'Play slideshow' : 'Pause slideshow'}
            aria-pressed={userPaused}
            onClick={() => setUserPaused(!userPaused)}
          >
            {userPaused ? '▶' : '❚❚'}
          </button>
        )}
      </div>
      {/* Previous and next on the photos' edges, and on a phone the pause too: the heading keeps
          the header's width ('Spa offers near y…' beside three buttons before). */}
      <div className="stage">
        {lastIndex > 0 && (
          <button
            type="button"
            className="step previous"
            aria-label="Previous offers"
            onClick={() => go(current - 1)}
          >
            ‹
          </button>
        )}
        <div
          className="viewport"
          aria-live={autoplay ? 'off' : 'polite'}
          onPointerDown={(event) => (swipe.current = { x: event.clientX, y: event.clientY })}
          onPointerUp={swiped}
          onDragStart={(event) => event.preventDefault()}
          onClickCapture={(event) => {
            // A key's click (detail 0) is always a choice, whatever a drag before it left here.
            if (!event.detail || !swipe.current?.moved) return;
            event.preventDefault();
            event.stopPropagation();
          }}
        >
          <div
            className="track"
            style={
              { '--slides': String(slides), transform: `translateX(${(-100 * current) / slides}%)` } as never
            }
          >
            {offers.map((offer, position) => {
              const visible = position >= current && position < current + slides;
              const url = `${site}${offerPath(offer.title, offer.id)}`;
              return (
                <div
                  key={offer.id}
                  className="slide"
                  role="group"
                  aria-roledescription="slide"
                  aria-label={`${position + 1} of ${offers.length}`}
                  inert={!visible}
                >
                  <a className="card" part="card" href={url} onClick={(event) => select(event, offer, url)}>
                    <img
                      src={imageUrl(offer.images[0]?.url ?? tenant.endpoints.defaultCardImage)}
                      alt={offer.images[0]?.caption ?? ''}
                      width={360}
                      height={260}
                      // The first slides are the page's largest image: no lazy loading for them.
                      loading={position < slides ? 'eager' : 'lazy'}
                    />
                    <div className="body">
                      <span className="merchant">{offer.bannerName}</span>
                      <span className="title">{offer.title}</span>
                      <span className="meta">
                        {offer.location.normalizedLocation}
                        {offer.distance !== null && ` · ${offer.distance} mi`}
                      </span>
                      <span className="price">
                        <OfferPrice
                          offer={offer}
                          // Whole units: the carousel cards are compact.
                          money={(amount) =>
                            formatMoney(amount, tenant.helperInfo.currency, { cents: 'never' })
                          }
                        />
                      </span>
                      <span className="meta">{offerExpiryLabel(offer.endDate, new Date())}</span>
                    </div>
                  </a>
                </div>
              );
            })}
          </div>
        </div>
        {lastIndex > 0 && (
          <button
            type="button"
            className="step next"
            aria-label="Next offers"
            onClick={() => go(current + 1)}
          >
            ›
          </button>
        )}
      </div>
      {creditLine}
    </section>
  );
}

function useReducedMotion(): boolean {
  const query = '(prefers-reduced-motion: reduce)';
  const [reduced, setReduced] = useState(() => typeof matchMedia === 'function' && matchMedia(query).matches);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const list = matchMedia(query);
    const update = () => setReduced(list.matches);
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, []);
  return reduced;
}
