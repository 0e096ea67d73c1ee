import { createElement, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS, ERROR_MESSAGES } from '../../src/domain/constants';

/**
 * A page's code loader that gives up after spec 9's 120 s: a chunk stuck on a dead connection
 * fails as a ChunkLoadError (spec 8), so the page offers a reload (PageErrorBoundary) instead of
 * a loading state that never ends. Browsers set no time limit on `import()` themselves.
 */
export function withChunkTimeout<T>(
  load: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        const error = new Error(`Loading the page's code timed out after ${timeoutMs / 1000} s`);
        error.name = ERROR_MESSAGES.chunkLoadError;
        reject(error);
      }, timeoutMs);
      load()
        .then(resolve, reject)
        .finally(() => clearTimeout(timer));
    });
}

/** A page component whose code loads on first use, and can be loaded ahead (`preload`). */
export type LazyPage<P> = ComponentType<P> & { preload(): Promise<void> };

/**
 * A lazily loaded page (React.lazy's job) that draws at once when its code is already here: the
 * server drew the page, and the app loads the page's code before its first draw (preload), so
 * that draw matches the server's markup instead of putting Suspense's 'Loading…' over it.
 * Before its code is here it suspends like React.lazy; a failed load throws to the error boundary.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let failed: { error: unknown } | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= withChunkTimeout(load)().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        failed = { error };
      },
    ));
  function Page(props: P) {
    if (loaded) return createElement(loaded, props);
    if (failed) throw failed.error;
    // Suspense shows its fallback until the code is here, then draws again.
    throw preload();
  }
  return Object.assign(Page, { preload });
}
