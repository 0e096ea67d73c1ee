import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/driver';
import { parseCriteria, suggest } from '../search/suggest';
import type { TenantService } from '../tenants';

/**
 * GET /api/autocomplete?criteria=…: suggestions grouped by type (spec 3, 7), at most 8 a group
 * and 3 locations, for the caller's programs. Nothing to look up gives an empty set (spec 5).
 * 'Share my Location' is the element's to add (locationSuggestions): it is not data.
 */
export const autocompleteRoutes: FastifyPluginAsync<{ db: Db; tenants: TenantService }> = async (
  app,
  { db, tenants },
) => {
  app.get('/autocomplete', async (request) => {
    const scope = tenants.scope(request.headers);
    const criteria = parseCriteria((request.query as Record<string, unknown>).criteria);
    return criteria ? suggest(db, criteria, scope.programs) : {};
  });
};
