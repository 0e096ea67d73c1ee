import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { installErrorHandler } from '../../server/http';
import { imageRoutes } from '../../server/routes/images';
import { RESIZER_SIZES } from '../../server/images/sizes';
import { DEFAULT_IMAGE_SIZE, LEAD_IMAGE_SIZE } from '../../src/domain/images';
import { databases } from './databases';

const mediaDir = fileURLToPath(new URL('../../server/media', import.meta.url));
const MODERN = 'image/avif,image/webp,*/*';
/** A client that takes AVIF but not WebP. */
const AVIF_ONLY = 'image/avif,*/*';

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
    // WebP before AVIF: it encodes and decodes about three times faster (server/images/resize.ts).
    [MODERN, 'webp', 'image/webp'],
    [AVIF_ONLY, 'avif', 'image/avif'],
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

  it("makes the lead image size (LEAD_IMAGE_SIZE) as well as the cards' (DEFAULT_IMAGE_SIZE)", async () => {
    const response = await get(imagePath('/media/spa-3.svg', LEAD_IMAGE_SIZE.width, LEAD_IMAGE_SIZE.height), {
      accept: 'image/webp',
    });
    expect(response.statusCode).toBe(200);
    const { width, height } = await sharp(response.rawPayload).metadata();
    expect([width, height]).toEqual([720, 520]);
  });

  it('keeps transparency as png for clients without avif or webp', async () => {
    const response = await get(imagePath('/media/logo.svg'), { accept: '*/*' });
    expect(response.headers['content-type']).toBe('image/png');
    expect((await sharp(response.rawPayload).stats()).isOpaque).toBe(false);
  });

  it('reads a png and an absolute URL back to this server', async () => {
    const png = await get(imagePath('/media/spa/apple-touch-icon.png'), { accept: 'image/webp' });
    expect(png.statusCode).toBe(200);
    const own = await get(imagePath('http://localhost/media/spa-1.svg'), { accept: 'image/webp' });
    expect(own.statusCode).toBe(200);
    expect((await sharp(own.rawPayload).metadata()).width).toBe(360);
  });

  it('serves a repeat from the cache with the same ETag, and 304 for If-None-Match', async () => {
    const path = imagePath('/media/spa-5.svg');
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
    const avif = await get(path, { accept: AVIF_ONLY, 'if-none-match': String(first.headers.etag) });
    expect(avif.statusCode).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(avif.headers.etag).not.toBe(first.headers.etag);
  });

  it('makes one image for identical concurrent requests', async () => {
    const path = imagePath('/media/spa-7.svg', 720, 520);
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
    ['width', 0, 260, 'must be one of 360, 720'],
    ['width', 99999, 260, 'must be one of 360, 720'],
    ['width', 'abc', 260, 'must be one of 360, 720'],
    ['width', '', 260, 'must be one of 360, 720'],
    ['width', 361, 260, 'must be one of 360, 720'],
    ['width', 200, 144, 'must be one of 360, 720'],
    ['width', '360.0', 260, 'must be one of 360, 720'],
    ['width', '0360', 260, 'must be one of 360, 720'],
    ['height', 360, 261, 'must be 260 for width 360'],
    ['height', 360, 520, 'must be 260 for width 360'],
    ['height', 720, 260, 'must be 520 for width 720'],
    ['height', 360, '-5', 'must be 260 for width 360'],
    ['height', 360, null, 'is required'],
  ])(
    'answers 400 naming %s for %j x %j: only the sizes the product shows',
    async (field, width, height, message) => {
      const response = await get(imagePath('/media/spa-3.svg', width, height));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: `${field}: ${message}`, field });
    },
  );

  it('every size the product asks for is one the resizer makes', () => {
    // The components' sizes (src/domain/images.ts) are the resizer's set, and nothing else.
    expect(RESIZER_SIZES).toEqual([DEFAULT_IMAGE_SIZE, LEAD_IMAGE_SIZE]);
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
    const path = imagePath(`${origin}/media/remote.svg`);
    const first = await app.inject({ url: path, headers: { accept: 'image/webp' } });
    expect(first.statusCode).toBe(200);
    const { format, width, height } = await sharp(first.rawPayload).metadata();
    expect([format, width, height]).toEqual(['webp', 360, 260]);
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

describe('GET /api/images: bounds', () => {
  let dir: string;
  let app: FastifyInstance;

  /** A PNG of `width` x `height` grey pixels, all zero: a few KB that decode to width x height bytes. */
  function bombPng(width: number, height: number): Buffer {
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(width, 0);
    header.writeUInt32BE(height, 4);
    header[8] = 8; // bit depth
    header[9] = 0; // greyscale
    // One filter byte per row, then the row's pixels: all zero.
    const pixels = deflateSync(Buffer.alloc((width + 1) * height), { level: 9 });
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', pixels),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wellspring-images-'));
    await mkdir(join(dir, 'photos'));
    await writeFile(join(dir, 'bomb.png'), bombPng(8000, 8000));
    await writeFile(
      join(dir, 'huge.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"><rect width="100%" height="100%" fill="#8a8"/></svg>',
    );
    for (let i = 1; i <= 8; i++)
      await writeFile(join(dir, 'photos', `spa-${i}.svg`), await readFile(`${mediaDir}/spa-${i}.svg`));
    app = Fastify();
    await app.register(
      async (api) => {
        installErrorHandler(api);
        await api.register(imageRoutes, { mediaDir: dir, queue: { parallelJobs: 1, maxQueuedJobs: 2 } });
      },
      { prefix: '/api' },
    );
  });
  afterAll(async () => {
    await app?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('refuses a decompression bomb (64 megapixels in a few KB) with 422 naming url, and keeps serving', async () => {
    expect((await stat(join(dir, 'bomb.png'))).size).toBeLessThan(200_000);
    const bomb = await app.inject({ url: imagePath('/media/bomb.png') });
    expect(bomb.statusCode).toBe(422);
    expect(bomb.json()).toEqual({ error: 'url: the image is too large (over 40 megapixels)', field: 'url' });
    expect((await app.inject({ url: imagePath('/media/photos/spa-1.svg') })).statusCode).toBe(200);
  });

  it('answers an SVG declaring 100000 x 100000 pixels with a 4xx naming url, not a crash', async () => {
    const huge = await app.inject({ url: imagePath('/media/huge.svg') });
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
    expect(huge.json()).toMatchObject({ field: 'url' });
  });

  it('answers 503 with Retry-After when the queue is full, and serves the rest', async () => {
    // One slot and two places in the queue: of six new images at once, three or more are refused
    // (AVIF, the slowest to encode, holds the slot longest).
    const responses = await Promise.all(
      [2, 3, 4, 5, 6, 7].map((i) =>
        app.inject({
          url: imagePath(`/media/photos/spa-${i}.svg`, 720, 520),
          headers: { accept: AVIF_ONLY },
        }),
      ),
    );
    const busy = responses.filter((response) => response.statusCode === 503);
    expect(busy.length).toBeGreaterThanOrEqual(3);
    expect(responses.filter((response) => response.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    for (const response of busy) {
      expect(response.headers['retry-after']).toBe('2');
      expect(response.json()).toEqual({ error: 'The image resizer is busy. Please try again shortly.' });
    }
    // Once the queue drains, the same image is made.
    expect((await app.inject({ url: imagePath('/media/photos/spa-8.svg', 720, 520) })).statusCode).toBe(200);
  });
});

/** CRC-32 of PNG chunks (Node 20 has no zlib.crc32). */
function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}
