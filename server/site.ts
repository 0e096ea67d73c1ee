import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import fastifyStatic from '@fastify/static';
import { matchRoute } from '../src/domain/routes';
import type { TenantConfig } from '../src/tenant';

export interface SiteOptions {
  /** Built assets: dist/app (host app) and dist/widgets (loader and element chunks). */
  distDir: string;
  /** The demo gallery's plain HTML pages. */
  demoDir: string;
  /** Locally served listing images. */
  mediaDir: string;
  /** The host app's tenant (TENANT). */
  tenant: TenantConfig;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The hosted site: host app at `/`, `/widgets/*`, `/demo/*` and `/media/*`. */
export const siteRoutes: FastifyPluginAsync<SiteOptions> = async (
  app,
  { distDir, demoDir, mediaDir, tenant },
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
  const page = template
    .replace('<html lang="en">', `<html lang="en" data-tenant="${escapeHtml(tenant.name)}">`)
    .replace(/<title>.*?<\/title>/, `<title>${escapeHtml(tenant.metaDataPages.homePage.title)}</title>`)
    .replace(
      '</head>',
      `<meta name="description" content="${escapeHtml(tenant.metaDataPages.homePage.description)}"></head>`,
    );

  // Every other GET is a page of the host app; paths the router does not know get a real 404.
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ error: `No such endpoint: ${request.method} ${path}` });
    }
    const route = matchRoute(path, tenant.listingRouteName);
    return reply
      .status(route.page === 'notFound' ? 404 : 200)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(page);
  });
};
