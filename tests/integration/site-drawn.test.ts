import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { migrate } from '../../server/db/migrate';
import { ensureSeeded } from '../../server/seed/load';
import type { SiteOptions } from '../../server/site';
import { PROGRAMS } from '../../src/domain/catalog';
import { consentCookieName, readConsent } from '../../src/domain/consent';
import type { ListingsModule } from '../../src/domain/content';
import { listingsModuleQuery } from '../../src/domain/listings-module';
import { contentKeys, PAGE_CONTENT_ID, type PageContent } from '../../src/domain/page-content';
import { firstSearchQuery, searchCall } from '../../src/domain/search';
import { listingPath, offerPath } from '../../src/domain/slug';
import { builtInTenants } from '../../src/tenant';
import { databases } from './databases';

const LISTINGS = 300;
const SHELL =
  '<html lang="en"><head><title>x</title><script type="module" src="/main.js"></script></head>' +
  '<body><div id="app"></div></body></html>';

/** A dist folder with the app shell and the real page drawer (`vite build --mode render`). */
async function siteWithDrawer(root: string): Promise<SiteOptions> {
  await mkdir(join(root, 'dist', 'app', 'assets'), { recursive: true });
  await mkdir(join(root, 'dist', 'widgets'), { recursive: true });
  await mkdir(join(root, 'demo'));
  await mkdir(join(root, 'media'));
  await writeFile(join(root, 'dist', 'app', 'index.html'), SHELL);
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: join(import.meta.dirname, '..', '..', 'vite.config.ts'),
      mode: 'render',
      logLevel: 'silent',
      build: { outDir: join(root, 'dist', 'render') },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  return {
    distDir: join(root, 'dist'),
    demoDir: join(root, 'demo'),
    mediaDir: join(root, 'media'),
    tenant: builtInTenants.wellness,
  };
}

/** The parts of a served page these tests read. */
function readPage(html: string) {
  const start = html.indexOf('<div id="app">');
  const app = html.slice(start, html.lastIndexOf('</div>'));
  const block = new RegExp(`<script type="application/json" id="${PAGE_CONTENT_ID}">(.*?)</script>`).exec(
    html,
  );
  return {
    html,
    head: html.slice(0, html.indexOf('</head>')),
    app,
    /** The page's nonce, as its scripts carry it. */
    nonce: /<script nonce="([^"]+)"/.exec(html)?.[1],
    content: block ? (JSON.parse(block[1]!) as PageContent) : undefined,
    h1: /<h1[^>]*>([^<]*)<\/h1>/.exec(app)?.[1],
  };
}

/** An element's tag in drawn markup, and the declarative shadow root the server drew in it. */
function elementScreen(app: string, tag: string): { tag: string; shadowRoot: string | undefined } {
  const found = new RegExp(
    `(<${tag}[^>]*>)(?:<template shadowrootmode="open">(.*?)</template>)?</${tag}>`,
    's',
  ).exec(app);
  if (!found) throw new Error(`no <${tag}> in the drawn page`);
  return { tag: found[1]!, shadowRoot: found[2] };
}

describe.each(databases)('pages drawn on the server on $name', ({ open }) => {
  let db: Awaited<ReturnType<(typeof databases)[number]['open']>>;
  let app: FastifyInstance;
  let root: string;

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await app.inject({ url, headers: { host: 'wellness.localhost', ...headers } });
    return { status: response.statusCode, ...readPage(response.body) };
  };
  const api = async (url: string) => (await app.inject({ url: `/api/${url}` })).json() as unknown;

  beforeAll(async () => {
    db = await open();
    await migrate(db);
    await ensureSeeded(db, { count: LISTINGS, now: new Date() });
    root = await mkdtemp(join(tmpdir(), 'wellspring-site-drawn-'));
    app = await buildApp({ db, site: await siteWithDrawer(root) });
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await db?.drop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('draws the home page: header, its content, footer, and carries what the API answers', async () => {
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.app).toContain('<header');
    expect(page.app).toContain('class="site-footer"');
    const home = (await api('wordpress/homepage?tenant=wellness')) as {
      'custom-fields': { modules: { acf_fc_layout: string; title?: string }[] };
    };
    const hero = home['custom-fields'].modules[0]!;
    expect(hero.acf_fc_layout).toBe('gift_card_hero');
    expect(page.h1).toBe(hero.title);
    expect(page.content?.tenant).toBe('wellness');
    expect(page.content?.entries['homepage:wellness']).toEqual(home);
    // The header's and footer's menus as the API answers them, where the CMS has them.
    const footer = await app.inject({ url: '/api/wordpress/menu?tenant=wellness&query=footer' });
    if (footer.statusCode === 200)
      expect(page.content?.entries['menu:wellness:footer']).toEqual(footer.json());
    else expect(page.content?.entries['menu:wellness:footer']).toBeUndefined();
  });

  it('asks for its scripts at low priority: the page paints from its HTML without them', async () => {
    for (const path of ['/', '/card-balance-inquiry']) {
      const page = await get(path);
      const scripts = [...page.head.matchAll(/<script\b[^>]*type="module"[^>]*>/g)].map((found) => found[0]);
      expect(scripts, path).toEqual([expect.stringContaining('src="/main.js"')]);
      expect(scripts[0], path).toContain('fetchpriority="low"');
    }
  });

  it("draws the header's menu once: the phone drawer's copy is drawn when it opens", async () => {
    const { app: drawn } = await get('/');
    const header = drawn.slice(drawn.indexOf('<header'), drawn.indexOf('</header>'));
    const searchLinks = header.match(/<a [^>]*href="\/search"/g) ?? [];
    expect(searchLinks).toHaveLength(1);
    expect(header).toMatch(/<dialog[^>]* class="drawer"/);
    expect(header).not.toContain('aria-label="Menu"><ul>');
  });

  it('shows the consent bar until the visitor has chosen (their cookie says so)', async () => {
    // Its markup, not its styles (which the shell's style element holds either way).
    expect((await get('/')).app).toMatch(/<section[^>]* class="consent-bar"/);
    const chosen = await get('/', { cookie: `${consentCookieName('wellness')}=denied` });
    expect(chosen.app).toContain('<header');
    expect(chosen.app).not.toMatch(/<section[^>]* class="consent-bar"/);
  });

  it('writes no style attribute (the policy refuses them) and nonces every style element', async () => {
    const page = await get('/');
    expect(page.nonce).toBeTruthy();
    expect(page.app).not.toMatch(/<[a-z][^>]* style="/);
    const styleTags = page.html.match(/<style[^>]*>/g) ?? [];
    expect(styleTags.length).toBeGreaterThan(1);
    for (const tag of styleTags) expect(tag).toContain(`nonce="${page.nonce}"`);
    // The header's height, set from script in the browser, is a rule for its element, in the head
    // (hydration keeps the markup's attributes but removes elements the app does not draw).
    const marker = /<header[^>]*data-drawn-style="(\d+)"/.exec(page.app)?.[1];
    expect(marker).toBeDefined();
    expect(page.head).toContain(`#app [data-drawn-style="${marker}"]{--ws-header-height:`);
  });

  it('draws every module of a page, CMS HTML sanitised, up to its first form', async () => {
    // Wellness pricing: hero, cards, then text and cta (CMS HTML), all drawn.
    const pricing = await get('/pricing');
    expect(pricing.status).toBe(200);
    expect(pricing.app).toMatch(/<section[^>]* class="cm-hero/);
    expect(pricing.app).toMatch(/<section[^>]* class="cm-cards/);
    expect(pricing.app).toContain(
      '<div class="cm-rich"><ul><li>No purchase fee, no monthly fee, no expiry.</li>',
    );
    expect(pricing.app).toMatch(/<section[^>]* class="cm-cta/);
    expect(pricing.content?.entries['page:wellness:pricing']).toEqual(
      await api('wordpress/page?tenant=wellness&query=pricing'),
    );
    // Contact us: the hero, not the form (it would not work yet) nor what follows it.
    const contact = await get('/contactUs');
    expect(contact.app).toMatch(/<section[^>]* class="cm-hero/);
    expect(contact.app).not.toMatch(/<section[^>]* class="cm-contact/);
    expect(contact.app).not.toMatch(/class="cm-faq/);
  });

  it("draws a home page's listings module with the cards the API answers for it", async () => {
    const spa = builtInTenants.spa;
    const page = await get('/', { host: 'spa.localhost' });
    const home = (await api('wordpress/homepage?tenant=spa')) as {
      'custom-fields': { modules: ({ acf_fc_layout: string } & Record<string, unknown>)[] };
    };
    const module = home['custom-fields'].modules.find((found) => found.acf_fc_layout === 'listings');
    expect(module).toBeDefined();
    const query = listingsModuleQuery(module as unknown as ListingsModule, spa.helperInfo.country);
    const answer = await app.inject({
      url: `/api/merchants?${query}`,
      headers: {
        publisherid: String(spa.helperInfo.publisherId),
        includedprograms: spa.helperInfo.includedPrograms.join(','),
      },
    });
    const cards = (answer.json() as { items: { name: string }[] }).items;
    expect(cards.length).toBeGreaterThan(0);
    expect(page.content?.entries[contentKeys.listings('spa', query)]).toEqual(cards);
    const section = page.app.slice(page.app.indexOf('class="cm-listings"'));
    expect(section).toContain(cards[0]!.name.replace(/&/g, '&amp;'));
  });

  it("draws a listing page's element with its first screen: the listing, styled, in a shadow root", async () => {
    const { rows } = await db.query<{ id: number; name: string }>(
      `select id, doc->>'name' as name from merchants
       where '${PROGRAMS.wellness}' = any(included_programs) and status = 'APPROVED'
         and jsonb_array_length(doc->'images') > 0 order by id limit 1`,
    );
    const listing = rows[0]!;
    const page = await get(listingPath('site', listing.name, listing.id));
    expect(page.status).toBe(200);
    const element = elementScreen(page.app, 'wellspring-listing');
    expect(element.tag).toContain(`listing-id="${listing.id}"`);
    // A declarative shadow root: the browser's parser attaches it before any script runs.
    expect(element.shadowRoot).toBeDefined();
    const root = element.shadowRoot!;
    // (The nonce is base64: '+' and '/' are no text for a regular expression.)
    // Its rules first, with the names of their rule sets (the element keeps them: no compiling
    // them again in its first draw).
    const style = /^<style nonce="([^"]+)" data-ws-rules="([^"]+)">([^<]*)<\/style>/.exec(root);
    expect(style?.[1]).toBe(page.nonce);
    expect(style?.[3]?.startsWith(':host{display:block;')).toBe(true);
    // Each name is emotion's of one rule set the parts insert (useShadowStyles: its text's hash).
    expect(style?.[2]?.split(' ').every((name) => /^[0-9a-z]+$/.test(name))).toBe(true);
    expect(style?.[2]?.split(' ').length).toBeGreaterThan(3);
    expect(root).toContain('--ws-primary:');
    expect(root).toMatch(/<h1[^>]*id="listing-name"[^>]*>/);
    expect(root).toContain(listing.name.replace(/&/g, '&amp;'));
    // Its lead image through the resizer, named relative to the page as the element names it.
    expect(root).toMatch(/<figure class="lead-image"><img src="\/api\/images\?url=[^"]+width=720/);
    expect(root).not.toContain('Loading');
  });

  it("turns the first screen's style attributes into rules of its own root (the page's do not reach in)", async () => {
    const { rows } = await db.query<{ id: number; name: string }>(
      `select id, doc->>'name' as name from merchants
       where '${PROGRAMS.spa}' = any(included_programs) and status = 'APPROVED'
         and (doc->>'totalReviews')::int > 0 order by id limit 1`,
    );
    const listing = rows[0]!;
    const page = await get(listingPath('spa', listing.name, listing.id), { host: 'spa.localhost' });
    const root = elementScreen(page.app, 'wellspring-listing').shadowRoot!;
    expect(root).not.toMatch(/<[a-z][^>]* style="/);
    // The star bar's fill, a style its code sets.
    const marker = /<span[^>]* data-drawn-style="(\d+)" class="star-bar"/.exec(root)?.[1];
    expect(marker).toBeDefined();
    expect(root).toMatch(
      new RegExp(
        `^<style nonce="[^"]+" data-ws-rules="[^"]+">[^<]*:host \\[data-drawn-style="${marker}"\\]\\{--fill:\\d`,
      ),
    );
  });

  it("draws an offer page's element with the offer, and none for a listing that does not exist", async () => {
    const { rows } = await db.query<{ id: number; title: string }>(
      `select o.id, o.doc->>'title' as title from offers o join merchants m on m.id = o.merchant_id
       where '${PROGRAMS.wellness}' = any(m.included_programs) and m.status = 'APPROVED' order by o.id limit 1`,
    );
    const offer = rows[0]!;
    const page = await get(offerPath(offer.title, offer.id));
    const root = elementScreen(page.app, 'wellspring-listing').shadowRoot;
    expect(root).toMatch(/<article[^>]* class="offer-page"/);
    expect(root).toContain(offer.title.replace(/&/g, '&amp;'));

    const missing = await get('/site/nobody-999999999');
    expect(missing.status).toBe(404);
    expect(elementScreen(missing.app, 'wellspring-listing').shadowRoot).toBeUndefined();
  });

  it("draws a current offer's buy buttons inside its element, in a shadow root of their own", async () => {
    const { rows } = await db.query<{ id: number; title: string }>(
      `select o.id, o.doc->>'title' as title from offers o join merchants m on m.id = o.merchant_id
       where '${PROGRAMS.wellness}' = any(m.included_programs) and m.status = 'APPROVED'
         and o.start_date <= now() and o.end_date > now() + interval '1 day' order by o.id limit 1`,
    );
    const offer = rows[0]!;
    const page = await get(offerPath(offer.title, offer.id));
    const listingRoot = elementScreen(page.app, 'wellspring-listing').shadowRoot!;
    const buy = elementScreen(listingRoot, 'wellspring-gift-card-buy');
    // The attributes the element reads, as the offer page writes them (the visitor's choice
    // earlier in the visit is the browser's to know: the server draws the first buttons).
    expect(buy.tag).toBe('<wellspring-gift-card-buy tenant="wellness" api="/api" site>');
    const root = buy.shadowRoot!;
    // Its own rules first, nonced, with the tenant's theme: no rule of the listing reaches in.
    expect(root).toMatch(/^<style nonce="[^"]+" data-ws-rules="[^"]+">:host\{display:block;/);
    expect(root).toContain('--ws-primary:');
    expect(root).toMatch(/<h2[^>]* id="buy-heading"/);
    expect(root).not.toMatch(/<[a-z][^>]* style="/);
  });

  it('carries the canonical path an offer page at another slug settles on', async () => {
    const { rows } = await db.query<{ id: number; title: string }>(
      `select o.id, o.doc->>'title' as title from offers o join merchants m on m.id = o.merchant_id
       where '${PROGRAMS.wellness}' = any(m.included_programs) and m.status = 'APPROVED' order by o.id limit 1`,
    );
    const offer = rows[0]!;
    const path = `/offer/any-title-${offer.id}`;
    const page = await get(path);
    expect(page.status).toBe(200);
    expect(page.app).toMatch(new RegExp(`<wellspring-listing[^>]* offer-id="${offer.id}"`));
    expect(page.content?.entries[contentKeys.canonicalPath('wellness', path)]).toBe(
      offerPath(offer.title, offer.id),
    );
  });

  it("draws a search page's element with its opening search's results, from the answers it carries", async () => {
    const url = '/search?location=Austin%2C+TX&distance=30';
    const page = await get(url, { host: 'spa.localhost' });
    const element = elementScreen(page.app, 'wellspring-search');
    expect(element.tag).toContain('sync-url');
    const root = element.shadowRoot!;
    expect(root).toBeDefined();
    // The results as the API answers the element's opening search (the page carries them).
    const { helperInfo, listingGrid } = builtInTenants.spa;
    const opening = {
      ...firstSearchQuery(helperInfo.country, {}, url.split('?')[1]),
      size: listingGrid.pageSize,
    };
    const answer = (
      await app.inject({
        url: `/api/${searchCall(opening)}`,
        headers: {
          publisherid: String(helperInfo.publisherId),
          includedprograms: helperInfo.includedPrograms.join(','),
        },
      })
    ).json() as { totalHits: number; items: { name: string }[] };
    expect(answer.items.length).toBeGreaterThan(0);
    expect(root).toMatch(new RegExp(`<h2[^>]*>${answer.totalHits} results? near Austin, TX</h2>`));
    for (const item of answer.items) expect(root).toContain(item.name.replace(/&/g, '&amp;'));
    expect(root.match(/<article[^>]* class="card/g)?.length).toBeGreaterThanOrEqual(answer.items.length);
    // The first card's image asked for at once (the page's largest paint on a phone).
    expect(root).toMatch(/<article[^>]* class="card[^"]*"[^>]*>.*?<img [^>]*loading="eager"/);
    // Its filters show the opening search: the distance the URL names.
    expect(root).toMatch(/<option selected value="30">/);
    expect(root).not.toContain('Searching');

    // A search page that names no place: the element first finds the visitor's, then searches.
    expect(
      elementScreen((await get('/search', { host: 'spa.localhost' })).app, 'wellspring-search').shadowRoot,
    ).toBeUndefined();
    // A best-of page: its destination's search.
    const bestOf = await get('/best-of/austin-tx', { host: 'spa.localhost' });
    expect(elementScreen(bestOf.app, 'wellspring-search').shadowRoot).toMatch(/results? near Austin, TX</);
  });

  describe('the consent form (the bar answered before the app has hydrated)', () => {
    const post = (body: string, headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/consent',
        payload: body,
        headers: {
          host: 'wellness.localhost',
          'content-type': 'application/x-www-form-urlencoded',
          ...headers,
        },
      });

    it('records the choice in the cookie the app reads, and goes back to the page', async () => {
      const response = await post('choice=denied', {
        'sec-fetch-site': 'same-origin',
        referer: 'http://wellness.localhost/about?utm_source=x',
      });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/about?utm_source=x');
      const cookie = String(response.headers['set-cookie']);
      expect(readConsent('wellness', cookie.split(';')[0]!)).toBe('denied');
      expect(cookie).toContain('Max-Age=2592000');
      // Without the bar, once the visitor has chosen; the page names the choice for the app, which
      // then need not ask document.cookie while it hydrates.
      const page = await get('/about', { cookie: cookie.split(';')[0]! });
      expect(page.app).not.toMatch(/<section[^>]* class="consent-bar"/);
      expect(page.html).toContain('<html lang="en" data-tenant="wellness" data-consent="denied">');
      // Another tenant's cookie is not this tenant's choice.
      const elsewhere = await get('/about', { cookie: 'wellspring_consent_spa=granted' });
      expect(elsewhere.html).toContain('data-consent=""');
    });

    it('takes a browser without Sec-Fetch-Site by its Origin, and goes home without a referrer', async () => {
      const response = await post('choice=granted', { origin: 'http://wellness.localhost' });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/');
      expect(readConsent('wellness', String(response.headers['set-cookie']).split(';')[0]!)).toBe('granted');
    });

    it("refuses another site's form: no one consents for the visitor", async () => {
      const forged: Record<string, string>[] = [
        { 'sec-fetch-site': 'cross-site' },
        { origin: 'https://evil.example' },
        {},
      ];
      for (const headers of forged) {
        const response = await post('choice=granted', headers);
        expect(response.statusCode).toBe(403);
        expect(response.headers['set-cookie']).toBeUndefined();
      }
    });

    it('answers 400 naming the field for a choice it does not know', async () => {
      const response = await post('choice=maybe', { 'sec-fetch-site': 'same-origin' });
      expect(response.statusCode).toBe(400);
      expect(response.body).toMatch(/^choice: /);
      expect(response.headers['set-cookie']).toBeUndefined();
    });
  });

  it('draws a page that does not exist as the app does, with its 404', async () => {
    const page = await get('/no-such-page');
    expect(page.status).toBe(404);
    expect(page.h1).toBe('Page not found');
    expect(page.app).toContain('<header');
  });
});

describe('a page drawer that fails', () => {
  let db: Awaited<ReturnType<(typeof databases)[number]['open']>>;
  let app: FastifyInstance;
  let root: string;

  beforeAll(async () => {
    db = await databases[0]!.open();
    await migrate(db);
    root = await mkdtemp(join(tmpdir(), 'wellspring-site-drawn-'));
    await mkdir(join(root, 'dist', 'app'), { recursive: true });
    await mkdir(join(root, 'dist', 'render'), { recursive: true });
    await mkdir(join(root, 'media'));
    await writeFile(join(root, 'dist', 'app', 'index.html'), SHELL);
    await writeFile(
      join(root, 'dist', 'render', 'render.js'),
      'export async function drawPage() { throw new Error("broken drawer"); }\n',
    );
    app = await buildApp({
      db,
      site: {
        distDir: join(root, 'dist'),
        demoDir: root,
        mediaDir: join(root, 'media'),
        tenant: builtInTenants.wellness,
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('serves the page undrawn, for the app to draw', async () => {
    const response = await app.inject({ url: '/', headers: { host: 'wellness.localhost' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="app"></div>');
    expect(response.body).not.toContain(PAGE_CONTENT_ID);
    // The app must draw it: its code is the page, at the browser's usual priority.
    expect(response.body).toMatch(/<script nonce="[^"]+" type="module" src="\/main.js">/);
  });
});
