// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSiteAnalytics } from '../../../../host-app/shell/analytics';
import { PAGE_CONSENT_ATTRIBUTE } from '../../../../src/domain/consent';
import { parseTenantConfig } from '../../../../src/tenant';

// A tenant that asks for consent before its ad network's script loads: the script shows the choice.
const tenant = parseTenantConfig({
  name: 'served',
  adNetwork: { provider: 'adsense', clientId: 'ca-pub-1', slotId: '2', scriptUrl: '/ads.js?c={client}' },
  consent: { required: true },
});
const adScripts = () => document.head.querySelectorAll('script[data-ad-network]').length;

afterEach(() => {
  vi.restoreAllMocks();
  document.documentElement.removeAttribute(PAGE_CONSENT_ATTRIBUTE);
  document.head.innerHTML = '';
  document.cookie = 'wellspring_consent_served=; Max-Age=0; Path=/';
});

describe("the hosted site's consent at start", () => {
  it('is the choice the page was served with, without reading document.cookie', () => {
    document.documentElement.setAttribute(PAGE_CONSENT_ATTRIBUTE, 'granted');
    const cookie = vi.spyOn(document, 'cookie', 'get');
    const site = createSiteAnalytics(tenant);
    expect(site.choice()).toBe('granted');
    expect(adScripts()).toBe(1);
    expect(cookie).not.toHaveBeenCalled();
  });

  it('is no choice where the page says so, whatever a cookie written since says', () => {
    document.cookie = 'wellspring_consent_served=granted; Path=/';
    document.documentElement.setAttribute(PAGE_CONSENT_ATTRIBUTE, '');
    const site = createSiteAnalytics(tenant);
    expect(site.choice()).toBeNull();
    expect(site.asks()).toBe(true);
    expect(adScripts()).toBe(0);
  });

  it('is read from the cookie on a page no server wrote it on', () => {
    document.cookie = 'wellspring_consent_served=denied; Path=/';
    expect(createSiteAnalytics(tenant).choice()).toBe('denied');
  });

  it('takes nothing but a choice from the page', () => {
    document.documentElement.setAttribute(PAGE_CONSENT_ATTRIBUTE, 'granted"><script>');
    expect(createSiteAnalytics(tenant).choice()).toBeNull();
  });
});
