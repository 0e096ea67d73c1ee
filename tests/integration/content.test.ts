import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { createFileContentSource, createWordPressSource, type ContentSource } from '../../server/content';
import { FILE_CONTENT } from '../../server/content/files';
import { migrate } from '../../server/db/migrate';
import { installErrorHandler } from '../../server/http';
import { contentRoutes } from '../../server/routes/content';
import { createTenantService } from '../../server/tenants';
import { WELLNESS_BRANDS } from '../../src/domain/catalog';
import {
  HOME_MODULE_KINDS,
  MARKETING_PAGE_SLUGS,
  modulesOf,
  type ContentPage,
  type MenuItem,
} from '../../src/domain/content';
import { decodeFilters } from '../../src/domain/filters';
import { findPathKeywords } from '../../src/domain/find-keywords';
import { matchRoute } from '../../src/domain/routes';
import { builtInTenants, TENANT_NAMES } from '../../src/tenant';
import { databases } from './databases';

const MEDIA_DIR = join(import.meta.dirname, '../../server/media');
const wellness = { publisherid: '13' };
const spa = { publisherid: '1' };

const silentLog = { warn: () => {} };
const noDocuments = {
  get: async () => null,
  set: async () => {},
  delete: async () => {},
  list: async () => [],
};

/** The content plugin alone on a bare Fastify, as app.ts mounts it under /api. */
async function contentApp(source: ContentSource): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(
    async (api) => {
      installErrorHandler(api);
      await api.register(contentRoutes, { tenants: createTenantService(noDocuments, silentLog), source });
    },
    { prefix: '/api' },
  );
  return app;
}

/** Every string in a value, with the key it sits under. */
function* strings(value: unknown, key = ''): Generator<[key: string, text: string]> {
  if (typeof value === 'string') yield [key, value];
  else if (Array.isArray(value)) for (const item of value) yield* strings(item, key);
  else if (value && typeof value === 'object')
    for (const [childKey, child] of Object.entries(value)) yield* strings(child, childKey);
}

const flatten = (items: MenuItem[]): MenuItem[] => items.flatMap((item) => [item, ...flatten(item.children)]);

describe('content API on the files in the repo', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await contentApp(createFileContentSource());
  });
  afterAll(() => app.close());

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });

  describe('GET /api/wordpress/menu', () => {
    it.each(['wellness', 'spa'])('serves the header and footer menus of %s', async (tenant) => {
      for (const type of ['header', 'footer']) {
        const response = await get(`/api/wordpress/menu?query=${type}&tenant=${tenant}`);
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=300');
        const items: MenuItem[] = response.json();
        expect(items.length).toBeGreaterThan(2);
        for (const item of flatten(items)) {
          expect(item).toEqual({
            ID: expect.any(Number),
            title: expect.any(String),
            url: expect.any(String),
            children: expect.any(Array),
          });
        }
      }
    });

    it("answers 'main' (the tenant default menuType) with the header menu", async () => {
      const main = await get('/api/wordpress/menu?query=main', spa);
      expect(main.json()).toEqual((await get('/api/wordpress/menu?query=header', spa)).json());
    });

    it("fails an unknown menu with 'No Menu Content'", async () => {
      const response = await get('/api/wordpress/menu?query=sidebar&tenant=spa');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'No Menu Content' });
    });

    it('links every menu item of every tenant to a route the host app knows', async () => {
      for (const name of TENANT_NAMES) {
        const tenant = builtInTenants[name];
        for (const type of ['header', 'footer']) {
          const items: MenuItem[] = (await get(`/api/wordpress/menu?query=${type}&tenant=${name}`)).json();
          for (const { url } of flatten(items)) {
            expect(matchRoute(url, tenant.listingRouteName).page, `${name} ${type}: ${url}`).not.toBe(
              'notFound',
            );
          }
        }
      }
    });

    it('links the wellness brands to /search with the brand as business type', async () => {
      const items: MenuItem[] = (await get('/api/wordpress/menu?query=header', wellness)).json();
      const brands = items.find((item) => item.title === 'Our Brands')!.children;
      expect(
        brands.map((item) => decodeFilters(new URL(item.url, 'http://x').searchParams.get('filters'))),
      ).toEqual(WELLNESS_BRANDS.map((brand) => ({ businessTypes: [brand] })));
    });
  });

  describe('GET /api/wordpress/homepage', () => {
    it('serves the wellness gift-card hero, the four business-type cards and the retailers', async () => {
      const response = await get('/api/wordpress/homepage', wellness);
      expect(response.statusCode).toBe(200);
      const home: ContentPage = response.json();
      expect(home['custom-fields'].modules.map((module) => module.acf_fc_layout)).toEqual([
        'gift_card_hero',
        'business_types',
        'retailers',
      ]);
      expect(modulesOf(home, 'gift_card_hero')[0]).toMatchObject({
        title: 'GIVE THE WELLNESS CARD',
        button_text: 'on sale now!',
        link: '/wellness-card-coming-soon',
      });
      const cards = modulesOf(home, 'business_types')[0]!.cards;
      expect(cards.map((card) => card.business_type)).toEqual([...WELLNESS_BRANDS]);
      for (const card of cards) {
        const url = new URL(card.link, 'http://x');
        expect(url.pathname).toBe('/search');
        expect(decodeFilters(url.searchParams.get('filters'))).toEqual({
          businessTypes: [card.business_type],
        });
      }
      const retailers = modulesOf(home, 'retailers')[0]!;
      expect(retailers.in_store.map((retailer) => retailer.name)).toEqual(['Fieldstone Market']);
      expect(retailers.online).toHaveLength(3);
    });

    it('serves the spa home with the hero carousel, offers, blog and partner info', async () => {
      const home: ContentPage = (await get('/api/wordpress/homepage?tenant=spa')).json();
      const kinds = home['custom-fields'].modules.map((module) => module.acf_fc_layout);
      expect(kinds).toEqual(
        expect.arrayContaining(['carousel_search', 'offers', 'knowledge', 'subscribe', 'partner_info']),
      );
      const slides = modulesOf(home, 'carousel_search')[0]!.slides;
      expect(slides.length).toBeGreaterThanOrEqual(2);
      for (const slide of slides) {
        expect(Object.keys(slide).sort()).toEqual(
          [
            'alt_text',
            'background',
            'blur',
            'gradient',
            'image',
            'image_mobile',
            'link',
            'overlay',
            'slide_title',
            'slide_title_mobile',
          ].sort(),
        );
      }
      expect(modulesOf(home, 'offers')[0]!.limit).toBe(8);
      expect(home.blog_posts.length).toBeGreaterThanOrEqual(3);
      expect(home.blog_posts.length).toBeLessThanOrEqual(6);
      expect(home.yoast).toMatchObject({ title: expect.any(String), canonical: '/', sitemap: true });
    });

    it('uses every home module kind of spec 2.8 somewhere', async () => {
      const used = new Set<string>();
      for (const content of Object.values(FILE_CONTENT)) {
        for (const item of [content.homepage, ...content.destinations, ...content.pages, ...content.services])
          for (const module of item['custom-fields'].modules) used.add(module.acf_fc_layout);
      }
      expect([...HOME_MODULE_KINDS].filter((kind) => !used.has(kind))).toEqual([]);
    });

    it('leads every blog post to service content through its find path', async () => {
      for (const name of TENANT_NAMES) {
        const home: ContentPage = (await get(`/api/wordpress/homepage?tenant=${name}`)).json();
        for (const post of home.blog_posts) {
          const keywords = findPathKeywords(post.link);
          expect(keywords, post.link).not.toBeNull();
          const response = await get(`/api/content/${encodeURIComponent(keywords!)}?tenant=${name}`);
          expect(response.statusCode, `${name} ${post.link}`).toBe(200);
        }
      }
    });
  });

  describe('GET /api/wordpress/tags', () => {
    it.each([['wellness'], ['spa']])('serves the tags of %s', async (tenant) => {
      const response = await get(`/api/wordpress/tags?tenant=${tenant}`);
      expect(response.statusCode).toBe(200);
      const tags = response.json();
      expect(tags.length).toBeGreaterThan(3);
      expect(tags[0]).toEqual({
        id: expect.any(Number),
        name: expect.any(String),
        slug: expect.any(String),
        count: expect.any(Number),
      });
    });
  });

  describe('GET /api/content/{keywords}', () => {
    it('serves service content by keywords or by find path segment', async () => {
      for (const keywords of ['Yoga%20Classes', 'yoga-classes', 'yoga', 'YOGA%20CLASSES']) {
        const response = await get(`/api/content/${keywords}`, spa);
        expect(response.statusCode, keywords).toBe(200);
        expect(response.json().keywords).toBe('Yoga Classes');
      }
      const massages: ContentPage = (await get('/api/content/massage?tenant=wellness')).json();
      expect(massages.keywords).toBe('Massages');
      expect(modulesOf(massages, 'faq')[0]!.items.length).toBeGreaterThan(0);
    });

    it('has content for the find keywords of each tenant, each under its own find path', () => {
      for (const content of Object.values(FILE_CONTENT)) {
        for (const service of content.services) expect(findPathKeywords(service.slug)).toBe(service.keywords);
      }
      expect(FILE_CONTENT.spa.services.map((service) => service.keywords)).toEqual(
        expect.arrayContaining([
          'Massages',
          'Facials',
          'Ayurveda',
          'Yoga Classes',
          'Pilates Classes',
          'Botox',
          'Acupuncture',
          'Waxing',
          'Manicure',
        ]),
      );
    });

    it("fails keywords without content with 'No Service Content'", async () => {
      for (const url of [
        '/api/content/Botox?tenant=wellness',
        '/api/content/Underwater%20Basket%20Weaving?tenant=spa',
      ]) {
        const response = await get(url);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: 'No Service Content' });
      }
    });
  });

  describe('GET /api/wordpress/destinations', () => {
    it('serves a destination with its search term and navigation', async () => {
      const response = await get('/api/wordpress/destinations?query=austin-tx', spa);
      expect(response.statusCode).toBe(200);
      const austin: ContentPage = response.json();
      expect(austin['search-term']).toBe('austin-tx');
      expect(austin.destinations_nav.map((item) => item.term)).toEqual(
        expect.arrayContaining(['austin-tx', 'new-york-ny', 'miami-fl']),
      );
      for (const item of austin.destinations_nav) expect(matchRoute(item.url, 'spa').page).toBe('bestOf');
      expect(modulesOf(austin, 'destinations_header')).toHaveLength(1);
      const toronto = await get('/api/wordpress/destinations?query=toronto-on&tenant=spa-canada');
      expect(toronto.json()['search-term']).toBe('toronto-on');
    });

    it("fails unknown terms with 'No Destination Content'", async () => {
      for (const url of [
        '/api/wordpress/destinations?query=toronto-on&tenant=spa',
        '/api/wordpress/destinations?query=austin-tx&tenant=wellness',
      ]) {
        const response = await get(url);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: 'No Destination Content' });
      }
    });
  });

  describe('GET /api/wordpress/page', () => {
    it('serves every marketing page of every tenant', async () => {
      for (const name of TENANT_NAMES) {
        for (const slug of MARKETING_PAGE_SLUGS) {
          const response = await get(`/api/wordpress/page?query=${slug}&tenant=${name}`);
          expect(response.statusCode, `${name} ${slug}`).toBe(200);
          const page: ContentPage = response.json();
          expect(page.slug).toBe(slug);
          expect(page['custom-fields'].modules.length).toBeGreaterThan(1);
          expect(page.yoast.description.length).toBeGreaterThan(20);
        }
      }
    });

    it('gives the contact pages a contact form with topics', async () => {
      for (const headers of [wellness, spa]) {
        const page: ContentPage = (await get('/api/wordpress/page?query=contactUs', headers)).json();
        const form = modulesOf(page, 'contact_form')[0]!;
        expect(form.topics.map((topic) => topic.value)).toEqual(
          expect.arrayContaining(['sales', 'corporate-sales']),
        );
      }
    });

    it('writes each tenant its own copy', async () => {
      const titles = await Promise.all(
        TENANT_NAMES.map(
          async (name) => (await get(`/api/wordpress/page?query=about&tenant=${name}`)).json().title,
        ),
      );
      expect(new Set(titles).size).toBe(TENANT_NAMES.length);
    });

    it("fails unknown pages with 'No Page Content'", async () => {
      const response = await get('/api/wordpress/page?query=no-such-page', wellness);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'No Page Content' });
    });
  });

  describe('links and images', () => {
    it('uses only images that exist under server/media', () => {
      for (const [name, content] of Object.entries(FILE_CONTENT)) {
        for (const [key, text] of strings(content)) {
          if (/(^|_)image(_mobile)?$/.test(key) && text) expect(text, `${name} ${key}`).toMatch(/^\/media\//);
          for (const path of text.match(/\/media\/[\w./-]+/g) ?? [])
            expect(existsSync(join(MEDIA_DIR, path.slice('/media/'.length))), `${name}: ${path}`).toBe(true);
        }
      }
    });

    it('links inside the site only to routes the host app knows (or the purchase link)', () => {
      for (const [name, content] of Object.entries(FILE_CONTENT)) {
        const tenant = builtInTenants[name as keyof typeof builtInTenants];
        for (const [key, text] of strings(content)) {
          const links = ['link', 'url'].includes(key)
            ? [text]
            : [...text.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);
          for (const link of links.filter((item) => item.startsWith('/'))) {
            if (link === tenant.endpoints.purchaseLink) continue;
            expect(matchRoute(link, tenant.listingRouteName).page, `${name}: ${link}`).not.toBe('notFound');
          }
        }
      }
    });
  });

  describe('the tenant of a call', () => {
    it('comes from the publisherId header', async () => {
      expect(
        (await get('/api/wordpress/homepage', wellness)).json()['custom-fields'].modules[0].acf_fc_layout,
      ).toBe('gift_card_hero');
      expect((await get('/api/wordpress/page?query=about', spa)).json().title).toBe('About SpaHaven');
      expect((await get('/api/wordpress/page?query=about', { publisherid: '6' })).json().title).toBe(
        'About Main Street Local',
      );
    });

    it('comes from the tenant query parameter first', async () => {
      const response = await get('/api/wordpress/page?query=about&tenant=spa-canada', wellness);
      expect(response.json().title).toBe('About SpaHaven Canada');
      expect(response.headers.vary).toContain('publisherId');
    });

    it('ignores the page query string the browser appends', async () => {
      const response = await get('/api/wordpress/homepage?tenant=spa&utm_source=mail&filters=abc');
      expect(response.statusCode).toBe(200);
    });
  });

  describe('bad input', () => {
    it.each([
      ['/api/wordpress/menu?tenant=spa', 'query'],
      ['/api/wordpress/menu?query=&tenant=spa', 'query'],
      [`/api/wordpress/page?query=${'a'.repeat(61)}&tenant=spa`, 'query'],
      ['/api/wordpress/page?query=..%2Fetc%2Fpasswd&tenant=spa', 'query'],
      ['/api/wordpress/destinations?query=austin%20tx&tenant=spa', 'query'],
      ['/api/wordpress/destinations?query=a&query=b&tenant=spa', 'query'],
      ['/api/wordpress/homepage?tenant=acme', 'tenant'],
      ['/api/wordpress/tags?tenant=SPA', 'tenant'],
      ['/api/content/%3Cscript%3E?tenant=spa', 'keywords'],
      [`/api/content/${'a'.repeat(81)}?tenant=spa`, 'keywords'],
      ['/api/wordpress/homepage', 'publisherId'],
    ])('%s is a 400 naming %s', async (url, field) => {
      const response = await get(url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field, error: expect.stringContaining(field) });
    });

    it('rejects an unknown publisher', async () => {
      const response = await get('/api/wordpress/homepage', { publisherid: '99' });
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toBe('publisherId');
    });
  });
});

describe('content API on a source with empty or foreign content', () => {
  const empty: ContentPage = {
    ...FILE_CONTENT.spa.homepage,
    blog_posts: [],
    'custom-fields': { modules: [] },
  };
  const html = '<p onclick="alert(1)">Hi<script>alert(2)</script><a href="javascript:alert(3)">x</a></p>';
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await contentApp({
      menu: async () => [],
      homepage: async () => empty,
      tags: async () => [],
      // Answers its nearest page, which is for other keywords.
      serviceContent: async () => FILE_CONTENT.spa.services[0]!,
      destination: async () => null,
      destinationTerms: async () => [],
      page: async () => ({
        ...empty,
        'custom-fields': { modules: [{ acf_fc_layout: 'text', title: '', content: html }] },
      }),
    });
  });
  afterAll(() => app.close());

  it.each([
    ['/api/wordpress/menu?query=header', 'No Menu Content'],
    ['/api/wordpress/homepage', 'No Homepage Content'],
    ['/api/content/Facials', 'No Service Content'],
    ['/api/wordpress/destinations?query=austin-tx', 'No Destination Content'],
  ])('%s fails with %s', async (url, error) => {
    const response = await app.inject({ url, headers: spa });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error });
  });

  it('answers no tags with an empty list', async () => {
    expect((await app.inject({ url: '/api/wordpress/tags', headers: spa })).json()).toEqual([]);
  });

  it('passes CMS HTML through untouched (it is sanitised where it is inserted)', async () => {
    const page: ContentPage = (
      await app.inject({ url: '/api/wordpress/page?query=about', headers: spa })
    ).json();
    expect(modulesOf(page, 'text')[0]!.content).toBe(html);
  });
});

// ---------------------------------------------------------------------------------------------
// WordPress

/** A fake WordPress multisite on 127.0.0.1: its answers carry a version, and it can fail or hang. */
class FakeWordPress {
  version = 1;
  mode: 'ok' | 'error' | 'slow' = 'ok';
  hits = 0;
  private server: Server = createServer((request, response) => this.handle(request, response));

  listen(port: number) {
    return new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
  }

  close() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(request: IncomingMessage, response: ServerResponse) {
    this.hits++;
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (this.mode === 'error') return send(500, { code: 'internal_server_error' });
    if (this.mode === 'slow') return void setTimeout(() => send(200, []), 2_000).unref();
    const site = 'http://127.0.0.1:8180/spa';
    const path = url.pathname.replace(/^\/spa\/wp-json\//, '');
    const slug = url.searchParams.get('slug');
    const post = (fields: object) => ({
      id: 10 + this.version,
      slug,
      title: { rendered: `Spa &amp; Wellness &#8217;${slug}&#8217; v${this.version}` },
      acf: {
        modules: [{ acf_fc_layout: 'text', title: 'Intro', content: '<p>Hello <em>there</em></p>' }],
        ...fields,
      },
      yoast_head_json: {
        title: 'Spa &amp; Wellness',
        description: 'All about it',
        canonical: `${site}/${slug}/`,
        robots: { index: 'index', follow: 'follow' },
        og_image: [{ url: 'https://cms.example.com/a.jpg' }],
      },
      _embedded: { 'wp:term': [[{ id: 3, name: 'Massage', slug: 'massage', taxonomy: 'post_tag' }]] },
    });
    if (path === 'menus/v1/menus/header')
      return send(200, {
        items: [
          {
            ID: 1,
            title: 'Find a Spa',
            url: `${site}/search`,
            child_items: [{ ID: 2, title: 'Home', url: `${site}/` }],
          },
          { ID: 3, title: 'Elsewhere', url: 'https://example.org/x' },
        ],
      });
    if (path.startsWith('menus/')) return send(404, { code: 'not_found' });
    if (path === 'wp/v2/tags')
      return send(200, [{ id: 3, name: 'Hot &amp; Cold', slug: 'hot-cold', count: 2, link: 'x' }]);
    if (path === 'wp/v2/posts')
      return send(200, [
        {
          id: 7,
          slug: 'massages',
          date: '2025-03-04T10:00:00',
          title: { rendered: 'Massage 101' },
          excerpt: { rendered: '<p>Swedish or deep?</p>' },
          _embedded: {
            author: [{ name: 'Maya' }],
            'wp:featuredmedia': [{ source_url: 'https://cms.example.com/m.jpg', alt_text: 'A massage' }],
            'wp:term': [[{ id: 1, name: 'Treatments', slug: 'treatments', taxonomy: 'category' }], []],
          },
        },
      ]);
    if (path === 'wp/v2/pages' && (slug === 'home' || slug === 'about')) return send(200, [post({})]);
    if (path === 'wp/v2/service' && slug === 'yoga-classes')
      return send(200, [post({ keywords: 'Yoga Classes' })]);
    if (path === 'wp/v2/destination' && slug === 'austin-tx')
      return send(200, [
        post({
          'search-term': 'austin-tx',
          destinations_nav: [{ title: 'Austin, TX', term: 'austin-tx', url: '/best-of/austin-tx' }],
        }),
      ]);
    return send(200, []);
  }
}

describe('content API on WordPress', () => {
  const wordpress = new FakeWordPress();
  const policy = { maxAgeMs: 60_000, staleWhileRevalidateMs: 600_000, staleIfErrorMs: 86_400_000 };
  let clock = 0;
  const warn = vi.fn();
  let app: FastifyInstance;

  beforeAll(async () => {
    await wordpress.listen(8180);
    app = await contentApp(
      createWordPressSource({
        baseUrl: 'http://127.0.0.1:8180/{tenant}/',
        timeoutMs: 300,
        cache: policy,
        now: () => clock,
        log: { warn },
      }),
    );
  });
  afterAll(async () => {
    await app.close();
    await wordpress.close();
  });

  const get = (url: string) => app.inject({ url, headers: spa });
  const title = async (url: string) => (await get(url)).json().title as string;

  it('maps WordPress pages, posts, menus and tags to the CMS shapes', async () => {
    const home = await get('/api/wordpress/homepage');
    expect(home.statusCode).toBe(200);
    const page: ContentPage = home.json();
    expect(page.title).toBe('Spa & Wellness ’home’ v1');
    expect(page['custom-fields'].modules).toEqual([
      { acf_fc_layout: 'text', title: 'Intro', content: '<p>Hello <em>there</em></p>' },
    ]);
    expect(page.tags).toEqual(['massage']);
    expect(page.yoast).toMatchObject({
      title: 'Spa & Wellness',
      robots: 'index, follow',
      sitemap: true,
      social_image: 'https://cms.example.com/a.jpg',
    });
    expect(page.blog_posts).toEqual([
      {
        id: 7,
        slug: 'massages',
        title: 'Massage 101',
        excerpt: '<p>Swedish or deep?</p>',
        date: '2025-03-04',
        author: 'Maya',
        image: 'https://cms.example.com/m.jpg',
        alt_text: 'A massage',
        link: '/find/massages',
        category: { id: 1, name: 'Treatments', slug: 'treatments' },
        tags: [],
      },
    ]);
    expect((await get('/api/wordpress/menu?query=header')).json()).toEqual([
      {
        ID: 1,
        title: 'Find a Spa',
        url: '/search',
        children: [{ ID: 2, title: 'Home', url: '/', children: [] }],
      },
      { ID: 3, title: 'Elsewhere', url: 'https://example.org/x', children: [] },
    ]);
    expect((await get('/api/wordpress/tags')).json()).toEqual([
      { id: 3, name: 'Hot & Cold', slug: 'hot-cold', count: 2 },
    ]);
    expect((await get('/api/content/yoga-classes')).json().keywords).toBe('Yoga Classes');
    expect((await get('/api/wordpress/destinations?query=austin-tx')).json()['search-term']).toBe(
      'austin-tx',
    );
  });

  it('answers the spec texts for what WordPress does not have', async () => {
    const cases = [
      ['/api/wordpress/menu?query=footer', 'No Menu Content'],
      ['/api/content/Botox', 'No Service Content'],
      ['/api/wordpress/destinations?query=miami-fl', 'No Destination Content'],
      ['/api/wordpress/page?query=pricing', 'No Page Content'],
    ];
    for (const [url, error] of cases) {
      const response = await get(url!);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ error });
    }
  });

  it('serves fresh content from the cache without asking WordPress', async () => {
    expect(await title('/api/wordpress/page?query=about')).toBe('Spa & Wellness ’about’ v1');
    wordpress.version = 2;
    const hits = wordpress.hits;
    clock += policy.maxAgeMs - 1;
    expect(await title('/api/wordpress/page?query=about')).toBe('Spa & Wellness ’about’ v1');
    expect(wordpress.hits).toBe(hits);
  });

  it('serves stale content while it revalidates, then the fresh content', async () => {
    clock += 2;
    const hits = wordpress.hits;
    expect(await title('/api/wordpress/page?query=about')).toBe('Spa & Wellness ’about’ v1');
    await vi.waitFor(() => expect(wordpress.hits).toBe(hits + 1));
    await vi.waitFor(async () =>
      expect(await title('/api/wordpress/page?query=about')).toBe('Spa & Wellness ’about’ v2'),
    );
  });

  it('serves the last good content when WordPress answers 500', async () => {
    wordpress.mode = 'error';
    clock += policy.maxAgeMs + policy.staleWhileRevalidateMs + 1;
    const response = await get('/api/wordpress/page?query=about');
    expect(response.statusCode).toBe(200);
    expect(response.json().title).toBe('Spa & Wellness ’about’ v2');
    expect(warn).toHaveBeenCalled();
  });

  it('serves the last good content when WordPress times out', async () => {
    wordpress.mode = 'slow';
    const started = performance.now();
    const response = await get('/api/wordpress/page?query=about');
    expect(response.json().title).toBe('Spa & Wellness ’about’ v2');
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  it('fails with a 500, not a 404, when WordPress is down and nothing is cached', async () => {
    wordpress.mode = 'error';
    const response = await get('/api/wordpress/page?query=elite');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });

  it('gives up stale content once it is older than stale-if-error allows', async () => {
    clock += policy.staleIfErrorMs;
    expect((await get('/api/wordpress/page?query=about')).statusCode).toBe(500);
  });

  it('serves fresh content again once WordPress is back', async () => {
    wordpress.mode = 'ok';
    wordpress.version = 3;
    expect(await title('/api/wordpress/page?query=about')).toBe('Spa & Wellness ’about’ v3');
  });
});

describe.each(databases.slice(0, 1))('content API in the app on $name', ({ open }) => {
  let db: Awaited<ReturnType<(typeof databases)[number]['open']>>;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await open();
    await migrate(db);
    app = await buildApp({ db });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('is mounted under /api with the files source by default', async () => {
    const response = await app.inject({ url: '/api/wordpress/homepage', headers: wellness });
    expect(response.statusCode).toBe(200);
    expect(response.json()['custom-fields'].modules[0].acf_fc_layout).toBe('gift_card_hero');
  });
});
