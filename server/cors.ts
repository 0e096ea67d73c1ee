import { builtInTenants } from '../src/tenant';

/**
 * Partner pages call the API from their own origins. An origin may call when some tenant lists
 * it in `corsOrigins` (exact origins, or `http://127.0.0.1:*` for any port). A browser's
 * preflight carries no tenant headers, so the check is over every tenant's list.
 */
const patterns = [...new Set(Object.values(builtInTenants).flatMap((tenant) => tenant.corsOrigins))].map(
  toRegExp,
);

export function isAllowedOrigin(origin: string | undefined): boolean {
  // Same-origin and non-browser requests carry no Origin header.
  if (!origin) return true;
  return patterns.some((pattern) => pattern.test(origin));
}

function toRegExp(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*');
  return new RegExp(`^${escaped}$`);
}
