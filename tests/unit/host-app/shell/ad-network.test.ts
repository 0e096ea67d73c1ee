// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { createSiteAnalytics } from '../../../../host-app/shell/analytics';
import { AD_NETWORK_SCRIPTS, adScriptUrl } from '../../../../src/domain/ads';
import { parseTenantConfig } from '../../../../src/tenant';
import { adSlotName, createAdElement } from '../../../../widgets/search/ad-network';

const adsense = { provider: 'adsense', clientId: 'ca-pub-123', slotId: '987' } as const;

const tenantWith = (consentRequired: boolean) =>
  parseTenantConfig({
    name: `ads-${consentRequired}`,
    adNetwork: { ...adsense, scriptUrl: '/test-ads.js?client={client}' },
    consent: { required: consentRequired },
  });

const adScripts = () => [...document.head.querySelectorAll<HTMLScriptElement>('script[data-ad-network]')];

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.cookie = 'wellspring_consent_ads_true=; Max-Age=0; Path=/';
  delete (window as { adsbygoogle?: unknown }).adsbygoogle;
  delete (window as { googletag?: unknown }).googletag;
});

describe("the ad network's script", () => {
  it("is the provider's own unless the tenant names one, with its client id", () => {
    expect(adScriptUrl(adsense)).toBe(AD_NETWORK_SCRIPTS.adsense.replace('{client}', 'ca-pub-123'));
    expect(adScriptUrl({ ...adsense, scriptUrl: 'https://ads.example/a.js?c={client}&x=1' })).toBe(
      'https://ads.example/a.js?c=ca-pub-123&x=1',
    );
  });

  it('loads on the hosted site only once the visitor consents, where the tenant asks', () => {
    const site = createSiteAnalytics(tenantWith(true), 'nonce-1');
    expect(site.asks()).toBe(true);
    expect(adScripts()).toEqual([]);
    site.choose('granted');
    expect(adScripts().map((script) => script.getAttribute('src'))).toEqual([
      '/test-ads.js?client=ca-pub-123',
    ]);
    expect(adScripts()[0]!.nonce).toBe('nonce-1');
    site.choose('granted');
    expect(adScripts()).toHaveLength(1);
  });

  it('loads at once where the tenant does not ask for consent', () => {
    createSiteAnalytics(tenantWith(false));
    expect(adScripts()).toHaveLength(1);
  });
});

describe("an ad slot's markup (in the element's light DOM, where ad scripts look)", () => {
  it('is an AdSense <ins> for the named slot, with its request queued', () => {
    const ins = createAdElement(adsense, { n: 2, width: 300, height: 250 });
    expect(ins.tagName).toBe('INS');
    expect(ins.className).toBe('adsbygoogle');
    expect(ins.slot).toBe(adSlotName(2));
    expect(ins.dataset).toMatchObject({ adClient: 'ca-pub-123', adSlot: '987' });
    expect(ins.style.width).toBe('300px');
    expect((window as { adsbygoogle?: unknown[] }).adsbygoogle).toEqual([{}]);
  });

  it("is an Ad Manager <div> defined and displayed through googletag's queue", () => {
    const calls: string[] = [];
    const googletag = {
      cmd: [] as (() => void)[],
      defineSlot: (path: string, size: number[], id: string) => {
        calls.push(`define ${path} ${size.join('x')} ${id}`);
        return { addService: () => calls.push('addService') };
      },
      pubads: () => ({}),
      enableServices: () => calls.push('enableServices'),
      display: (id: string) => calls.push(`display ${id}`),
    };
    const div = createAdElement(
      { provider: 'ad-manager', clientId: '123', slotId: '/123/results' },
      { n: 0, width: 728, height: 90, page: { googletag } },
    );
    expect(div.slot).toBe('ad-0');
    expect(calls).toEqual([]);
    googletag.cmd.forEach((command) => command());
    expect(calls).toEqual([
      `define /123/results 728x90 ${div.id}`,
      'addService',
      'enableServices',
      `display ${div.id}`,
    ]);
  });
});
