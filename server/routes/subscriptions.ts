/**
 * The newsletter sign-up of the subscribe module (issue 14), double opt-in. CONTRACT:
 *
 *   POST /api/subscriptions, content-type: application/json
 *     { "tenant": "spa", "email": "ana@example.com", "botToken": "<token for subscribe>" }
 *     202 { "status": "pending", "message": "…" } a mail went out: a confirmation mail, or, to an
 *         address already subscribed, a mail saying so. The answer, the limits and the errors are
 *         the same either way, so nobody learns from them whether an address is on the list; only
 *         its owner does, from the mail. 400 naming the field; 403 a failed bot check; 429 with
 *         Retry-After (3 mails to an address a day, 10 sign-ups from a client an hour); 503 when
 *         the mail could not be sent.
 *   GET  /api/subscriptions/confirm?tenant=…&token=…      a page with a 'Confirm' button (mail
 *   GET  /api/subscriptions/unsubscribe?tenant=…&token=…  scanners follow links; only the button's
 *                                                         POST changes anything)
 *   POST the same paths: a page saying what happened. A confirm token is single use and lasts 7
 *        days (a new sign-up of a pending address replaces it); the unsubscribe link of every mail
 *        works for good. `tenant` only brands the page of a link that no longer works. Every mail
 *        names its unsubscribe link in List-Unsubscribe, with List-Unsubscribe-Post: the POST a
 *        mail app sends for its own button (RFC 8058, body `List-Unsubscribe=One-Click`) unsubscribes.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { BOT_CHECK_ACTIONS } from '../../src/domain/constants';
import { builtInTenants, isTenantName, TENANT_NAMES, type TenantConfig } from '../../src/tenant';
import { cssVarsToDeclarations, themeToCssVars } from '../../src/tenant/theme';
import { guardRoutes } from '../guarded-route';
import { formTenant } from '../tenants';
import { parseInput } from '../http';
import { bareAddress } from '../mail/fields';
import type { SendLimit } from '../mail/limits';
import { siteBase } from '../mail/messages';
import { newNonce } from '../security-headers';
import { escapeHtml } from '../seo/text';
import { answerSend, createMailSender, type MailRouteOptions } from '../mail/send';
import type { OutgoingMail } from '../mail/transport';

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
  tenant: z.string().optional(),
});

interface Decision {
  decision: 'sent' | 'refused' | 'limited' | 'invalid' | 'failed';
  rule: string;
  recipient?: string;
}

const newToken = () => randomBytes(32).toString('base64url');
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A small page in the tenant's brand: its name, its theme colours. No script; its one style tag
 * carries a nonce of this answer's policy (the API's own policy allows no style at all).
 */
function page(reply: FastifyReply, status: number, tenant: TenantConfig, title: string, body: string) {
  const nonce = newNonce();
  const style =
    `:root{${cssVarsToDeclarations(themeToCssVars(tenant.theme))}color-scheme:${tenant.theme.dark ? 'dark' : 'light'}}` +
    'body{margin:0;font:1rem/1.5 system-ui,sans-serif;background:var(--ws-background);color:var(--ws-text)}' +
    'header{padding:1rem;background:var(--ws-header-bg);color:var(--ws-on-header);font-weight:600}' +
    'main{max-width:36rem;margin:2rem auto;padding:0 1rem}h1{color:var(--ws-primary);font-size:1.6rem}' +
    'button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:6px;cursor:pointer;' +
    'background:var(--ws-primary);color:var(--ws-on-primary)}a{color:var(--ws-primary)}';
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    )
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<meta name="robots" content="noindex">` +
        `<title>${escapeHtml(`${title} | ${tenant.brandName}`)}</title><style nonce="${nonce}">${style}</style></head>` +
        `<body><header>${escapeHtml(tenant.brandName)}</header>` +
        `<main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
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
  /** The settings of a subscription's tenant (always a built-in name: the body's enum). */
  const tenantNamed = (name: string): Promise<TenantConfig> =>
    isTenantName(name) ? formTenant(tenants, name) : Promise.resolve(builtInTenants.wellness);

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
        const subscribed = rows[0]?.status === 'confirmed';
        const confirmToken = newToken();
        const unsubscribeToken = newToken();
        const site = siteBase(tenant, request.headers, trustedHosts);
        const link = (action: string, token: string) =>
          `${site}/api/subscriptions/${action}?tenant=${encodeURIComponent(tenant.name)}&token=${token}`;
        // An address on the list gets a mail too, under the same limits: the answer cannot differ,
        // and its owner learns that someone asked, with a way out.
        const outcome = await sender.send(
          subscribed
            ? alreadySubscribedMail(tenant, email, link('unsubscribe', unsubscribeToken))
            : confirmationMail(
                tenant,
                email,
                link('confirm', confirmToken),
                link('unsubscribe', unsubscribeToken),
              ),
          request.ip,
          SUBSCRIBE_LIMITS,
          at,
        );
        // Only a mail that went out changes the row: a refused or failed one leaves the confirm
        // link of the last mail working. A confirmed row stays confirmed (also when the link was
        // followed while this mail went out); every mail's unsubscribe link is kept.
        if (outcome.sent) {
          await db.query(
            `with subscription as (
               insert into subscriptions as s (tenant, email, confirm_token_hash, confirm_expires_at)
               values ($1, $2, $3, $4)
               on conflict (tenant, lower(email)) do update set
                 -- An 'already subscribed' mail (no confirm token) changes no status, whatever
                 -- happened to the row while it went out.
                 status = case when s.status = 'confirmed' or excluded.confirm_token_hash is null
                   then s.status else 'pending' end,
                 confirm_token_hash = case when s.status = 'confirmed' then null
                   else coalesce(excluded.confirm_token_hash, s.confirm_token_hash) end,
                 confirm_expires_at = case when s.status = 'confirmed' then null
                   else coalesce(excluded.confirm_expires_at, s.confirm_expires_at) end
               returning id
             )
             insert into subscription_unsubscribe_tokens (token_hash, subscription_id)
             select $5, id from subscription`,
            [
              tenant.name,
              email,
              subscribed ? null : tokenHash(confirmToken),
              subscribed ? null : new Date(at.getTime() + CONFIRM_TTL_MS),
              tokenHash(unsubscribeToken),
            ],
          );
        }
        const recipient = outcome.recipientKey.slice(0, 8);
        const answer = answerSend(reply, outcome, (line) => decide({ ...line, recipient }), {
          rule: subscribed ? 'already-subscribed' : 'subscribe',
          feedback: accepted,
        });
        return answer === accepted ? reply.status(202).send(accepted) : answer;
      },
    }),
  );

  /** The subscription a link's token names, with its tenant's settings; null for no such token. */
  async function linked(action: 'confirm' | 'unsubscribe', token: string) {
    const { rows } = await db.query<{
      id: number;
      tenant: string;
      status: string;
      confirm_expires_at: Date | null;
    }>(
      action === 'confirm'
        ? `select id, tenant, status, confirm_expires_at from subscriptions where confirm_token_hash = $1`
        : `select s.id, s.tenant, s.status, s.confirm_expires_at from subscriptions s
           join subscription_unsubscribe_tokens t on t.subscription_id = s.id where t.token_hash = $1`,
      [tokenHash(token)],
    );
    const row = rows[0];
    return row ? { ...row, config: await tenantNamed(row.tenant) } : null;
  }

  const home = (tenant: TenantConfig) => `<p><a href="/">Back to ${escapeHtml(tenant.brandName)}</a></p>`;
  const button = (action: string, tenant: TenantConfig, token: string, label: string) =>
    `<form method="post" action="/api/subscriptions/${action}?tenant=${encodeURIComponent(tenant.name)}&amp;token=${token}">` +
    `<button type="submit">${label}</button></form>`;
  /** The page of a link that no longer works, in the brand of the tenant the link names. */
  /** What an unsubscribe link answers once the address is off the list (at once, or later again). */
  const unsubscribed = (reply: FastifyReply, tenant: TenantConfig) =>
    page(
      reply,
      200,
      tenant,
      'You are unsubscribed',
      `<p>This address gets no more emails from ${escapeHtml(tenant.brandName)}.</p>${home(tenant)}`,
    );
  const spent = async (reply: FastifyReply, name: string | undefined) =>
    page(
      reply,
      404,
      name && isTenantName(name) ? await tenantNamed(name) : builtInTenants.wellness,
      'This link no longer works',
      '<p>The link has been used already or has expired. Sign up again on the site to get a new one.</p>',
    );

  app.get('/subscriptions/confirm', async (request, reply) => {
    const { token, tenant } = parseInput(tokenQuery, request.query);
    const row = await linked('confirm', token);
    if (!row?.confirm_expires_at || row.confirm_expires_at <= now())
      return spent(reply, row?.tenant ?? tenant);
    return page(
      reply,
      200,
      row.config,
      'Confirm your subscription',
      `<p>Receive news and offers from ${escapeHtml(row.config.brandName)} by email.</p>` +
        button('confirm', row.config, token, 'Confirm my subscription'),
    );
  });

  app.post('/subscriptions/confirm', async (request, reply) => {
    const { token, tenant } = parseInput(tokenQuery, request.query);
    // Single use: the token is cleared as it is spent, in the same statement.
    const { rows } = await db.query<{ tenant: string }>(
      `update subscriptions set status = 'confirmed', confirmed_at = $2, confirm_token_hash = null,
         confirm_expires_at = null, unsubscribed_at = null
       where confirm_token_hash = $1 and confirm_expires_at > $2
       returning tenant`,
      [tokenHash(token), now()],
    );
    if (!rows[0]) return spent(reply, tenant);
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
    const { token, tenant } = parseInput(tokenQuery, request.query);
    const row = await linked('unsubscribe', token);
    if (!row) return spent(reply, tenant);
    if (row.status === 'unsubscribed') return unsubscribed(reply, row.config);
    return page(
      reply,
      200,
      row.config,
      'Unsubscribe',
      `<p>Stop news and offers from ${escapeHtml(row.config.brandName)} to this address.</p>` +
        button('unsubscribe', row.config, token, 'Unsubscribe'),
    );
  });

  app.post('/subscriptions/unsubscribe', async (request, reply) => {
    const { token, tenant } = parseInput(tokenQuery, request.query);
    // Also a pending sign-up: its confirm link stops working.
    const { rows } = await db.query<{ tenant: string }>(
      `update subscriptions s set status = 'unsubscribed',
         unsubscribed_at = case when s.status = 'unsubscribed' then s.unsubscribed_at else $2 end,
         confirm_token_hash = null, confirm_expires_at = null
       from subscription_unsubscribe_tokens t
       where t.token_hash = $1 and t.subscription_id = s.id
       returning s.tenant`,
      [tokenHash(token), now()],
    );
    if (!rows[0]) return spent(reply, tenant);
    return unsubscribed(reply, await tenantNamed(rows[0].tenant));
  });
};

/** The double opt-in mail: nothing is sent to the address until its link is followed. */
function confirmationMail(
  tenant: TenantConfig,
  to: string,
  confirm: string,
  unsubscribe: string,
): OutgoingMail {
  return {
    tenant: tenant.name,
    kind: 'subscribe',
    to,
    subject: `Confirm your subscription to ${tenant.brandName}`,
    unsubscribeUrl: unsubscribe,
    text: [
      `Someone, hopefully you, asked to receive news and offers from ${tenant.brandName} at this address.`,
      '',
      `To confirm, open this link within 7 days:`,
      confirm,
      '',
      `If it was not you, ignore this email: nothing is sent until the link is followed.`,
      '',
      `Unsubscribe: ${unsubscribe}`,
    ].join('\n'),
  };
}

/** To an address already on the list that signs up again: no link to follow, a way out. */
function alreadySubscribedMail(tenant: TenantConfig, to: string, unsubscribe: string): OutgoingMail {
  return {
    tenant: tenant.name,
    kind: 'subscribe',
    to,
    subject: `You are already subscribed to ${tenant.brandName}`,
    unsubscribeUrl: unsubscribe,
    text: [
      `Someone, hopefully you, asked to receive news and offers from ${tenant.brandName} at this address.`,
      '',
      `This address is already subscribed: there is nothing to do.`,
      '',
      `If you no longer want these emails, unsubscribe: ${unsubscribe}`,
    ].join('\n'),
  };
}
