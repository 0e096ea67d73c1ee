import { describe, expect, it } from 'vitest';
import {
  analyticsAllowed,
  consentCookie,
  readConsent,
  tagManagerScriptUrl,
} from '../../../src/domain/consent';

describe('consent cookie', () => {
  it('lasts 30 days for the whole site, one per tenant', () => {
    expect(consentCookie('spa', 'granted', false)).toBe(
      'wellspring_consent_spa=granted; Max-Age=2592000; Path=/; SameSite=Lax',
    );
    expect(consentCookie('spa-canada', 'denied', true)).toBe(
      'wellspring_consent_spa_canada=denied; Max-Age=2592000; Path=/; SameSite=Lax; Secure',
    );
  });

  it("reads only the tenant's own choice", () => {
    const cookies = 'a=1; wellspring_consent_spa=granted; wellspring_consent_local=denied';
    expect(readConsent('spa', cookies)).toBe('granted');
    expect(readConsent('local', cookies)).toBe('denied');
    expect(readConsent('wellness', cookies)).toBeNull();
    expect(readConsent('spa', 'wellspring_consent_spa=maybe')).toBeNull();
  });

  it('allows analytics only after consent where the tenant asks for it', () => {
    expect(analyticsAllowed(true, null)).toBe(false);
    expect(analyticsAllowed(true, 'denied')).toBe(false);
    expect(analyticsAllowed(true, 'granted')).toBe(true);
    expect(analyticsAllowed(false, null)).toBe(true);
  });
});

describe('tag manager URL', () => {
  it('is the configured URL with the tracking id, and nothing without one', () => {
    const tagManagerUrl = 'https://www.googletagmanager.com/gtm.js?id={id}';
    expect(tagManagerScriptUrl({ trackingId: 'GTM-AB12', tagManagerUrl })).toBe(
      'https://www.googletagmanager.com/gtm.js?id=GTM-AB12',
    );
    expect(tagManagerScriptUrl({ trackingId: ' ', tagManagerUrl })).toBeNull();
  });
});
