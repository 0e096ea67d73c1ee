import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_LIMIT_SETTINGS, type LimitSettings } from './limits';
import { ROUTE_CLASSES, type RateLimit, type RateLimits } from './rate-limits';

/** Keys that production refuses to start without: random per-process keys break across restarts. */
export const PRODUCTION_KEYS = ['ALTCHA_HMAC_KEY', 'CARD_HASH_KEY', 'MAIL_HASH_KEY'] as const;

/** Settings read from the environment once, at start. */
export interface ServerConfig {
  /** @default 8080 */
  port: number;
  /** @default '127.0.0.1' */
  host: string;
  /** PGlite data directory. @default '.data' */
  dataDir: string;
  /** postgres://… switches from PGlite to a PostgreSQL server. */
  databaseUrl: string | undefined;
  /** The host app's tenant. @default 'wellness' */
  tenant: string;
  /** Listings generated on first start. @default 20000 */
  seedCount: number;
  /** Host names of other tenants: TENANT_HOSTS='spa=spa.example.com,local=local.example.com'. */
  tenantHosts: Record<string, string>;
  /** NODE_ENV=production: keys required, no demo data unless DEMO=1. */
  production: boolean;
  /**
   * Demo mode (DEMO=1 or 0): the demo gift cards, the QA gallery at /demo/ and the outbox API.
   * @default on, off when NODE_ENV=production
   */
  demo: boolean;
  /**
   * Whether an empty database is seeded with generated listings (SEED=1 or 0).
   * @default on, off when NODE_ENV=production
   */
  seed: boolean;
  /**
   * TRUST_PROXY: the proxy addresses or CIDRs whose X-Forwarded-For is believed, as Fastify's
   * `trustProxy` takes them ('127.0.0.1,10.0.0.0/8'). Unset: the socket address is the client.
   */
  trustProxy: string[] | false;
  /** ADMIN_TOKEN: the bearer token of the tenant admin API; unset, that API does not exist. */
  adminToken: string | undefined;
  /**
   * RATE_LIMIT_SEARCH, RATE_LIMIT_CONTENT, RATE_LIMIT_IMAGES, RATE_LIMIT_WRITES: requests per
   * client of a route class, as '600/min' (per s, min or h), or 'off'. Unset: DEFAULT_RATE_LIMITS.
   */
  rateLimits: Partial<RateLimits>;
  /** BALANCE_FAILURE_BUDGET and BOT_CHALLENGE_LIMIT (server/limits.ts). */
  limits: LimitSettings;
  /** DB_STATEMENT_TIMEOUT_MS: PostgreSQL cancels a statement after this long (0: never). @default 5000 */
  dbStatementTimeoutMs: number;
  /**
   * IP_LOCATION_DB: MaxMind DB files (comma-separated) of the IP lookup, for a newer DB-IP Lite
   * or a GeoLite2 City file. Unset: the DB-IP Lite files of the npm package.
   */
  ipLocationDb: string[] | undefined;
}

/** A setting that cannot be used; the message names it. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const value = env[name]?.trim().toLowerCase();
  if (value === undefined || value === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(value)) return true;
  if (['0', 'false', 'no', 'off'].includes(value)) return false;
  throw new ConfigError(`${name} must be 1 or 0, got "${env[name]}"`);
}

const PER = { s: 1000, min: 60_000, h: 3_600_000 } as const;

/** RATE_LIMIT_{CLASS}: '600/min' (also /s, /h, /second, /minute, /hour) or 'off'; undefined when unset. */
function rateLimit(env: NodeJS.ProcessEnv, name: string): RateLimit | false | undefined {
  const value = env[name]?.trim().toLowerCase();
  if (!value) return undefined;
  if (value === 'off') return false;
  const match = /^(\d{1,9})\s*\/\s*(s|sec|second|m|min|minute|h|hour)$/.exec(value);
  if (!match || Number(match[1]) < 1)
    throw new ConfigError(
      `${name} must be a number of requests per s, min or h (like 600/min), or off; got "${env[name]}"`,
    );
  const unit = match[2]!.startsWith('h') ? 'h' : match[2]!.startsWith('s') ? 's' : 'min';
  return { max: Number(match[1]), windowMs: PER[unit] };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`PORT must be a port number, got "${env.PORT}"`);
  const seedCount = Number(env.SEED_COUNT ?? 20_000);
  if (!Number.isInteger(seedCount) || seedCount < 0)
    throw new ConfigError(`SEED_COUNT must be a whole number, got "${env.SEED_COUNT}"`);
  const production = env.NODE_ENV === 'production';
  if (production) {
    const missing = PRODUCTION_KEYS.filter((name) => !env[name]?.trim());
    if (missing.length)
      throw new ConfigError(
        `NODE_ENV=production needs ${missing.join(', ')}: set ${missing.length > 1 ? 'them' : 'it'} to long random ` +
          'values (for example `openssl rand -hex 32`), the same on every instance',
      );
  }
  const statementTimeout = Number(env.DB_STATEMENT_TIMEOUT_MS?.trim() || 5000);
  if (!Number.isInteger(statementTimeout) || statementTimeout < 0)
    throw new ConfigError(
      `DB_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds (0: none), got "${env.DB_STATEMENT_TIMEOUT_MS}"`,
    );
  const rateLimits: Partial<RateLimits> = {};
  for (const name of ROUTE_CLASSES) {
    const limit = rateLimit(env, `RATE_LIMIT_${name.toUpperCase()}`);
    if (limit !== undefined) rateLimits[name] = limit;
  }
  const trustProxy = (env.TRUST_PROXY ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir: resolve(env.DATA_DIR ?? '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    tenant: env.TENANT ?? 'wellness',
    seedCount,
    tenantHosts: Object.fromEntries(
      (env.TENANT_HOSTS ?? '')
        .split(',')
        .map((pair) => pair.split('=').map((part) => part.trim()))
        .filter((pair): pair is [string, string] => pair.length === 2 && Boolean(pair[0]) && Boolean(pair[1]))
        .map(([name, host]) => [host, name]),
    ),
    production,
    demo: flag(env, 'DEMO', !production),
    seed: flag(env, 'SEED', !production),
    trustProxy: trustProxy.length ? trustProxy : false,
    adminToken: env.ADMIN_TOKEN?.trim() || undefined,
    rateLimits,
    limits: limitSettings(env),
    dbStatementTimeoutMs: statementTimeout,
    ipLocationDb: ipLocationFiles(env),
  };
}

/** The limit settings of the environment; a value that is not a positive whole number names its variable. */
export function limitSettings(env: NodeJS.ProcessEnv): LimitSettings {
  const positive = (name: string, fallback: number) => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1)
      throw new ConfigError(`${name} must be a whole number of at least 1, got "${env[name]}"`);
    return value;
  };
  return {
    balanceFailureBudget: positive('BALANCE_FAILURE_BUDGET', DEFAULT_LIMIT_SETTINGS.balanceFailureBudget),
    challengesPerMinute: positive('BOT_CHALLENGE_LIMIT', DEFAULT_LIMIT_SETTINGS.challengesPerMinute),
  };
}

/** IP_LOCATION_DB: the files must exist at start, so a typo stops the server with its name. */
function ipLocationFiles(env: NodeJS.ProcessEnv): string[] | undefined {
  const files = (env.IP_LOCATION_DB ?? '')
    .split(',')
    .map((file) => file.trim())
    .filter(Boolean)
    .map((file) => resolve(file));
  if (!files.length) return undefined;
  const missing = files.filter((file) => !existsSync(file));
  if (missing.length)
    throw new ConfigError(`IP_LOCATION_DB names files that do not exist: ${missing.join(', ')}`);
  return files;
}
