import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError } from '../../../../host-app/shell/PageErrorBoundary';
import { withChunkTimeout } from '../../../../host-app/shell/page-chunk';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../../../src/domain/constants';

describe("a page's code loader (spec 9: chunk load timeout 120 s)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives up at 120 s with a ChunkLoadError, which the page boundary offers to reload', async () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const load = withChunkTimeout(() => new Promise<never>(() => {}));
    const result = load().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void result.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe('ChunkLoadError');
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('passes on code that arrives in time, and a failure as it is', async () => {
    await expect(withChunkTimeout(async () => ({ default: 'page' }))()).resolves.toEqual({ default: 'page' });
    const failure = new TypeError('Failed to fetch dynamically imported module: /assets/Home.js');
    await expect(withChunkTimeout(() => Promise.reject(failure))()).rejects.toBe(failure);
    expect(vi.getTimerCount()).toBe(0);
  });
});
