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
