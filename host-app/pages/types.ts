import type { RouteMatch } from '../../src/domain/routes';
import type { TenantConfig } from '../../src/tenant/types';

/** What the app shell hands every page: the tenant and the matched route. */
export interface PageProps {
  tenant: TenantConfig;
  route: RouteMatch;
}
