/**
 * Finds, in the real API the gallery is served with, the records a story needs for a tenant: a
 * listing, an offer, a listing that is not approved, an expired offer. Ids differ by tenant and
 * seed, so stories look them up (Storybook loaders) instead of naming them. No search lists
 * unapproved listings or expired offers: those are found by probing ids, whose 404s the browser
 * logs on the console of those two stories.
 */

interface TenantInfo {
  helperInfo: { publisherId: number; includedPrograms?: string[] };
}

const cache = new Map<string, Promise<unknown>>();
function once<T>(key: string, find: () => Promise<T>): Promise<T> {
  let pending = cache.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = find();
    pending.catch(() => cache.delete(key));
    cache.set(key, pending);
  }
  return pending;
}

async function get<T>(tenant: string, path: string): Promise<T | null> {
  const info = await once(`tenant:${tenant}`, async () => {
    const response = await fetch(`/api/tenants/${tenant}`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    });
    return (await response.json()) as TenantInfo;
  });
  const programs = info.helperInfo.includedPrograms ?? [];
  const response = await fetch(`/api${path}`, {
    headers: {
      'X-Requested-With': 'XMLHttpRequest',
      publisherId: String(info.helperInfo.publisherId),
      ...(programs.length ? { includedPrograms: programs.join(',') } : {}),
    },
  });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`GET /api${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** The first id from 1 up whose record matches, probed in small batches. */
async function probe<T>(tenant: string, path: (id: number) => string, matches: (record: T) => boolean) {
  for (let start = 1; start < 3_000; start += 25) {
    const batch = await Promise.all(
      Array.from({ length: 25 }, (_, index) => get<T>(tenant, path(start + index))),
    );
    const index = batch.findIndex((record) => record !== null && matches(record));
    if (index >= 0) return start + index;
  }
  throw new Error(`no matching record among the first 3,000 ids of ${tenant}`);
}

interface Listing {
  merchantListingStatus: string;
  offers: unknown[];
}

/** An approved listing with current offers: the first of the search (which lists approved ones only). */
export const approvedListing = (tenant: string) =>
  once(`approved:${tenant}`, async () => {
    const result = await get<{ items: { merchantId: number }[] }>(
      tenant,
      '/merchants?size=1&page=1&hasOffers=true',
    );
    if (!result?.items[0]) throw new Error(`no listing with offers for ${tenant}`);
    return result.items[0].merchantId;
  });

/** A listing that is not approved: shown without contact, about section or questions. */
export const unapprovedListing = (tenant: string) =>
  once(`unapproved:${tenant}`, () =>
    probe<Listing>(
      tenant,
      (id) => `/merchants/${id}`,
      (listing) => listing.merchantListingStatus !== 'APPROVED',
    ),
  );

/** A current offer near nowhere in particular: the tenant's best rated. */
export const currentOffer = (tenant: string) =>
  once(`offer:${tenant}`, async () => {
    const result = await get<{ items: { id: number }[] }>(tenant, '/offers?size=1');
    const first = result?.items[0];
    if (!first) throw new Error(`no current offer for ${tenant}`);
    return first.id;
  });

/** An offer whose end date has passed: its page says it has expired. */
export const expiredOffer = (tenant: string) =>
  once(`expired:${tenant}`, () =>
    probe<{ offer: { endDate: string } }>(
      tenant,
      (id) => `/offers/${id}`,
      (info) => new Date(info.offer.endDate).getTime() < Date.now(),
    ),
  );
