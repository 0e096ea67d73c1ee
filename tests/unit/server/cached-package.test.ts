import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cachedPackageDir, ensureCachedPackage } from '../../../server/cached-package';

describe('cached tools (firebase-tools, lighthouse)', () => {
  it('keeps one folder per version under WELLSPRING_CACHE, else XDG_CACHE_HOME/wellspring', () => {
    expect(cachedPackageDir('lighthouse', '12.8.2', { WELLSPRING_CACHE: '/srv/cache' })).toBe(
      '/srv/cache/lighthouse-12.8.2',
    );
    expect(cachedPackageDir('firebase-tools', '15.34.2', { XDG_CACHE_HOME: '/home/ci/.cache' })).toBe(
      '/home/ci/.cache/wellspring/firebase-tools-15.34.2',
    );
  });

  it('uses a package already in the cache without calling npm', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ws-cache-'));
    mkdirSync(join(dir, 'node_modules', 'lighthouse'), { recursive: true });
    writeFileSync(join(dir, 'node_modules', 'lighthouse', 'package.json'), '{"version":"12.8.2"}');
    const said: string[] = [];
    await expect(
      ensureCachedPackage({ name: 'lighthouse', version: '12.8.2', dir, why: 'test' }, (line) =>
        said.push(line),
      ),
    ).resolves.toBe(dir);
    expect(said).toEqual([]);
  });

  it('removes an install stopped half way, so that it is not taken as installed', async () => {
    // npm had written part of the package when the server's shutdown stopped it.
    const dir = mkdtempSync(join(tmpdir(), 'ws-cache-'));
    mkdirSync(join(dir, 'node_modules', 'firebase-tools'), { recursive: true });
    const stopped = new AbortController();
    const installing = ensureCachedPackage(
      { name: 'firebase-tools', version: '0.0.0-none', dir, why: 'test', signal: stopped.signal },
      () => stopped.abort(),
    );
    await expect(installing).rejects.toThrow(/abort/i);
    expect(existsSync(dir)).toBe(false);
  });
});
