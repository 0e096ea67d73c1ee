import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { ERROR_MESSAGES } from '../../src/domain/constants';
import type { Db } from '../db/driver';
import { notFound, parseInput } from '../http';
import { listingById, listingByOldId, type ListingScope } from '../listings/service';
import { parseSearchParams } from '../search/params';
import { searchMerchants } from '../search/search';
import type { TenantScope, TenantService } from '../tenants';

/**
 * A numeric id path parameter: digits only and a safe integer, so '1e3', '-5' and twenty nines
 * are a 400 naming `id`, not a lookup of some other number.
 */
export const numericId = (message: string) =>
  z.object({
    id: z
      .string()
      .regex(/^\d+$/, message)
      .transform(Number)
      .refine((id) => Number.isSafeInteger(id), message),
  });

const merchantId = numericId('must be a numeric merchant id');

/** Listings and offers change rarely: a minute in any cache, kept apart per tenant header. */
export function cacheForAMinute(reply: FastifyReply): void {
  reply.header('cache-control', 'public, max-age=60');
  // Appended, not set: CORS has already put Origin there.
  const vary = reply.getHeader('vary');
  reply.header('vary', [vary, 'publisherId', 'includedPrograms'].filter(Boolean).join(', '));
}

/** The listing scope of an API call: its programs, and its tenants' listing route (they share a publisher). */
export const listingScope = (scope: TenantScope): ListingScope => ({
  programs: scope.programs,
  listingRouteName: scope.tenants[0]!.listingRouteName,
});

/**
 * GET /api/merchants?page&size&sort&keywords&distance&location&hasOffers&filters: a page of the
 * listing search (spec 3 'Search result', spec 7), scoped to the caller's programs. Featured and
 * travel listings are the same search with the promotions.promotionTypeName filter.
 *
 * GET /api/merchants/{id} and GET /api/merchants/map/{oldId}: the full listing (spec 3) with its
 * current offers, by merchant id or by the old id of an older URL; its canonicalLink always ends
 * with the merchant id. 404 'Listing not found!' for an unknown id or one outside the programs.
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

  app.get('/merchants/:id', async (request, reply) => {
    const { id } = parseInput(merchantId, request.params);
    const listing = await listingById(db, id, listingScope(tenants.scope(request.headers)));
    if (!listing) throw notFound(ERROR_MESSAGES.listingNotFound);
    cacheForAMinute(reply);
    return listing;
  });

  app.get('/merchants/map/:id', async (request, reply) => {
    const { id } = parseInput(merchantId, request.params);
    const listing = await listingByOldId(db, id, listingScope(tenants.scope(request.headers)));
    if (!listing) throw notFound(ERROR_MESSAGES.listingNotFound);
    cacheForAMinute(reply);
    return listing;
  });
};
