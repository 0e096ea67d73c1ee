/**
 * A tenant's ad network (tenant.adNetwork): the script the hosted site loads once the visitor
 * consents (host-app/shell/analytics.ts) and the CSP allows (server/security-headers.ts); the
 * search element's slots hand it their markup (widgets/search/ad-network.ts).
 */
/** tenant.adNetwork (src/tenant/shape.ts). */
export interface AdNetwork {
  provider: 'adsense' | 'ad-manager';
  clientId: string;
  slotId?: string | undefined;
  scriptUrl?: string | undefined;
}

/** Each provider's own script; `{client}` is the tenant's client id. */
export const AD_NETWORK_SCRIPTS: Record<AdNetwork['provider'], string> = {
  adsense: 'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client={client}',
  'ad-manager': 'https://securepubads.g.doubleclick.net/tag/js/gpt.js',
};

/** The script to load for `network`: its configured URL, else its provider's. */
export function adScriptUrl(network: AdNetwork): string {
  return (network.scriptUrl ?? AD_NETWORK_SCRIPTS[network.provider]).replaceAll(
    '{client}',
    encodeURIComponent(network.clientId),
  );
}
