import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { migrate } from '../../server/db/migrate';
import { databases } from './databases';

const SPA = { publisherid: '1' };
const MINUTE = 60_000;

// Counted in each instance's memory: one database is enough.
describe.each(databases.slice(0, 1))('global rate limits per route class on $name', ({ open }) => {
  let db: Awaited<ReturnType<(typeof databases)[number]['open']>>;
  let app: FastifyInstance;
  let defaults: FastifyInstance;
  let unlimited: FastifyInstance;
  let client = 0;
  const nextAddress = () => `10.20.${Math.floor(++client / 250)}.${client % 250}`;

  const get = (target: FastifyInstance, url: string, remoteAddress: string) =>
    target.inject({ method: 'GET', url, headers: SPA, remoteAddress });
  const statuses = async (target: FastifyInstance, urls: string[], remoteAddress: string) => {
    const codes: number[] = [];
    for (const url of urls) codes.push((await get(target, url, remoteAddress)).statusCode);
    return codes;
  };

  beforeAll(async () => {
    db = await open();
    await migrate(db);
    app = await buildApp({
      db,
      rateLimits: {
        search: { max: 3, windowMs: MINUTE },
        content: { max: 2, windowMs: MINUTE },
        images: { max: 2, windowMs: MINUTE },
        writes: { max: 2, windowMs: MINUTE },
      },
    });
    defaults = await buildApp({ db });
    unlimited = await buildApp({
      db,
      rateLimits: { search: false, content: false, images: false, writes: false },
    });
  });
  afterAll(async () => {
    await app?.close();
    await defaults?.close();
    await unlimited?.close();
    await db?.drop();
  });

  it('answers 429 with Retry-After past the search limit, counting every search route together', async () => {
    const address = nextAddress();
    const codes = await statuses(
      app,
      ['/api/merchants?location=Austin', '/api/geo/Austin', '/api/autocomplete?criteria={"query":"ma"}'],
      address,
    );
    expect(codes).not.toContain(429);
    const refused = await get(app, '/api/services?location=Austin', address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({
      error: expect.stringMatching(/^Too many requests\. Please try again in /),
    });
  });

  it('counts each class apart: a client past the search limit still gets content and images', async () => {
    const address = nextAddress();
    await statuses(app, Array(4).fill('/api/geo/Austin'), address);
    expect((await get(app, '/api/geo/Austin', address)).statusCode).toBe(429);
    expect((await get(app, '/api/tenants/spa', address)).statusCode).toBe(200);
    expect(
      (await get(app, '/api/images?url=/media/spa-1.svg&width=360&height=260', address)).statusCode,
    ).toBe(200);
  });

  it('limits content (/wordpress, /content, /tenants) and images (/images, /tiles)', async () => {
    const address = nextAddress();
    const content = await statuses(
      app,
      ['/api/tenants/spa', '/api/wordpress/menu?tenant=spa&query=header', '/api/content/massage?tenant=spa'],
      address,
    );
    expect(content.slice(0, 2)).not.toContain(429);
    expect(content[2]).toBe(429);
    const images = await statuses(
      app,
      [
        '/api/tiles/1/0/0.png',
        '/api/images?url=/media/spa-1.svg&width=360&height=260',
        '/api/tiles/1/1/0.png',
      ],
      address,
    );
    expect(images.slice(0, 2)).not.toContain(429);
    expect(images[2]).toBe(429);
  });

  it('limits every POST as a write, before the body is read', async () => {
    const address = nextAddress();
    const post = (url: string) =>
      app.inject({ method: 'POST', url, headers: SPA, payload: {}, remoteAddress: address });
    const codes = [
      (await post('/api/shareOfferByEmail')).statusCode,
      (await post('/api/gift-cards/balance')).statusCode,
      (await post('/api/contact')).statusCode,
      (await post('/api/merchants/1/contact')).statusCode,
    ];
    expect(codes.slice(0, 2)).not.toContain(429);
    expect(codes.slice(2)).toEqual([429, 429]);
  });

  it('keys on the client: another address is not limited, and one IPv6 /64 is one client', async () => {
    const a = '2001:db8:1:2::1';
    const b = '2001:db8:1:2:ffff::7';
    const other = '2001:db8:1:3::1';
    await statuses(app, Array(3).fill('/api/geo/Austin'), a);
    expect((await get(app, '/api/geo/Austin', b)).statusCode).toBe(429);
    expect((await get(app, '/api/geo/Austin', other)).statusCode).not.toBe(429);
    expect((await get(app, '/api/geo/Austin', nextAddress())).statusCode).not.toBe(429);
  });

  it('never limits /api/health', async () => {
    const address = nextAddress();
    const codes = await statuses(app, Array(20).fill('/api/health'), address);
    expect(codes.every((code) => code === 200)).toBe(true);
  });

  it('says nothing about the count on answers under the limit (a cache may keep them)', async () => {
    const answer = await get(app, '/api/tenants/spa', nextAddress());
    expect(answer.statusCode).toBe(200);
    expect(Object.keys(answer.headers).filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
  });

  it('a limit set to off does not count', async () => {
    const address = nextAddress();
    const codes = await statuses(unlimited, Array(30).fill('/api/tenants/spa'), address);
    expect(codes.every((code) => code === 200)).toBe(true);
  });

  it('the defaults leave a real visitor room: autocomplete per keystroke and a long infinite scroll', async () => {
    const address = nextAddress();
    const typed = 'massage and hot stone therapy near austin texas';
    const urls = [
      ...Array.from(
        { length: typed.length },
        (_, i) =>
          `/api/autocomplete?criteria=${encodeURIComponent(JSON.stringify({ query: typed.slice(0, i + 1) }))}`,
      ),
      ...Array.from({ length: 40 }, (_, page) => `/api/merchants?location=Austin&page=${page}`),
    ];
    const codes = await statuses(defaults, urls, address);
    expect(codes).not.toContain(429);
  });
});
