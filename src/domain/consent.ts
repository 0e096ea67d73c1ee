/**
 * The visitor's analytics consent on the hosted site, per tenant: a cookie that lasts spec 9's
 * 30 days. Only the consent bar writes it; the data layer and the tag manager read it.
 */
import { COOKIE_LIFETIME_DAYS } from './constants';

/** The answers a visitor can give: the cookie, the consent form and the data layer use these. */
export const CONSENT_CHOICES = ['granted', 'denied'] as const;
export type ConsentChoice = (typeof CONSENT_CHOICES)[number];

export const isConsentChoice = (value: string | null | undefined): value is ConsentChoice =>
  (CONSENT_CHOICES as readonly (string | null | undefined)[]).includes(value);

/**
 * The attribute of a hosted page's <html> element that holds the choice the page was served with
 * (server/seo/head.ts): 'granted', 'denied', or '' before the visitor has chosen. The app starts
 * from it instead of reading document.cookie, a synchronous round trip to the browser's network
 * process, which took up to 18 ms of the app's hydration while the page was still loading
 * (profiled in Chromium here, bench/RESULTS.md).
 */
export const PAGE_CONSENT_ATTRIBUTE = 'data-consent';

/**
 * Where the consent bar's form posts a choice (server/site.ts): the bar is in the page's HTML, and
 * a visitor may answer before the app has hydrated; once it has, the app records the choice itself.
 */
export const CONSENT_PATH = '/consent';

/** The cookie's name for a tenant ('wellspring_consent_spa'). */
export const consentCookieName = (tenant: string): string =>
  `wellspring_consent_${tenant.replace(/\W/g, '_')}`;

/** The choice recorded in `cookies` (document.cookie), or null when the visitor has not chosen. */
export function readConsent(tenant: string, cookies: string): ConsentChoice | null {
  const name = consentCookieName(tenant);
  for (const pair of cookies.split(';')) {
    const [key, value] = pair.trim().split('=');
    if (key === name && isConsentChoice(value)) return value;
  }
  return null;
}

/** The Set-Cookie string (as document.cookie takes it) recording `choice` for 30 days. */
export function consentCookie(tenant: string, choice: ConsentChoice, secure: boolean): string {
  const maxAge = COOKIE_LIFETIME_DAYS * 24 * 60 * 60;
  return `${consentCookieName(tenant)}=${choice}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Whether events may be pushed: the tenant does not ask for consent, or the visitor gave it. */
export function analyticsAllowed(consentRequired: boolean, choice: ConsentChoice | null): boolean {
  return !consentRequired || choice === 'granted';
}

/**
 * The tag manager's script URL for a tenant: its configured URL with `{id}` replaced by the
 * tracking id; null when the tenant has no tracking id (nothing loads).
 */
export function tagManagerScriptUrl(tracking: { trackingId: string; tagManagerUrl: string }): string | null {
  const id = tracking.trackingId.trim();
  if (!id || !tracking.tagManagerUrl.trim()) return null;
  return tracking.tagManagerUrl.replaceAll('{id}', encodeURIComponent(id));
}
