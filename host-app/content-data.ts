import { createContext, useContext, useEffect, useState } from 'react';
import { ApiError, createContentApi, type ContentApi } from '../src/api/client';
import type { TenantConfig } from '../src/tenant/types';

const apis = new Map<string, ContentApi>();

/** The content API of a tenant, on its functions endpoint (spec 7), with this page's query string. */
export function contentApi(tenant: TenantConfig): ContentApi {
  const key = `${tenant.endpoints.functions}|${tenant.name}`;
  let api = apis.get(key);
  if (!api)
    apis.set(key, (api = createContentApi(tenant.endpoints.functions, tenant, () => location.search)));
  return api;
}

/**
 * Content is loaded once per tenant and call and kept for the visit (spec 4: home content is
 * loaded once and cached); a failure is forgotten so that a later visit to the page retries.
 */
const cache = new Map<string, Promise<unknown>>();

export type ContentState<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'missing' }
  | { status: 'error'; message: string };

/**
 * The content the page came with (src/domain/page-content.ts), by key: what the server drew the
 * page with. The first draw starts from it, so it matches the server's markup; the server's render
 * provides its own (host-app/render.tsx).
 */
export const CarriedContent = createContext<ReadonlyMap<string, unknown>>(new Map());

/** What the page carries under `key`: its content, or null where the API answers 404. */
function carriedState<T>(carried: ReadonlyMap<string, unknown>, key: string): ContentState<T> | null {
  if (!carried.has(key)) return null;
  const data = carried.get(key) as T | null;
  return data === null ? { status: 'missing' } : { status: 'ready', data };
}

export function useContent<T>(key: string, load: () => Promise<T>): ContentState<T> {
  const carried = useContext(CarriedContent);
  const [state, setState] = useState<ContentState<T>>(
    () => carriedState<T>(carried, key) ?? { status: 'loading' },
  );
  useEffect(() => {
    const fromPage = carriedState<T>(carried, key);
    if (fromPage) {
      // What the page came with is kept for the visit like an API answer (spec 4), and drawn at
      // once, with no 'Loading…' in between (the first draw has it already).
      if (fromPage.status === 'ready' && !cache.has(key)) cache.set(key, Promise.resolve(fromPage.data));
      const data = (state: ContentState<T>) => (state.status === 'ready' ? state.data : undefined);
      setState((shown) =>
        shown.status === fromPage.status && data(shown) === data(fromPage) ? shown : fromPage,
      );
      return;
    }
    let live = true;
    let pending = cache.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = load();
      cache.set(key, pending);
      pending.catch(() => cache.delete(key));
    }
    setState({ status: 'loading' });
    pending.then(
      (data) => live && setState({ status: 'ready', data }),
      (error: unknown) => {
        if (!live) return;
        if (error instanceof ApiError && error.status === 404) setState({ status: 'missing' });
        else
          setState({
            status: 'error',
            message: 'This page could not be loaded right now. Please try again.',
          });
      },
    );
    return () => {
      live = false;
    };
    // `load` is a new closure each render; the key names what it loads.
  }, [key, carried]);
  return state;
}
