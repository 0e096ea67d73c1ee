/**
 * A small in-memory cache with HTTP-style stale-while-revalidate and stale-if-error (RFC 5861)
 * for CMS answers. A Map, not a library: the policy is the whole point and fits in a page, and a
 * generic cache would still need the same code around it.
 *
 * Bounds: at most `maxEntries` keys (least recently used dropped first); a value is kept at most
 * `maxAgeMs + staleIfErrorMs` after it was loaded, then it is loaded again or the error is
 * thrown. Per instance, per process: each API instance warms its own.
 */

export interface CachePolicy {
  /** A value is fresh this long after it was loaded: served without asking the CMS. @default 60_000 */
  maxAgeMs: number;
  /**
   * After that, for this long, the stale value is served at once while one background request
   * revalidates it. @default 600_000
   */
  staleWhileRevalidateMs: number;
  /**
   * When loading fails (network error, timeout, 5xx), the last good value is served for this long
   * after it went stale, so a CMS outage serves the last good content. @default 86_400_000 (a day)
   */
  staleIfErrorMs: number;
  /** Keys kept; the least recently used goes first. @default 500 */
  maxEntries: number;
}

export const DEFAULT_CACHE_POLICY: Readonly<CachePolicy> = {
  maxAgeMs: 60_000,
  staleWhileRevalidateMs: 600_000,
  staleIfErrorMs: 86_400_000,
  maxEntries: 500,
};

export interface SwrCache {
  /** The cached value of `key`, loading it with `load` when it is missing or too old (see CachePolicy). */
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
}

interface Entry {
  value: unknown;
  loadedAt: number;
}

export function createSwrCache(
  policy: Partial<CachePolicy> = {},
  options: {
    /** Clock in ms; tests pass a fake one. @default Date.now */
    now?: () => number;
    /** Told about failures that a stale value covered, so an outage shows in the logs. */
    onStaleError?: (error: unknown, key: string) => void;
  } = {},
): SwrCache {
  const { maxAgeMs, staleWhileRevalidateMs, staleIfErrorMs, maxEntries } = {
    ...DEFAULT_CACHE_POLICY,
    ...policy,
  };
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  // One request per key at a time: concurrent misses and revalidations share it.
  const loading = new Map<string, Promise<unknown>>();

  function load(key: string, loader: () => Promise<unknown>): Promise<unknown> {
    let pending = loading.get(key);
    if (!pending) {
      pending = loader()
        .then((value) => {
          entries.delete(key);
          entries.set(key, { value, loadedAt: now() });
          // Map keeps insertion order: the first key is the least recently used.
          for (const oldest of entries.keys()) {
            if (entries.size <= maxEntries) break;
            entries.delete(oldest);
          }
          return value;
        })
        .finally(() => loading.delete(key));
      loading.set(key, pending);
    }
    return pending;
  }

  return {
    async get<T>(key: string, loader: () => Promise<T>): Promise<T> {
      const entry = entries.get(key);
      if (!entry) return (await load(key, loader)) as T;
      // Touch: a read makes the key the most recently used.
      entries.delete(key);
      entries.set(key, entry);
      const staleFor = now() - entry.loadedAt - maxAgeMs;
      if (staleFor <= 0) return entry.value as T;
      if (staleFor <= staleWhileRevalidateMs) {
        load(key, loader).catch((error: unknown) => options.onStaleError?.(error, key));
        return entry.value as T;
      }
      try {
        return (await load(key, loader)) as T;
      } catch (error) {
        if (staleFor > staleIfErrorMs) throw error;
        options.onStaleError?.(error, key);
        return entry.value as T;
      }
    },
  };
}
