import { describe, expect, it, vi } from 'vitest';
import { createTenantService, droppedKeys } from '../../../server/tenants';
import type { DocumentStore } from '../../../server/documents/store';
import { HttpError } from '../../../server/http';
import { builtInTenants } from '../../../src/tenant';

/** An in-memory document store whose revision counts the writes, as migration 010's trigger. */
function memoryStore(
  docs: Record<string, unknown> = {},
): Required<Pick<DocumentStore, 'get' | 'set' | 'delete' | 'list' | 'revision'>> {
  const data = new Map(Object.entries(docs));
  let version = 0;
  return {
    get: async <T>(path: string) => (data.has(path) ? (structuredClone(data.get(path)) as T) : null),
    async set(path, doc) {
      data.set(path, structuredClone(doc));
      version += 1;
    },
    async delete(path) {
      data.delete(path);
      version += 1;
    },
    list: async <T>(collection: string) =>
      [...data]
        .filter(([path]) => path.startsWith(`${collection}/`))
        .map(([path, doc]) => ({ path, data: structuredClone(doc) as T, updatedAt: new Date() })),
    revision: async () => String(version),
  };
}

const log = { warn: vi.fn() };
const path = (name: string) => `config/environment/tenants/${name}`;

async function status(promise: Promise<unknown>): Promise<{ status: number; field?: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, field: error.field };
    throw error;
  }
  return { status: 200 };
}

describe('TenantService: stored tenant settings in force', () => {
  it('starts with the built-in tenants and reads the store at the first refresh', async () => {
    const store = memoryStore({ [path('spa')]: { ...builtInTenants.spa, brandName: 'Stored Spa' } });
    const tenants = createTenantService(store, log);
    expect(tenants.inForce().get('spa')?.brandName).toBe(builtInTenants.spa.brandName);
    await tenants.refresh();
    expect(tenants.inForce().get('spa')?.brandName).toBe('Stored Spa');
    expect(tenants.scope({ publisherid: '1' }).tenant.brandName).toBe('Stored Spa');
  });

  it('reads the documents again only when the revision changed', async () => {
    const store = memoryStore();
    const revision = vi.spyOn(store, 'revision');
    const list = vi.spyOn(store, 'list');
    const tenants = createTenantService(store, log);
    await tenants.refresh();
    await tenants.refresh();
    expect(revision).toHaveBeenCalledTimes(2);
    expect(list).toHaveBeenCalledTimes(1);
    await store.set(path('local'), { ...builtInTenants.local, corsOrigins: ['https://main-street.example'] });
    await tenants.refresh();
    expect(list).toHaveBeenCalledTimes(2);
    expect(tenants.inForce().get('local')?.corsOrigins).toEqual(['https://main-street.example']);
  });

  it('shares one check among concurrent calls', async () => {
    const store = memoryStore();
    const revision = vi.spyOn(store, 'revision');
    const tenants = createTenantService(store, log);
    await Promise.all([tenants.refresh(), tenants.refresh(), tenants.refresh()]);
    expect(revision).toHaveBeenCalledTimes(1);
  });

  it('keeps the last known tenants when the store fails, and ignores an invalid document', async () => {
    const store = memoryStore({ [path('spa')]: { ...builtInTenants.spa, brandName: 'Stored Spa' } });
    const tenants = createTenantService(store, log);
    await tenants.refresh();
    vi.spyOn(store, 'revision').mockRejectedValueOnce(new Error('down'));
    await tenants.refresh();
    expect(tenants.inForce().get('spa')?.brandName).toBe('Stored Spa');
    await store.set(path('spa'), { name: 'spa', corsOrigins: 'not a list' });
    await tenants.refresh();
    expect(tenants.inForce().get('spa')).toBe(builtInTenants.spa);
    expect(log.warn).toHaveBeenCalled();
  });

  it('adds a stored tenant that is not built in to the scope of its publisher', async () => {
    const store = memoryStore({
      [path('harbour')]: {
        name: 'harbour',
        helperInfo: { publisherId: 77, includedPrograms: ['HARBOUR'] },
      },
    });
    const tenants = createTenantService(store, log);
    await tenants.refresh();
    expect(tenants.scope({ publisherid: '77' }).tenant.name).toBe('harbour');
  });
});

describe('TenantService.load: the theme cache (spec 9: 10 entries, one hour)', () => {
  const stored = (names: string[]) =>
    Object.fromEntries(
      names.map((name) => [path(name), { ...builtInTenants.spa, name, brandName: `Brand ${name}` }]),
    );

  it('reads a tenant once within the hour, and again after it', async () => {
    const store = memoryStore(stored(['spa']));
    const get = vi.spyOn(store, 'get');
    let now = 0;
    const tenants = createTenantService(store, log, { now: () => now });
    expect((await tenants.load('spa')).config.brandName).toBe('Brand spa');
    now += 59 * 60_000;
    expect((await tenants.load('spa')).config.brandName).toBe('Brand spa');
    expect(get).toHaveBeenCalledTimes(1);
    now += 2 * 60_000;
    await tenants.load('spa');
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('keeps at most 10 tenants, the least recently used going first', async () => {
    const names = Array.from({ length: 11 }, (_, i) => `brand-${i}`);
    const store = memoryStore(stored(names));
    const get = vi.spyOn(store, 'get');
    const tenants = createTenantService(store, log);
    for (const name of names) await tenants.load(name);
    expect(get).toHaveBeenCalledTimes(11);
    await tenants.load('brand-10'); // kept
    expect(get).toHaveBeenCalledTimes(11);
    await tenants.load('brand-0'); // pushed out by the eleventh
    expect(get).toHaveBeenCalledTimes(12);
  });

  it('serves a patch at once, and a change made elsewhere once the revision moved', async () => {
    const store = memoryStore(stored(['spa']));
    const tenants = createTenantService(store, log);
    await tenants.load('spa');
    await tenants.patch('spa', { brandName: 'Patched here' });
    expect((await tenants.load('spa')).config.brandName).toBe('Patched here');
    // Another instance writes the document: the revision read before the cache tells.
    await store.set(path('spa'), { ...builtInTenants.spa, brandName: 'Patched elsewhere' });
    expect((await tenants.load('spa')).config.brandName).toBe('Patched elsewhere');
  });

  it('on a store without revisions, serves a change made elsewhere after the next refresh', async () => {
    const { revision: _none, ...store } = memoryStore(stored(['spa']));
    const tenants = createTenantService(store, log);
    expect((await tenants.load('spa')).config.brandName).toBe('Brand spa');
    await store.set(path('spa'), { ...builtInTenants.spa, brandName: 'Patched elsewhere' });
    expect((await tenants.load('spa')).config.brandName).toBe('Brand spa');
    await tenants.refresh();
    expect((await tenants.load('spa')).config.brandName).toBe('Patched elsewhere');
  });

  it('never keeps the fallback of a store that failed', async () => {
    const store = memoryStore(stored(['spa']));
    vi.spyOn(store, 'get').mockRejectedValueOnce(new Error('store down'));
    const tenants = createTenantService(store, log);
    const failed = await tenants.load('spa');
    expect(failed.fallback).toBe('failed');
    expect(failed.config.name).toBe('wellness');
    const next = await tenants.load('spa');
    expect(next.fallback).toBeUndefined();
    expect(next.config.brandName).toBe('Brand spa');
  });
});

describe('TenantService.patch: a merge patch of the stored document', () => {
  it('patches the built-in document when none is stored, and stores it with the defaults', async () => {
    const store = memoryStore();
    const tenants = createTenantService(store, log);
    const config = await tenants.patch('spa', { corsOrigins: ['https://partner.example.com'] });
    expect(config.corsOrigins).toEqual(['https://partner.example.com']);
    expect(config.brandName).toBe(builtInTenants.spa.brandName);
    expect(await store.get(path('spa'))).toEqual(config);
  });

  it('restores a default when the patch deletes a key with null', async () => {
    const store = memoryStore();
    const tenants = createTenantService(store, log);
    await tenants.patch('spa', { corsOrigins: ['https://partner.example.com'] });
    const config = await tenants.patch('spa', { corsOrigins: null });
    expect(config.corsOrigins).toEqual(['http://localhost:*', 'http://127.0.0.1:*']);
  });

  it('refuses, naming the field and storing nothing: a bad value, an unknown key, a rename', async () => {
    const store = memoryStore();
    const set = vi.spyOn(store, 'set');
    const tenants = createTenantService(store, log);
    expect(await status(tenants.patch('spa', { corsOrigins: ['partner.example.com'] }))).toEqual({
      status: 400,
      field: 'corsOrigins[0]',
    });
    expect(await status(tenants.patch('spa', { theme: { colours: {} } }))).toEqual({
      status: 400,
      field: 'theme.colours',
    });
    expect(await status(tenants.patch('spa', { name: 'local' }))).toEqual({ status: 400, field: 'name' });
    expect(await status(tenants.patch('spa', ['corsOrigins']))).toEqual({ status: 400, field: 'body' });
    expect(await status(tenants.patch('spa', null))).toEqual({ status: 400, field: 'body' });
    expect(set).not.toHaveBeenCalled();
  });

  it('answers 404 for a tenant that is neither built in nor stored', async () => {
    const tenants = createTenantService(memoryStore(), log);
    expect(await status(tenants.patch('no-such-tenant', { brandName: 'X' }))).toEqual({
      status: 404,
      field: undefined,
    });
    expect(await tenants.stored('no-such-tenant')).toBeUndefined();
  });

  it('applies concurrent patches one after another, losing none', async () => {
    const store = memoryStore();
    const tenants = createTenantService(store, log);
    await Promise.all([
      tenants.patch('spa', { brandName: 'One' }),
      tenants.patch('spa', { helperInfo: { hashTagForSharing: '#Two' } }),
    ]);
    const stored = (await tenants.stored('spa')) as typeof builtInTenants.spa;
    expect(stored.brandName).toBe('One');
    expect(stored.helperInfo.hashTagForSharing).toBe('#Two');
  });
});

describe('droppedKeys: what the tenant schema would silently drop', () => {
  it('names unknown keys by their path, in objects and arrays', () => {
    expect(
      droppedKeys({ a: 1, b: { c: 1, d: 2 }, e: [{ f: 1, g: 2 }] }, { a: 1, b: { c: 1 }, e: [{ f: 1 }] }),
    ).toEqual(['b.d', 'e[0].g']);
    expect(droppedKeys({ a: [1, 2] }, { a: [1, 2] })).toEqual([]);
  });
});
