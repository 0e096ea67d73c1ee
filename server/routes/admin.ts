import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError, parseInput } from '../http';
import type { TenantService } from '../tenants';

export interface AdminOptions {
  tenants: TenantService;
  /** ADMIN_TOKEN: the bearer token every admin call must carry. */
  token: string;
}

/** A tenant document is about 5 KB; a patch of one is smaller still. */
const BODY_LIMIT = 64 * 1024;

/**
 * The tenant admin API, for operators (`npm run tenant`), registered only when ADMIN_TOKEN is set:
 *
 * - GET /admin/tenants: the names of the tenants in force;
 * - GET /admin/tenants/{name}: the stored tenant document (the built-in one when none is stored);
 * - PATCH /admin/tenants/{name}: a JSON merge patch (RFC 7396) of it, validated by the tenant
 *   schema, stored with the defaults applied, and in force on every instance from the next call.
 *
 * Every call carries `Authorization: Bearer $ADMIN_TOKEN` (401 otherwise). An unknown tenant is a
 * 404: a patch never creates a tenant, so a misspelt name cannot add one.
 */
export const adminRoutes: FastifyPluginAsync<AdminOptions> = async (app, { tenants, token }) => {
  const expected = digest(token);
  app.addHook('onRequest', async (request, reply) => {
    // Before the body is read: an unauthorised caller costs no parsing.
    const given = bearer(request);
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      reply.header('www-authenticate', 'Bearer realm="wellspring-admin"');
      throw new HttpError(401, 'authorization: a valid admin bearer token is required', 'authorization');
    }
    reply.header('cache-control', 'no-store');
  });
  // RFC 7396's media type, besides plain JSON.
  app.addContentTypeParser(
    'application/merge-patch+json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    app.getDefaultJsonParser('error', 'error'),
  );
  // Logged even where the app logs warnings only (as server/audit.ts): who changed which tenant.
  const audit = app.log.child({ who: 'admin' }, { level: 'info' });

  const params = z.object({
    name: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be a tenant name: lower-case letters, digits and hyphens'),
  });

  app.get('/admin/tenants', async () => ({ tenants: [...tenants.inForce().keys()] }));

  app.get('/admin/tenants/:name', async (request) => {
    const { name } = parseInput(params, request.params);
    const doc = await tenants.stored(name);
    if (doc === undefined) throw new HttpError(404, `Unknown tenant: ${name}`);
    return doc;
  });

  app.patch('/admin/tenants/:name', { bodyLimit: BODY_LIMIT }, async (request) => {
    const { name } = parseInput(params, request.params);
    const config = await tenants.patch(name, request.body);
    // Which settings changed, never their values: a document may hold keys of third parties.
    const keys = Object.keys(request.body as object);
    audit.info({ tenant: name, keys, client: request.ip }, 'tenant settings changed');
    return config;
  });
};

function bearer(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** Equal-length digests, so the comparison takes the same time whatever the token's length. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
