import { existsSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import {
  destinationCall,
  isEmptyContent,
  MARKETING_PAGE_SLUGS,
  sameKeywords,
  type ContentPage,
} from '../src/domain/content';
import {
  CONSENT_CHOICES,
  CONSENT_PATH,
  consentCookie,
  readConsent,
  type ConsentChoice,
} from '../src/domain/consent';
import { findPathKeywords } from '../src/domain/find-keywords';
import { canonicalPath, matchRoute, PAGE_SEGMENTS, type RouteMatch } from '../src/domain/routes';
import { parseListingSlug, parseOfferSlug, type ListingSlugId } from '../src/domain/slug-ids';
import type { PageAnswer } from '../src/domain/page-answer';
import {
  featuredSearchQuery,
  firstSearchQuery,
  retryWithoutLocation,
  searchCall,
  searchSkipReason,
} from '../src/domain/search';
import { searchToApiQuery } from '../src/domain/filters';
import type { ListingCard, SearchResult } from '../src/domain/types';
import { listingsModuleQuery } from '../src/domain/listings-module';
import { contentKeys, type DrawnPage } from '../src/domain/page-content';
import type { TenantConfig } from '../src/tenant';
import type { ContentSource } from './content';
import { cspSources, type Accounts } from './accounts/accounts';
import type { Db } from './db/driver';
import { BROTLI_OPTIONS, HttpError, parseInput } from './http';
import { parseSearchParams } from './search/params';
import { searchAnswer } from './search/search';
import type { ResultCache } from './http-cache';
import { listingScope, type TenantService } from './tenants';
import {
  listingById,
  listingByOldId,
  offerInfoById,
  offerWithListingById,
  type ListingScope,
} from './listings/service';
import {
  contentPageHead,
  defaultHead,
  destinationHead,
  firstCardImage,
  listingHead,
  notFoundHead,
  offerHead,
  pageShell,
  shellPageHead,
} from './seo/head';
import { parseSitemapPart, robotsTxt, sitemapIndex, sitemapPart } from './seo/sitemap';
import { ICON_SIZES, iconPng, webAppManifest, type IconSize } from './seo/web-app';
import { isAbsoluteUrl } from './seo/text';
import { newNonce, pageCsp, withNonce } from './security-headers';
import {
  answerBlock,
  contentBlock,
  leadImagePreload,
  loadPageDrawer,
  pagePreloads,
  scriptsAtLowPriority,
  tenantBlock,
} from './page-boot';

export interface SiteOptions {
  /**
   * Built assets: dist/app (host app), dist/widgets (loader and element chunks) and, once built,
   * dist/gallery (the Storybook QA gallery, served at /demo/ in demo mode).
   */
  distDir: string;
  /** The plain partner pages of the demo (demo/index.html lists them; the gallery links there). */
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
  /** URLs per sitemap part. @default 50,000 (sitemaps.org's limit; tests use fewer) */
  sitemapPartSize?: number;
}

/** Where the page heads of listings, offers and best-of pages are looked up (buildApp passes its own). */
export interface SiteSources {
  db: Db;
  content: ContentSource;
  /** The tenants in force: a change made through the admin API shows on the next page. */
  tenants: TenantService;
  /** Demo mode: the QA gallery at /demo/; otherwise /demo/ is a page like any unknown one (404). */
  demo?: boolean;
  /** CONTENT_URL: pages may show images from the CMS (their Content-Security-Policy allows it). */
  contentUrl?: string;
  /** Sign-in: its Firebase hosts are allowed by the pages' Content-Security-Policy. */
  accounts?: Accounts;
  /** The API's result cache: a home page's listings modules share the search's kept answer. */
  results: ResultCache;
}

const MARKETING_SLUGS: ReadonlySet<string> = new Set(MARKETING_PAGE_SLUGS);

/** A page's head, and its status; `content`: the content page it shows, when it shows one. */
interface EntityPage {
  status: 200 | 404;
  head: string;
  content?: ContentPage | null;
  /** The answers to the element's first API calls, carried by the page (listing, offer, search). */
  answers?: PageAnswer[] | undefined;
  /** The content page's key in the app (src/domain/page-content.ts), when the API would serve it. */
  contentKey?: string | undefined;
  /** A listing's or an offer's canonical path, which the app settles the page's URL on. */
  canonicalPath?: string | undefined;
}

/** A best-of search term as the content API accepts it; anything else has no content to look up. */
const DESTINATION_TERM = /^[A-Za-z0-9][A-Za-z0-9-]{0,59}$/;

/** A Host header that can be put in a URL as it is. */
const PLAIN_HOST = /^[a-z0-9.-]+(:\d+)?$/i;

/**
 * The hosted site: host app at `/`, `/widgets/*`, `/demo/*` and `/media/*`. Listing, offer and
 * best-of pages get their head (title, description, canonical, Open Graph, JSON-LD) rendered
 * here, and unknown listings and offers a real 404.
 */
export const siteRoutes: FastifyPluginAsync<SiteOptions & SiteSources> = async (
  app,
  {
    distDir,
    demoDir,
    mediaDir,
    tenant,
    tenantHosts = {},
    db,
    content,
    tenants,
    demo = false,
    contentUrl,
    accounts,
    results,
    sitemapPartSize,
  },
) => {
  // Dotfiles are never served ('/widgets/.vite/manifest.json', a stray '.env'): they are 404s.
  const dotfiles = 'ignore';
  // Where setHeaders names the Cache-Control, the file sender's own ('public, max-age=0') is off:
  // it is written after setHeaders and would replace it.
  const cacheControl = false;
  // The builds write each script and stylesheet compressed beside it (vite.config.ts): sent as is,
  // and a cache keeps each encoding apart.
  const preCompressed = true;
  const varyEncoding = (res: SetHeadersResponse) => res.setHeader('vary', 'accept-encoding');
  // Hashed files never change; the loader keeps its name, so partners revalidate it often.
  const immutable = 'public, max-age=31536000, immutable';
  await app.register(fastifyStatic, {
    root: join(distDir, 'widgets'),
    prefix: '/widgets/',
    dotfiles,
    cacheControl,
    preCompressed,
    setHeaders: (res, path) => {
      res.setHeader('cache-control', path.includes('/chunks/') ? immutable : 'public, max-age=300');
      varyEncoding(res);
      // Partner pages import the loader and its chunks cross-origin as modules.
      res.setHeader('access-control-allow-origin', '*');
    },
  });
  await app.register(fastifyStatic, {
    root: join(distDir, 'app', 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    dotfiles,
    cacheControl,
    preCompressed,
    setHeaders: (res) => {
      res.setHeader('cache-control', immutable);
      varyEncoding(res);
    },
  });
  // The gallery's files (manager, preview iframe, assets) beside the partner pages, which win a
  // clash of names. Without a built gallery /demo/ lists the partner pages.
  // `npm start` builds the gallery after the server is up, so whether it is there is asked per request.
  const galleryDir = join(distDir, 'gallery');
  const gallery = () => demo && existsSync(join(galleryDir, 'index.html'));
  if (demo) mkdirSync(galleryDir, { recursive: true });
  if (demo)
    await app.register(fastifyStatic, {
      root: [demoDir, galleryDir],
      prefix: '/demo/',
      decorateReply: false,
      dotfiles,
    });
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/media/',
    decorateReply: false,
    dotfiles,
    cacheControl,
    setHeaders: (res) => {
      res.setHeader('cache-control', 'public, max-age=86400');
      res.setHeader('access-control-allow-origin', '*');
    },
  });

  const template = await readFile(join(distDir, 'app', 'index.html'), 'utf8');
  const preloads = await pagePreloads(distDir, template);
  // A page the server drew asks for its scripts at low priority (scriptsAtLowPriority).
  const drawnTemplate = scriptsAtLowPriority(template);
  const drawPage = loadPageDrawer(distDir);
  // The head of a page whose own head could not be looked up (the database or the CMS failed):
  // the tenant's home title and description, built once per version of its settings.
  const defaultHeads = new WeakMap<TenantConfig, ReturnType<typeof defaultHead>>();
  const headOf = (config: TenantConfig) => {
    let head = defaultHeads.get(config);
    if (!head) defaultHeads.set(config, (head = defaultHead(config)));
    return head;
  };
  const hosts = new Map(Object.entries(tenantHosts).map(([host, name]) => [host.toLowerCase(), name]));

  /**
   * The tenant of a host name (request.host: behind a trusted proxy, X-Forwarded-Host's), with
   * its settings as they are in force now (stored documents included).
   */
  async function tenantOf(hostHeader: string | undefined): Promise<TenantConfig> {
    await tenants.refresh();
    const inForce = tenants.inForce();
    const host = (hostHeader ?? '').toLowerCase().replace(/:\d+$/, '');
    const name = hosts.get(host) ?? /^([a-z0-9-]+)\.localhost$/.exec(host)?.[1];
    return (name && inForce.get(name)) || inForce.get(tenant.name) || tenant;
  }

  /**
   * The base of absolute links: the tenant's canonical endpoint when it is absolute, else this
   * request's protocol and host (with trustProxy off: the socket's protocol and the Host header).
   */
  function siteBase(config: TenantConfig, request: FastifyRequest): string {
    if (isAbsoluteUrl(config.endpoints.canonical)) return config.endpoints.canonical;
    return `${request.protocol}://${PLAIN_HOST.test(request.host) ? request.host : 'localhost'}`;
  }

  /**
   * The answer to `call` that the page's element will ask for: it sends the tenant's publisherId
   * and programs (widgets/define.tsx), so the answer is read in the scope the API gives those
   * headers. That is the head's scope but for an operator's unusual settings; only then is it read
   * again (`lookup`). Undefined when the API would answer the element no listing or offer.
   */
  async function pageAnswer<T>(
    config: TenantConfig,
    call: string,
    head: { read: T; in: ListingScope },
    lookup: (scope: ListingScope) => Promise<T | null>,
  ): Promise<PageAnswer[]> {
    const { publisherId, includedPrograms } = config.helperInfo;
    let theirs: ListingScope;
    try {
      theirs = listingScope(
        tenants.scope({
          publisherid: String(publisherId),
          ...(includedPrograms.length ? { includedprograms: includedPrograms.join(',') } : {}),
        }),
      );
    } catch {
      return []; // the API would refuse the element's headers too
    }
    const same =
      theirs.listingRouteName === head.in.listingRouteName &&
      theirs.programs.join(',') === head.in.programs.join(',');
    const body = same ? head.read : await lookup(theirs);
    return body === null ? [] : [{ call, publisherId, includedPrograms, body }];
  }

  /**
   * The answers to the search element's first calls on a search page whose URL names a place, or
   * on a best-of page (its destination is the place): its first page and its featured listings
   * (and their search without the place when none are near it), as the element starts
   * (src/domain/search.ts: firstSearchQuery), so it shows results without asking the API first,
   * and the server draws them (widgets/first-screen.tsx). None when the URL names no place (the
   * element first finds the visitor's) or a search fails (it asks then).
   */
  async function searchPageAnswers(
    config: TenantConfig,
    start: { queryString: string } | { bestOf: string },
  ): Promise<PageAnswer[]> {
    const { country, includedPrograms, publisherId } = config.helperInfo;
    const first =
      'bestOf' in start
        ? firstSearchQuery(country, { bestOf: start.bestOf })
        : firstSearchQuery(country, {}, start.queryString);
    const query = { ...first, size: config.listingGrid.pageSize, page: 0 };
    if (searchSkipReason(query, { requireLocation: true })) return [];
    const featured = featuredSearchQuery(query, includedPrograms);
    const searches = [query, featured];
    const bodies = await Promise.all(searches.map((search) => searchFor(config, searchToApiQuery(search))));
    // No featured listings near the place: the element asks again without it (spec 4).
    const retry = bodies[1] && retryWithoutLocation(featured, bodies[1]);
    if (retry) {
      searches.push(retry);
      bodies.push(await searchFor(config, searchToApiQuery(retry)));
    }
    if (bodies.includes(null)) return [];
    return searches.map((search, index) => ({
      call: searchCall(search),
      publisherId,
      includedPrograms,
      body: bodies[index],
    }));
  }

  /**
   * The head of a page: a listing, offer or best-of page looked up in the tenant's own programs
   * (a 404 for a listing or offer that does not exist, or a slug without an id); a marketing page
   * from its CMS SEO fields (a 404 when the tenant has no such page); the others from the tenant
   * (shellPageHead). A listing, an offer or a search page also carries its element's first answers
   * (a search's from the page's query string, `queryString`).
   */
  async function entityPage(
    route: RouteMatch,
    config: TenantConfig,
    base: string,
    log: FastifyBaseLogger,
    queryString: string,
  ): Promise<EntityPage> {
    const scope: ListingScope = {
      programs: config.helperInfo.includedPrograms,
      listingRouteName: config.listingRouteName,
    };
    const missing: EntityPage = { status: 404, head: notFoundHead(config) };
    switch (route.page) {
      case 'spa': {
        const key = listingKey(route.params);
        if (!key) return missing;
        const lookup = (within: ListingScope) =>
          key.kind === 'id' ? listingById(db, key.id, within) : listingByOldId(db, key.oldId, within);
        const listing = await lookup(scope);
        if (!listing) return missing;
        const call = key.kind === 'id' ? `merchants/${key.id}` : `merchants/map/${key.oldId}`;
        return {
          status: 200,
          head: listingHead(listing, config, base),
          answers: await pageAnswer(config, call, { read: listing, in: scope }, lookup),
          canonicalPath: listing.canonicalLink,
        };
      }
      case 'offer':
      case 'offerOld': {
        const slug = parseOfferSlug(route.params.offer ?? '');
        if (!slug) return missing;
        // The offer with its listing, as the element asks for it: GET /offers/{id}?include=listing.
        const lookup = (within: ListingScope) =>
          offerWithListingById(db, slug.offerId, within, (err) =>
            log.error({ err, offerId: slug.offerId }, 'the listing of an offer could not be served'),
          );
        const offer = await lookup(scope);
        if (!offer) return missing;
        const { listing, ...info } = offer;
        return {
          status: 200,
          head: offerHead(info, listing, config, base, new Date()),
          answers: await pageAnswer(
            config,
            `offers/${slug.offerId}?include=listing`,
            { read: offer, in: scope },
            lookup,
          ),
          canonicalPath: info.canonicalLink,
        };
      }
      case 'bestOf': {
        const term = route.params.destination ?? '';
        if (!DESTINATION_TERM.test(term))
          return { status: 200, head: destinationHead(null, term, config, base), answers: [] };
        const page = await content.destination(config, term);
        const found = page && !isEmptyContent(page) ? page : null;
        const { publisherId, includedPrograms } = config.helperInfo;
        return {
          status: 200,
          head: destinationHead(found, term, config, base),
          // Carried found or not (null: the API's 'No Destination Content'), so neither the app's
          // heading nor the element's best-of links ask the API for what the server has read.
          content: found,
          contentKey: contentKeys.destination(config.name, term),
          answers: [
            ...(await searchPageAnswers(config, { bestOf: term })),
            { call: destinationCall(term), publisherId, includedPrograms, body: found },
          ],
        };
      }
      case 'notFound':
        return missing;
      case 'search': {
        const answers = await searchPageAnswers(config, { queryString });
        // The featured listings are the last answer: the retry's when there is one.
        const [results, ...featured] = answers.map((answer) => answer.body as SearchResult<ListingCard>);
        const shownFeatured = featured.at(-1);
        const leadImage =
          results && shownFeatured && firstCardImage(results.items, shownFeatured.items, config);
        return { status: 200, head: shellPageHead(route, config, base, leadImage), answers };
      }
      case 'find': {
        // A blog 'find' path shows the service content of its keywords (spec 2.3).
        const keywords = route.params.path ? findPathKeywords(`/find/${route.params.path}`) : null;
        const page = keywords
          ? await content.serviceContent(config, keywords)
          : await content.page(config, 'find');
        if (!page || isEmptyContent(page)) return missing;
        // The API serves service content only for the keywords it was asked for (spec 5).
        const served = !keywords || sameKeywords(page.keywords, keywords);
        return {
          status: 200,
          head: contentPageHead(page, canonicalPath(route)!, config, base),
          content: page,
          contentKey: !served
            ? undefined
            : keywords
              ? contentKeys.serviceContent(config.name, keywords)
              : contentKeys.page(config.name, 'find'),
        };
      }
      case 'home': {
        // The head is the tenant's; the content only names the opening image. The app shows the
        // page without its content when the CMS fails, so the head does not wait on that either.
        const home = await content.homepage(config).catch(() => null);
        return {
          status: 200,
          head: shellPageHead(route, config, base),
          content: home,
          contentKey: home && !isEmptyContent(home) ? contentKeys.homepage(config.name) : undefined,
        };
      }
      default: {
        const slug = PAGE_SEGMENTS[route.page];
        if (!MARKETING_SLUGS.has(slug)) return { status: 200, head: shellPageHead(route, config, base) };
        const page = await content.page(config, slug);
        return page && !isEmptyContent(page)
          ? {
              status: 200,
              head: contentPageHead(page, canonicalPath(route)!, config, base),
              content: page,
              contentKey: contentKeys.page(config.name, slug),
            }
          : missing;
      }
    }
  }

  /**
   * The content a page carries and is drawn with, by the app's keys: its own content page with
   * the cards of its listings modules, a listing's or an offer's canonical path, and the header's
   * and footer's menus, each only when the API would answer it (a menu the CMS does not have is a
   * 404 there: the app asks, as it would). A best-of page's destination is carried as null when
   * it has none: every such page would ask, and the app and its search element each get that 404.
   */
  async function carriedContent(
    config: TenantConfig,
    path: string,
    page: EntityPage | null,
  ): Promise<Record<string, unknown>> {
    const entries: Record<string, unknown> = {};
    if (page?.canonicalPath) entries[contentKeys.canonicalPath(config.name, path)] = page.canonicalPath;
    // null: the API would answer 404, which the app then knows without asking.
    if (page?.contentKey && page.content === null) entries[page.contentKey] = null;
    if (page?.contentKey && page.content) {
      entries[page.contentKey] = page.content;
      await Promise.all(
        (page.content['custom-fields']?.modules ?? []).map(async (module) => {
          if (module?.acf_fc_layout !== 'listings') return;
          const query = listingsModuleQuery(module, config.helperInfo.country);
          const answer = await searchFor(config, query);
          if (answer) entries[contentKeys.listings(config.name, query)] = answer.items;
        }),
      );
    }
    const { menu, menuType } = config.componentsConfig.header;
    const menus = [...(menu ? [menuType || 'header'] : []), 'footer'];
    await Promise.all(
      menus.map(async (type) => {
        // The API's name for the header menu ('main' is 'header'), as the app asks for it.
        const items = await content.menu(config, type === 'main' ? 'header' : type).catch(() => []);
        if (items.length) entries[contentKeys.menu(config.name, type)] = items;
      }),
    );
    return entries;
  }

  /**
   * `GET /merchants?{query}` as the API answers the app and the elements, which send the tenant's
   * own headers; null when the search fails (the page then carries nothing for it, and the
   * browser asks: a listings module shows its link alone if that fails too).
   */
  async function searchFor(config: TenantConfig, query: string): Promise<SearchResult<unknown> | null> {
    const { publisherId, includedPrograms } = config.helperInfo;
    try {
      const scope = tenants.scope({
        publisherid: String(publisherId),
        ...(includedPrograms.length ? { includedprograms: includedPrograms.join(',') } : {}),
      });
      const params = parseSearchParams(Object.fromEntries(new URLSearchParams(query)));
      return JSON.parse(
        (await searchAnswer(db, params, scope, results, tenants.inForce())).toString(),
      ) as SearchResult<unknown>;
    } catch {
      return null;
    }
  }

  /**
   * The page drawn (host-app/render.tsx): its app root's markup and its head's rules; both ''
   * without a drawer or when drawing fails: the app then draws the page itself, as it always could.
   */
  async function drawnPage(
    request: FastifyRequest,
    config: TenantConfig,
    { path, query }: { path: string; query: string },
    carried: Record<string, unknown>,
    answers: PageAnswer[],
    { nonce, consent }: { nonce: string; consent: ConsentChoice | null },
  ): Promise<DrawnPage> {
    const undrawn: DrawnPage = { app: '', head: '' };
    if (!drawPage) return undrawn;
    try {
      return await drawPage({ tenant: config, path, query, content: carried, answers, consent, nonce });
    } catch (error) {
      request.log.error({ err: error, path }, 'the page could not be drawn on the server; the app draws it');
      return undrawn;
    }
  }

  /** The page a listing or offer suggestion names, in the tenant's programs; null when there is none. */
  async function suggestedPage(route: RouteMatch, config: TenantConfig): Promise<string | null> {
    const id = Number(route.params.id);
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    const scope: ListingScope = {
      programs: config.helperInfo.includedPrograms,
      listingRouteName: config.listingRouteName,
    };
    const found =
      route.params.kind === 'offers' ? await offerInfoById(db, id, scope) : await listingById(db, id, scope);
    return found?.canonicalLink ?? null;
  }

  if (demo) {
    // The gallery's pages are plain partner pages of our own with inline scripts and styles: each
    // answer gives those a fresh nonce and the site's policy. Other demo files stay static.
    const demoPage = async (request: FastifyRequest, reply: FastifyReply, file: string) => {
      let html: string;
      try {
        html = await readFile(join(demoDir, file), 'utf8');
      } catch {
        // Storybook's own pages (iframe.html) have scripts of their own: served as built.
        if (gallery() && existsSync(join(galleryDir, file)))
          return reply.header('cache-control', 'no-cache').sendFile(file, galleryDir);
        return reply.callNotFound();
      }
      const nonce = newNonce();
      return reply
        .header('content-security-policy', pageCsp(await tenantOf(request.host), nonce, { contentUrl }))
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(withNonce(html, nonce));
    };
    app.get('/demo/', (request, reply) =>
      gallery()
        ? reply.header('cache-control', 'no-cache').sendFile('index.html', galleryDir)
        : demoPage(request, reply, 'index.html'),
    );
    app.get<{ Params: { page: string } }>('/demo/:page(^[a-z0-9-]+).html', (request, reply) =>
      demoPage(request, reply, `${request.params.page}.html`),
    );
  }

  // The consent bar's choice, posted by its form before the app has hydrated (after, the app
  // records it itself): the cookie the app would write, then back to the page (303).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const consentForm = z.object({
    choice: z.enum(CONSENT_CHOICES, { message: `must be ${CONSENT_CHOICES.join(' or ')}` }),
  });
  app.post(CONSENT_PATH, async (request, reply) => {
    // Only the site's own pages record a choice: a form on another site must not consent for
    // the visitor (Sec-Fetch-Site where the browser sends it, else the Origin header).
    const origin = `${request.protocol}://${request.host}`;
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite ? fetchSite !== 'same-origin' : request.headers.origin !== origin) {
      throw new HttpError(403, 'A choice is recorded from this site’s own pages only', 'origin');
    }
    const { choice } = parseInput(consentForm, request.body ?? {});
    const config = await tenantOf(request.host);
    let back = '/';
    try {
      const referer = new URL(request.headers.referer ?? '');
      if (referer.origin === origin) back = `${referer.pathname}${referer.search}`;
    } catch {
      // No page to go back to: the home page.
    }
    return reply
      .header('set-cookie', consentCookie(config.name, choice, request.protocol === 'https'))
      .header('cache-control', 'no-store')
      .redirect(back, 303);
  });

  // Crawlers: robots.txt and the sitemaps of the tenant of the host name, with its URLs.
  const crawlerCache = 'public, max-age=3600';
  app.get('/robots.txt', async (request, reply) => {
    const config = await tenantOf(request.host);
    return reply
      .header('cache-control', crawlerCache)
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(siteBase(config, request)));
  });
  const sitemapSources = { db, content, partSize: sitemapPartSize };
  app.get('/sitemap.xml', async (request, reply) => {
    const config = await tenantOf(request.host);
    return reply
      .header('cache-control', crawlerCache)
      .type('application/xml; charset=utf-8')
      .send(Readable.from(sitemapIndex(config, siteBase(config, request), sitemapSources)));
  });
  app.get<{ Params: { name: string } }>('/sitemaps/:name', async (request, reply) => {
    const part = parseSitemapPart(request.params.name.replace(/\.xml$/, ''));
    const config = await tenantOf(request.host);
    const body = part && (await sitemapPart(part, config, siteBase(config, request), sitemapSources));
    if (!body) return reply.callNotFound();
    return reply
      .header('cache-control', crawlerCache)
      .type('application/xml; charset=utf-8')
      .send(Readable.from(body));
  });

  // The installable app: the service worker (spec 9: /service-worker.js) and its Workbox runtime,
  // the offline page it shows without a network, and each tenant host's manifest and icons.
  const appDir = join(distDir, 'app');
  app.get('/service-worker.js', (_request, reply) =>
    // Revalidated on every check, so a deploy reaches visitors at their next page.
    reply
      .header('cache-control', 'no-cache')
      .type('text/javascript; charset=utf-8')
      .sendFile('service-worker.js', appDir, { cacheControl: false }),
  );
  app.get<{ Params: { hash: string } }>('/workbox-:hash(^[0-9a-f]{8}).js', (request, reply) =>
    reply
      .header('cache-control', immutable)
      .sendFile(`workbox-${request.params.hash}.js`, appDir, { cacheControl: false }),
  );
  app.get('/offline.html', (_request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      // A static page: no script, its own styles, nothing of a visitor's.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'")
      .type('text/html; charset=utf-8')
      .sendFile('offline.html', appDir, { cacheControl: false }),
  );
  app.get('/manifest.webmanifest', async (request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('application/manifest+json; charset=utf-8')
      .send(JSON.stringify(webAppManifest(await tenantOf(request.host)))),
  );
  const icons = new Map<string, Promise<Buffer | null>>();
  app.get<{ Params: { size: string } }>('/icons/:size(^\\d+).png', async (request, reply) => {
    const size = Number(request.params.size) as IconSize;
    if (!ICON_SIZES.includes(size)) return reply.callNotFound();
    const config = await tenantOf(request.host);
    const key = `${config.icons.tenantIcons.favicon}|${size}`;
    let png = icons.get(key);
    if (!png) icons.set(key, (png = iconPng(config, size, mediaDir)));
    const body = await png;
    if (!body) return reply.callNotFound();
    return reply.header('cache-control', 'public, max-age=86400').type('image/png').send(body);
  });

  // Every other GET is a page of the host app; paths the router does not know get a real 404.
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ error: `No such endpoint: ${request.method} ${path}` });
    }
    const config = await tenantOf(request.host);
    const route = matchRoute(path, config.listingRouteName);
    // A suggestion's URL (spec 7: /search/merchants/{id}, /search/offers/{id}) opens what it
    // names; one that names nothing of this tenant's is a page not found.
    const named =
      route.page === 'search' && route.params.id !== undefined
        ? await suggestedPage(route, config)
        : undefined;
    if (named) return reply.header('cache-control', 'no-cache').redirect(named, 302);
    const shown: RouteMatch = named === null ? { ...route, page: 'notFound' } : route;
    let page: EntityPage | null = null;
    const queryString = request.url.slice(path.length + 1);
    try {
      page = await entityPage(shown, config, siteBase(config, request), request.log, queryString);
    } catch (error) {
      // The app looks the entity up itself: a failed lookup costs the head, never the page.
      request.log.warn({ err: error, path }, 'page head lookup failed; serving the plain app shell');
    }
    // A fresh nonce per page: the template's scripts carry it before any text of a record is added.
    const nonce = newNonce();
    // Without a drawer (a partial build) the app draws the page and asks for its content itself.
    const carried = drawPage ? await carriedContent(config, path, page) : {};
    const answers = page?.answers ?? [];
    // The visitor's consent: the drawn consent bar shows it, and the app starts from it (pageShell).
    const consent = readConsent(config.name, request.headers.cookie ?? '');
    const drawn = await drawnPage(request, config, { path, query: queryString }, carried, answers, {
      nonce,
      consent,
    });
    const head = [
      page?.head ?? headOf(config),
      // The opening image before the page's code: the first thing the visitor sees.
      page?.content ? leadImagePreload(page.content) : '',
      preloads(shown.page, !!drawn.app),
      tenantBlock(config),
      answers.length ? answerBlock(answers) : '',
      drawn.app ? contentBlock({ tenant: config.name, entries: carried }) : '',
      drawn.head,
    ].join('\n');
    const html = pageShell(withNonce(drawn.app ? drawnTemplate : template, nonce), config, head, {
      app: drawn.app,
      consent,
    });
    const { encoding, body } = compressed(html, request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .status(page?.status ?? (shown.page === 'notFound' ? 404 : 200))
      .header(
        'content-security-policy',
        pageCsp(config, nonce, { contentUrl, signIn: accounts && cspSources(accounts, config) }),
      )
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8')
      .send(body);
  });
};

/** What a listing route names: a slug with a merchant id or an old id, or the map route's old id. */
function listingKey(params: Record<string, string>): ListingSlugId | null {
  if (params.oldId === undefined) return params.id ? parseListingSlug(params.id) : null;
  const oldId = Number(params.oldId);
  return Number.isSafeInteger(oldId) ? { kind: 'oldId', oldId } : null;
}

/**
 * The page in the best encoding the browser takes. By hand: @fastify/compress hooks into routes,
 * and the pages are served by the not-found handler, which is not one. Synchronously, at the
 * quality of BROTLI_OPTIONS: 1-2.5 ms for a page of 23-109 KB.
 */
function compressed(
  html: string,
  acceptEncoding: string | undefined,
): { encoding?: string; body: Buffer | string } {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  // 'gzip, br;q=0.8': an encoding counts unless its quality is 0.
  const takes = (name: string) =>
    accepted.split(',').some((part) => {
      const [coding, ...params] = part.split(';').map((piece) => piece.trim());
      return coding === name && !params.some((param) => /^q=0(\.0*)?$/.test(param));
    });
  if (takes('br')) return { encoding: 'br', body: brotliCompressSync(html, BROTLI_OPTIONS) };
  if (takes('gzip')) return { encoding: 'gzip', body: gzipSync(html) };
  return { body: html };
}
