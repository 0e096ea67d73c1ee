import { useEffect, useRef, type RefObject } from 'react';
import { adBannerSize, type BannerSize } from '../../src/domain/display';
import { useServerFirst } from '../../src/ui/server-first';
import { viewportWidth } from '../../src/ui/viewport';
import { useElement } from '../define';
import { useShadowStyles } from '../styles';
import { adSlotName, createAdElement } from './ad-network';
import { adSlotStyles } from './ad-slot.styles';

/**
 * The banner size of spec 9 for the viewport, following it as it changes. Hydrating the server's
 * draw, which knows no viewport, it starts from that draw's size (a phone's banner) and measures
 * once drawn (useServerFirst).
 */
export function useBannerSize(): BannerSize {
  const [size, setSize] = useServerFirst(() => adBannerSize(viewportWidth()), adBannerSize(0));
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const wide = matchMedia('(min-width: 960px)');
    const update = () => setSize(adBannerSize(viewportWidth()));
    wide.addEventListener('change', update);
    return () => wide.removeEventListener('change', update);
  }, [setSize]);
  return size;
}

/**
 * The n-th ad among the results. Without an ad network (the embedded default) it shows the
 * tenant's own promotions in turn; with one, it is the sized, labelled slot the network's script
 * fills (the hosted site loads that script after consent; a partner page loads its own): the
 * element itself loads nothing from a third party.
 */
export function AdSlot({ n }: { n: number }) {
  const { tenant, site, asset, track, host } = useElement();
  useShadowStyles(adSlotStyles);
  const slot = useRef<HTMLElement>(null);
  const promotion = tenant.housePromotions[n % Math.max(tenant.housePromotions.length, 1)];
  const name = tenant.adNetwork ? 'Advertisement' : (promotion?.title ?? '');
  // Spec 9's promotion view: once per slot, when it comes into view.
  useEffect(() => {
    const node = slot.current;
    if (!node || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      track({ event: 'promotion', action: 'view', promotion_name: name });
      observer.disconnect();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [name]); // track is stable for the element's tenant
  const { width, height } = useBannerSize();
  const wide = width > height;
  const style = { maxWidth: '100%', width: `${width}px`, height: `${height}px` };

  // The network's markup lives in the host's light DOM, where its script finds it (ad-network.ts).
  useEffect(() => {
    if (!tenant.adNetwork) return;
    const markup = createAdElement(tenant.adNetwork, { n, width, height });
    host.append(markup);
    return () => markup.remove();
  }, [tenant.adNetwork, n, width, height]); // host is the element's own, for its lifetime

  if (tenant.adNetwork) {
    return (
      <div
        ref={slot as RefObject<HTMLDivElement>}
        className="ad ad-network"
        style={style}
        data-provider={tenant.adNetwork.provider}
      >
        <span className="ad-label">Advertisement</span>
        <slot name={adSlotName(n)} />
      </div>
    );
  }
  if (!promotion) return null;
  const href = /^https?:/.test(promotion.url) ? promotion.url : `${site}${promotion.url}`;
  return (
    <a
      ref={slot as RefObject<HTMLAnchorElement>}
      className={`ad house${wide ? ' wide' : ''}`}
      style={style}
      href={href}
    >
      <img src={asset(promotion.image)} alt="" width={wide ? height : width} height={wide ? height : 130} />
      <span className="ad-text">
        <span className="ad-label">Promotion</span>
        <strong>{promotion.title}</strong>
        <span className="ad-body">{promotion.text}</span>
      </span>
    </a>
  );
}

/** Whether the tenant's results carry ad slots at all. */
export function showsAds(tenant: ReturnType<typeof useElement>['tenant']): boolean {
  return tenant.options.global.showAds && (tenant.adNetwork !== null || tenant.housePromotions.length > 0);
}
