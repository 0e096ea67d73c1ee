import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/driver';
import { cachePerTenant } from '../http';
import { sendJson, type ResultCache } from '../http-cache';
import { parseCriteria, suggest } from '../search/suggest';
import type { TenantService } from '../tenants';

/**
 * GET /api/autocomplete?criteria=…: suggestions grouped by type (spec 3, 7), at most 8 a group
 * and 3 locations, for the caller's programs. Nothing to look up gives an empty set (spec 5).
 * 'Share my Location' is the element's to add (locationSuggestions): it is not data.
 */
export const autocompleteRoutes: FastifyPluginAsync<{
  db: Db;
  tenants: TenantService;
  results: ResultCache;
}> = async (app, { db, tenants, results }) => {
  app.get('/autocomplete', async (request, reply) => {
    const scope = tenants.scope(request.headers);
    const criteria = parseCriteria((request.query as Record<string, unknown>).criteria);
    // Suggestions change only with the listings: five minutes. The first letters typed ('m',
    // 'ma', 'mas') are the same for most visitors, so the process keeps them too.
    cachePerTenant(reply, 300);
    if (!criteria) return {};
    const key = `autocomplete|${[...scope.programs].sort().join(',')}|${JSON.stringify(criteria)}`;
    return sendJson(
      reply,
      await results.json(key, tenants.inForce(), () => suggest(db, criteria, scope.programs)),
    );
  });
};
