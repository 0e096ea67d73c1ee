/**
 * Caching of API answers, for CDNs and browsers (validators) and in this process (results).
 *
 * - Every public GET answer (a `Cache-Control: public…` set by the route, as `cachePerTenant` in
 *   ./http.ts does) gets a weak ETag, a hash of its body, and a request whose If-None-Match names
 *   it gets 304 without the body. Weak (W/): the same answer is sent gzip, brotli or plain.
 * - `ResultCache` keeps serialised answers of the hot read calls (search, autocomplete), bounded
 *   in bytes, for as long as a CDN may keep them (`max-age`), and empty again when the tenant
 *   settings in force change. Listings are written only by the seed, before the server listens.
 *
 * An answer is made UTF-8 once and then hashed, kept and written as those bytes: as a string it
 * was encoded again for its hash and again for the socket (a sixth of the main thread's
 * allocations while 50 connections searched), and a kept string is twice its UTF-8 size in
 * V8's heap.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** W/"…": 20 bytes of SHA-1 of the body (UTF-8), base64url. */
export function etagOf(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** If-None-Match (RFC 9110 13.1.2: weak comparison) names `etag`, or is `*`. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * The ETag hook. Installed on the root before @fastify/compress, so it hashes the JSON as
 * serialised, not a compressed stream. Static files (@fastify/static sets its own ETag) and
 * streams are left alone.
 */
export function installEtags(app: FastifyInstance): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (reply.statusCode !== 200 || reply.hasHeader('etag')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const cacheControl = String(reply.getHeader('cache-control') ?? '');
    if (!/\bpublic\b/.test(cacheControl)) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const etag = etagOf(body);
    reply.header('etag', etag);
    if (!matchesIfNoneMatch(request.headers['if-none-match'], etag)) return body;
    reply.code(304).removeHeader('content-type').removeHeader('content-length');
    return '';
  });
}

export interface ResultCacheOptions {
  /** The bodies kept, in bytes (UTF-8), at most. 0: nothing kept. */
  maxBytes: number;
  /** How long a body is served, in ms. */
  ttlMs: number;
  /** Clock; tests pass their own. @default Date.now */
  now?: () => number;
}

interface Entry {
  body: Buffer;
  expires: number;
}

/**
 * Serialised JSON answers by key, least recently used out first once `maxBytes` is reached.
 * Concurrent misses of one key share one load. `generation` is compared on every call: when it
 * changes (the tenant settings in force were reloaded), everything is dropped.
 */
export class ResultCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<Buffer>>();
  private bytes = 0;
  private generation: unknown;
  private readonly now: () => number;

  constructor(private readonly options: ResultCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The bytes held now (the bodies). */
  get size(): number {
    return this.bytes;
  }

  /** The kept JSON body (UTF-8) of `key`, or `load()`'s answer serialised (and kept if it fits). */
  async json(key: string, generation: unknown, load: () => Promise<unknown>): Promise<Buffer> {
    if (generation !== this.generation) {
      this.clear();
      this.generation = generation;
    }
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      if (entry.expires > this.now()) {
        this.entries.set(key, entry);
        return entry.body;
      }
      this.bytes -= entry.body.length;
    }
    const pending = this.loading.get(key);
    if (pending) return pending;
    const run = load()
      .then((value) => {
        const body = Buffer.from(JSON.stringify(value));
        if (this.generation === generation) this.keep(key, body);
        return body;
      })
      .finally(() => this.loading.delete(key));
    this.loading.set(key, run);
    return run;
  }

  /**
   * Values that several answers share (a search's keyword plan and count for its pages and sorts),
   * kept as JSON beside the answers: `load()`'s value under `key`, or the one kept.
   */
  values(generation: unknown): <T>(key: string, load: () => Promise<T>) => Promise<T> {
    return async (key, load) => JSON.parse((await this.json(key, generation, load)).toString());
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private keep(key: string, body: Buffer): void {
    const cost = body.length;
    if (cost > this.options.maxBytes / 8) return; // one answer never takes most of the room
    const old = this.entries.get(key);
    if (old) this.bytes -= old.body.length;
    this.entries.set(key, { body, expires: this.now() + this.options.ttlMs });
    this.bytes += cost;
    for (const [oldest, { body: dropped }] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= dropped.length;
    }
  }
}

/** Sends a body `ResultCache.json` produced: already JSON, so Fastify does not serialise it again. */
export function sendJson(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
