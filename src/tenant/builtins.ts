/**
 * The built-in tenants (ARCHITECTURE 'Public contracts'), complete and deep-frozen, and the ways
 * to pick one. No zod: browser bundles may import this, e.g. for the default-tenant fallback.
 */
import { deepFreeze, withTenantDefaults } from './defaults';
import type { TenantConfig } from './shape';
import { local } from './tenants/local';
import { spa } from './tenants/spa';
import { spaCanada } from './tenants/spa-canada';
import { wellness } from './tenants/wellness';

export const TENANT_NAMES = ['wellness', 'spa', 'spa-canada', 'local'] as const;
export type TenantName = (typeof TENANT_NAMES)[number];

/** The tenant served when none or an unknown one is asked for (spec 1, spec 8). */
export const DEFAULT_TENANT = 'wellness' satisfies TenantName;

export const builtInTenants: Readonly<Record<TenantName, TenantConfig>> = deepFreeze({
  wellness: withTenantDefaults(wellness),
  spa: withTenantDefaults(spa),
  'spa-canada': withTenantDefaults(spaCanada),
  local: withTenantDefaults(local),
});

export function isTenantName(name: unknown): name is TenantName {
  return typeof name === 'string' && (TENANT_NAMES as readonly string[]).includes(name);
}

/**
 * The built-in tenant of that name. No name (undefined or blank) gives the default tenant;
 * an unknown name gives the default tenant with a console warning.
 */
export function resolveTenant(name: string | undefined): TenantConfig {
  const wanted = name?.trim().toLowerCase();
  if (!wanted) return builtInTenants[DEFAULT_TENANT];
  if (isTenantName(wanted)) return builtInTenants[wanted];
  console.warn(`Unknown tenant "${name}"; using the default tenant "${DEFAULT_TENANT}".`);
  return builtInTenants[DEFAULT_TENANT];
}

/**
 * The built-in tenant of a publisher id. Publisher 1 has two tenants ('spa', 'spa-canada'): the
 * first whose programs include every one of `includedPrograms` wins, else the first of the
 * publisher ('spa'). Undefined for an unknown publisher.
 */
export function tenantForPublisher(
  publisherId: number,
  includedPrograms?: string[],
): TenantConfig | undefined {
  const candidates = TENANT_NAMES.map((name) => builtInTenants[name]).filter(
    (tenant) => tenant.helperInfo.publisherId === publisherId,
  );
  if (includedPrograms?.length) {
    const match = candidates.find((tenant) =>
      includedPrograms.every((program) => tenant.helperInfo.includedPrograms.includes(program)),
    );
    if (match) return match;
  }
  return candidates[0];
}
