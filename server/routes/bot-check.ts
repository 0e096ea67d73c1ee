import type { FastifyPluginAsync } from 'fastify';
import type { BotCheck } from '../bot-check';

/**
 * GET /api/bot-check/challenge: a fresh ALTCHA challenge for the balance inquiry's widget, as
 * altcha-lib 2 makes it (`{ parameters, signature }`, the format of the `altcha` widget 3.x,
 * deterministic SHA-256 proof of work, expires after 5 minutes). Signed with ALTCHA_HMAC_KEY;
 * the solution comes back as `botToken` in POST /api/gift-cards/balance and passes once.
 * Needs no tenant header: the widget fetches it itself.
 */
export const botCheckRoutes: FastifyPluginAsync<{ botCheck: BotCheck }> = async (app, { botCheck }) => {
  app.get('/bot-check/challenge', async (_request, reply) => {
    // Every challenge is new and single use: no cache may keep or share one.
    reply.header('cache-control', 'no-store');
    return botCheck.altchaChallenge();
  });
};
