import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CONTENT_ERRORS, isEmptyContent, sameKeywords, type ContentPage } from '../../src/domain/content';
import { findPathKeywords } from '../../src/domain/find-keywords';
import { builtInTenants, TENANT_NAMES, type TenantConfig, type TenantName } from '../../src/tenant';
import type { ContentSource } from '../content/source';
import { cachePerTenant, notFound, parseInput } from '../http';
import type { TenantService } from '../tenants';

/**
 * The tenant of a content call: the `tenant` query parameter when present (the host app and the
 * demo know their tenant by name), else the publisherId header of spec 7. Other query parameters
 * are ignored: the browser appends the current page's query string to content calls (spec 7).
 */
const tenantParam = z.enum(TENANT_NAMES, { message: `must be one of ${TENANT_NAMES.join(', ')}` }).optional();

/** A slug, term or menu type: letters, digits and hyphens ('aboutUs', 'austin-tx', 'header'). */
const slugParam = z
  .string({ message: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(60, 'must be at most 60 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, 'must be letters, digits and hyphens');

/** Service keywords as words ('Yoga Classes', 'Lash & Brow') or a find path segment ('yoga-classes'). */
const keywordsParam = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(80, 'must be at most 80 characters')
  .regex(
    /^[\p{L}\p{N}][\p{L}\p{N} &'’-]*$/u,
    'must be words: letters, digits, spaces, hyphens, & and apostrophes',
  );

const tenantOnly = z.object({ tenant: tenantParam });
const withQuery = z.object({ tenant: tenantParam, query: slugParam });

/**
 * Content of the headless CMS (spec 7), per tenant, from a content source (files or WordPress):
 *
 * | Call | Answer | Empty |
 * |---|---|---|
 * | GET /wordpress/tags | `Tag[]` | `[]` |
 * | GET /wordpress/menu?query=header\|footer | `MenuItem[]` ('main' is 'header') | 404 'No Menu Content' |
 * | GET /content/{keywords} | `ServiceContent` whose keywords match | 404 'No Service Content' |
 * | GET /wordpress/homepage | `HomeContent` | 404 'No Homepage Content' |
 * | GET /wordpress/destinations?query={term} | `DestinationContent` | 404 'No Destination Content' |
 * | GET /wordpress/page?query={slug} | `ContentPage` | 404 'No Page Content' |
 *
 * Every call takes `tenant={name}` or the publisherId header. Content is served as the CMS holds
 * it: HTML fields are not sanitised or stripped here. They are sanitised in the browser where
 * they are inserted (DOMPurify), the one place that knows the context they land in; stripping
 * here as well would lose editor markup for no gain.
 */
export const contentRoutes: FastifyPluginAsync<{ tenants: TenantService; source: ContentSource }> = async (
  app,
  { tenants, source },
) => {
  function tenantOf(request: FastifyRequest, name: TenantName | undefined): TenantConfig {
    // The settings in force (a stored document or the built-in config) of the tenant it names.
    if (name) return tenants.inForce().get(name) ?? builtInTenants[name];
    // Validates the headers (400 naming publisherId or includedPrograms).
    return tenants.scope(request.headers).tenant;
  }

  /** Content changes rarely: five minutes in any cache. */
  function cacheable<T>(reply: FastifyReply, body: T): T {
    cachePerTenant(reply, 300);
    return body;
  }

  function page(reply: FastifyReply, content: ContentPage | null, empty: string): ContentPage {
    if (!content || isEmptyContent(content)) throw notFound(empty);
    return cacheable(reply, content);
  }

  app.get('/wordpress/tags', async (request, reply) => {
    const { tenant } = parseInput(tenantOnly, request.query);
    return cacheable(reply, await source.tags(tenantOf(request, tenant)));
  });

  app.get('/wordpress/menu', async (request, reply) => {
    const { tenant, query } = parseInput(withQuery, request.query);
    // 'main' is the tenant config's default header.menuType.
    const type = query === 'main' ? 'header' : query;
    const items = await source.menu(tenantOf(request, tenant), type);
    if (!items.length) throw notFound(CONTENT_ERRORS.noMenuContent);
    return cacheable(reply, items);
  });

  app.get('/content/:keywords', async (request, reply) => {
    const { tenant } = parseInput(tenantOnly, request.query);
    const { keywords: raw } = parseInput(z.object({ keywords: keywordsParam }), request.params);
    // A find path segment ('yoga-classes') stands for its keywords ('Yoga Classes').
    const keywords = findPathKeywords(raw) ?? raw;
    const content = await source.serviceContent(tenantOf(request, tenant), keywords);
    // Spec 5: service content must match the keywords asked for.
    return page(
      reply,
      content && sameKeywords(content.keywords, keywords) ? content : null,
      CONTENT_ERRORS.noServiceContent,
    );
  });

  app.get('/wordpress/homepage', async (request, reply) => {
    const { tenant } = parseInput(tenantOnly, request.query);
    return page(reply, await source.homepage(tenantOf(request, tenant)), CONTENT_ERRORS.noHomepageContent);
  });

  app.get('/wordpress/destinations', async (request, reply) => {
    const { tenant, query } = parseInput(withQuery, request.query);
    return page(
      reply,
      await source.destination(tenantOf(request, tenant), query),
      CONTENT_ERRORS.noDestinationContent,
    );
  });

  app.get('/wordpress/page', async (request, reply) => {
    const { tenant, query } = parseInput(withQuery, request.query);
    return page(reply, await source.page(tenantOf(request, tenant), query), CONTENT_ERRORS.noPageContent);
  });
};
