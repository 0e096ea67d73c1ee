/**
 * One guarded route: the shape of the API's writes a bot could abuse (balance inquiry, share by
 * email, contact a listing). Every answer is for this client only; each request is audited
 * (audit.ts); its input is read, where a failure is logged 'invalid' and is a 400 that does not
 * spend the bot token; then the bot token is verified and spent, where a failure is logged with
 * the rule `bot-check-{reason}` and is a 403. Only then does the route's own work run.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { BotCheckAction } from '../src/domain/constants';
import { auditedRequest, type AuditedRequest } from './audit';
import type { BotCheck } from './bot-check';
import { BOT_CHECK_FAILED } from './http';
import type { TenantScope, TenantService } from './tenants';

export interface GuardOptions {
  tenants: TenantService;
  botCheck: BotCheck;
  /** The clock of the route's limits; tests move it forward. */
  now: () => Date;
}

/** The least an audit line says: what was decided, and by which rule. */
export interface Decision {
  decision: string;
  rule: string;
}

/** What a guarded handler gets: the audited request and the time it came in. */
export interface GuardedCall<D extends Decision> extends AuditedRequest<D> {
  /** Read once per request: every limit of one request counts at the same instant. */
  at: Date;
}

export interface GuardedRoute<Input extends { botToken?: unknown }, D extends Decision> {
  /** The audit lines' message, e.g. 'balance inquiry'. */
  action: string;
  /** The action the bot token is bound to (every provider checks it; ALTCHA signs it into the challenge). */
  botAction: BotCheckAction;
  /**
   * The call's tenant scope when the request names its tenant (the contact-us form's `tenant`);
   * throws the HttpError of a 400 when it is bad. @default the publisherId header's (tenants.scope)
   */
  scope?(request: FastifyRequest): Promise<TenantScope>;
  /** Reads and validates the request (parseInput); throws the HttpError of a 400 when it is bad. */
  input(request: FastifyRequest): Input;
  /** What a bot-check refusal logs about the request: ids and hash prefixes, never what was written. */
  about(input: Input): Partial<D>;
  /** Whether the 403 names the token field (`field: 'botToken'`): the balance contract's does not. */
  namesBotTokenField: boolean;
  /** A check before the input is read (the balance inquiry's client limit); an answer ends the request. */
  before?(
    call: GuardedCall<D>,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply | undefined>;
  /** The route's own work, once the input is valid and the bot token is spent. */
  handle(
    call: GuardedCall<D> & { input: Input },
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<unknown>;
}

/**
 * Makes a plugin's routes guarded: every answer of the plugin, errors and malformed JSON
 * included, gets `Cache-Control: no-store`; the returned `guarded` makes a route's handler that
 * runs the checks above, in that order, before the route's own work.
 */
export function guardRoutes<D extends Decision>(
  app: FastifyInstance,
  { tenants, botCheck, now }: GuardOptions,
) {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  return function guarded<Input extends { botToken?: unknown }>(
    route: GuardedRoute<Input, D>,
  ): RouteHandlerMethod {
    return async (request, reply) => {
      const at = now();
      const scope = await route.scope?.(request);
      const call = { ...auditedRequest<Decision>(request, tenants, route.action, scope), at };
      const answered = await route.before?.(call, request, reply);
      if (answered) return answered;

      let input: Input;
      try {
        input = route.input(request);
      } catch (error) {
        call.decide({ decision: 'invalid', rule: 'input' });
        throw error;
      }

      const bot = await botCheck.verify(
        call.tenant.botCheck.provider,
        input.botToken,
        request.ip,
        route.botAction,
        // An ALTCHA challenge made for one tenant is spent by that tenant's requests only.
        call.tenant.name,
      );
      if (!bot.ok) {
        call.decide({ decision: 'refused', rule: `bot-check-${bot.reason}`, ...route.about(input) });
        return reply
          .status(403)
          .send(
            route.namesBotTokenField
              ? { error: BOT_CHECK_FAILED, field: 'botToken' }
              : { error: BOT_CHECK_FAILED },
          );
      }
      return route.handle({ ...call, input }, request, reply);
    };
  };
}
