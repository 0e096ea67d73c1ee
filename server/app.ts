import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { requestBegan, type Db } from './db/driver';
import { createPgDocumentStore, type DocumentStore } from './documents/store';
import { BROTLI_OPTIONS, installErrorHandler, sendError } from './http';
import { installEtags, ResultCache } from './http-cache';
import { installHostCheck } from './hosts';
import { installSecurityHeaders } from './security-headers';
import { createTenantService, tenantsInForce } from './tenants';
import { registerCors } from './cors';
import { tenantRoutes } from './routes/tenants';
import { adminRoutes } from './routes/admin';
import { offerRoutes } from './routes/offers';
import { contactRoutes } from './routes/contact';
import { subscriptionRoutes } from './routes/subscriptions';
import { contentRoutes } from './routes/content';
import { contentSourceFromEnv } from './content';
import { merchantRoutes } from './routes/merchants';
import { serviceRoutes } from './routes/services';
import { autocompleteRoutes } from './routes/autocomplete';
import { geoRoutes } from './routes/geo';
import { createIpLocator, type IpLocator } from './geo/ip-location';
import { tileRoutes } from './routes/tiles';
import { imageRoutes } from './routes/images';
import { imageOriginsFromEnv } from './images/source';
import { healthRoutes } from './routes/health';
import { DEFAULT_RATE_LIMITS, registerRateLimits, type RateLimits } from './rate-limits';
import { siteRoutes, type SiteOptions } from './site';
import { createBotCheck } from './bot-check';
import { botCheckRoutes } from './routes/bot-check';
import { giftCardRoutes } from './routes/gift-cards';
import { DEFAULT_LIMIT_SETTINGS, type LimitSettings } from './limits';
import { createMailTransport, type MailTransport } from './mail/transport';
import { outboxRoutes } from './routes/outbox';
import { shareRoutes } from './routes/share';
import { merchantContactRoutes } from './routes/merchant-contact';
import { userRoutes } from './routes/users';
import { accountsFromEnv, type Accounts } from './accounts/accounts';
import { createUserData } from './accounts/user-data';

export interface AppOptions {
  db: Db;
  /** Defaults to the documents table of `db`. */
  documents?: DocumentStore;
  /** Serve the host app, the widgets and the demo; API-only when absent (integration tests). */
  site?: SiteOptions;
  /** Fastify's logger: on for `npm start`, off in tests; a stream captures the lines (tests). */
  logger?: boolean | { stream: { write(line: string): void }; level?: string };
  /** The clock of the gift card limits and the bot check's expiry; tests move it forward. */
  clock?: () => Date;
  /** The folder served at `/media/`, read by the image resizer. @default site.mediaDir, else server/media */
  mediaDir?: string;
  /** Where mail goes. @default SMTP when SMTP_URL is set, else the outbox table of `db` */
  mail?: MailTransport;
  /** Demo mode: demo gift cards, the QA gallery and the outbox API. @default true */
  demo?: boolean;
  /** Proxies whose X-Forwarded-For names the client (TRUST_PROXY). @default false: the socket */
  trustProxy?: string[] | false;
  /** The tenant admin API's bearer token (ADMIN_TOKEN); without one that API does not exist. */
  adminToken?: string;
  /** The limits' settings (BALANCE_FAILURE_BUDGET, BOT_CHALLENGE_LIMIT, read by readConfig). @default DEFAULT_LIMIT_SETTINGS */
  limits?: Partial<LimitSettings>;
  /** The key that signs ALTCHA challenges; instances that share a database share it. @default ALTCHA_HMAC_KEY */
  altchaHmacKey?: string;
  /** Global limits per route class and client (RATE_LIMIT_*); `false` turns one off. @default DEFAULT_RATE_LIMITS */
  rateLimits?: Partial<RateLimits>;
  /** Sign-in: the Firebase project or Auth emulator that tokens come from. @default accountsFromEnv(process.env) */
  accounts?: Accounts;
  /** Bytes of search, services and autocomplete answers kept in this process (0: none). @default 8 MB */
  resultCacheBytes?: number;
  /** Where drawn map tiles are kept across restarts (DATA_DIR/tiles). @default memory only */
  tileDir?: string;
  /** The IP database of `GET /api/geo` (IP_LOCATION_DB). @default DB-IP Lite of the npm package, read on first use */
  ipLocator?: IpLocator;
}

/** The whole HTTP surface: `/api/*` (the tenant's functions endpoint) and, optionally, the site. */
export async function buildApp({
  db,
  documents = createPgDocumentStore(db),
  site,
  logger = false,
  clock = () => new Date(),
  mediaDir = site?.mediaDir ?? fileURLToPath(new URL('./media', import.meta.url)),
  demo = true,
  trustProxy = false,
  adminToken,
  limits: limitOverrides,
  altchaHmacKey,
  rateLimits,
  accounts = accountsFromEnv(process.env),
  resultCacheBytes = 8 * 1024 * 1024,
  tileDir,
  ipLocator = createIpLocator(),
  mail = createMailTransport({
    smtpUrl: process.env.SMTP_URL || undefined,
    db,
    from: process.env.MAIL_FROM || undefined,
    now: clock,
  }),
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger && {
      // Warnings and errors only: a line per request would drown the start-up progress.
      level: 'warn',
      // Card numbers and PINs travel only in bodies, which are never logged; headers may carry tokens.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.body'],
      ...(logger === true ? {} : logger),
    },
    // Client addresses for rate limits come from the socket unless a proxy is configured.
    trustProxy,
    // A URL Fastify cannot decode is answered like any other error (no input echoed on pages).
    frameworkErrors: sendError,
    // Every POST of the API takes a few fields: 16 KB, a 413 beyond (a route may set its own).
    bodyLimit: 16 * 1024,
  });
  // Each request's statements queue by when it began (PGlite runs the oldest request's first).
  app.addHook('preHandler', (_request, reply, done) =>
    requestBegan.run(performance.now() - reply.elapsedTime, done),
  );
  const tenants = createTenantService(documents, app.log);
  const trustedHosts = new Set(Object.keys(site?.tenantHosts ?? {}).map((host) => host.toLowerCase()));
  // One content source for the API and the site's best-of page heads (one cache, one CMS client).
  const content = contentSourceFromEnv(process.env, app.log);
  // Our host names only (421 for others), security headers on every answer, and one error
  // handler for pages and files as for the API (no internal message echoed).
  installHostCheck(app, { tenantHosts: site?.tenantHosts });
  installSecurityHeaders(app);
  installErrorHandler(app, { notFound: false });
  // ETags (and 304s) before compression: the hash is of the answer, not of a compressed stream.
  installEtags(app);
  // gzip/brotli for the API and the files the builds did not compress (site.ts compresses pages).
  await app.register(compress, { threshold: 1024, brotliOptions: BROTLI_OPTIONS });

  // A minute, as the Cache-Control of search: a CDN and this process agree on what is fresh.
  const results = new ResultCache({ maxBytes: resultCacheBytes, ttlMs: 60_000 });
  await app.register(
    async (api) => {
      installErrorHandler(api);
      // Stored tenant settings (CORS origins included) are in force from the next call.
      api.addHook('onRequest', tenantsInForce(tenants));
      await registerCors(api, { tenants, ownHosts: trustedHosts });
      await registerRateLimits(api, { ...DEFAULT_RATE_LIMITS, ...rateLimits });
      await api.register(healthRoutes, { db });
      await api.register(tenantRoutes, { tenants });
      // Without a token the admin API does not exist (404).
      if (adminToken) await api.register(adminRoutes, { tenants, token: adminToken });
      await api.register(offerRoutes, { db, tenants });
      await api.register(contentRoutes, { tenants, source: content });
      await api.register(merchantRoutes, { db, tenants, results });
      await api.register(serviceRoutes, { db, tenants, results });
      await api.register(autocompleteRoutes, { db, tenants, results });
      await api.register(geoRoutes, { tenants, ipLocator });
      const limits = { ...DEFAULT_LIMIT_SETTINGS, ...limitOverrides };
      const botCheckEnv = altchaHmacKey ? { ...process.env, ALTCHA_HMAC_KEY: altchaHmacKey } : process.env;
      const botCheck = createBotCheck({ db, now: clock, log: app.log, env: botCheckEnv });
      await api.register(botCheckRoutes, { botCheck, tenants, db, now: clock, limits });
      const failureBudget = limits.balanceFailureBudget;
      await api.register(giftCardRoutes, { db, tenants, botCheck, now: clock, demo, failureBudget });
      const mailRoutes = { db, tenants, botCheck, mail, now: clock, trustedHosts };
      await api.register(shareRoutes, mailRoutes);
      const userData = createUserData(documents, { now: clock });
      await api.register(merchantContactRoutes, { ...mailRoutes, accounts, userData });
      await api.register(contactRoutes, mailRoutes);
      await api.register(subscriptionRoutes, mailRoutes);
      if (demo) await api.register(outboxRoutes, { mail });
      await api.register(userRoutes, { accounts, tenants, userData });
      await api.register(tileRoutes, { tenants, dir: tileDir });
      await api.register(imageRoutes, { mediaDir, imageOrigins: imageOriginsFromEnv(process.env) });
    },
    { prefix: '/api' },
  );

  if (site)
    await app.register(siteRoutes, {
      ...site,
      db,
      content,
      tenants,
      demo,
      contentUrl: process.env.CONTENT_URL?.trim() || undefined,
      accounts,
      results,
    });
  // The tenants' stored settings are read and validated before the first request, not by it: a
  // task of 40-60 ms (the schema's first parse) that held up every answer behind it after a start.
  app.addHook('onReady', () => tenants.refresh());
  return app;
}
