/**
 * Global rate limits of the API per route class, per client (`clientOf(request.ip)`): they keep
 * one client from taking an instance's capacity (its cores, its database connections), with a
 * 429 and Retry-After past the limit. Counted in each instance's memory (@fastify/rate-limit's
 * local store): capacity is per instance, so per-instance counts are what it needs, and a count
 * that a restart forgets costs nothing here. The security limits (balance tries, mails, contact
 * messages, challenges) are another matter: they are counted in PostgreSQL (server/limits.ts).
 */
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { clientOf } from './client-key';
import { HttpError } from './http';

/** The classes of the API's routes that a global limit counts together. */
export const ROUTE_CLASSES = ['search', 'content', 'images', 'writes'] as const;
export type RouteClass = (typeof ROUTE_CLASSES)[number];

/** At most `max` requests of one client in `windowMs`. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/** Each class's limit; `false` turns a class's limit off. */
export type RateLimits = Record<RouteClass, RateLimit | false>;

const MINUTE = 60_000;

/**
 * Generous for a real visitor, tight for a script. Search: autocomplete asks once per keystroke
 * and infinite scroll a page per screen, so a fast typist and scroller stays under 10 a second.
 * Images: a results page has 24 card images and a map view 20-40 tiles, more while panning.
 * Writes: every POST, each form also under its own, much lower, limits.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  search: { max: 600, windowMs: MINUTE },
  content: { max: 300, windowMs: MINUTE },
  images: { max: 1200, windowMs: MINUTE },
  writes: { max: 60, windowMs: MINUTE },
};

const SEARCH = new Set(['merchants', 'services', 'autocomplete', 'offers', 'geo']);
const CONTENT = new Set(['wordpress', 'content', 'tenants']);
const IMAGES = new Set(['images', 'tiles']);

/**
 * The class of an API route (`url` without the /api prefix): every POST is a write; GETs by their
 * first path segment. Null for the routes no global limit counts: /health (load balancers and
 * monitors), the bot-check challenge and the admin and demo APIs, which have limits of their own.
 */
export function routeClass(method: string | readonly string[], url: string): RouteClass | null {
  const methods = typeof method === 'string' ? [method] : method;
  if (methods.includes('POST')) return 'writes';
  if (!methods.some((name) => name === 'GET' || name === 'HEAD')) return null;
  const segment = url.replace(/^\/+/, '').split(/[/?]/)[0] ?? '';
  if (SEARCH.has(segment)) return 'search';
  if (CONTENT.has(segment)) return 'content';
  if (IMAGES.has(segment)) return 'images';
  return null;
}

/** 'in 1 minute', 'in 25 seconds': when the client may come back. */
const waitText = (seconds: number) =>
  seconds >= 60
    ? `${Math.ceil(seconds / 60)} minute${seconds >= 120 ? 's' : ''}`
    : `${seconds} second${seconds === 1 ? '' : 's'}`;

/**
 * Adds the limits to every route registered in `api`'s plugins from now on (call it before them):
 * each route of a class gets that class's counter, shared by the class's routes.
 */
export async function registerRateLimits(api: FastifyInstance, limits: RateLimits): Promise<void> {
  let limiterFor: FastifyInstance['rateLimit'] | undefined;
  // The plugin in a scope of its own with no routes: its own onRoute hook then touches no route
  // (routes' `config.rateLimit` stays theirs), and only its `rateLimit()` factory is used here.
  await api.register(async (scope) => {
    await scope.register(rateLimit, {
      global: false,
      keyGenerator: (request) => clientOf(request.ip),
      // Only a refused request says how it was counted: an answer that caches may keep (search,
      // content, images) must not carry one client's remaining count to the next.
      addHeadersOnExceeding: {
        'x-ratelimit-limit': false,
        'x-ratelimit-remaining': false,
        'x-ratelimit-reset': false,
      },
      errorResponseBuilder: (_request, context) =>
        new HttpError(
          429,
          `Too many requests. Please try again in ${waitText(Math.ceil(context.ttl / 1000))}.`,
        ),
    });
    limiterFor = scope.rateLimit.bind(scope);
  });
  const hooks = new Map<RouteClass, onRequestHookHandler>();
  for (const name of ROUTE_CLASSES) {
    const limit = limits[name];
    // Each call makes a counter of its own: one per class, shared by the class's routes.
    if (limit)
      hooks.set(name, limiterFor!({ max: limit.max, timeWindow: limit.windowMs }) as onRequestHookHandler);
  }
  api.addHook('onRoute', (route) => {
    // The path below the API's prefix: '/merchants/:id'.
    const name = routeClass(route.method, route.routePath);
    const hook = name && hooks.get(name);
    if (!hook) return;
    // First, before the route's own hooks: a refused request costs no database query.
    route.onRequest = [hook, ...(route.onRequest ? [route.onRequest].flat() : [])];
  });
}
