import ky, { HTTPError, type KyInstance } from 'ky';
import type { OfferCard } from '../domain/types';
import type { TenantConfig } from '../tenant/types';

/** What the API answered when a call failed: its status and the `{ error }` text. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiOptions {
  /** The tenant's functions endpoint, e.g. https://wellspring.example/api */
  base: string;
  publisherId: number;
  includedPrograms?: string[];
}

/** The one HTTP client of the browser side: spec 7's headers on every call, typed calls on top. */
export function createApi({ base, publisherId, includedPrograms }: ApiOptions) {
  const http = ky.create({
    prefixUrl: base,
    timeout: 15_000,
    retry: { limit: 1, methods: ['get'] },
    headers: {
      'X-Requested-With': 'XMLHttpRequest',
      publisherId: String(publisherId),
      ...(includedPrograms?.length ? { includedPrograms: includedPrograms.join(',') } : {}),
    },
  });
  return {
    /** Current offers near a place (or the best rated in the country), nearest first. */
    offersNear: (query: { location?: string; country?: string; size?: number }, signal?: AbortSignal) =>
      call<{ items: OfferCard[]; location: string | null }>(http, 'offers', query, signal),
  };
}

export type Api = ReturnType<typeof createApi>;

/** GET /tenants/{name}: needs no tenant headers, it is how an element learns its tenant. */
export function fetchTenant(base: string, name: string, signal?: AbortSignal): Promise<TenantConfig> {
  return call<TenantConfig>(
    ky.create({ prefixUrl: base, timeout: 15_000 }),
    `tenants/${encodeURIComponent(name)}`,
    {},
    signal,
  );
}

async function call<T>(
  http: KyInstance,
  path: string,
  query: Record<string, string | number | undefined>,
  signal?: AbortSignal,
): Promise<T> {
  const searchParams = Object.fromEntries(
    Object.entries(query).filter(
      (entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '',
    ),
  );
  try {
    return await http.get(path, { searchParams, signal }).json<T>();
  } catch (error) {
    if (error instanceof HTTPError) {
      const body = (await error.response.json().catch(() => ({}))) as { error?: string; field?: string };
      throw new ApiError(error.response.status, body.error ?? error.message, body.field);
    }
    throw error;
  }
}
