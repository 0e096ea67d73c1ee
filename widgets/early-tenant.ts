/**
 * Tenant settings asked for by the loader (widgets/loader.ts) as soon as it sees an element's tag,
 * while the element's code downloads: on a partner's page the element would otherwise ask for them
 * only once its code had arrived and run, a round trip later, and its own data waits for them.
 * The element's shell (widgets/define.tsx) takes the answer from here. A plain `fetch`, as the
 * element's own request is a plain GET: the loader stays small (no ky) and meets the same CORS
 * rules.
 */
import { PAGE_TENANT_ID } from '../src/tenant/page-block';

/** The functions endpoint an element calls: its `api` attribute, else the loader's origin's. */
export function elementApiBase(api: string | null | undefined, ownOrigin: string): string {
  return (api || `${ownOrigin}/api`).replace(/\/$/, '');
}

/** Requests under way, by endpoint and tenant: one per pair, whatever the number of elements. */
const asked = new Map<string, Promise<unknown>>();

/**
 * Asks for the settings of the tenant `element`'s tag names, unless they were asked for already
 * or the page carries them (the hosted site's pages do: src/api/page-blocks.ts). A tag without
 * the attribute (or with it empty) may yet get its tenant as a property (a script's, before it is
 * attached): asking for the default tenant's could be waste, so it waits for the element.
 */
export function askTenantEarly(element: Element, ownOrigin: string): void {
  const name = element.getAttribute('tenant');
  if (!name || document.getElementById(PAGE_TENANT_ID)) return;
  const base = elementApiBase(element.getAttribute('api'), ownOrigin);
  const key = `${base}|${name}`;
  if (asked.has(key)) return;
  const answer = fetch(`${base}/tenants/${encodeURIComponent(name)}`).then((response) =>
    response.ok
      ? (response.json() as Promise<unknown>)
      : Promise.reject(new Error(`HTTP ${response.status}`)),
  );
  // A failure is the element's to report, when it asks again its own way (define.tsx).
  answer.catch(() => undefined);
  asked.set(key, answer);
}

/** The loader's request for these settings, if it made one: taken once. */
export function takeEarlyTenant(base: string, name: string): Promise<unknown> | undefined {
  const key = `${base}|${name}`;
  const answer = asked.get(key);
  asked.delete(key);
  return answer;
}
