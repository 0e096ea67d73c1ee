import { STATUS_CODES } from 'node:http';
import { constants } from 'node:zlib';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** An error the client caused or may act on: it carries its status and, for 400s, the field. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new HttpError(404, message);

/** The 403 of a missing, wrong or spent bot-check token, the same on every guarded route. */
export const BOT_CHECK_FAILED = 'Bot check failed';

/**
 * A numeric id path parameter: digits only and a safe integer, so '1e3', '-5' and twenty nines
 * are a 400 naming `id`, not a lookup of some other number.
 */
export const numericId = (message: string) =>
  z.object({
    id: z
      .string()
      .regex(/^\d+$/, message)
      .transform(Number)
      .refine((id) => Number.isSafeInteger(id), message),
  });

/**
 * Brotli for what is compressed per request: the API's answers and the files the builds did not
 * compress (@fastify/compress), and the pages (site.ts). Quality 4, text mode: @fastify/compress's
 * own default, named here so the two cannot drift. Brotli's default quality, 11, took 23-126 ms of the main thread a page (23-109
 * KB of HTML; 1-2.5 ms at 4) for 10-15 % fewer bytes: a phone's first byte came that much later.
 */
export const BROTLI_OPTIONS = {
  params: {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: 4,
  },
};

/**
 * An answer any cache may keep for `seconds`, kept apart per tenant header; a CDN may serve it
 * stale as long again while it asks the server (which answers 304 for an unchanged ETag,
 * ./http-cache.ts).
 */
export function cachePerTenant(reply: FastifyReply, seconds: number): void {
  reply.header('cache-control', `public, max-age=${seconds}, stale-while-revalidate=${seconds}`);
  // Appended, not set: CORS has already put Origin there.
  const vary = reply.getHeader('vary');
  reply.header('vary', [vary, 'publisherId', 'includedPrograms'].filter(Boolean).join(', '));
}

/**
 * Validates request input with a zod schema; a failure is a 400 naming the first bad field,
 * e.g. `{ "error": "distance: must be one of 50, 30, 15, 10", "field": "distance" }`.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') || 'body';
  throw new HttpError(400, `${field}: ${issue?.message ?? 'invalid'}`, field);
}

/** What a visitor reads when the server failed; the internal message goes to the log only. */
export const SERVER_ERROR_TEXT = 'Something went wrong on our side. Please try again.';

/** What a visitor reads when the server is too busy to answer now (503). */
export const BUSY_TEXT = 'We are busy right now. Please try again in a few seconds.';

/** Whether a request is an API call (JSON errors) rather than a page or a file. */
export const isApiPath = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * The answer to a failed request, one for the whole server. API calls get `{ error, field? }`
 * (never a 500 for bad input); pages and files get a short plain text with the status's name: an
 * internal message is never echoed, only logged. Also Fastify's `frameworkErrors` (a URL it cannot
 * decode, ...), which do not reach an error handler.
 */
export function sendError(error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) {
  const api = isApiPath(request.url);
  if (error instanceof HttpError) {
    if (!api) return reply.status(error.status).type('text/plain; charset=utf-8').send(error.message);
    return reply
      .status(error.status)
      .send(error.field ? { error: error.message, field: error.field } : { error: error.message });
  }
  // Fastify's own client errors: malformed JSON, body too large, wrong content type, ...
  const status = 'statusCode' in error && error.statusCode ? error.statusCode : 500;
  // Busy for now (the database's statement timeout cancelled a query): come back, no details.
  if (status === 503) {
    request.log.warn({ err: error }, 'service busy');
    reply.status(503).header('retry-after', '5').header('cache-control', 'no-store');
    return api ? reply.send({ error: BUSY_TEXT }) : reply.type('text/plain; charset=utf-8').send(BUSY_TEXT);
  }
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  if (!api) {
    const text = status < 500 ? (STATUS_CODES[status] ?? 'Bad Request') : SERVER_ERROR_TEXT;
    return reply
      .status(status < 500 ? status : 500)
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(text);
  }
  if (status < 500) return reply.status(status).send({ error: error.message });
  return reply.status(500).send({ error: SERVER_ERROR_TEXT });
}

/**
 * Installs `sendError` as the error handler; `notFound: false` leaves the 404s to a handler of
 * the caller's (the site's pages).
 */
export function installErrorHandler(app: FastifyInstance, { notFound = true } = {}): void {
  app.setErrorHandler(sendError);
  if (notFound)
    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send({ error: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` }),
    );
}

/** If-None-Match: a list of ETags (weak ones compare equal, as for GET) or `*`. */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim().replace(/^W\//, '');
    return candidate === '*' || candidate === etag;
  });
}
