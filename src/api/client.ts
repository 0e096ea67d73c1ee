import ky, { HTTPError, type KyInstance } from 'ky';
import type { ContentPage, MenuType } from '../domain/content';
import type { MenuItem, OfferCard } from '../domain/types';
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

/** The content calls of spec 7 for one tenant (the CMS through our API). */
export function createContentApi(base: string, tenant: string) {
  const http = ky.create({ prefixUrl: base, timeout: 15_000, retry: { limit: 1, methods: ['get'] } });
  const get = <T>(path: string, query: Record<string, string> = {}, signal?: AbortSignal) =>
    call<T>(http, path, { ...query, tenant }, signal);
  return {
    homepage: (signal?: AbortSignal) => get<ContentPage>('wordpress/homepage', {}, signal),
    menu: (type: MenuType, signal?: AbortSignal) =>
      get<MenuItem[]>('wordpress/menu', { query: type }, signal),
    page: (slug: string, signal?: AbortSignal) => get<ContentPage>('wordpress/page', { query: slug }, signal),
    destination: (term: string, signal?: AbortSignal) =>
      get<ContentPage>('wordpress/destinations', { query: term }, signal),
    serviceContent: (keywords: string, signal?: AbortSignal) =>
      get<ContentPage>(`content/${encodeURIComponent(keywords)}`, {}, signal),
  };
}

export type ContentApi = ReturnType<typeof createContentApi>;

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
