import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/driver';

/**
 * How recent an answer of the database to any request proves it works. Under load PGlite's
 * health query waited for the statement running (up to 70 ms at p99 while 50 connections
 * searched); one that answered within this time needs no query of its own.
 */
export const HEALTH_FRESH_MS = 1_000;

/** How long the listing count is taken as read (it changes only when a seed runs). */
const LISTINGS_FRESH_MS = 60_000;

/**
 * GET /api/health: the database answers, and how many listings were seeded. The database is
 * asked when it has answered nothing for HEALTH_FRESH_MS (or the count is a minute old); otherwise
 * its last answer stands.
 */
export const healthRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  let listings: number | null = null;
  let countedAt = 0;
  app.get('/health', async (_request, reply) => {
    const now = performance.now();
    if (listings === null || now - db.answeredAt > HEALTH_FRESH_MS || now - countedAt > LISTINGS_FRESH_MS) {
      // The seed mark holds the listing count: a health check must not scan the table.
      const { rows } = await db.priorityQuery<{ listings: number }>(
        "select coalesce((select (data->>'count')::int from documents where path = 'meta/seed'), 0) as listings",
      );
      listings = rows[0]?.listings ?? 0;
      countedAt = now;
    }
    reply.header('cache-control', 'no-store');
    return { ok: true, database: db.kind, listings };
  });
};
