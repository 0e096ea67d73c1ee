import { resolve } from 'node:path';

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
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const seedCount = Number(env.SEED_COUNT ?? 20_000);
  if (!Number.isInteger(seedCount) || seedCount < 0)
    throw new Error(`SEED_COUNT must be a whole number, got "${env.SEED_COUNT}"`);
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
  };
}
