// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { viewportWidth } from '../../../src/ui/viewport';

/** A window whose media queries answer for a viewport `width` px wide. */
function viewport(width: number) {
  const queries: string[] = [];
  vi.stubGlobal('matchMedia', (query: string) => {
    queries.push(query);
    const min = /^\(min-width: (\d+)px\)$/.exec(query);
    if (!min) throw new Error(`unexpected query ${query}`);
    return { matches: width >= Number(min[1]), media: query };
  });
  // innerWidth would lay the page out on a phone: the function must not need it.
  vi.stubGlobal('innerWidth', Number.NaN);
  return queries;
}

afterEach(() => vi.unstubAllGlobals());

describe('viewportWidth', () => {
  it('finds the width from media queries alone, for phones to wide screens', () => {
    for (const width of [0, 1, 320, 412, 599, 600, 959, 960, 1264, 1903, 1904, 3840]) {
      viewport(width);
      expect(viewportWidth()).toBe(width);
    }
  });

  it('asks at most 14 queries', () => {
    const queries = viewport(412);
    viewportWidth();
    expect(queries.length).toBeLessThanOrEqual(14);
  });

  it("agrees with a real window's media queries", () => {
    vi.unstubAllGlobals();
    expect(viewportWidth()).toBe(window.innerWidth);
  });
});
