import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { ServiceAggregation } from '../../src/domain/types';
import type { Db } from '../db/driver';
import { cachePerTenant, HttpError, parseInput } from '../http';
import { sendJson, type ResultCache } from '../http-cache';
import { parseSearchParams, type SearchParams } from '../search/params';
import { matchKey, serviceAggregations } from '../search/search';
import type { TenantService } from '../tenants';

const servicesQuery = z.object({
  url: z.string().max(4000, 'must be at most 4000 characters').optional(),
  endpoint: z.string().max(4000, 'must be at most 4000 characters').optional(),
});

/**
 * The search a `url` / `endpoint` value names: a merchants URL as serviceAggregationUrl carries it
 * ('/merchants?…'), absolute or API-relative. Its own errors are reported under the parameter.
 */
function searchOfUrl(value: string, field: 'url' | 'endpoint'): SearchParams {
  let url: URL;
  try {
    url = new URL(value, 'http://api.invalid');
  } catch {
    throw new HttpError(400, `${field}: must be a merchants search URL`, field);
  }
  if (!url.pathname.endsWith('/merchants')) {
    throw new HttpError(400, `${field}: must be a merchants search URL`, field);
  }
  try {
    return parseSearchParams(Object.fromEntries(url.searchParams));
  } catch (error) {
    if (error instanceof HttpError) throw new HttpError(error.status, `${field}: ${error.message}`, field);
    throw error;
  }
}

/** GET /api/services?url={merchants url} or ?endpoint={merchants url}: service aggregations. */
export const serviceRoutes: FastifyPluginAsync<{
  db: Db;
  tenants: TenantService;
  results: ResultCache;
}> = async (app, { db, tenants, results }) => {
  app.get('/services', async (request, reply) => {
    const scope = tenants.scope(request.headers);
    const query = parseInput(servicesQuery, request.query);
    const field = query.url !== undefined ? 'url' : 'endpoint';
    const target = query.url ?? query.endpoint;
    if (!target) throw new HttpError(400, 'url: a merchants search URL is required', 'url');
    const params = searchOfUrl(target, field);
    // The aggregations are the slowest search query (a radius of many listings, every service
    // unnested): ARCHITECTURE measured 114 ms p99 at 100k listings. A visitor's next pages, sorts
    // and the element's re-renders ask for the same ones: kept a minute per scope and search.
    cachePerTenant(reply, 60);
    const key = `services|${matchKey(params, scope)}`;
    const generation = tenants.inForce();
    return sendJson(
      reply,
      await results.json(key, generation, (): Promise<ServiceAggregation[]> =>
        serviceAggregations(db, params, scope, results.values(generation)),
      ),
    );
  });
};
