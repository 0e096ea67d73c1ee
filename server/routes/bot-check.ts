/**
 * GET /api/bot-check/challenge?action=… — a fresh ALTCHA challenge, as altcha-lib 2 makes it
 * (`{ parameters, signature }`, the format of the `altcha` widget 3.x, deterministic SHA-256 proof
 * of work, expires after 5 minutes), signed with ALTCHA_HMAC_KEY. CONTRACT:
 *
 * Request
 *   GET /api/bot-check/challenge?action=balance_inquiry
 *     action       what the token will be spent on: one of BOT_CHECK_ACTIONS (balance_inquiry,
 *                  share_offer, contact_listing, …); balance_inquiry when absent. Signed into the
 *                  challenge: a token made for one action is refused (403) by every other.
 *     publisherid  header, optional: the tenant the token is for (signed in too). Without it the
 *                  challenge is good for any tenant and costs what the dearest tenant's costs now.
 *
 * Responses (every one with `Cache-Control: no-store`)
 *   200 the challenge; its solution comes back as `botToken` of the request, once.
 *   400 { "error": "action: …", "field": "action" } (or field publisherId for a bad header)
 *   429 { "error": "Too many challenges. Please try again later." } with Retry-After: more than
 *       BOT_CHALLENGE_LIMIT challenges (30) from one client in a minute.
 *
 * The cost adapts: while a tenant's failed balance inquiries of the last minute exceed the budget
 * (BALANCE_FAILURE_BUDGET), each budget spent makes the proof of work ten times dearer (at most a
 * hundred times), and it falls back as the failures leave the window.
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { BOT_CHECK_ACTIONS } from '../../src/domain/constants';
import type { BotCheck } from '../bot-check';
import { clientOf } from '../client-key';
import type { Db } from '../db/driver';
import { guessingLevel } from '../gift-cards/limits';
import { parseInput } from '../http';
import { take, type LimitSettings } from '../limits';
import type { TenantService } from '../tenants';

const ACTIONS = Object.values(BOT_CHECK_ACTIONS);

const challengeQuery = z.object({
  action: z
    .enum(ACTIONS, { message: `must be one of ${ACTIONS.join(', ')}` })
    .default(BOT_CHECK_ACTIONS.balanceInquiry),
});

export const TOO_MANY_CHALLENGES = 'Too many challenges. Please try again later.';

export interface BotCheckRouteOptions {
  botCheck: BotCheck;
  tenants: TenantService;
  db: Pick<Db, 'query'>;
  now: () => Date;
  limits: Pick<LimitSettings, 'balanceFailureBudget' | 'challengesPerMinute'>;
}

export const botCheckRoutes: FastifyPluginAsync<BotCheckRouteOptions> = async (
  app,
  { botCheck, tenants, db, now, limits },
) => {
  const perClient = { rule: 'bot-challenge:client', max: limits.challengesPerMinute, windowMs: 60_000 };

  app.get('/bot-check/challenge', async (request, reply) => {
    // Every challenge is new and single use: no cache may keep or share one.
    reply.header('cache-control', 'no-store');
    const at = now();
    const limit = await take(db, [{ limit: perClient, key: clientOf(request.ip) }], at);
    if (!limit.allowed)
      return reply
        .status(429)
        .header('retry-after', String(limit.retryAfterSeconds))
        .send({ error: TOO_MANY_CHALLENGES });
    const { action } = parseInput(challengeQuery, request.query);
    const tenant = request.headers.publisherid ? tenants.scope(request.headers).tenant.name : undefined;
    const level = await guessingLevel(db, tenant, at, limits.balanceFailureBudget);
    return botCheck.altchaChallenge({ action, tenant, level });
  });
};
