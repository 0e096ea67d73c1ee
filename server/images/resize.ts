import { availableParallelism } from 'node:os';
import type { Sharp } from 'sharp';
import { HttpError } from '../http';
import { createByteLru } from './cache';
import { loadSharp } from './sharp';
import {
  digest,
  localImageVersion,
  locateImageSource,
  readImageSource,
  type FetchLimits,
  type ImageSource,
} from './source';

/** What the client can show: webp or avif when its Accept header names them, else jpeg or png. */
export type FormatPreference = 'avif' | 'webp' | 'legacy';
export type ImageFormat = 'avif' | 'webp' | 'jpeg' | 'png';

/**
 * The best format the Accept header names with q > 0. Wildcards do not count: clients that send
 * only those (mail, older browsers, crawlers) may not decode avif or webp.
 * WebP before AVIF (every browser that takes AVIF takes WebP): measured here on the seeded images,
 * WebP encodes about three times faster (a cache miss: 15 ms against 40 at 360 x 260) and decodes
 * about three times faster in Chromium (a 720 x 520 lead image 6.6 ms against 18; a phone's
 * slower CPU pays more, and the lead image's decode delays the page's largest paint), for 17 % more
 * bytes at the cards' size and 50 % more at the lead image's (0.3 and 1.8 kB). bench/RESULTS.md.
 */
export function preferredFormat(accept: string | undefined): FormatPreference {
  const accepted = new Set<string>();
  for (const range of (accept ?? '').toLowerCase().split(',')) {
    const [type = '', ...params] = range.split(';').map((part) => part.trim());
    const quality = params.find((param) => param.startsWith('q='));
    if (quality === undefined || Number(quality.slice(2)) > 0) accepted.add(type);
  }
  if (accepted.has('image/webp')) return 'webp';
  if (accepted.has('image/avif')) return 'avif';
  return 'legacy';
}

export interface ResizeRequest {
  /** `/media/…` or an absolute URL; checked by `locateImageSource`. */
  url: string;
  width: number;
  /** Absent: the height that keeps the source's aspect ratio. */
  height?: number | undefined;
  /** The request's Accept header. */
  accept?: string | undefined;
  /** The request's host name: absolute URLs to it read the local file. */
  hostname?: string | undefined;
}

export interface ResizedImage {
  body: Buffer;
  contentType: `image/${ImageFormat}`;
  /** Quoted, ready for the ETag header. */
  etag: string;
}

/** How a result was found: in the cache, by waiting for the same job of another request, or made. */
export type CacheOutcome = 'hit' | 'shared' | 'miss';

export interface ResizeJob {
  /** Known before any work for local files (from their mtime and size) and cached results, so a 304 costs a stat. */
  etag: string | undefined;
  result(): Promise<{ image: ResizedImage; cache: CacheOutcome }>;
}

export interface ImageResizer {
  /** Checks the URL (400 naming `url`) and finds a local file (404); the work waits for `result()`. */
  prepare(request: ResizeRequest): Promise<ResizeJob>;
  stats(): { hits: number; shared: number; misses: number; entries: number; bytes: number };
}

export interface ImageResizerOptions {
  /** The folder served at `/media/`. */
  mediaDir: string;
  /** Origins whose `/media/…` images may be fetched (IMAGE_ORIGINS); none by default. */
  imageOrigins?: Iterable<string>;
  /** @default 64 MB */
  maxCacheBytes?: number;
  /** @default 3000 */
  fetchTimeoutMs?: number;
  /** @default 10 MB */
  maxSourceBytes?: number;
  /** Remote images have no cheap version check, so their results are fetched again after this. @default 10 minutes */
  remoteTtlMs?: number;
  /** Resizes at once; the rest queue. @default cores - 1, at least 1 */
  parallelJobs?: number;
  /** Resizes that may wait for a slot; more are refused (503, ResizerBusyError). @default MAX_QUEUED_JOBS */
  maxQueuedJobs?: number;
  fetch?: typeof fetch;
}

const MB = 1024 * 1024;
/** librsvg renders SVG at this density unless told otherwise. */
const SVG_BASE_DENSITY = 72;
/** An SVG with an extreme aspect ratio cropped to a square must not render billions of pixels. */
const MAX_RENDERED_PIXELS = 40_000_000;
/**
 * The largest image decoded, in pixels (sharp's limitInputPixels): a photo of a camera is 12-50
 * megapixels; a decompression bomb (a few KB of PNG that decodes to gigapixels) is refused with a
 * 422 before any pixel is decoded.
 */
export const MAX_INPUT_PIXELS = 40_000_000;
/**
 * Resizes that may wait for a slot. A cold render of a product size takes 20-60 ms of one core,
 * so 64 waiting are 1-4 s of work for one core: a request queued behind more is better told to
 * come back (503 with Retry-After) than kept waiting while the queue and its memory grow.
 */
export const MAX_QUEUED_JOBS = 64;

/** The resizer's queue is full: a 503 the client may retry after a moment. */
export class ResizerBusyError extends HttpError {
  constructor() {
    super(503, 'The image resizer is busy. Please try again shortly.');
  }
}

/** Runs at most `parallel` tasks at once, the rest in arrival order; more than `maxQueued` waiting: ResizerBusyError. */
function createLimiter(parallel: number, maxQueued: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running < parallel) running++;
    else if (waiting.length >= maxQueued) throw new ResizerBusyError();
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The slot passes straight to the next task, so `running` only drops when none waits.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/** The density that renders an SVG just big enough for the requested size, so nothing is upscaled. */
function svgDensity(source: { width?: number; height?: number }, width: number, height?: number): number {
  const sourceWidth = source.width || width;
  const sourceHeight = source.height || height || width;
  const scale = Math.max(width / sourceWidth, height ? height / sourceHeight : 0);
  const pixelCap = Math.sqrt(MAX_RENDERED_PIXELS / (sourceWidth * sourceHeight));
  return Math.max(1, Math.ceil(SVG_BASE_DENSITY * Math.min(scale, pixelCap)));
}

const tooLarge = () =>
  new HttpError(422, `url: the image is too large (over ${MAX_INPUT_PIXELS / 1_000_000} megapixels)`, 'url');

/** Resizes to cover `width` x `height` (cropping the centre) and encodes for the preference. */
export async function resizeImage(
  bytes: Buffer,
  { width, height, preference }: { width: number; height?: number | undefined; preference: FormatPreference },
): Promise<{ body: Buffer; format: ImageFormat }> {
  const sharp = await loadSharp();
  const metadata = await sharp(bytes)
    .metadata()
    .catch(() => {
      throw new HttpError(400, 'url: is not an image we can read', 'url');
    });
  const density = metadata.format === 'svg' ? svgDensity(metadata, width, height) : undefined;
  // The header's size, before any decoding (an SVG's density above keeps it within bounds).
  if (!density && (metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) throw tooLarge();
  return encode(sharp(bytes, { density, limitInputPixels: MAX_INPUT_PIXELS }), {
    width,
    height,
    preference,
    hasAlpha: metadata.hasAlpha,
  }).catch((error: unknown) => {
    // libvips' own check, for a size the header did not tell: 'Input image exceeds pixel limit'.
    throw error instanceof Error && /pixel limit/i.test(error.message) ? tooLarge() : error;
  });
}

async function encode(
  source: Sharp,
  {
    width,
    height,
    preference,
    hasAlpha,
  }: { width: number; height?: number | undefined; preference: FormatPreference; hasAlpha: boolean },
): Promise<{ body: Buffer; format: ImageFormat }> {
  const resized = source
    .autoOrient()
    .resize({ width, height, fit: 'cover' })
    // A pathological file must not hold a job slot for long.
    .timeout({ seconds: 20 });
  if (preference === 'avif')
    // Effort 2 of 9: a 360x260 image in ~50 ms instead of ~150 ms, for a few hundred bytes more.
    return { body: await resized.avif({ quality: 50, effort: 2 }).toBuffer(), format: 'avif' };
  if (preference === 'webp') return { body: await resized.webp({ quality: 80 }).toBuffer(), format: 'webp' };
  const jpeg = (image: Sharp) => image.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
  if (!hasAlpha) return { body: await jpeg(resized), format: 'jpeg' };
  // Transparency survives only in png; SVGs always carry an alpha channel, mostly fully opaque.
  const { data, info } = await resized.raw().toBuffer({ resolveWithObject: true });
  const sharp = await loadSharp();
  const raw = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const { isOpaque } = await raw().stats();
  if (isOpaque) return { body: await jpeg(raw().removeAlpha()), format: 'jpeg' };
  return { body: await raw().png({ compressionLevel: 9 }).toBuffer(), format: 'png' };
}

/**
 * The resizer behind GET /api/images: checked sources, results cached in memory by source
 * version, size and format (an LRU bounded by bytes), identical concurrent requests sharing one
 * job, and a small queue so a burst of new sizes cannot take every core from the event loop.
 */
export function createImageResizer({
  mediaDir,
  imageOrigins = [],
  maxCacheBytes = 64 * MB,
  fetchTimeoutMs = 3000,
  maxSourceBytes = 10 * MB,
  remoteTtlMs = 10 * 60_000,
  parallelJobs = Math.max(1, availableParallelism() - 1),
  maxQueuedJobs = MAX_QUEUED_JOBS,
  fetch = globalThis.fetch,
}: ImageResizerOptions): ImageResizer {
  const origins = new Set(imageOrigins);
  const limits: FetchLimits = { timeoutMs: fetchTimeoutMs, maxBytes: maxSourceBytes, fetch };
  const cache = createByteLru<{ image: ResizedImage; expiresAt: number }>(maxCacheBytes);
  const inFlight = new Map<string, Promise<ResizedImage>>();
  const runLimited = createLimiter(parallelJobs, maxQueuedJobs);
  const counts = { hits: 0, shared: 0, misses: 0 };

  const cached = (key: string) => {
    const entry = cache.get(key);
    return entry && entry.expiresAt > Date.now() ? entry.image : undefined;
  };

  async function render(
    source: ImageSource,
    key: string,
    version: string | undefined,
    request: { width: number; height?: number | undefined; preference: FormatPreference },
  ): Promise<ResizedImage> {
    // Fetched outside the queue: a slow origin must not hold a resize slot.
    const bytes = await readImageSource(source, limits);
    const { body, format } = await runLimited(() => resizeImage(bytes, request));
    // A remote source's version is its content.
    const image: ResizedImage = {
      body,
      contentType: `image/${format}`,
      etag: `"${digest(version ? key : `${key}|${digest(bytes)}`)}"`,
    };
    const expiresAt = source.kind === 'local' ? Infinity : Date.now() + remoteTtlMs;
    cache.set(key, { image, expiresAt }, body.length + key.length);
    return image;
  }

  return {
    async prepare({ url, width, height, accept, hostname }) {
      const source = locateImageSource(url, { mediaDir, imageOrigins: origins, ownHostname: hostname });
      const preference = preferredFormat(accept);
      const version = source.kind === 'local' ? await localImageVersion(source.file) : undefined;
      const key = [
        source.kind === 'local' ? `${source.path}@${version}` : source.url,
        `${width}x${height ?? ''}`,
        preference,
      ].join('|');
      return {
        etag: cached(key)?.etag ?? (version ? `"${digest(key)}"` : undefined),
        async result() {
          const hit = cached(key);
          if (hit) {
            counts.hits++;
            return { image: hit, cache: 'hit' };
          }
          const pending = inFlight.get(key);
          if (pending) {
            counts.shared++;
            return { image: await pending, cache: 'shared' };
          }
          counts.misses++;
          const job = render(source, key, version, { width, height, preference }).finally(() =>
            inFlight.delete(key),
          );
          inFlight.set(key, job);
          return { image: await job, cache: 'miss' };
        },
      };
    },
    stats: () => ({ ...counts, entries: cache.size, bytes: cache.bytes }),
  };
}
