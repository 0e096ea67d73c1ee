import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/driver';

/** GET /api/health: the database answers, and how many listings it holds. */
export const healthRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get('/health', async (_request, reply) => {
    const { rows } = await db.query<{ listings: number }>('select count(*)::int as listings from merchants');
    reply.header('cache-control', 'no-store');
    return { ok: true, database: db.kind, listings: rows[0]?.listings ?? 0 };
  });
};
