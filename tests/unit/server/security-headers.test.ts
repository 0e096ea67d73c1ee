import { describe, expect, it } from 'vitest';
import { newNonce, pageCsp, sourceOf, withNonce } from '../../../server/security-headers';
import { builtInTenants, parseTenantConfig, safeParseTenantConfig } from '../../../src/tenant';

const policy = (csp: string) =>
  new Map(csp.split('; ').map((part) => [part.split(' ')[0]!, part.split(' ').slice(1)]));

describe('withNonce', () => {
  it('puts the nonce on every script and style tag without one, and nowhere else', () => {
    const html =
      '<script type="module" src="/a.js"></script><SCRIPT>x</SCRIPT><style>b{}</style>' +
      '<script nonce="kept"></script><scripts></scripts><p>script</p>';
    expect(withNonce(html, 'N')).toBe(
      '<script nonce="N" type="module" src="/a.js"></script><SCRIPT nonce="N">x</SCRIPT>' +
        '<style nonce="N">b{}</style><script nonce="kept"></script><scripts></scripts><p>script</p>',
    );
  });
});

describe('newNonce', () => {
  it('is 128 random bits, never the same twice', () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });
});

describe('sourceOf', () => {
  it.each([
    ['https://tiles.example.com/{z}/{x}/{y}.png', 'https://tiles.example.com'],
    ['https://{s}.tile.example.org/{z}/{x}/{y}.png', 'https://*.tile.example.org'],
    ['http://localhost:8080/api', 'http://localhost:8080'],
    ['HTTPS://CMS.Example.com/{tenant}', 'https://cms.example.com'],
    ['https://{tenant}.cms.example.com', 'https://*.cms.example.com'],
    ['/api/images', null],
    ['', null],
    [undefined, null],
  ])('%s -> %s', (url, source) => {
    expect(sourceOf(url)).toBe(source);
  });
});

describe('pageCsp', () => {
  it('is strict for a tenant on our own endpoints with ALTCHA and no tracking', () => {
    const csp = policy(pageCsp(builtInTenants.wellness, 'abc'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'", "'nonce-abc'"]);
    expect(csp.get('style-src')).toEqual(["'self'", "'nonce-abc'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
  });

  it('adds reCAPTCHA’s hosts, a tag manager, absolute image and API hosts and the CMS', () => {
    const tenant = parseTenantConfig({
      name: 'partner',
      botCheck: { provider: 'recaptcha', siteKey: 'k' },
      tracking: { trackingId: 'GTM-1' },
      endpoints: {
        functions: 'https://api.example.com/api',
        imageResizer: 'https://img.example.com/resize',
        mapTiles: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png',
      },
      frameAncestors: ["'none'"],
    });
    const csp = policy(pageCsp(tenant, 'n', { contentUrl: 'https://cms.example.com/{tenant}' }));
    expect(csp.get('script-src')).toEqual([
      "'self'",
      "'nonce-n'",
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
      'https://www.googletagmanager.com',
    ]);
    expect(csp.get('frame-src')).toContain('https://www.google.com/recaptcha/');
    expect(csp.get('connect-src')).toEqual(expect.arrayContaining(['https://api.example.com']));
    expect(csp.get('img-src')).toEqual(
      expect.arrayContaining([
        'https://img.example.com',
        'https://*.tiles.example.com',
        'https://cms.example.com',
      ]),
    );
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('pageCsp with an ad network', () => {
  const withAds = (adNetwork: object, showAds = true) =>
    parseTenantConfig({ name: 'partner', adNetwork, options: { global: { showAds } } });

  it("allows AdSense's script, requests, frames and images", () => {
    const csp = policy(pageCsp(withAds({ provider: 'adsense', clientId: 'ca-pub-1' }), 'n'));
    expect(csp.get('script-src')).toContain('https://pagead2.googlesyndication.com');
    expect(csp.get('frame-src')).toContain('https://googleads.g.doubleclick.net');
    expect(csp.get('img-src')).toContain('https://*.googlesyndication.com');
  });

  it("adds the tenant's own script host, and nothing when the tenant shows no ads", () => {
    const own = withAds({
      provider: 'ad-manager',
      clientId: '1',
      scriptUrl: 'https://ads.partner.example/gpt.js',
    });
    expect(policy(pageCsp(own, 'n')).get('script-src')).toEqual(
      expect.arrayContaining(['https://securepubads.g.doubleclick.net', 'https://ads.partner.example']),
    );
    const off = policy(pageCsp(withAds({ provider: 'adsense', clientId: 'ca-pub-1' }, false), 'n'));
    expect(off.get('script-src')).toEqual(["'self'", "'nonce-n'"]);
  });
});

describe('the tenant field frameAncestors', () => {
  it("defaults to 'self'", () => {
    expect(builtInTenants.spa.frameAncestors).toEqual(["'self'"]);
  });

  it.each([[["'self'", 'https://partner.example.com', 'https://*.example.org:8443']], [["'none'"]]])(
    'takes %j',
    (frameAncestors) => {
      expect(safeParseTenantConfig({ name: 'x', frameAncestors }).success).toBe(true);
    },
  );

  it.each([
    [["'self'; script-src *"]],
    [['https://partner.example.com/path']],
    [['*']],
    [["'none'", "'self'"]],
    [[]],
  ])('refuses %j naming the field', (frameAncestors) => {
    const result = safeParseTenantConfig({ name: 'x', frameAncestors });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues[0]!.path).toMatch(/^frameAncestors/);
  });
});
