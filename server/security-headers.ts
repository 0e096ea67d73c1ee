/**
 * Security headers. Every response: `X-Content-Type-Options: nosniff`, a `Referrer-Policy`, and
 * HSTS when the request came over TLS (`request.protocol`, which follows TRUST_PROXY). Every page
 * the site serves (the host app's pages, the demo gallery): a Content-Security-Policy with a
 * fresh nonce per response that the page's own `<script>` and `<style>` tags carry; scripts from
 * elsewhere only from the tenant's bot check and tag manager. API answers get a policy that lets
 * nothing run, in case one is ever opened as a document.
 *
 * A small hook rather than @fastify/helmet: the page policy depends on the tenant of the host
 * name and on a nonce written into the page, which helmet leaves to us anyway.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TenantConfig } from '../src/tenant';
import { adScriptUrl, type AdNetwork } from '../src/domain/ads';
import { isApiPath } from './http';

/** A fresh nonce: 128 random bits, base64. */
export const newNonce = (): string => randomBytes(16).toString('base64');

/**
 * The page with `nonce` on each of its own `<script>` and `<style>` tags (those without one). For
 * our templates and demo pages only: HTML that holds text from elsewhere gets it after this.
 */
export function withNonce(html: string, nonce: string): string {
  return html.replace(/<(script|style)\b(?![^>]*\snonce=)/gi, (_, tag: string) => `<${tag} nonce="${nonce}"`);
}

/** What a bot-check provider's widget loads: its script, its frame, the calls it makes. */
const BOT_CHECK_SOURCES: Record<TenantConfig['botCheck']['provider'], Sources> = {
  // Self-hosted: the challenge comes from our own API.
  altcha: {},
  // https://developers.google.com/recaptcha/docs/faq#im-using-content-security-policy-csp-on-my-website.-how-can-i-configure-it-to-work-with-recaptcha
  recaptcha: {
    script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
    frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
    connect: ['https://www.google.com/recaptcha/'],
  },
  // https://developers.cloudflare.com/turnstile/reference/content-security-policy/
  turnstile: {
    script: ['https://challenges.cloudflare.com'],
    frame: ['https://challenges.cloudflare.com'],
    connect: ['https://challenges.cloudflare.com'],
  },
};

/** Google Tag Manager and the analytics it loads, for a tenant with a tracking id. */
const TAG_MANAGER_SOURCES: Sources = {
  script: ['https://www.googletagmanager.com'],
  connect: [
    'https://www.googletagmanager.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
  ],
  img: ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
};

/**
 * The hosts of each ad network's script, its ad requests and the frames its ads render in
 * (Google's published CSP guidance for AdSense and Ad Manager), for a tenant with one.
 */
const AD_NETWORK_SOURCES: Record<AdNetwork['provider'], Sources> = {
  adsense: {
    script: [
      'https://pagead2.googlesyndication.com',
      'https://*.googlesyndication.com',
      'https://*.google.com',
    ],
    frame: ['https://googleads.g.doubleclick.net', 'https://*.googlesyndication.com', 'https://*.google.com'],
    connect: ['https://*.googlesyndication.com', 'https://*.doubleclick.net', 'https://*.google.com'],
    img: ['https://*.googlesyndication.com', 'https://*.doubleclick.net', 'https://*.google.com'],
  },
  'ad-manager': {
    script: ['https://securepubads.g.doubleclick.net', 'https://*.googlesyndication.com'],
    frame: ['https://*.doubleclick.net', 'https://*.googlesyndication.com'],
    connect: ['https://*.doubleclick.net', 'https://*.googlesyndication.com'],
    img: ['https://*.doubleclick.net', 'https://*.googlesyndication.com'],
  },
};

/** The players of the listing page's videos (src/domain/listing-media: videoEmbedUrl). */
const VIDEO_FRAMES = ['https://www.youtube.com', 'https://player.vimeo.com'];

export interface Sources {
  script?: string[];
  frame?: string[];
  connect?: string[];
  img?: string[];
}

/** A CSP host source for an absolute URL or URL template ('https://{s}.tiles.example/{z}/…'); null for paths. */
export function sourceOf(url: string | null | undefined): string | null {
  const origin = /^(https?:\/\/[^/?#]+)/i.exec((url ?? '').trim())?.[1];
  if (!origin) return null;
  // A tile template's subdomain placeholder stands for any subdomain.
  const source = origin.replace(/^(https?:\/\/)\{[a-z]+\}\./i, '$1*.').toLowerCase();
  return /^https?:\/\/(?:\*\.)?[a-z0-9.-]+(?::\d{1,5})?$/.test(source) ? source : null;
}

export interface PageCspOptions {
  /** CONTENT_URL: images of CMS pages may come from the CMS. `{tenant}` is the tenant's name. */
  contentUrl?: string;
  /** Where the Firebase SDK of sign-in connects and frames (server/accounts: cspSources). */
  signIn?: Sources;
}

/**
 * The Content-Security-Policy of a page of `tenant`'s site: scripts and styles of our own origin
 * or carrying `nonce`, plus the hosts the tenant's configuration needs (its bot check, its tag
 * manager, absolute endpoints and images); no plugins, no <base>, framed only by
 * `tenant.frameAncestors`.
 */
export function pageCsp(
  tenant: TenantConfig,
  nonce: string,
  { contentUrl, signIn }: PageCspOptions = {},
): string {
  const extra: Sources[] = [BOT_CHECK_SOURCES[tenant.botCheck.provider]];
  if (signIn) extra.push(signIn);
  if (tenant.tracking.trackingId.trim()) {
    // Google's hosts, and the tenant's own tag manager URL when it serves the script elsewhere.
    const own = sourceOf(tenant.tracking.tagManagerUrl);
    extra.push(TAG_MANAGER_SOURCES, own ? { script: [own], connect: [own] } : {});
  }
  if (tenant.adNetwork && tenant.options.global.showAds) {
    // The provider's hosts, and the tenant's own script URL when it serves the script elsewhere.
    const own = sourceOf(adScriptUrl(tenant.adNetwork));
    extra.push(AD_NETWORK_SOURCES[tenant.adNetwork.provider], own ? { script: [own] } : {});
  }
  const from = (kind: keyof Sources) => extra.flatMap((sources) => sources[kind] ?? []);
  const { endpoints, icons, componentsConfig } = tenant;
  const images = [
    endpoints.imageResizer,
    endpoints.mapTiles,
    endpoints.defaultCardImage,
    icons.titleImage,
    icons.tenantIcons.favicon,
    icons.tenantIcons.appleTouchIcon,
    componentsConfig.home.giftCardHero?.image,
    ...componentsConfig.businessLogos.map((logo) => logo.image),
    ...tenant.housePromotions.map((promotion) => promotion.image),
    contentUrl?.replaceAll('{tenant}', tenant.name),
  ].map(sourceOf);
  const calls = [endpoints.functions, endpoints.geoIp].map(sourceOf);
  const list = (...sources: (string | null | undefined)[]) =>
    [...new Set(sources.filter((source): source is string => Boolean(source)))].join(' ');
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['script-src', list("'self'", `'nonce-${nonce}'`, ...from('script'))],
    // Emotion's <style> tags carry the nonce (host-app/main.tsx, widgets/define.tsx); style
    // attributes set from script (element.style) are not governed by CSP.
    ['style-src', list("'self'", `'nonce-${nonce}'`)],
    ['img-src', list("'self'", 'data:', 'blob:', ...images, ...from('img'))],
    ['font-src', list("'self'", 'data:')],
    ['connect-src', list("'self'", ...calls, ...from('connect'))],
    ['frame-src', list(...VIDEO_FRAMES, ...from('frame'))],
    ['worker-src', list("'self'", 'blob:')],
    ['manifest-src', "'self'"],
    ['form-action', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['frame-ancestors', list(...tenant.frameAncestors)],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}

/** API answers are data: if one is ever opened as a document, nothing in it runs or frames it. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/** One year, the value HSTS preload lists ask for at least. Subdomains are the operator's call. */
const HSTS = 'max-age=31536000';

/** nosniff, Referrer-Policy and HSTS on every response; the API's policy on API answers. */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (isApiPath(request.url) && !reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', API_CSP);
    return payload;
  });
}
