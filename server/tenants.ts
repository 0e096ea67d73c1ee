import type { FastifyRequest } from 'fastify';
import {
  builtInTenants,
  DEFAULT_TENANT,
  isTenantName,
  parseTenantConfig,
  safeParseTenantConfig,
  type TenantConfig,
  type TenantName,
} from '../src/tenant';
import { THEME_CACHE_MAX_ENTRIES, THEME_CACHE_TTL_MS } from '../src/domain/constants';
import { HttpError } from './http';
import type { DocumentStore } from './documents/store';
import { TtlCache } from './search/cache';
import { mergePatch } from './documents/merge-patch';
import type { ListingScope } from './listings/service';

/** Where tenant documents live (spec: config/environment/tenants/{tenant}). */
export const TENANTS_COLLECTION = 'config/environment/tenants';
const tenantPath = (name: string) => `${TENANTS_COLLECTION}/${name}`;

export interface LoadedTenant {
  config: TenantConfig;
  /** Why the default tenant was served instead: 'unknown' name or the store 'failed'. */
  fallback?: 'unknown' | 'failed';
}

export interface TenantScope {
  /** The tenants of the caller's publisher. */
  tenants: TenantConfig[];
  /** Programs the caller may see: its tenants' programs, narrowed by the includedPrograms header. */
  programs: string[];
  /**
   * The one tenant the call is made for (its bot check, texts, country, listing route): the
   * publisher's tenant whose programs cover `programs`, else its first (tenantForPublisher).
   */
  tenant: TenantConfig;
}

export interface TenantService {
  /**
   * Reads config/environment/tenants/{name}; falls back to the default tenant (spec 1). Settings
   * read are kept in the theme cache (spec 9: 10 tenants, an hour), dropped when this instance
   * patches them or a `refresh()` (run first where the store has a revision) finds them changed;
   * a fallback is never kept.
   */
  load(name: string): Promise<LoadedTenant>;
  /**
   * The tenant scope of an API call, from its publisherId and includedPrograms headers, over the
   * tenants in force (`inForce`).
   */
  scope(headers: Record<string, string | string[] | undefined>): TenantScope;
  /**
   * The tenants in force, by name: the built-in tenants, each replaced by its stored document
   * when that is valid, plus stored tenants that are not built in. As fresh as the last
   * `refresh()`.
   */
  inForce(): ReadonlyMap<string, TenantConfig>;
  /**
   * Brings `inForce()` up to date with the store: one read of the collection's revision, and the
   * documents again only when it changed. Concurrent calls share one check. A store that fails
   * leaves the last known tenants in force (logged).
   */
  refresh(): Promise<void>;
  /** The stored document of a tenant, else its built-in config; undefined for an unknown name. */
  stored(name: string): Promise<unknown>;
  /**
   * Applies a JSON merge patch (RFC 7396) to the tenant's stored document (or its built-in
   * config), validates the result with the tenant schema and stores it with the defaults applied.
   * 404 for an unknown tenant, 400 naming the first bad field (nothing is stored then).
   */
  patch(name: string, patch: unknown): Promise<TenantConfig>;
}

const defaultConfig = (): TenantConfig => builtInTenants[DEFAULT_TENANT];

/**
 * The settings in force of a tenant a form names: its stored document, else its built-in config
 * (a database never seeded has no tenant documents, and a failing store must not turn one brand's
 * form into the default brand's).
 */
export async function formTenant(
  tenants: Pick<TenantService, 'load'>,
  name: TenantName,
): Promise<TenantConfig> {
  const loaded = await tenants.load(name);
  return loaded.fallback ? builtInTenants[name] : loaded.config;
}

export function createTenantService(
  store: Pick<DocumentStore, 'get' | 'set' | 'list' | 'revision'>,
  log: { warn: (...args: unknown[]) => void },
  options: { now?: () => number } = {},
): TenantService {
  const themes = new TtlCache<TenantConfig>({
    maxEntries: THEME_CACHE_MAX_ENTRIES,
    ttlMs: THEME_CACHE_TTL_MS,
    now: options.now,
  });
  let tenants: ReadonlyMap<string, TenantConfig> = new Map(Object.entries(builtInTenants));
  /** The collection revision `tenants` was read at; undefined: not read yet. */
  let seen: string | undefined;
  let checking: Promise<void> | undefined;
  /** Patches of this instance, one after another: each reads what the one before stored. */
  let patching: Promise<unknown> = Promise.resolve();

  async function stored(name: string): Promise<unknown> {
    return (await store.get(tenantPath(name))) ?? (isTenantName(name) ? builtInTenants[name] : undefined);
  }

  async function reload(): Promise<void> {
    // The revision first: a change landing between the two reads is read again next time.
    const revision = store.revision ? await store.revision(TENANTS_COLLECTION) : undefined;
    if (revision !== undefined && revision === seen) return;
    const next = new Map<string, TenantConfig>(Object.entries(builtInTenants));
    for (const { path, data } of await store.list(TENANTS_COLLECTION)) {
      const name = path.slice(TENANTS_COLLECTION.length + 1);
      const result = safeParseTenantConfig(data);
      if (result.success) next.set(name, result.data);
      else log.warn({ tenant: name, err: result.error }, 'invalid tenant settings ignored');
    }
    // Settings changed by another instance (or by hand) leave the theme cache here too.
    for (const [name, config] of next) {
      if (JSON.stringify(config) !== JSON.stringify(tenants.get(name))) themes.delete(name);
    }
    tenants = next;
    seen = revision;
  }

  function refresh(): Promise<void> {
    checking ??= reload()
      .catch((error: unknown) =>
        log.warn({ err: error }, 'tenant settings unavailable; keeping the last known ones'),
      )
      .finally(() => {
        checking = undefined;
      });
    return checking;
  }

  return {
    async load(name) {
      // Where the store has a revision (PostgreSQL, PGlite) one cheap read of it keeps the cache
      // true to changes made by other instances; elsewhere the cache's hour bounds how stale it gets.
      if (store.revision) await refresh();
      const cached = themes.get(name);
      if (cached) return { config: cached };
      let doc: unknown;
      try {
        doc = await store.get(tenantPath(name));
      } catch (error) {
        log.warn({ err: error, tenant: name }, 'tenant settings unavailable; serving the default tenant');
        return { config: defaultConfig(), fallback: 'failed' };
      }
      if (doc === null) {
        log.warn({ tenant: name }, 'unknown tenant; serving the default tenant');
        return { config: defaultConfig(), fallback: 'unknown' };
      }
      try {
        const config = parseTenantConfig(doc);
        themes.set(name, config);
        return { config };
      } catch (error) {
        log.warn({ err: error, tenant: name }, 'invalid tenant settings; serving the default tenant');
        return { config: defaultConfig(), fallback: 'failed' };
      }
    },
    scope(headers) {
      const raw = header(headers, 'publisherid');
      const publisherId = Number(raw);
      if (!raw || !Number.isInteger(publisherId)) {
        throw new HttpError(
          400,
          'publisherId: the publisherId header must carry the tenant publisher id',
          'publisherId',
        );
      }
      const candidates = [...tenants.values()].filter(
        (tenant) => tenant.helperInfo.publisherId === publisherId,
      );
      if (!candidates.length)
        throw new HttpError(400, `publisherId: unknown publisher ${publisherId}`, 'publisherId');
      const allowed = [...new Set(candidates.flatMap((tenant) => tenant.helperInfo.includedPrograms))];
      const requested = header(headers, 'includedprograms')
        ?.split(',')
        .map((program) => program.trim())
        .filter(Boolean);
      const foreign = requested?.filter((program) => !allowed.includes(program)) ?? [];
      if (foreign.length) {
        throw new HttpError(
          400,
          `includedPrograms: not a program of this publisher: ${foreign.join(', ')}`,
          'includedPrograms',
        );
      }
      const programs = requested?.length ? requested : allowed;
      // As tenantForPublisher: the first whose programs cover the call's, else the first.
      const tenant =
        candidates.find((candidate) =>
          programs.every((program) => candidate.helperInfo.includedPrograms.includes(program)),
        ) ?? candidates[0]!;
      return { tenants: candidates, programs, tenant };
    },
    inForce: () => tenants,
    refresh,
    stored,
    patch(name, patch) {
      const run = patching.then(async () => {
        const current = await stored(name);
        if (current === undefined) throw new HttpError(404, `Unknown tenant: ${name}`);
        const config = validatePatched(name, patch, mergePatch(current, patch));
        await store.set(tenantPath(name), config);
        themes.delete(name);
        return config;
      });
      patching = run.catch(() => undefined);
      return run;
    },
  };
}

/** The patched document as it will be stored, or a 400 naming the first bad field. */
function validatePatched(name: string, patch: unknown, patched: unknown): TenantConfig {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
    throw new HttpError(400, 'body: a merge patch of the tenant document must be a JSON object', 'body');
  }
  const result = safeParseTenantConfig(patched);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const field = issue.path === '(document)' ? 'body' : issue.path;
    throw new HttpError(400, `${field}: ${issue.message}`, field);
  }
  if (result.data.name !== name) {
    throw new HttpError(400, `name: must stay "${name}": a tenant is not renamed by a patch`, 'name');
  }
  // The schema drops keys it does not know; a misspelt setting must not look like a success.
  const unknown = droppedKeys(patched, result.data)[0];
  if (unknown) throw new HttpError(400, `${unknown}: not a tenant setting`, unknown);
  return result.data;
}

/** Paths of `input` ('theme.colour', 'housePromotions[0].x') that `output` does not have. */
export function droppedKeys(input: unknown, output: unknown, path = ''): string[] {
  if (Array.isArray(input) && Array.isArray(output)) {
    return input.flatMap((item, index) => droppedKeys(item, output[index], `${path}[${index}]`));
  }
  if (!isPlainObject(input) || !isPlainObject(output)) return [];
  return Object.keys(input).flatMap((key) => {
    const at = path ? `${path}.${key}` : key;
    return key in output ? droppedKeys(input[key], output[key], at) : [at];
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An onRequest hook that puts the stored tenant settings in force for each API call that names a
 * tenant (publisherId, or `tenant=` as the hosted site's content calls do) or comes from a page
 * (Origin): a change made through any instance sharing the database applies from the next such
 * call. Calls that need none of these (tiles, images) skip the check.
 */
export function tenantsInForce(tenants: TenantService) {
  return async (request: FastifyRequest): Promise<void> => {
    const query = request.query as { tenant?: unknown } | undefined;
    if (request.headers.origin || request.headers.publisherid || query?.tenant) await tenants.refresh();
  };
}

/** The listing scope of an API call: its programs, and its tenant's listing route. */
export const listingScope = (scope: TenantScope): ListingScope => ({
  programs: scope.programs,
  listingRouteName: scope.tenant.listingRouteName,
});

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}
