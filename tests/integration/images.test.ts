import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { installErrorHandler } from '../../server/http';
import { imageRoutes } from '../../server/routes/images';
import { databases } from './databases';

const mediaDir = fileURLToPath(new URL('../../server/media', import.meta.url));
const MODERN = 'image/avif,image/webp,*/*';

const imagePath = (url: string, width: number | string = 360, height: number | string | null = 260) =>
  `/api/images?${new URLSearchParams({ url, width: String(width), ...(height === null ? {} : { height: String(height) }) })}`;

// The resizer needs no database, but the app does: one database is enough.
describe.each(databases.slice(0, 1))('GET /api/images on $name', ({ open }) => {
  let db: Awaited<ReturnType<(typeof databases)[number]['open']>>;
  let app: FastifyInstance;
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    db = await open();
    app = await buildApp({ db });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it.each([
    [MODERN, 'avif', 'image/avif'],
    ['image/webp,*/*', 'webp', 'image/webp'],
    ['*/*', 'jpeg', 'image/jpeg'],
  ])('for Accept %s sends %s at the requested size', async (accept, format, contentType) => {
    const response = await get(imagePath('/media/spa-3.svg'), { accept });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(contentType);
    expect(response.headers.vary).toMatch(/accept(?!-)/i);
    expect(response.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800');
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    const metadata = await sharp(response.rawPayload).metadata();
    // libheif reports avif as heif with the av1 compression.
    expect(metadata.format === 'heif' ? metadata.compression : metadata.format).toBe(
      format === 'avif' ? 'av1' : format,
    );
    expect([metadata.width, metadata.height]).toEqual([360, 260]);
  });

  it('keeps the aspect ratio without a height', async () => {
    // spa-3.svg is 720x520.
    const response = await get(imagePath('/media/spa-3.svg', 200, null), { accept: 'image/webp' });
    expect(response.statusCode).toBe(200);
    const { width, height } = await sharp(response.rawPayload).metadata();
    expect([width, height]).toEqual([200, 144]);
  });

  it('keeps transparency as png for clients without avif or webp', async () => {
    const response = await get(imagePath('/media/logo.svg', 240, 48), { accept: '*/*' });
    expect(response.headers['content-type']).toBe('image/png');
    expect((await sharp(response.rawPayload).stats()).isOpaque).toBe(false);
  });

  it('reads a png and an absolute URL back to this server', async () => {
    const png = await get(imagePath('/media/spa/apple-touch-icon.png', 64, 64), { accept: 'image/webp' });
    expect(png.statusCode).toBe(200);
    const own = await get(imagePath('http://localhost/media/spa-1.svg', 64, 64), { accept: 'image/webp' });
    expect(own.statusCode).toBe(200);
    expect((await sharp(own.rawPayload).metadata()).width).toBe(64);
  });

  it('serves a repeat from the cache with the same ETag, and 304 for If-None-Match', async () => {
    const path = imagePath('/media/spa-5.svg', 300, 200);
    const first = await get(path, { accept: MODERN });
    expect(first.headers['server-timing']).toBe('cache;desc=miss');
    // Server-Timing tells how the server found it; a duration would make a flaky test on a busy machine.
    const second = await get(path, { accept: MODERN });
    expect(second.headers['server-timing']).toBe('cache;desc=hit');
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);

    const revalidated = await get(path, { accept: MODERN, 'if-none-match': String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    expect(revalidated.headers.etag).toBe(first.headers.etag);
    // Another format is another representation: a different ETag.
    const webp = await get(path, { accept: 'image/webp', 'if-none-match': String(first.headers.etag) });
    expect(webp.statusCode).toBe(200);
    expect(webp.headers.etag).not.toBe(first.headers.etag);
  });

  it('makes one image for identical concurrent requests', async () => {
    const path = imagePath('/media/spa-7.svg', 410, 310);
    const responses = await Promise.all(Array.from({ length: 5 }, () => get(path, { accept: MODERN })));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const outcomes = responses.map((response) => response.headers['server-timing']).sort();
    expect(outcomes.filter((outcome) => outcome === 'cache;desc=miss')).toHaveLength(1);
    expect(new Set(responses.map((response) => response.headers.etag)).size).toBe(1);
  });

  it.each([
    'https://evil.example.com/x.png',
    'https://evil.example.com/media/x.png',
    '//evil.example.com/media/x.png',
    '/media/../package.json',
    '/media/%2e%2e/x',
    '/media/%2E%2E/%2e%2e/package.json',
    '/media/..%2fpackage.json',
    '/media/spa\\..\\..\\package.json',
    '/media/.hidden.png',
    '/server/media/spa-3.svg',
    '/media/services-menu.pdf',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'http://user:pass@localhost/media/spa-3.svg',
    '',
  ])('answers 400 naming url for %j', async (url) => {
    const response = await get(imagePath(url));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'url' });
  });

  it.each([
    ['width', 0, 260],
    ['width', 99999, 260],
    ['width', 'abc', 260],
    ['width', '', 260],
    ['width', 15, 260],
    ['width', '360.5', 260],
    ['height', 360, 2001],
    ['height', 360, '-5'],
  ])('answers 400 naming %s for %j x %j', async (field, width, height) => {
    const response = await get(imagePath('/media/spa-3.svg', width, height));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: `${field}: must be an integer from 16 to 2000`, field });
  });

  it('answers 404 for a missing image', async () => {
    const response = await get(imagePath('/media/nope.svg'));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Image not found' });
    expect(response.headers['cache-control']).toBeUndefined();
  });
});

describe('GET /api/images from an allowed origin', () => {
  let origin: string;
  let server: Server;
  let app: FastifyInstance;
  const requested: string[] = [];

  beforeAll(async () => {
    const svg = await readFile(`${mediaDir}/spa-2.svg`);
    // A stand-in image host on this machine: nothing reaches the internet.
    server = createServer((request, response) => {
      requested.push(request.url ?? '');
      if (request.url === '/media/remote.svg')
        response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(svg);
      else if (request.url === '/media/moved.svg')
        response.writeHead(302, { location: 'http://example.com/' }).end();
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    app = Fastify();
    await app.register(
      async (api) => {
        installErrorHandler(api);
        await api.register(imageRoutes, { mediaDir, imageOrigins: [origin] });
      },
      { prefix: '/api' },
    );
  });
  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('fetches, resizes and caches it', async () => {
    const path = imagePath(`${origin}/media/remote.svg`, 120, 80);
    const first = await app.inject({ url: path, headers: { accept: 'image/webp' } });
    expect(first.statusCode).toBe(200);
    const { format, width, height } = await sharp(first.rawPayload).metadata();
    expect([format, width, height]).toEqual(['webp', 120, 80]);
    const second = await app.inject({ url: path, headers: { accept: 'image/webp' } });
    expect(second.headers['server-timing']).toBe('cache;desc=hit');
    expect(requested.filter((url) => url === '/media/remote.svg')).toHaveLength(1);
  });

  it('answers 404 for an image the origin does not have, and 502 for a redirect', async () => {
    expect((await app.inject({ url: imagePath(`${origin}/media/gone.svg`) })).statusCode).toBe(404);
    expect((await app.inject({ url: imagePath(`${origin}/media/moved.svg`) })).statusCode).toBe(502);
  });

  it('still refuses paths outside /media/ and other ports of the same host', async () => {
    const outside = await app.inject({ url: imagePath(`${origin}/secret.png`) });
    expect(outside.json()).toMatchObject({ field: 'url' });
    const otherPort = await app.inject({ url: imagePath(`http://127.0.0.1:1/media/remote.svg`) });
    expect(otherPort.json()).toMatchObject({ field: 'url' });
  });
});
