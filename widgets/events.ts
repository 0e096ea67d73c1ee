/**
 * Every event an element fires, by name. All are CustomEvents with `bubbles` and `composed`
 * set, so a partner page can listen on the element or on `document`; cancelable ones let a host
 * take over the default action with `preventDefault()`.
 */
export interface WellspringEventMap {
  /** An offer card was chosen. Cancel it to route in-page instead of following the link. */
  'wellspring-offer-select': { offerId: number; merchantId: number; url: string };
  /** A way to buy a gift card was chosen. Cancel it to handle the purchase yourself. */
  'wellspring-buy-select': { method: string; url: string };
  /** The element loaded its data and shows it. */
  'wellspring-ready': { tenant: string; count: number };
  /** Loading the element's data failed; the element shows a message with a retry. */
  'wellspring-error': { message: string; status?: number };
}

declare global {
  interface HTMLElementEventMap {
    'wellspring-offer-select': CustomEvent<WellspringEventMap['wellspring-offer-select']>;
    'wellspring-ready': CustomEvent<WellspringEventMap['wellspring-ready']>;
    'wellspring-buy-select': CustomEvent<WellspringEventMap['wellspring-buy-select']>;
    'wellspring-error': CustomEvent<WellspringEventMap['wellspring-error']>;
  }
}
