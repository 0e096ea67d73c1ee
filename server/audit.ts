/**
 * The request context of the API's guarded writes (balance inquiry, share by email, contact a
 * listing): the caller's tenant scope, its tenant, and an audit line per decision. Audit lines are
 * logged at info even where the app logs warnings only; they name rules and keyed hashes, never
 * card numbers, addresses or texts.
 */
import type { FastifyRequest } from 'fastify';
import type { TenantConfig } from '../src/tenant';
import type { TenantScope, TenantService } from './tenants';

export interface AuditedRequest<Decision extends object> {
  scope: TenantScope;
  tenant: TenantConfig;
  /** Logs one decision about this request under `action`, with its tenant and client address. */
  decide(line: Decision): void;
}

export function auditedRequest<Decision extends object>(
  request: FastifyRequest,
  tenants: TenantService,
  action: string,
  /** @default the scope of the request's publisherId header */
  scope: TenantScope = tenants.scope(request.headers),
): AuditedRequest<Decision> {
  const { tenant } = scope;
  const log = request.log.child({ tenant: tenant.name, client: request.ip }, { level: 'info' });
  return { scope, tenant, decide: (line) => log.info(line as object, action) };
}
