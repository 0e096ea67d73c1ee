/**
 * The analytics data layer (spec 7: 'Analytics events are pushed to a data layer'; spec 9's
 * catalogue). The events are described here once; who may push them is decided elsewhere:
 * elements always announce an event as a `wellspring-analytics` DOM event and push it to the
 * page's data layer only when the page asks (`data-layer` attribute, widgets/define.tsx); the
 * hosted site pushes its own and its elements' events once the visitor has consented
 * (host-app/shell/analytics.ts). Nothing is sent anywhere by this module: a tag manager, when a
 * tenant installs one, reads `window.dataLayer`.
 */
import { DATA_LAYER_CALLBACK_DELAY_MS, DATA_LAYER_EVENT_TIMEOUT_MS } from '../domain/constants';
import type { Offer } from '../domain/types';

/** Spec 9's listing actions, as the listing and offer pages fire them. */
export type ListingAction =
  | 'view'
  | 'call'
  | 'shop'
  | 'video'
  | 'links'
  | 'social'
  | 'website'
  | 'contact'
  | 'balance'
  | 'services'
  | 'download'
  | 'direction'
  | 'breadcrumb'
  | 'appointment'
  | 'ask_question'
  | 'offer'
  | 'share';

/** Where a navigation link sits (spec 9: header, footer, buy; the phone header's drawer). */
export type NavigationPlacement = 'header' | 'footer' | 'buy' | 'drawer' | 'subheader';

/** One item of a GA4-style ecommerce list: a search result or a promoted offer. */
export interface AnalyticsItem {
  item_id: string;
  item_name: string;
  /** 1-based place in the list (spec 9's index formula for search results). */
  index: number;
  item_list_name: string;
  item_category?: string;
  price?: number;
  /** Spec 9: price minus discountPrice, or percentOff with '%'. */
  discount?: number | string;
}

/** Every event of spec 7 and 9's catalogue, without the tenant (track adds it). */
export type AnalyticsEvent =
  | { event: 'page_view'; page_path: string; page_name: string; page_title?: string }
  /** Header, footer, buy and drawer links. */
  | { event: 'navigation'; placement: NavigationPlacement; label: string; url: string }
  | { event: 'submenu'; label: string; state: 'open' | 'close' }
  | { event: 'header_drawer'; state: 'open' | 'close' }
  | {
      event: 'buy';
      method: 'email' | 'print' | 'mail' | 'corporate' | 'contact_sales' | 'coming_soon';
    }
  | { event: 'balance_inquiry'; state: 'success' | 'fail' }
  | { event: 'listing'; action: ListingAction; merchantId: number }
  /** The listing page's photo gallery: seen ('view', once scrolled to) or opened from its anchor. */
  | { event: 'gallery'; action: 'open' | 'view'; merchantId: number; index: number }
  /** A suggestion picked in the search bar, from its group ('merchantNames', 'location', …). */
  | { event: 'suggestion'; group: string; label: string; position: number }
  | { event: 'filter_change'; filter: string; value: string }
  | { event: 'reset_filter' }
  | { event: 'search_layout'; layout: 'grid' | 'list' | 'map' | 'no_map' }
  /**
   * Promotions (spec 9): a promotion seen ('view': an ad or house promotion, a featured
   * listing), an offer or listing promotion chosen, a promoted suggestion chosen.
   */
  | {
      event: 'promotion';
      action: 'view' | 'offer' | 'listing' | 'suggestions';
      promotion_name: string;
      item_id?: string;
    }
  /** A finished search: the keywords as typed and, when corrected, what the results are for. */
  | {
      event: 'search';
      keywords: string;
      correctedKeywords: string | null;
      partialMatch: boolean;
      totalHits: number;
    }
  /** Spec 9: selecting a search result, in list 'listings_search_results'. */
  | {
      event: 'select_item';
      ecommerce: {
        item_list_id: 'listings_search_results';
        item_list_name: string;
        currency: string;
        items: AnalyticsItem[];
      };
    }
  /**
   * Spec 7: a failed response whose URL contains /merchants (search or listing); spec 5: a
   * listing without a name or description.
   */
  | {
      event: 'listing_error';
      kind: 'request_failed' | 'page_not_found';
      status?: number;
      url?: string;
    }
  /** Spec 8: errors reach the data layer although the console is silent in production. */
  | { event: 'app_error'; kind: 'chunk_load' | 'render' | 'uncaught'; message: string };

/** An event as it lands in the data layer: the catalogue's fields plus the tenant. */
export type DataLayerEntry = AnalyticsEvent & { tenant: string };

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/**
 * Pushes one entry. With `callback` (a link that leaves the page waits for its event), the
 * entry carries GTM's `eventCallback` and `eventTimeout` (spec 9: 1500 ms); the callback runs
 * once, when the tag manager calls back or after those 1500 ms, and, when no tag manager is on
 * the page to call back, after a grace of 300 ms.
 */
export function pushToDataLayer(entry: DataLayerEntry, callback?: () => void): void {
  if (typeof window === 'undefined') return;
  const layer = (window.dataLayer ??= []);
  if (!callback) {
    layer.push({ ...entry });
    return;
  }
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    callback();
  };
  const tagManagerPresent = 'google_tag_manager' in window;
  const timer = setTimeout(
    finish,
    tagManagerPresent ? DATA_LAYER_EVENT_TIMEOUT_MS : DATA_LAYER_CALLBACK_DELAY_MS,
  );
  layer.push({ ...entry, eventCallback: finish, eventTimeout: DATA_LAYER_EVENT_TIMEOUT_MS });
}

/**
 * Spec 9's search-result index: (page + 1) * size - size + position + 1, with `position` the
 * 0-based place on its page.
 */
export function searchResultIndex(page: number, size: number, position: number): number {
  return (page + 1) * size - size + position + 1;
}

/** Spec 9: 'Listings {page name} Results' ('Listings Search Results', 'Listings Best Of Results'). */
export function searchListName(pageName: string): string {
  return `Listings ${pageName} Results`;
}

/** The select_item event of a chosen search result. */
export function selectItemEvent(input: {
  merchantId: number;
  name: string;
  pageName: string;
  page: number;
  size: number;
  /** 0-based place on its page. */
  position: number;
  currency: string;
  /** The result's first offer, when it has one: its price and discount. */
  offer?: Pick<Offer, 'price' | 'discountPrice' | 'percentOff'> | null;
}): AnalyticsEvent {
  const listName = searchListName(input.pageName);
  const price = input.offer ? offerPrice(input.offer) : null;
  return {
    event: 'select_item',
    ecommerce: {
      item_list_id: 'listings_search_results',
      item_list_name: listName,
      currency: input.currency,
      items: [
        {
          item_id: String(input.merchantId),
          item_name: input.name,
          index: searchResultIndex(input.page, input.size, input.position),
          item_list_name: listName,
          ...(price ?? {}),
        },
      ],
    },
  };
}

/**
 * An offer's price and discount for analytics (spec 9): the discount is price minus
 * discountPrice, or the percentOff with '%'.
 */
export function offerPrice(
  offer: Pick<Offer, 'price' | 'discountPrice' | 'percentOff'>,
): Pick<AnalyticsItem, 'price' | 'discount'> {
  const price = offer.price ?? undefined;
  if (offer.percentOff) return { price, discount: `${offer.percentOff}%` };
  if (offer.price !== null && offer.discountPrice !== null)
    return { price, discount: Math.round((offer.price - offer.discountPrice) * 100) / 100 };
  return { price };
}
