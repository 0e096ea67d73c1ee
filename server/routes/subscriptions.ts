/**
 * The newsletter sign-up of the subscribe module (issue 14), double opt-in. CONTRACT:
 *
 *   POST /api/subscriptions, content-type: application/json
 *     { "tenant": "spa", "email": "ana@example.com", "botToken": "<token for subscribe>" }
 *     202 { "status": "pending", "message": "…" } a confirmation mail went out, or the address is
 *         already subscribed (the answer is the same: it never tells whether an address is on the
 *         list); 400 naming the field; 403 a failed bot check; 429 with Retry-After (3 mails to an
 *         address a day, 10 sign-ups from a client an hour); 503 when the mail could not be sent.
 *   GET  /api/subscriptions/confirm?token=…      a page with a 'Confirm' button (mail scanners
 *   GET  /api/subscriptions/unsubscribe?token=…  follow links; only the button's POST changes
 *                                                anything)
 *   POST the same paths with the token: a page saying what happened. A confirm token is single use
 *        and lasts 7 days; the unsubscribe link of every mail works for good.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { BOT_CHECK_ACTIONS } from '../../src/domain/constants';
import { builtInTenants, TENANT_NAMES, type TenantConfig } from '../../src/tenant';
import { guardRoutes } from '../guarded-route';
import { parseInput } from '../http';
import { bareAddress } from '../mail/fields';
import type { SendLimit } from '../mail/limits';
import { siteBase } from '../mail/messages';
import { escapeHtml } from '../seo/text';
import { answerSend, createMailSender, type MailRouteOptions } from '../mail/send';

const HOUR_MS = 60 * 60_000;
/** How long a confirmation link works. */
export const CONFIRM_TTL_MS = 7 * 24 * HOUR_MS;

export const SUBSCRIBE_LIMITS: readonly SendLimit[] = [
  {
    by: 'recipient',
    max: 3,
    windowMs: 24 * HOUR_MS,
    error: 'We have already sent this address a confirmation link today. Please check your inbox.',
  },
  { by: 'client', max: 10, windowMs: HOUR_MS, error: 'Too many sign-ups. Please try again later.' },
];

/** What the form shows once the server took the sign-up. */
export const SUBSCRIBE_PENDING = 'Almost there: check your inbox and follow the link to confirm.';

const subscribeBody = z.object({
  tenant: z.enum(TENANT_NAMES, { message: `must be one of ${TENANT_NAMES.join(', ')}` }),
  email: bareAddress().pipe(z.string().max(254, 'must be at most 254 characters')),
  // Checked by the bot check, which refuses a missing or malformed token with a 403.
  botToken: z.unknown().optional(),
});
const tenantOnly = z.object({ tenant: subscribeBody.shape.tenant });
const tokenQuery = z.object({
  token: z.string({ message: 'is required' }).regex(/^[A-Za-z0-9_-]{43}$/, 'must be the token of the link'),
});

interface Decision {
  decision: 'sent' | 'refused' | 'limited' | 'invalid' | 'failed';
  rule: string;
  recipient?: string;
}

const newToken = () => randomBytes(32).toString('base64url');
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A small page of the tenant's brand: no script, no style (the API's CSP allows neither). */
function page(reply: FastifyReply, status: number, tenant: TenantConfig, title: string, body: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<meta name="robots" content="noindex">` +
        `<title>${escapeHtml(`${title} | ${tenant.brandName}`)}</title></head>` +
        `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
    );
}

export const subscriptionRoutes: FastifyPluginAsync<MailRouteOptions> = async (
  app,
  { db, mail, trustedHosts, ...guard },
) => {
  const { tenants, now } = guard;
  const sender = createMailSender({ db, transport: mail, log: app.log });
  const guarded = guardRoutes<Decision>(app, guard);

  // The pages' buttons post a plain form; the token travels in the URL, the body is not read.
  app.addContentTypeParser('application/x-www-form-urlencoded', (_request, _payload, done) => done(null, {}));

  /** The tenant's stored settings, else its built-in ones (as the contact form). */
  async function tenantNamed(name: string): Promise<TenantConfig> {
    const loaded = await tenants.load(name);
    return loaded.fallback ? builtInTenants[name as keyof typeof builtInTenants] : loaded.config;
  }

  app.post(
    '/subscriptions',
    { bodyLimit: 16 * 1024 },
    guarded({
      action: 'subscribe',
      botAction: BOT_CHECK_ACTIONS.subscribe,
      namesBotTokenField: true,
      async scope(request) {
        const { tenant: name } = parseInput(tenantOnly, request.body ?? {});
        const config = await tenantNamed(name);
        return { tenants: [config], programs: config.helperInfo.includedPrograms, tenant: config };
      },
      input: (request) => parseInput(subscribeBody, request.body),
      about: () => ({}),
      async handle({ at, tenant, decide, input: { email } }, request, reply) {
        const accepted = { status: 'pending', message: SUBSCRIBE_PENDING };
        const { rows } = await db.query<{ status: string }>(
          `select status from subscriptions where tenant = $1 and lower(email) = lower($2)`,
          [tenant.name, email],
        );
        if (rows[0]?.status === 'confirmed') {
          decide({ decision: 'refused', rule: 'already-subscribed' });
          return reply.status(202).send(accepted);
        }
        const confirmToken = newToken();
        const unsubscribeToken = newToken();
        const site = siteBase(tenant, request.headers, trustedHosts);
        const link = (action: string, token: string) => `${site}/api/subscriptions/${action}?token=${token}`;
        const outcome = await sender.send(
          {
            tenant: tenant.name,
            kind: 'subscribe',
            to: email,
            subject: `Confirm your subscription to ${tenant.brandName}`,
            text: [
              `Someone, hopefully you, asked to receive news and offers from ${tenant.brandName} at this address.`,
              '',
              `To confirm, open this link within 7 days:`,
              link('confirm', confirmToken),
              '',
              `If it was not you, ignore this email: nothing is sent until the link is followed.`,
              '',
              `Unsubscribe: ${link('unsubscribe', unsubscribeToken)}`,
            ].join('\n'),
          },
          request.ip,
          SUBSCRIBE_LIMITS,
          at,
        );
        // Only a mail that went out replaces the links: a refused or failed one leaves the links
        // of the last mail working. Only hashes are kept, so the row takes the tokens made now.
        // (A confirmation that lands in between keeps the subscription confirmed.)
        if (outcome.sent) {
          await db.query(
            `insert into subscriptions as s (tenant, email, confirm_token_hash, confirm_expires_at, unsubscribe_token_hash)
             values ($1, $2, $3, $4, $5)
             on conflict (tenant, lower(email)) do update set
               status = case when s.status = 'confirmed' then s.status else 'pending' end,
               confirm_token_hash = case when s.status = 'confirmed' then null else excluded.confirm_token_hash end,
               confirm_expires_at = case when s.status = 'confirmed' then null else excluded.confirm_expires_at end,
               unsubscribe_token_hash = case when s.status = 'confirmed' then s.unsubscribe_token_hash
                 else excluded.unsubscribe_token_hash end`,
            [
              tenant.name,
              email,
              tokenHash(confirmToken),
              new Date(at.getTime() + CONFIRM_TTL_MS),
              tokenHash(unsubscribeToken),
            ],
          );
        }
        const recipient = outcome.recipientKey.slice(0, 8);
        const answer = answerSend(reply, outcome, (line) => decide({ ...line, recipient }), {
          rule: 'subscribe',
          feedback: accepted,
        });
        return answer === accepted ? reply.status(202).send(accepted) : answer;
      },
    }),
  );

  /** The row a link's token names, with its tenant's settings; null for no such token. */
  async function linked(column: 'confirm_token_hash' | 'unsubscribe_token_hash', token: string) {
    const { rows } = await db.query<{
      id: number;
      tenant: string;
      status: string;
      confirm_expires_at: Date | null;
    }>(`select id, tenant, status, confirm_expires_at from subscriptions where ${column} = $1`, [
      tokenHash(token),
    ]);
    const row = rows[0];
    return row ? { ...row, config: await tenantNamed(row.tenant) } : null;
  }

  const home = (tenant: TenantConfig) => `<p><a href="/">Back to ${escapeHtml(tenant.brandName)}</a></p>`;
  const button = (action: string, token: string, label: string) =>
    `<form method="post" action="/api/subscriptions/${action}?token=${token}"><button type="submit">${label}</button></form>`;
  const fallbackTenant = () => builtInTenants.wellness;

  app.get('/subscriptions/confirm', async (request, reply) => {
    const { token } = parseInput(tokenQuery, request.query);
    const row = await linked('confirm_token_hash', token);
    if (!row || !row.confirm_expires_at || row.confirm_expires_at <= now())
      return page(reply, 404, row?.config ?? fallbackTenant(), 'This link no longer works', expiredText());
    return page(
      reply,
      200,
      row.config,
      'Confirm your subscription',
      `<p>Receive news and offers from ${escapeHtml(row.config.brandName)} by email.</p>` +
        button('confirm', token, 'Confirm my subscription'),
    );
  });

  app.post('/subscriptions/confirm', async (request, reply) => {
    const { token } = parseInput(tokenQuery, request.query);
    // Single use: the token is cleared as it is spent, in the same statement.
    const { rows } = await db.query<{ tenant: string }>(
      `update subscriptions set status = 'confirmed', confirmed_at = $2, confirm_token_hash = null,
         confirm_expires_at = null, unsubscribed_at = null
       where confirm_token_hash = $1 and confirm_expires_at > $2
       returning tenant`,
      [tokenHash(token), now()],
    );
    if (!rows[0]) return page(reply, 404, fallbackTenant(), 'This link no longer works', expiredText());
    const config = await tenantNamed(rows[0].tenant);
    return page(
      reply,
      200,
      config,
      'You are subscribed',
      `<p>Thank you: news and offers from ${escapeHtml(config.brandName)} will come to your inbox. Every email has a link to unsubscribe.</p>` +
        home(config),
    );
  });

  app.get('/subscriptions/unsubscribe', async (request, reply) => {
    const { token } = parseInput(tokenQuery, request.query);
    const row = await linked('unsubscribe_token_hash', token);
    if (!row) return page(reply, 404, fallbackTenant(), 'This link no longer works', expiredText());
    if (row.status === 'unsubscribed')
      return page(
        reply,
        200,
        row.config,
        'You are unsubscribed',
        `<p>This address gets no more emails from us.</p>${home(row.config)}`,
      );
    return page(
      reply,
      200,
      row.config,
      'Unsubscribe',
      `<p>Stop news and offers from ${escapeHtml(row.config.brandName)} to this address.</p>` +
        button('unsubscribe', token, 'Unsubscribe'),
    );
  });

  app.post('/subscriptions/unsubscribe', async (request, reply) => {
    const { token } = parseInput(tokenQuery, request.query);
    const { rows } = await db.query<{ tenant: string }>(
      `update subscriptions set status = 'unsubscribed', unsubscribed_at = coalesce(unsubscribed_at, $2),
         confirm_token_hash = null, confirm_expires_at = null
       where unsubscribe_token_hash = $1
       returning tenant`,
      [tokenHash(token), now()],
    );
    if (!rows[0]) return page(reply, 404, fallbackTenant(), 'This link no longer works', expiredText());
    const config = await tenantNamed(rows[0].tenant);
    return page(
      reply,
      200,
      config,
      'You are unsubscribed',
      `<p>This address gets no more emails from ${escapeHtml(config.brandName)}.</p>${home(config)}`,
    );
  });
};

const expiredText = () =>
  '<p>The link has been used already or has expired. Sign up again on the site to get a new one.</p>';
