/**
 * Tenant types only: `import type { TenantConfig } from '../tenant/types'` pulls no code (and no
 * zod) into a browser bundle.
 */
export type {
  ListingRouteName,
  TenantConfig,
  TenantConfigIssue,
  TenantEndpoints,
  TenantOptions,
  TenantTheme,
  ThemeColors,
} from './schema';
export type { DeepPartial, TenantConfigInput } from './defaults';
export type { TenantName } from './builtins';
