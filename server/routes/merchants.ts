import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/driver';
import { parseSearchParams } from '../search/params';
import { searchMerchants } from '../search/search';
import type { TenantService } from '../tenants';

/**
 * GET /api/merchants?page&size&sort&keywords&distance&location&hasOffers&filters: a page of the
 * listing search (spec 3 'Search result', spec 7), scoped to the caller's programs. Featured and
 * travel listings are the same search with the promotions.promotionTypeName filter.
 */
export const merchantRoutes: FastifyPluginAsync<{ db: Db; tenants: TenantService }> = async (
  app,
  { db, tenants },
) => {
  app.get('/merchants', async (request) => {
    const scope = tenants.scope(request.headers);
    const params = parseSearchParams(request.query);
    return searchMerchants(db, params, scope);
  });
};
