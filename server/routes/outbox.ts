import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../http';
import type { MailTransport } from '../mail/transport';

const outboxQuery = z.object({
  to: z.string().trim().max(254, 'must be at most 254 characters').optional(),
  limit: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be 1 to 100')
    .max(100, 'must be 1 to 100')
    .default(20),
});

/**
 * GET /api/outbox?to=&limit=: the latest mail of the local outbox for QA (demo/outbox.html),
 * newest first, as `{ items: [{ id, createdAt, tenant, kind, to, subject, text }] }`; `to`
 * matches part of the recipient. Only while mail stays local: with SMTP_URL set there is nothing
 * to show, and real mail must not be readable here. Registered only in demo mode (buildApp's
 * `demo`, DEMO=1): demo mode opens it, never the client's address (behind a proxy every visitor
 * comes from the proxy's), so production (DEMO off by default) does not have it at all.
 */
export const outboxRoutes: FastifyPluginAsync<{ mail: MailTransport }> = async (app, { mail }) => {
  app.get('/outbox', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!mail.outbox) return reply.status(404).send({ error: 'No local outbox: mail goes out by SMTP' });
    const query = parseInput(outboxQuery, request.query);
    return { items: await mail.outbox.list({ to: query.to, limit: query.limit }) };
  });
};
