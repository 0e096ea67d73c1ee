import { createContext, useContext, useMemo } from 'react';
import type { ListingAction } from '../../src/analytics/data-layer';
import { formatMoney } from '../../src/domain/money';
import { useElement } from '../define';

/** What every part of the listing and offer pages needs besides the element context. */
export interface ListingView {
  /**
   * The element owns the page URL (the hosted site): anchors write their hash, and a hash the
   * page opens with scrolls to its section. A partner's page keeps its URL to itself.
   */
  syncUrl: boolean;
  /** Money in the tenant's currency, without cents when whole. */
  money(amount: number): string;
  /** Pushes a listing action of spec 9 to the data layer. */
  track(action: ListingAction, merchantId: number): void;
  /** Pushes a gallery event of spec 9. */
  trackGallery(action: 'open' | 'view', merchantId: number, index: number): void;
  /**
   * Scrolls to a section inside the shadow root: the browser's own fragment navigation does not
   * reach into it, on the hosted site or on a partner page.
   */
  scrollToAnchor(id: string, smooth?: boolean): void;
}

export const ListingViewContext = createContext<ListingView | null>(null);

export function useListingView(): ListingView {
  const value = useContext(ListingViewContext);
  if (!value) throw new Error('useListingView() outside <wellspring-listing>');
  return value;
}

export function useListingViewValue(syncUrl: boolean): ListingView {
  const { tenant, host, track } = useElement();
  return useMemo(() => {
    return {
      syncUrl,
      money: (amount) => formatMoney(amount, tenant.helperInfo.currency),
      track: (action, merchantId) => track({ event: 'listing', action, merchantId }),
      trackGallery: (action, merchantId, index) => track({ event: 'gallery', action, merchantId, index }),
      scrollToAnchor: (id, smooth = true) => {
        const target = host.shadowRoot?.getElementById(id);
        if (!target) return;
        const reduced =
          typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
        target.scrollIntoView({ behavior: smooth && !reduced ? 'smooth' : 'auto', block: 'start' });
        target.focus({ preventScroll: true });
      },
    };
  }, [tenant, host, syncUrl, track]);
}
