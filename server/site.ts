import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import fastifyStatic from '@fastify/static';
import { matchRoute } from '../src/domain/routes';
import { builtInTenants, isTenantName, type TenantConfig } from '../src/tenant';

export interface SiteOptions {
  /** Built assets: dist/app (host app) and dist/widgets (loader and element chunks). */
  distDir: string;
  /** The demo gallery's plain HTML pages. */
  demoDir: string;
  /** Locally served listing images. */
  mediaDir: string;
  /** The host app's tenant (TENANT): served on every host name not claimed by another tenant. */
  tenant: TenantConfig;
  /**
   * Host names of other tenants, e.g. `{ 'spa.example.com': 'spa' }` (TENANT_HOSTS). Besides
   * these, `{tenant}.localhost` always serves that tenant, so QA and the end-to-end tests reach
   * every brand on one server.
   */
  tenantHosts?: Record<string, string>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The hosted site: host app at `/`, `/widgets/*`, `/demo/*` and `/media/*`. */
export const siteRoutes: FastifyPluginAsync<SiteOptions> = async (
  app,
  { distDir, demoDir, mediaDir, tenant, tenantHosts = {} },
) => {
  // Hashed files never change; the loader keeps its name, so partners revalidate it often.
  const immutable = 'public, max-age=31536000, immutable';
  await app.register(fastifyStatic, {
    root: join(distDir, 'widgets'),
    prefix: '/widgets/',
    setHeaders: (res, path) => {
      res.setHeader('cache-control', path.includes('/chunks/') ? immutable : 'public, max-age=300');
      // Partner pages import the loader and its chunks cross-origin as modules.
      res.setHeader('access-control-allow-origin', '*');
    },
  });
  await app.register(fastifyStatic, {
    root: join(distDir, 'app', 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    setHeaders: (res) => res.setHeader('cache-control', immutable),
  });
  await app.register(fastifyStatic, { root: demoDir, prefix: '/demo/', decorateReply: false });
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/media/',
    decorateReply: false,
    setHeaders: (res) => {
      res.setHeader('cache-control', 'public, max-age=86400');
      res.setHeader('access-control-allow-origin', '*');
    },
  });

  const template = await readFile(join(distDir, 'app', 'index.html'), 'utf8');
  /** The app shell for a tenant: its name on <html> for the app, its title and description for everyone else. */
  const shellFor = (config: TenantConfig) =>
    template
      .replace('<html lang="en">', `<html lang="en" data-tenant="${escapeHtml(config.name)}">`)
      .replace(/<title>.*?<\/title>/, `<title>${escapeHtml(config.metaDataPages.homePage.title)}</title>`)
      .replace(
        '</head>',
        `<meta name="description" content="${escapeHtml(config.metaDataPages.homePage.description)}"></head>`,
      );
  const shells = new Map(Object.values(builtInTenants).map((config) => [config.name, shellFor(config)]));
  const hosts = new Map(Object.entries(tenantHosts).map(([host, name]) => [host.toLowerCase(), name]));

  function tenantOf(hostHeader: string | undefined): TenantConfig {
    const host = (hostHeader ?? '').toLowerCase().replace(/:\d+$/, '');
    const name = hosts.get(host) ?? /^([a-z0-9-]+)\.localhost$/.exec(host)?.[1];
    return name && isTenantName(name) ? builtInTenants[name] : tenant;
  }

  // Every other GET is a page of the host app; paths the router does not know get a real 404.
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ error: `No such endpoint: ${request.method} ${path}` });
    }
    const config = tenantOf(request.headers.host);
    const route = matchRoute(path, config.listingRouteName);
    return reply
      .status(route.page === 'notFound' ? 404 : 200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(shells.get(config.name) ?? shellFor(config));
  });
};
