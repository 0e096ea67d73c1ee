/**
 * A small in-memory cache with a time to live and a size bound (least recently used goes first).
 * For per-process memoisation of slow, short-lived answers; no cross-instance coherence needed.
 */
export interface TtlCacheOptions {
  /** Entries kept at most. */
  maxEntries: number;
  /** How long an entry is served, in ms. */
  ttlMs: number;
  /** Clock; tests pass their own. @default Date.now */
  now?: () => number;
}

export class TtlCache<V> {
  /** Map iteration order is insertion order: re-inserting on use keeps the oldest first. */
  private readonly entries = new Map<string, { value: V; expires: number }>();
  private readonly now: () => number;

  constructor(private readonly options: TtlCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + this.options.ttlMs });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The cached value of `key`, or `load()`'s, cached. A promise is cached as soon as it starts, so
   * concurrent callers share one load; a rejected load is dropped so the next call tries again.
   */
  remember(key: string, load: () => V): V {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const value = load();
    this.set(key, value);
    if (value instanceof Promise) {
      value.catch(() => {
        if (this.entries.get(key)?.value === value) this.entries.delete(key);
      });
    }
    return value;
  }
}
