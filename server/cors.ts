import type { FastifyInstance, FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import type { TenantConfig } from '../src/tenant';
import { HttpError } from './http';
import type { TenantService } from './tenants';

/**
 * Partner pages call the API from their own origins. Each tenant lists its partners' origins in
 * `corsOrigins` (exact origins, or `http://127.0.0.1:*` for any port) in its tenant document, so
 * a partner is added with the admin API, not with code. An origin may call for the tenants that
 * list it:
 *
 * - the site's own pages (the Origin's host is the request's Host, or one of TENANT_HOSTS) always;
 * - a call that names a tenant (the `tenant` query, or publisherId and includedPrograms as
 *   TenantService.scope picks the tenant, or GET /tenants/{name} by its name) gets CORS headers
 *   only for that tenant's origins, and a partner origin of another tenant is refused with 403
 *   before any work is done in the named tenant's name;
 * - a call that names none, and a preflight (a browser sends no tenant headers with it), is
 *   allowed for an origin some tenant lists;
 * - an origin no tenant lists gets no CORS headers (a browser stops at the preflight).
 */
export interface CorsOptions {
  tenants: TenantService;
  /** Host names of our own sites besides the request's Host (TENANT_HOSTS), lower case. */
  ownHosts: ReadonlySet<string>;
}

export type OriginVerdict = 'allowed' | 'other-tenant' | 'unknown';

export async function registerCors(api: FastifyInstance, { tenants, ownHosts }: CorsOptions): Promise<void> {
  const verdict = (request: FastifyRequest): OriginVerdict =>
    judgeOrigin(request.headers.origin, {
      host: request.host,
      ownHosts,
      tenants: [...tenants.inForce().values()],
      named: request.method === 'OPTIONS' ? undefined : namedTenant(request, tenants),
    });
  // Runs after the tenants are refreshed (tenantsInForce, registered first) and before CORS.
  api.addHook('onRequest', async (request) => {
    if (!request.headers.origin || request.method === 'OPTIONS') return;
    if (verdict(request) !== 'other-tenant') return;
    const tenant = namedTenant(request, tenants)!;
    throw new HttpError(403, `origin: not a partner origin of the tenant ${tenant.name}`, 'origin');
  });
  await api.register(cors, {
    delegator: async (request: FastifyRequest) => ({
      origin: verdict(request) === 'allowed',
      allowedHeaders: [
        'content-type',
        'x-requested-with',
        'publisherid',
        'includedprograms',
        'authorization',
      ],
      maxAge: 600,
    }),
  });
}

/**
 * The tenant a call names, if any, as the routes pick it: the content routes' `tenant` query
 * first, then the publisherId and includedPrograms headers (TenantService.scope), then the name
 * of GET /tenants/{name}. A malformed or unknown one names none (the route answers 400).
 */
function namedTenant(request: FastifyRequest, tenants: TenantService): TenantConfig | undefined {
  const { tenant } = (request.query ?? {}) as { tenant?: unknown };
  if (typeof tenant === 'string' && tenants.inForce().has(tenant)) return tenants.inForce().get(tenant);
  if (request.headers.publisherid) {
    try {
      return tenants.scope(request.headers).tenant;
    } catch {
      return undefined;
    }
  }
  const { name } = (request.params ?? {}) as { name?: unknown };
  if (request.routeOptions.url === '/api/tenants/:name' && typeof name === 'string') {
    return tenants.inForce().get(name);
  }
  return undefined;
}

export interface OriginContext {
  /** The request's Host (its X-Forwarded-Host behind a trusted proxy). */
  host: string | undefined;
  ownHosts: ReadonlySet<string>;
  /** The tenants in force. */
  tenants: readonly TenantConfig[];
  /** The tenant the call names; undefined: none (or a preflight). */
  named: TenantConfig | undefined;
}

/** Whether `origin` may read the answer of a call (see the module comment). */
export function judgeOrigin(origin: string | undefined, context: OriginContext): OriginVerdict {
  // Same-origin and non-browser requests carry no Origin header.
  if (!origin) return 'allowed';
  if (isOwnOrigin(origin, context.host, context.ownHosts)) return 'allowed';
  if (context.named) {
    if (listsOrigin(context.named, origin)) return 'allowed';
    return context.tenants.some((tenant) => listsOrigin(tenant, origin)) ? 'other-tenant' : 'unknown';
  }
  return context.tenants.some((tenant) => listsOrigin(tenant, origin)) ? 'allowed' : 'unknown';
}

function isOwnOrigin(origin: string, host: string | undefined, ownHosts: ReadonlySet<string>): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // 'null' (sandboxed frames, files)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return (!!host && url.host === host.toLowerCase()) || ownHosts.has(url.hostname);
}

const compiled = new WeakMap<readonly string[], RegExp[]>();

/** Whether the tenant's corsOrigins list the origin; patterns are compiled once per list. */
export function listsOrigin(tenant: TenantConfig, origin: string): boolean {
  let patterns = compiled.get(tenant.corsOrigins);
  if (!patterns) {
    patterns = tenant.corsOrigins.map(toRegExp);
    compiled.set(tenant.corsOrigins, patterns);
  }
  return patterns.some((pattern) => pattern.test(origin));
}

function toRegExp(pattern: string): RegExp {
  // The tenant schema allows '*' only as the port: any port.
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '\\d{1,5}');
  // Host names are case-insensitive; browsers send them in lower case.
  return new RegExp(`^${escaped}$`, 'i');
}
