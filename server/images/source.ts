import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { HttpError } from '../http';

/** Where a source image comes from, once its URL has passed the checks of `locateImageSource`. */
export type ImageSource =
  { kind: 'local'; /** `/media/…` */ path: string; file: string } | { kind: 'remote'; url: string };

export interface SourceRules {
  /** The folder served at `/media/`. */
  mediaDir: string;
  /** Origins (`https://img.example.com`) whose `/media/…` images may be fetched (IMAGE_ORIGINS). */
  imageOrigins: ReadonlySet<string>;
  /**
   * The request's host name: an absolute URL back to this server reads the local file (only a
   * local read, so a forged Host header gains nothing).
   */
  ownHostname?: string | undefined;
}

export const IMAGE_NOT_FOUND = 'Image not found';

/**
 * `/media/` then plain names: no empty, `.` or `..` segments (a segment cannot start with a
 * dot), no `%` (so no encoded dots or slashes) and an image extension, so neither traversal nor
 * the PDFs next to the images get through.
 */
const MEDIA_PATH =
  /^\/media\/(?:[a-z0-9_-][a-z0-9._-]*\/)*[a-z0-9_-][a-z0-9._-]*\.(?:svg|png|jpe?g|webp|avif|gif)$/i;

const badUrl = (reason: string) => new HttpError(400, `url: ${reason}`, 'url');

/** IMAGE_ORIGINS: comma separated origins; anything but a bare http(s) origin stops the start. */
export function imageOriginsFromEnv(env: NodeJS.ProcessEnv = process.env): Set<string> {
  const origins = new Set<string>();
  for (const entry of (env.IMAGE_ORIGINS ?? '').split(',').map((value) => value.trim())) {
    if (!entry) continue;
    const url = URL.canParse(entry) ? new URL(entry) : undefined;
    if (
      !url ||
      !/^https?:$/.test(url.protocol) ||
      url.pathname !== '/' ||
      url.search ||
      url.hash ||
      url.username
    )
      throw new Error(`IMAGE_ORIGINS must list origins like https://img.example.com, got "${entry}"`);
    origins.add(url.origin);
  }
  return origins;
}

/**
 * Checks an image URL before anything is read or fetched (no SSRF, no path traversal): a
 * root-relative `/media/…` path, or an absolute http(s) URL to a `/media/…` path on an allowed
 * origin or on this server. A failure is a 400 naming `url`.
 */
export function locateImageSource(
  raw: string,
  { mediaDir, imageOrigins, ownHostname }: SourceRules,
): ImageSource {
  // Checked on the raw text too: the URL parser would quietly resolve `..` and `%2e%2e`.
  if (/\.\.|%2e|%2f|%5c|\\|\p{Cc}/iu.test(raw))
    throw badUrl('must not contain .. or encoded dots and slashes');
  let path: string;
  let remote: URL | undefined;
  if (raw.startsWith('/') && !raw.startsWith('//')) {
    path = raw;
  } else {
    if (!URL.canParse(raw)) throw badUrl('must be a /media/ path or an http(s) URL');
    const url = new URL(raw);
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw badUrl('must be a /media/ path or an http(s) URL');
    if (url.username || url.password) throw badUrl('must not carry credentials');
    if (url.search || url.hash) throw badUrl('must not have a query or fragment');
    path = url.pathname;
    if (url.hostname !== ownHostname?.toLowerCase()) {
      if (!imageOrigins.has(url.origin)) throw badUrl(`images from ${url.host} are not allowed`);
      remote = url;
    }
  }
  if (!MEDIA_PATH.test(path))
    throw badUrl('must be an image under /media/ (svg, png, jpg, webp, avif or gif)');
  if (remote) return { kind: 'remote', url: remote.href };
  const root = resolve(mediaDir);
  const file = resolve(join(root, path.slice('/media/'.length)));
  // The pattern already rules traversal out; this keeps it so if the pattern ever changes.
  if (!file.startsWith(root + sep)) throw badUrl('must be an image under /media/');
  return { kind: 'local', path, file };
}

/** A local file's version for cache keys and ETags: a new upload changes its mtime or size. */
export async function localImageVersion(file: string): Promise<string> {
  const stats = await stat(file).catch(() => undefined);
  if (!stats?.isFile()) throw new HttpError(404, IMAGE_NOT_FOUND);
  return `${stats.mtimeMs}:${stats.size}`;
}

export interface FetchLimits {
  /** Gives up on a slow origin. @default 3000 */
  timeoutMs: number;
  /** Refuses bigger images, before decoding them. @default 10 MB */
  maxBytes: number;
  fetch: typeof fetch;
}

/** The bytes of a source image; a missing one is a 404, an unusable origin a 502. */
export async function readImageSource(source: ImageSource, limits: FetchLimits): Promise<Buffer> {
  if (source.kind === 'local') {
    const bytes = await readFile(source.file).catch(() => undefined);
    if (!bytes) throw new HttpError(404, IMAGE_NOT_FOUND);
    if (bytes.length > limits.maxBytes) throw new HttpError(502, 'Image source too large');
    return bytes;
  }
  return fetchRemoteImage(source.url, limits);
}

async function fetchRemoteImage(url: string, { timeoutMs, maxBytes, fetch }: FetchLimits): Promise<Buffer> {
  const unavailable = () => new HttpError(502, 'Image source unavailable');
  const signal = AbortSignal.timeout(timeoutMs);
  // No redirects: one could lead to a host that is not allowed.
  const response = await fetch(url, { signal, redirect: 'error' }).catch(() => {
    throw unavailable();
  });
  if (response.status === 404 || response.status === 410) throw new HttpError(404, IMAGE_NOT_FOUND);
  if (!response.ok || !response.body) throw unavailable();
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body.cancel();
    throw new HttpError(502, 'Image source too large');
  }
  // Counted as it streams: a missing or false Content-Length must not let a huge body in.
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      size += read.value.length;
      if (size > maxBytes) throw new HttpError(502, 'Image source too large');
      chunks.push(read.value);
    }
  } catch (error) {
    await reader.cancel().catch(() => {});
    throw error instanceof HttpError ? error : unavailable();
  }
  return Buffer.concat(chunks);
}

/** A short digest for cache keys and ETags. */
export const digest = (text: string | Buffer) =>
  createHash('sha256').update(text).digest('base64url').slice(0, 27);
