/**
 * Parsing a tenant document (server side): a partial document is deep-merged over
 * TENANT_DEFAULTS (./defaults.ts, the one source of every default value, usable without zod) and
 * the result is validated by the strict shape of ./shape.ts. Objects merge key by key; arrays and
 * scalars replace; unknown keys are dropped.
 */
import { z } from 'zod';
import { applyTenantDefaults } from './defaults';
import { tenantConfigShape, type TenantConfig } from './shape';

/** The tenant document: a partial document gets every default, then the shape is checked. */
export const tenantConfigSchema = z.preprocess((doc) => applyTenantDefaults(doc), tenantConfigShape);

// ---------------------------------------------------------------------------------------------
// Parsing

export interface TenantConfigIssue {
  /** 'theme.colors.primary', 'searchEnvironment.businessTypes[0].title' */
  path: string;
  message: string;
}

/** A config document that does not validate; the message names every bad field. */
export class TenantConfigError extends Error {
  override readonly name = 'TenantConfigError';
  constructor(
    readonly issues: TenantConfigIssue[],
    tenant?: string,
  ) {
    super(
      `Invalid tenant config${tenant ? ` "${tenant}"` : ''}: ${issues
        .map((issue) => `${issue.path}: ${issue.message}`)
        .join('; ')}`,
    );
  }
}

function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out || '(document)';
}

function describe(input: unknown): string {
  if (input === undefined) return '';
  const shown = typeof input === 'string' ? JSON.stringify(input) : (JSON.stringify(input) ?? String(input));
  return ` (got ${shown.length > 60 ? `${shown.slice(0, 57)}...` : shown})`;
}

export type TenantConfigResult =
  { success: true; data: TenantConfig } | { success: false; error: TenantConfigError };

/** Like parseTenantConfig, without throwing. */
export function safeParseTenantConfig(doc: unknown): TenantConfigResult {
  const result = tenantConfigSchema.safeParse(doc, { reportInput: true });
  if (result.success) return { success: true, data: result.data };
  const issues = result.error.issues.map((issue) => ({
    path: formatPath(issue.path),
    message: `${issue.message}${issue.code === 'invalid_type' ? '' : describe(issue.input)}`,
  }));
  const name =
    doc && typeof doc === 'object' && typeof (doc as { name?: unknown }).name === 'string'
      ? (doc as { name: string }).name
      : undefined;
  return { success: false, error: new TenantConfigError(issues, name) };
}

/** A complete config from a (partial) document; throws TenantConfigError naming the bad fields. */
export function parseTenantConfig(doc: unknown): TenantConfig {
  const result = safeParseTenantConfig(doc);
  if (!result.success) throw result.error;
  return result.data;
}
