import { PAGE_CONTENT_ID, type PageContent } from '../domain/page-content';
import { PAGE_TENANT_ID } from '../tenant/page-block';
import type { TenantConfig } from '../tenant/types';

/**
 * What a page of the hosted site carries for its own API (server/page-boot.ts): the JSON data
 * block `id` and what it holds, when `base` is this page's API; otherwise (a partner's page,
 * another API, no block, a broken one) undefined.
 */
export function pageBlock(id: string, base: string): { block: HTMLScriptElement; data: unknown } | undefined {
  if (typeof document === 'undefined') return undefined;
  const block = document.getElementById(id);
  if (!(block instanceof HTMLScriptElement) || block.type !== 'application/json') return undefined;
  if (new URL(base, location.href).href.replace(/\/$/, '') !== `${location.origin}/api`) return undefined;
  try {
    return { block, data: JSON.parse(block.textContent ?? '') as unknown };
  } catch {
    return undefined;
  }
}

/** The settings of tenant `name` that this page carries, for its own API `base`. */
export function pageTenant(base: string, name: string): TenantConfig | undefined {
  const config = pageBlock(PAGE_TENANT_ID, base)?.data as Partial<TenantConfig> | null | undefined;
  return config?.name === name ? (config as TenantConfig) : undefined;
}

/** The content that this page carries for tenant `name`, by key, for its own API `base`. */
export function pageContent(base: string, name: string): Map<string, unknown> {
  const carried = pageBlock(PAGE_CONTENT_ID, base)?.data as Partial<PageContent> | null | undefined;
  return carried?.tenant === name && carried.entries && typeof carried.entries === 'object'
    ? new Map(Object.entries(carried.entries))
    : new Map();
}
