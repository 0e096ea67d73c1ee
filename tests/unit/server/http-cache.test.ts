import { describe, expect, it } from 'vitest';
import { etagOf, matchesIfNoneMatch, ResultCache } from '../../../server/http-cache';

describe('ETags', () => {
  it('are weak, stable for one body and different for another', () => {
    expect(etagOf('{"a":1}')).toMatch(/^W\/"[\w-]+"$/);
    expect(etagOf('{"a":1}')).toBe(etagOf(Buffer.from('{"a":1}')));
    expect(etagOf('{"a":1}')).not.toBe(etagOf('{"a":2}'));
  });

  it('match If-None-Match by weak comparison, in a list, or *', () => {
    const tag = etagOf('x');
    expect(matchesIfNoneMatch(tag, tag)).toBe(true);
    expect(matchesIfNoneMatch(tag.slice(2), tag)).toBe(true);
    expect(matchesIfNoneMatch(`"a", ${tag}`, tag)).toBe(true);
    expect(matchesIfNoneMatch('*', tag)).toBe(true);
    expect(matchesIfNoneMatch('W/"other"', tag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, tag)).toBe(false);
  });
});

describe('ResultCache', () => {
  const body = (n: number) => ({ text: 'x'.repeat(n) });

  it('serves a kept answer without loading it again, until its time is up', async () => {
    let now = 0;
    const cache = new ResultCache({ maxBytes: 100_000, ttlMs: 1_000, now: () => now });
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(String(await cache.json('k', 'g', load))).toBe('{"n":1}');
    expect(String(await cache.json('k', 'g', load))).toBe('{"n":1}');
    now = 1_000;
    expect(String(await cache.json('k', 'g', load))).toBe('{"n":2}');
  });

  it('stays within its bytes, dropping the least recently used first', async () => {
    const cache = new ResultCache({ maxBytes: 2_000, ttlMs: 60_000 });
    // Each body is 211 bytes (UTF-8), so nine fit.
    for (const key of 'abcdefghi') await cache.json(key, 'g', async () => body(200));
    expect(cache.size).toBe(9 * 211);
    await cache.json('a', 'g', async () => body(200)); // used again: now the most recent
    await cache.json('j', 'g', async () => body(200));
    expect(cache.size).toBeLessThanOrEqual(2_000);
    let loaded = '';
    const probe = (key: string) => cache.json(key, 'g', async () => ((loaded += key), body(200)));
    await probe('a');
    expect(loaded).toBe('');
    await probe('b');
    expect(loaded).toBe('b');
  });

  it('keeps no answer larger than an eighth of its room, and nothing with no room', async () => {
    const small = new ResultCache({ maxBytes: 800, ttlMs: 60_000 });
    await small.json('big', 'g', async () => body(100));
    expect(small.size).toBe(0);
    const none = new ResultCache({ maxBytes: 0, ttlMs: 60_000 });
    await none.json('k', 'g', async () => body(1));
    expect(none.size).toBe(0);
  });

  it('forgets everything when the generation changes', async () => {
    const cache = new ResultCache({ maxBytes: 100_000, ttlMs: 60_000 });
    let loads = 0;
    const load = async () => ({ n: ++loads });
    await cache.json('k', 'first', load);
    expect(String(await cache.json('k', 'second', load))).toBe('{"n":2}');
  });

  it('shares one load between concurrent misses, and keeps no failure', async () => {
    const cache = new ResultCache({ maxBytes: 100_000, ttlMs: 60_000 });
    let loads = 0;
    const slow = () => new Promise<object>((resolve) => setTimeout(() => resolve({ n: ++loads }), 10));
    const answers = await Promise.all([cache.json('k', 'g', slow), cache.json('k', 'g', slow)]);
    expect(answers.map(String)).toEqual(['{"n":1}', '{"n":1}']);
    await expect(cache.json('bad', 'g', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(String(await cache.json('bad', 'g', async () => ({ ok: true })))).toBe('{"ok":true}');
  });

  it('keeps shared values (a search plan, a count) as data, by key and generation', async () => {
    const cache = new ResultCache({ maxBytes: 100_000, ttlMs: 60_000 });
    let loads = 0;
    const load = async () => ({ total_hits: 12, has_exact: true, loads: ++loads });
    const first = cache.values('g');
    expect(await first('totals|a', load)).toEqual({ total_hits: 12, has_exact: true, loads: 1 });
    expect(await first('totals|a', load)).toEqual({ total_hits: 12, has_exact: true, loads: 1 });
    expect((await first('totals|b', load)).loads).toBe(2);
    expect((await cache.values('g2')('totals|a', load)).loads).toBe(3);
  });
});
