/**
 * The signed-in user's own data: `/api/users/me/*`. CONTRACT:
 *
 * Every call carries `Authorization: Bearer <Firebase ID token>`; the uid is the verified token's,
 * never one of the request. Answers are `Cache-Control: no-store`.
 *   401 { "error": "…" }  no token, or one that is forged, unsigned, expired or for another project.
 *   503 { "error": "Accounts are not available on this site." }  no Firebase project nor emulator.
 *
 * POST   /api/users/me/searches  { "query": "keywords=massage&location=Chicago%2C+IL" }
 *   201 { id, timestamp, query, keywords, location }: saved; with 50 stored the oldest went first.
 *   400 { "error": "query: …", "field": "query" }  not a search (no keywords, location or filters)
 *       or longer than 2,000 characters.
 * GET    /api/users/me/searches  200 { "items": [ … newest first ] }
 * DELETE /api/users/me/searches/{id}  204; 404 { "error": "Saved search not found!" }
 * GET    /api/users/me  200 { uid, email, exportedAt, documents: [{ path, data }] } as a download
 * DELETE /api/users/me  200 { deleted: <documents> }: every document stored under the user.
 *
 * GET /api/accounts?tenant=spa (no token): whether the site offers sign-in, and how:
 *   200 { signIn: true, firebase: { apiKey, authDomain, projectId, appId }, emulatorUrl, google }
 *   200 { signIn: false, reason }  user profiles off, or no Firebase project, emulator or web config.
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { isEmptyFilters, queryToSearch, searchToQuery } from '../../src/domain/filters';
import { parseInput } from '../http';
import type { Accounts } from '../accounts/accounts';
import { signedInUser } from '../accounts/signed-in';
import type { UserData } from '../accounts/user-data';
import type { TenantService } from '../tenants';

/** A search page query string is short; this leaves room for filters without storing essays. */
export const SAVED_QUERY_MAX = 2000;

const searchBody = z.object({
  query: z
    .string({ message: 'must be the search page query string' })
    .max(SAVED_QUERY_MAX, `must be at most ${SAVED_QUERY_MAX} characters`)
    .transform((query, context) => {
      // The domain's codec: what is stored is what the search page itself would write.
      const search = queryToSearch(query);
      if (!search.keywords && !search.location && isEmptyFilters(search.filters ?? {})) {
        context.addIssue({ code: 'custom', message: 'must name keywords, a location or filters' });
        return z.NEVER;
      }
      const { utmQuery: _campaign, ...kept } = search;
      return { query: searchToQuery(kept), keywords: kept.keywords ?? '', location: kept.location ?? '' };
    }),
});

const searchId = z.object({
  id: z.string().regex(/^[0-9a-f-]{36}$/, 'must be the id of a saved search'),
});

const accountsQuery = z.object({
  tenant: z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'must be a tenant name'),
});

export const userRoutes: FastifyPluginAsync<{
  accounts: Accounts;
  userData: UserData;
  tenants: TenantService;
}> = async (app, { accounts, userData, tenants }) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post('/users/me/searches', { bodyLimit: 4 * 1024 }, async (request, reply) => {
    const { uid } = await signedInUser(accounts, request);
    const { query } = parseInput(searchBody, request.body ?? {});
    return reply.status(201).send(await userData.saveSearch(uid, query));
  });

  app.get('/users/me/searches', async (request) => {
    const { uid } = await signedInUser(accounts, request);
    return { items: await userData.searches(uid) };
  });

  app.delete('/users/me/searches/:id', async (request, reply) => {
    const { uid } = await signedInUser(accounts, request);
    const { id } = parseInput(searchId, request.params);
    if (!(await userData.deleteSearch(uid, id)))
      return reply.status(404).send({ error: 'Saved search not found!' });
    return reply.status(204).send();
  });

  app.get('/users/me', async (request, reply) => {
    const user = await signedInUser(accounts, request);
    const documents = await userData.export(user.uid);
    reply.header('content-disposition', 'attachment; filename="my-wellspring-data.json"');
    return { uid: user.uid, email: user.email ?? null, exportedAt: new Date().toISOString(), documents };
  });

  // What the browser needs to offer sign-in for a tenant; public values only (no secrets exist here).
  app.get('/accounts', async (request, reply) => {
    const { tenant } = parseInput(accountsQuery, request.query);
    const config = tenants.inForce().get(tenant);
    const web = accounts.webConfig(tenant);
    const reason = !config?.options.global.userProfile
      ? 'user profiles are off for this tenant'
      : accounts.reason || (web ? '' : `no Firebase web config for ${tenant} (FIREBASE_WEB_CONFIG)`);
    if (reason) return reply.send({ signIn: false, reason, starting: accounts.starting });
    return {
      signIn: true,
      firebase: {
        apiKey: web!.apiKey,
        authDomain: web!.authDomain,
        projectId: accounts.projectId,
        appId: web!.appId,
      },
      emulatorUrl: accounts.emulatorUrl ?? null,
      google: web!.google ?? false,
    };
  });

  app.delete('/users/me', async (request) => {
    const { uid } = await signedInUser(accounts, request);
    return { deleted: await userData.deleteAll(uid) };
  });
};
