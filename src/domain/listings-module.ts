import type { ListingsModule } from './content';
import { searchToApiQuery } from './filters';

/**
 * The `GET /merchants` query of a listings module (spec 2.8, spec 7): the best rated listings
 * with its promotion in the tenant's country, the first `limit` (4 when the CMS says none).
 */
export function listingsModuleQuery(
  module: Pick<ListingsModule, 'limit' | 'promotion'>,
  country: string,
): string {
  return searchToApiQuery({
    size: module.limit || 4,
    sort: 'averageScore',
    filters: { 'promotions.promotionTypeName': module.promotion, 'location.countryCode': [country] },
  });
}
