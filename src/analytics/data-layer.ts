/**
 * The analytics data layer (spec 7: 'Analytics events are pushed to a data layer'). Elements and
 * the host app push here; a tag manager, when a tenant installs one, reads `window.dataLayer`.
 * Nothing is sent anywhere by this module.
 */

/** Events of spec 9's catalogue that the product fires so far. */
export type AnalyticsEvent =
  | { event: 'page_view'; page_path: string; page_name: string }
  | {
      event: 'buy';
      method: 'email' | 'print' | 'mail' | 'corporate' | 'contact_sales' | 'coming_soon';
      tenant: string;
    }
  | { event: 'balance_inquiry'; state: 'success' | 'fail'; tenant: string }
  | { event: 'listing'; action: ListingAction; merchantId: number; tenant: string }
  /** A finished search: the keywords as typed and, when corrected, what the results are for. */
  | {
      event: 'search';
      keywords: string;
      correctedKeywords: string | null;
      partialMatch: boolean;
      totalHits: number;
      tenant: string;
    }
  /** Spec 7: a failed listing request; spec 5: a listing without a name or description. */
  | { event: 'listing_error'; kind: 'request_failed' | 'page_not_found'; status?: number; tenant: string };

/** Spec 9's listing actions, as the listing and offer pages fire them. */
export type ListingAction =
  | 'view'
  | 'call'
  | 'website'
  | 'direction'
  | 'appointment'
  | 'contact'
  | 'ask_question'
  | 'video'
  | 'social'
  | 'download'
  | 'breadcrumb'
  | 'offer'
  | 'share';

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/** Pushes an event when the tenant has analytics on. */
export function track(enabled: boolean, event: AnalyticsEvent): void {
  if (!enabled || typeof window === 'undefined') return;
  (window.dataLayer ??= []).push({ ...event });
}
