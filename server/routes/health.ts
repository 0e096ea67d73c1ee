import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/driver';

/** GET /api/health: the database answers, and how many listings were seeded. */
export const healthRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get('/health', async (_request, reply) => {
    // The seed mark holds the listing count: a health check must not scan the table.
    const { rows } = await db.priorityQuery<{ listings: number }>(
      "select coalesce((select (data->>'count')::int from documents where path = 'meta/seed'), 0) as listings",
    );
    reply.header('cache-control', 'no-store');
    return { ok: true, database: db.kind, listings: rows[0]?.listings ?? 0 };
  });
};
