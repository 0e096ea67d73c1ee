import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../http';
import type { TenantService } from '../tenants';

/** GET /api/tenants/{name}: the tenant's settings; unknown names get the default tenant. */
export const tenantRoutes: FastifyPluginAsync<{ tenants: TenantService }> = async (app, { tenants }) => {
  const params = z.object({
    name: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be a tenant name: lower-case letters, digits and hyphens'),
  });
  app.get('/tenants/:name', async (request, reply) => {
    const { name } = parseInput(params, request.params);
    const { config, fallback } = await tenants.load(name);
    // The settings change rarely; a minute of caching spares a round trip per element.
    reply.header('cache-control', 'public, max-age=60');
    if (fallback) reply.header('x-tenant-fallback', fallback);
    return config;
  });
};
