/**
 * Only host names of ours are served. A request for any other name (a Host header an attacker
 * chose, a DNS name pointed at us by someone else) gets 421 Misdirected Request before anything
 * else runs, so no page, canonical link or mail link is ever made from a name we do not own.
 *
 * Ours: the loopback names (`localhost`, `127.0.0.1`, `[::1]`), `{tenant}.localhost` for the
 * built-in tenants and those named in TENANT_HOSTS, and the TENANT_HOSTS names themselves. The
 * port does not matter. Behind a trusted proxy (TRUST_PROXY) the name is X-Forwarded-Host's.
 */
import type { FastifyInstance } from 'fastify';
import { TENANT_NAMES } from '../src/tenant';
import { isApiPath } from './http';

export interface HostCheckOptions {
  /** TENANT_HOSTS: host name -> tenant name. */
  tenantHosts?: Record<string, string>;
}

/** Load balancers probe by address, not by name: the health check answers on any. */
const ANY_HOST_PATHS = new Set(['/api/health']);

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/** The name of a Host header without its port, lower case; '' when it is not a host name. */
export function hostName(host: string | undefined): string {
  const match = /^([a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i.exec((host ?? '').trim());
  return match?.[1]?.toLowerCase().replace(/\.$/, '') ?? '';
}

/** Whether a Host header names this server (see the module comment). */
export function knownHosts({ tenantHosts = {} }: HostCheckOptions = {}): (
  host: string | undefined,
) => boolean {
  const tenants = new Set<string>([...TENANT_NAMES, ...Object.values(tenantHosts)]);
  const names = new Set<string>([
    ...LOOPBACK,
    ...[...tenants].map((name) => `${name.toLowerCase()}.localhost`),
    ...Object.keys(tenantHosts).map((host) => hostName(host)),
  ]);
  names.delete('');
  return (host) => names.has(hostName(host));
}

/** Refuses requests for other host names with 421, pages and API alike. */
export function installHostCheck(app: FastifyInstance, options: HostCheckOptions = {}): void {
  const isKnown = knownHosts(options);
  app.addHook('onRequest', async (request, reply) => {
    if (isKnown(request.host) || ANY_HOST_PATHS.has(request.url.split('?')[0] ?? '')) return;
    const text = 'This server does not serve that host name.';
    reply.status(421).header('cache-control', 'no-store');
    return isApiPath(request.url)
      ? reply.send({ error: text })
      : reply.type('text/plain; charset=utf-8').send(text);
  });
}
