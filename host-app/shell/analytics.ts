/**
 * The hosted site's analytics: the visitor's consent, the data layer, the tenant's tag manager
 * and its ad network's script (both load only once the visitor consents, where the tenant asks).
 * One per page load (the site serves one tenant). Events of the shell and of the elements (their
 * `wellspring-analytics` DOM events) reach `window.dataLayer` only when the tenant has analytics
 * on and, where it asks for consent, once the visitor accepted; the tag manager's script loads
 * then too, from the tenant's configured URL, and never without a tracking id.
 */
import { pushToDataLayer, type AnalyticsEvent } from '../../src/analytics/data-layer';
import { adScriptUrl } from '../../src/domain/ads';
import {
  analyticsAllowed,
  consentCookie,
  isConsentChoice,
  PAGE_CONSENT_ATTRIBUTE,
  readConsent,
  tagManagerScriptUrl,
  type ConsentChoice,
} from '../../src/domain/consent';
import type { TenantConfig } from '../../src/tenant/types';

export interface SiteAnalytics {
  /** Pushes a shell event when allowed; `callback` runs once it is delivered, or at once. */
  track(event: AnalyticsEvent, callback?: () => void): void;
  /** The visitor's recorded choice; null until they choose. */
  choice(): ConsentChoice | null;
  /** Whether the consent bar asks (the tenant requires consent, and has analytics or ads on). */
  asks(): boolean;
  /** Records a choice for 30 days; accepting starts the data layer and the tag manager. */
  choose(choice: ConsentChoice): void;
  /** Called on every change of choice. */
  subscribe(listener: () => void): () => void;
}

/** Whether the consent bar asks: the tenant requires consent, and has analytics or ads on. */
export function asksConsent(tenant: TenantConfig): boolean {
  return (
    (tenant.analytics || (tenant.adNetwork !== null && tenant.options.global.showAds)) &&
    tenant.consent.required
  );
}

/**
 * The analytics of a page drawn on the server (host-app/render.tsx): the visitor's choice as
 * their consent cookie says, so the consent bar is drawn there only when the browser will draw
 * it too; nothing is recorded.
 */
export function serverAnalytics(tenant: TenantConfig, choice: ConsentChoice | null): SiteAnalytics {
  return {
    track: (_event, callback) => callback?.(),
    choice: () => choice,
    asks: () => asksConsent(tenant),
    choose() {},
    subscribe: () => () => {},
  };
}

/**
 * The visitor's choice as the page was served with it (PAGE_CONSENT_ATTRIBUTE), without asking
 * document.cookie while the page loads; the cookie where the page does not say (no server wrote it).
 */
function servedChoice(tenant: TenantConfig): ConsentChoice | null {
  const served = document.documentElement.getAttribute(PAGE_CONSENT_ATTRIBUTE);
  if (served === null) return readConsent(tenant.name, document.cookie);
  return isConsentChoice(served) ? served : null;
}

export function createSiteAnalytics(tenant: TenantConfig, nonce?: string): SiteAnalytics {
  let choice = servedChoice(tenant);
  const listeners = new Set<() => void>();
  const allowed = () => tenant.analytics && analyticsAllowed(tenant.consent.required, choice);
  // Ads follow the same consent, whether or not the tenant has analytics on.
  const adsAllowed = () =>
    tenant.adNetwork !== null &&
    tenant.options.global.showAds &&
    analyticsAllowed(tenant.consent.required, choice);
  let tagManagerLoaded = false;
  let adNetworkLoaded = false;

  /** The ad network's script, which fills the search element's slots (widgets/search/AdSlot). */
  function loadAdNetwork() {
    if (adNetworkLoaded || !tenant.adNetwork || !adsAllowed()) return;
    adNetworkLoaded = true;
    const script = document.createElement('script');
    script.async = true;
    script.src = adScriptUrl(tenant.adNetwork);
    if (nonce) script.nonce = nonce;
    script.dataset.adNetwork = tenant.adNetwork.provider;
    document.head.append(script);
  }

  function loadTagManager() {
    const src = tagManagerScriptUrl(tenant.tracking);
    if (tagManagerLoaded || !src || !allowed()) return;
    tagManagerLoaded = true;
    // What Google's snippet does before its script: the start marker.
    (window.dataLayer ??= []).push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    const script = document.createElement('script');
    script.async = true;
    script.src = src;
    if (nonce) script.nonce = nonce;
    script.dataset.tagManager = tenant.tracking.trackingId;
    document.head.append(script);
  }

  const track: SiteAnalytics['track'] = (event, callback) => {
    if (!allowed()) {
      callback?.();
      return;
    }
    pushToDataLayer({ ...event, tenant: tenant.name }, callback);
  };

  // The elements announce their events; the site pushes them under the same rule as its own.
  document.addEventListener('wellspring-analytics', (event) => {
    if (allowed()) pushToDataLayer({ ...event.detail });
  });
  loadTagManager();
  loadAdNetwork();
  // Spec 8: the console is silent in production; errors still reach the data layer.
  addEventListener('error', (event) =>
    track({ event: 'app_error', kind: 'uncaught', message: String(event.message ?? '') }),
  );
  addEventListener('unhandledrejection', (event) =>
    track({
      event: 'app_error',
      kind: 'uncaught',
      message: event.reason instanceof Error ? event.reason.message : String(event.reason),
    }),
  );

  return {
    track,
    choice: () => choice,
    asks: () => asksConsent(tenant),
    choose(next) {
      const before = allowed();
      const adsBefore = adsAllowed();
      choice = next;
      document.cookie = consentCookie(tenant.name, next, location.protocol === 'https:');
      listeners.forEach((listener) => listener());
      if ((before && !allowed() && tagManagerLoaded) || (adsBefore && !adsAllowed() && adNetworkLoaded)) {
        // A loaded tag manager or ad script cannot be taken back out of the page: start again
        // without it.
        location.reload();
        return;
      }
      if (!before && allowed()) {
        // The page the visitor is reading was not counted while they had not chosen.
        track({
          event: 'page_view',
          page_path: location.pathname,
          page_name: document.documentElement.dataset.page ?? '',
          page_title: document.title,
        });
        loadTagManager();
      }
      loadAdNetwork();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

declare global {
  interface DocumentEventMap {
    'wellspring-analytics': CustomEvent<import('../../src/analytics/data-layer').DataLayerEntry>;
  }
}
