import type { FastifyPluginAsync } from 'fastify';
import { ERROR_MESSAGES } from '../../src/domain/constants';
import type { Db } from '../db/driver';
import { cachePerTenant, notFound, numericId, parseInput } from '../http';
import { sendJson, type ResultCache } from '../http-cache';
import { listingById, listingByOldId } from '../listings/service';
import { parseSearchParams } from '../search/params';
import { searchAnswer } from '../search/search';
import { listingScope, type TenantService } from '../tenants';

const merchantId = numericId('must be a numeric merchant id');

/**
 * GET /api/merchants?page&size&sort&keywords&distance&location&hasOffers&filters: a page of the
 * listing search (spec 3 'Search result', spec 7), scoped to the caller's programs. Featured and
 * travel listings are the same search with the promotions.promotionTypeName filter.
 *
 * GET /api/merchants/{id} and GET /api/merchants/map/{oldId}: the full listing (spec 3) with its
 * current offers, by merchant id or by the old id of an older URL; its canonicalLink always ends
 * with the merchant id. 404 'Listing not found!' for an unknown id or one outside the programs.
 */
export const merchantRoutes: FastifyPluginAsync<{
  db: Db;
  tenants: TenantService;
  results: ResultCache;
}> = async (app, { db, tenants, results }) => {
  app.get('/merchants', async (request, reply) => {
    const scope = tenants.scope(request.headers);
    const params = parseSearchParams(request.query);
    // A visitor's next page, the back button and the element's re-renders ask again: a minute.
    cachePerTenant(reply, 60);
    return sendJson(reply, await searchAnswer(db, params, scope, results, tenants.inForce()));
  });

  app.get('/merchants/:id', async (request, reply) => {
    const { id } = parseInput(merchantId, request.params);
    const listing = await listingById(db, id, listingScope(tenants.scope(request.headers)));
    if (!listing) throw notFound(ERROR_MESSAGES.listingNotFound);
    // Listings and offers change rarely: a minute.
    cachePerTenant(reply, 60);
    return listing;
  });

  app.get('/merchants/map/:id', async (request, reply) => {
    const { id } = parseInput(merchantId, request.params);
    const listing = await listingByOldId(db, id, listingScope(tenants.scope(request.headers)));
    if (!listing) throw notFound(ERROR_MESSAGES.listingNotFound);
    // Listings and offers change rarely: a minute.
    cachePerTenant(reply, 60);
    return listing;
  });
};
