import type { BotCheckAction } from '../../src/domain/constants';
import type { TenantConfig } from '../../src/tenant';

/** The bot check a tenant configured (spec 2.9): ALTCHA by default. */
export type BotCheckProvider = TenantConfig['botCheck']['provider'];

/** Why a token was refused; logged as the rule that fired, never shown to the client. */
export type BotCheckFailure =
  | 'missing'
  | 'malformed'
  | 'invalid'
  | 'expired'
  /** Made for another action (a share_offer token presented to the balance inquiry). */
  | 'wrong-action'
  /** An ALTCHA challenge made for another tenant. */
  | 'wrong-tenant'
  | 'replayed'
  | 'low-score'
  | 'unavailable'
  | 'not-configured';

export type BotCheckResult = { ok: true } | { ok: false; reason: BotCheckFailure };

/**
 * What an adapter answers for an authentic token: an id naming it (to spend it once) and until
 * when it could be presented (how long the id must be remembered).
 */
export type AdapterVerdict =
  { ok: true; id: string; expiresAt: Date } | { ok: false; reason: BotCheckFailure };

/** One provider's check of a token's authenticity; single use is the port's job. */
export interface BotCheckAdapter {
  /**
   * `action`: what the token must have been made for (every provider names it); `tenant`: the
   * request's tenant, which an ALTCHA challenge made for one tenant must match.
   */
  verify(
    token: string,
    context: { clientAddress: string; action: BotCheckAction; tenant?: string },
  ): Promise<AdapterVerdict>;
}
