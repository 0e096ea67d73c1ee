/**
 * Caching a CDN can use (issue 16): the public GET answers carry an ETag and a Cache-Control
 * suited to each, a matching If-None-Match gets 304 without a body, Vary names the tenant
 * headers, and the in-process result cache forgets its answers when tenant settings change on
 * any instance sharing the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../server/app';
import { migrate } from '../../server/db/migrate';
import { ensureSeeded } from '../../server/seed/load';
import { databases, type SharedDatabase } from './databases';
import { recordingQueries } from './helpers';

const LISTINGS = 1_500;
const TOKEN = 'test-admin-token-cache-0123456789';
const spa = { publisherid: '1' };
const wellness = { publisherid: '13' };
const merchantsUrl = '/api/merchants?location=Austin%2C%20TX&distance=50&size=12';

describe.each(databases)('HTTP caching on $name', (database) => {
  let shared: SharedDatabase;
  let one: FastifyInstance;
  let other: FastifyInstance;
  let offerId: number;

  beforeAll(async () => {
    shared = await database.openTwice();
    await migrate(shared.first);
    await ensureSeeded(shared.first, { count: LISTINGS, now: new Date() });
    one = await buildApp({ db: shared.first, adminToken: TOKEN });
    other = await buildApp({ db: shared.second, adminToken: TOKEN });
    const offers = await one.inject({ url: '/api/offers?size=1', headers: spa });
    offerId = (offers.json() as { items: { id: number }[] }).items[0]!.id;
  });
  afterAll(async () => {
    await one?.close();
    await other?.close();
    await shared?.drop();
  });

  const cases: {
    name: string;
    url: () => string;
    headers: Record<string, string>;
    maxAge: number;
    vary: boolean;
  }[] = [
    { name: 'search', url: () => merchantsUrl, headers: spa, maxAge: 60, vary: true },
    {
      name: 'services',
      url: () => `/api/services?url=${encodeURIComponent(merchantsUrl.slice('/api'.length))}`,
      headers: spa,
      maxAge: 60,
      vary: true,
    },
    {
      name: 'autocomplete',
      url: () => '/api/autocomplete?criteria=mas',
      headers: spa,
      maxAge: 300,
      vary: true,
    },
    { name: 'content', url: () => '/api/wordpress/homepage', headers: wellness, maxAge: 300, vary: true },
    { name: 'offers', url: () => '/api/offers?size=6', headers: spa, maxAge: 60, vary: true },
    { name: 'an offer', url: () => `/api/offers/${offerId}`, headers: spa, maxAge: 60, vary: true },
    {
      name: 'an offer with its listing',
      url: () => `/api/offers/${offerId}?include=listing`,
      headers: spa,
      maxAge: 60,
      vary: true,
    },
    { name: 'tenants', url: () => '/api/tenants/spa', headers: {}, maxAge: 60, vary: false },
  ];

  describe.each(cases)('$name', ({ url, headers, maxAge, vary }) => {
    let first: LightMyRequestResponse;
    beforeAll(async () => {
      first = await one.inject({ url: url(), headers });
    });

    it('carries a weak ETag, a public Cache-Control and Vary naming the tenant headers', () => {
      expect(first.statusCode).toBe(200);
      expect(first.headers.etag).toMatch(/^W\/"[\w-]{20,}"$/);
      expect(first.headers['cache-control']).toContain('public');
      expect(first.headers['cache-control']).toContain(`max-age=${maxAge}`);
      if (vary)
        expect(String(first.headers.vary).split(/,\s*/)).toEqual(
          expect.arrayContaining(['publisherId', 'includedPrograms']),
        );
    });

    it('answers 304 without a body for a matching If-None-Match, on any instance', async () => {
      for (const app of [one, other]) {
        const again = await app.inject({
          url: url(),
          headers: { ...headers, 'if-none-match': first.headers.etag! },
        });
        expect(again.statusCode).toBe(304);
        expect(again.body).toBe('');
        expect(again.headers.etag).toBe(first.headers.etag);
        expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
      }
      // Any of several tags, weak or strong, as a CDN may send them.
      const list = await one.inject({
        url: url(),
        headers: { ...headers, 'if-none-match': `"other", ${first.headers.etag!.replace('W/', '')}` },
      });
      expect(list.statusCode).toBe(304);
    });

    it('answers the whole body for a tag that does not match', async () => {
      const changed = await one.inject({
        url: url(),
        headers: { ...headers, 'if-none-match': 'W/"not-this-one"' },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.body).toBe(first.body);
    });
  });

  it('gives another publisher its own answer and tag for the same URL', async () => {
    const a = await one.inject({ url: '/api/autocomplete?criteria=spa', headers: spa });
    const b = await one.inject({ url: '/api/autocomplete?criteria=spa', headers: wellness });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.headers.etag).not.toBe(b.headers.etag);
  });

  it('never marks errors or private answers cacheable', async () => {
    const bad = await one.inject({ url: '/api/merchants?distance=7', headers: spa });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers.etag).toBeUndefined();
    const health = await one.inject({ url: '/api/health' });
    expect(health.headers['cache-control']).toBe('no-store');
    expect(health.headers.etag).toBeUndefined();
  });

  it("keeps a search's count for its other pages, sorts and services, its keyword plan for any search of its words", async () => {
    const { db, asked } = recordingQueries(shared.first);
    const texts = () => asked.map(({ text }) => text);
    const app = await buildApp({ db, adminToken: TOKEN });
    try {
      const search = async (query: string) => {
        const answer = await app.inject({
          url: `/api/merchants?location=Austin%2C%20TX&distance=50&keywords=massage&size=2&${query}`,
          headers: spa,
        });
        expect(answer.statusCode).toBe(200);
        return answer.json() as { totalHits: number; items: { merchantId: number }[] };
      };
      const lookups = () => texts().filter((text) => text.includes('search_vocabulary')).length;
      // Statements that count the search: the count alone, or a page counted on the way.
      const counts = () =>
        texts().filter((text) => text.includes('as counted') || text.includes('count(*) over ()')).length;

      const first = await search('sort=distance&page=0');
      expect([lookups(), counts()]).toEqual([1, 1]);
      // The first page by distance counts on the way: one statement, no count apart.
      expect(texts().filter((text) => text.includes('as counted'))).toEqual([]);
      expect(first.totalHits).toBeGreaterThan(2);
      // The next page: its rows read, the plan and the count as the first page had them.
      const second = await search('sort=distance&page=1');
      expect([lookups(), counts()]).toEqual([1, 1]);
      expect(second.totalHits).toBe(first.totalHits);
      expect(second.items.length).toBeGreaterThan(0);
      const ids = new Set(first.items.map((item) => item.merchantId));
      expect(second.items.filter((item) => ids.has(item.merchantId))).toEqual([]);
      // Another sort and the service aggregations of the same search: no lookup again (a page by
      // relevance ranks every match, and counts them on the way).
      expect((await search('sort=relevance&page=0')).totalHits).toBe(first.totalHits);
      expect([lookups(), counts()]).toEqual([1, 2]);
      const services = await app.inject({
        url: `/api/services?url=${encodeURIComponent('/merchants?location=Austin, TX&distance=50&keywords=massage')}`,
        headers: spa,
      });
      expect(services.statusCode).toBe(200);
      expect(lookups()).toBe(1);
      // Another search of the same words, filtered or elsewhere, is counted for itself; its
      // keywords are planned once for every search of them.
      await search('sort=distance&page=0&hasOffers=true');
      expect([lookups(), counts()]).toEqual([1, 3]);
      const elsewhere = await app.inject({
        url: '/api/merchants?location=Dallas%2C%20TX&distance=50&keywords=massage&size=2&sort=distance',
        headers: spa,
      });
      expect(elsewhere.statusCode).toBe(200);
      expect([lookups(), counts()]).toEqual([1, 4]);
      // Other words, or the same words for another tenant (other programs, other synonyms).
      const facial = await app.inject({
        url: '/api/merchants?location=Austin%2C%20TX&distance=50&keywords=facial&size=2',
        headers: spa,
      });
      expect(facial.statusCode).toBe(200);
      expect(lookups()).toBe(2);
      const wellnessSearch = await app.inject({
        url: '/api/merchants?location=Austin%2C%20TX&distance=50&keywords=massage&size=2',
        headers: wellness,
      });
      expect(wellnessSearch.statusCode).toBe(200);
      expect(lookups()).toBe(3);
    } finally {
      await app.close();
    }
  });

  it('forgets cached search answers when a tenant setting changes through another instance', async () => {
    const url = '/api/merchants?keywords=zzqxjv&size=12';
    const before = await other.inject({ url, headers: spa });
    expect(before.json()).toMatchObject({ totalHits: 0 });
    // The same answer again (from the result cache): nothing has changed yet.
    expect((await other.inject({ url, headers: spa })).headers.etag).toBe(before.headers.etag);
    // Both tenants of publisher 1: the call's tenant is whichever covers its programs.
    const patch = (name: string, searchEnvironment: unknown) =>
      one.inject({
        method: 'PATCH',
        url: `/api/admin/tenants/${name}`,
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/merge-patch+json' },
        payload: JSON.stringify({ searchEnvironment }),
      });
    for (const name of ['spa', 'spa-canada']) {
      expect((await patch(name, { synonyms: [{ terms: ['zzqxjv', 'massage'] }] })).statusCode).toBe(200);
    }
    try {
      const after = await other.inject({ url, headers: spa });
      expect((after.json() as { totalHits: number }).totalHits).toBeGreaterThan(0);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      // The stale tag is no longer honoured.
      const revalidated = await other.inject({
        url,
        headers: { ...spa, 'if-none-match': before.headers.etag! },
      });
      expect(revalidated.statusCode).toBe(200);
    } finally {
      for (const name of ['spa', 'spa-canada']) await patch(name, { synonyms: null });
    }
  });
});
