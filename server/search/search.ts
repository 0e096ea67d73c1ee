/**
 * The listing search of `GET /merchants` and the service aggregations of `GET /services`.
 */
import type { ListingCard, SearchResult, ServiceAggregation } from '../../src/domain/types';
import type { Db } from '../db/driver';
import type { TenantScope } from '../tenants';
import { resolveSearchArea } from './area';
import { listingCard } from './cards';
import { matchQueryString, searchQueryString, type SearchParams } from './params';
import {
  countStatement,
  searchStatement,
  serviceAggregationStatement,
  type SearchCriteria,
  type SearchRow,
  type ServiceAggregationRow,
} from './query';

/** What a search matches, its location resolved (a 400 when it resolves nowhere). */
export function searchCriteria(params: SearchParams): SearchCriteria {
  return {
    keywords: params.keywords,
    area: resolveSearchArea(params.location, params.distance),
    hasOffers: params.hasOffers,
    filters: params.filters,
  };
}

/** API-relative URL of a search page: '/merchants?…'. */
export const merchantsUrl = (params: SearchParams): string => `/merchants?${searchQueryString(params)}`;

/** API-relative URL of a search's service aggregations: '/services?url=%2Fmerchants%3F…'. */
export const serviceAggregationUrl = (params: SearchParams): string =>
  `/services?url=${encodeURIComponent(`/merchants?${matchQueryString(params)}`)}`;

/**
 * One page of listing cards, in one statement. Only a page past the last one (which a client
 * following nextPageUrl never asks for) takes a second, counting statement for its totals.
 */
export async function searchMerchants(
  db: Db,
  params: SearchParams,
  scope: TenantScope,
): Promise<SearchResult<ListingCard>> {
  const criteria = searchCriteria(params);
  const statement = searchStatement(criteria, params, scope.programs);
  const { rows } = await db.query<SearchRow>(statement.text, statement.values);
  let totalHits = rows[0]?.total_hits ?? 0;
  if (!rows.length && params.page > 0) {
    const count = countStatement(criteria, scope.programs);
    totalHits = (await db.query<{ total_hits: number }>(count.text, count.values)).rows[0]?.total_hits ?? 0;
  }
  const totalPages = Math.ceil(totalHits / params.size);
  const routeName = scope.tenant.listingRouteName;
  return {
    currentPage: params.page,
    totalPages,
    totalHits,
    items: rows.map((row) => listingCard(row, routeName)),
    requestUrl: merchantsUrl(params),
    nextPageUrl: params.page + 1 < totalPages ? merchantsUrl({ ...params, page: params.page + 1 }) : null,
    serviceAggregationUrl: serviceAggregationUrl(params),
  };
}

/** The service aggregations of a search (page, size and sort do not matter). */
export async function serviceAggregations(
  db: Db,
  params: SearchParams,
  scope: TenantScope,
): Promise<ServiceAggregation[]> {
  const statement = serviceAggregationStatement(searchCriteria(params), scope.programs);
  const { rows } = await db.query<ServiceAggregationRow>(statement.text, statement.values);
  return rows;
}

/** The cache key of a search's aggregations: the caller's programs and what the search matches. */
export function aggregationCacheKey(params: SearchParams, scope: TenantScope): string {
  return `${[...scope.programs].sort().join(',')}|${matchQueryString(params)}`;
}
