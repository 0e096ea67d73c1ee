/**
 * Tenant types only: `import type { TenantConfig } from '../tenant/types'` pulls no code (and no
 * zod) into a browser bundle.
 */
export type {
  ListingRouteName,
  TenantConfig,
  TenantEndpoints,
  TenantOptions,
  TenantTheme,
  ThemeColors,
} from './shape';
export type { TenantConfigIssue } from './schema';
export type { DeepPartial, TenantConfigInput } from './defaults';
export type { TenantName } from './builtins';
