/**
 * GET /api/images — the embedded image resizer (the tenant's endpoints.imageResizer), which
 * `resizeImageUrl` in src/domain/images.ts points images at. CONTRACT:
 *
 * Request
 *   GET /api/images?url=%2Fmedia%2Fspa-3.svg&width=360&height=260
 *     url     a root-relative `/media/…` image (svg, png, jpg, webp, avif, gif), or an absolute
 *             http(s) URL to a `/media/…` image on this server or on an origin listed in
 *             IMAGE_ORIGINS (fetched with a 3 s timeout, at most 10 MB, no redirects).
 *     width, height  one of the sizes the product shows (server/images/sizes.ts): 360 x 260
 *             (DEFAULT_IMAGE_SIZE) or 720 x 520 (LEAD_IMAGE_SIZE).
 *   The image covers width x height, cropped around its centre.
 *
 * Responses
 *   200 the image: webp when Accept names image/webp, else avif when it names image/avif, else
 *       jpeg (png when the image has transparency). Headers: Content-Type, ETag, Vary: Accept,
 *       Cache-Control: public, max-age=86400, stale-while-revalidate=604800, and
 *       Server-Timing: cache;desc=hit|shared|miss (how this server found it).
 *   304 for If-None-Match with the current ETag.
 *   400 { "error": "width: must be one of 360, 720", "field": "width" }
 *       { "error": "height: must be 260 for width 360", "field": "height" }
 *       (field: url | width | height); any url but the ones above is a 400 naming `url`.
 *   404 { "error": "Image not found" }
 *   422 { "error": "url: the image is too large (over 40 megapixels)", "field": "url" }
 *   502 { "error": "Image source unavailable" } an allowed origin failed, was slow or too big.
 *   503 { "error": "The image resizer is busy. Please try again shortly." } with Retry-After:
 *       its queue is full.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { matchesEtag, parseInput } from '../http';
import { createImageResizer, ResizerBusyError, type ImageResizerOptions } from '../images/resize';
import { heightsFor, RESIZER_WIDTHS } from '../images/sizes';

export interface ImageRouteOptions {
  /** The folder served at `/media/`. */
  mediaDir: string;
  /** Origins whose `/media/…` images may be fetched (IMAGE_ORIGINS); none by default. */
  imageOrigins?: Iterable<string>;
  /** The resizer's slots and queue (tests make them small). @default createImageResizer's */
  queue?: Pick<ImageResizerOptions, 'parallelJobs' | 'maxQueuedJobs'>;
}

const WIDTH_MESSAGE = `must be one of ${RESIZER_WIDTHS.join(', ')}`;

const imageQuery = z
  .object({
    url: z
      .string({ message: 'is required' })
      .min(1, 'is required')
      .max(2048, 'must be at most 2048 characters'),
    width: z
      .string({ message: WIDTH_MESSAGE })
      .refine((width) => RESIZER_WIDTHS.map(String).includes(width), WIDTH_MESSAGE)
      .transform(Number),
    height: z.string({ message: 'is required' }),
  })
  .transform(({ width, height, ...rest }, ctx) => {
    const heights = heightsFor(width);
    if (!heights.map(String).includes(height)) {
      ctx.addIssue({
        code: 'custom',
        path: ['height'],
        message: `must be ${heights.join(' or ')} for width ${width}`,
      });
      return z.NEVER;
    }
    return { ...rest, width, height: Number(height) };
  });

/** How long a client told 'busy' waits before trying again, in seconds: a few renders' time. */
const BUSY_RETRY_AFTER = 2;

/** A day fresh, then a week of stale-while-revalidate: a changed image shows within a day. */
const CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

const cacheHeaders = (reply: FastifyReply, etag: string) =>
  reply.header('etag', etag).header('vary', 'Accept').header('cache-control', CACHE_CONTROL);

export const imageRoutes: FastifyPluginAsync<ImageRouteOptions> = async (
  app,
  { mediaDir, imageOrigins, queue },
) => {
  const resizer = createImageResizer({ mediaDir, imageOrigins, ...queue });
  app.get('/images', async (request, reply) => {
    const { url, width, height } = parseInput(imageQuery, request.query);
    const ifNoneMatch = request.headers['if-none-match'];
    const job = await resizer.prepare({
      url,
      width,
      height,
      accept: request.headers.accept,
      hostname: request.hostname,
    });
    // A local file's ETag comes from a stat: a revalidation costs no resize.
    if (job.etag && matchesEtag(ifNoneMatch, job.etag)) return cacheHeaders(reply, job.etag).code(304).send();
    const { image, cache } = await job.result().catch((error: unknown) => {
      if (error instanceof ResizerBusyError) reply.header('retry-after', String(BUSY_RETRY_AFTER));
      throw error;
    });
    cacheHeaders(reply, image.etag).header('server-timing', `cache;desc=${cache}`);
    if (matchesEtag(ifNoneMatch, image.etag)) return reply.code(304).send();
    return reply.type(image.contentType).send(image.body);
  });
};
