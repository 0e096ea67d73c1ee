/**
 * JSON Merge Patch (RFC 7396), the body of PATCH /api/admin/tenants/{name}: objects merge key by
 * key, `null` deletes a key, anything else (arrays included) replaces. The target is not changed;
 * a new value is returned.
 */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const result: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
