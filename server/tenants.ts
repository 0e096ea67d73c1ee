import {
  builtInTenants,
  DEFAULT_TENANT,
  parseTenantConfig,
  tenantForPublisher,
  type TenantConfig,
} from '../src/tenant';
import { HttpError } from './http';
import type { DocumentStore } from './documents/store';
import type { ListingScope } from './listings/service';

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
  /** Reads config/environment/tenants/{name}; falls back to the default tenant (spec 1). */
  load(name: string): Promise<LoadedTenant>;
  /** The tenant scope of an API call, from its publisherId and includedPrograms headers. */
  scope(headers: Record<string, string | string[] | undefined>): TenantScope;
}

const defaultConfig = (): TenantConfig => builtInTenants[DEFAULT_TENANT];

export function createTenantService(
  store: DocumentStore,
  log: { warn: (...args: unknown[]) => void },
): TenantService {
  return {
    async load(name) {
      let doc: unknown;
      try {
        doc = await store.get(`config/environment/tenants/${name}`);
      } catch (error) {
        log.warn({ err: error, tenant: name }, 'tenant settings unavailable; serving the default tenant');
        return { config: defaultConfig(), fallback: 'failed' };
      }
      if (doc === null) {
        log.warn({ tenant: name }, 'unknown tenant; serving the default tenant');
        return { config: defaultConfig(), fallback: 'unknown' };
      }
      try {
        return { config: parseTenantConfig(doc) };
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
      const tenants = Object.values(builtInTenants).filter(
        (tenant) => tenant.helperInfo.publisherId === publisherId,
      );
      if (!tenants.length)
        throw new HttpError(400, `publisherId: unknown publisher ${publisherId}`, 'publisherId');
      const allowed = [...new Set(tenants.flatMap((tenant) => tenant.helperInfo.includedPrograms))];
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
      return { tenants, programs, tenant: tenantForPublisher(publisherId, programs) ?? tenants[0]! };
    },
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
