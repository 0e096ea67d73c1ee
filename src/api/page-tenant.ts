import { PAGE_TENANT_ID } from '../tenant/page-block';
import type { TenantConfig } from '../tenant/types';

/**
 * The settings of tenant `name` that this page carries (server/page-boot.ts), when `base` is this
 * page's own API; otherwise (a partner's page, another tenant, another API) undefined.
 */
export function pageTenant(base: string, name: string): TenantConfig | undefined {
  if (typeof document === 'undefined') return undefined;
  const block = document.getElementById(PAGE_TENANT_ID);
  if (!(block instanceof HTMLScriptElement) || block.type !== 'application/json') return undefined;
  if (new URL(base, location.href).href.replace(/\/$/, '') !== `${location.origin}/api`) return undefined;
  try {
    const config = JSON.parse(block.textContent ?? '') as TenantConfig;
    return config.name === name ? config : undefined;
  } catch {
    return undefined;
  }
}
