import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { BOT_CHECK_ACTIONS } from '../../src/domain/constants';
import { CONTACT_FORM_LIMITS, CONTACT_TOPIC } from '../../src/domain/contact';
import type { ContactFeedback } from '../../src/domain/types';
import { TENANT_NAMES } from '../../src/tenant';
import { clientOf } from '../client-key';
import { guardRoutes } from '../guarded-route';
import { formTenant } from '../tenants';
import { parseInput } from '../http';
import { formatWait, take } from '../limits';
import { bareAddress, freeText, personName } from '../mail/fields';
import { contactUsMail } from '../mail/messages';
import { answerSend, createMailSender, type MailRouteOptions } from '../mail/send';

/** Per client: 5 messages in 10 minutes, counted by the shared limiter (every request counts). */
export const CONTACT_LIMIT = { rule: 'contact-form:client', max: 5, windowMs: 10 * 60_000 } as const;

const contactBody = z.object({
  tenant: z.enum(TENANT_NAMES, { message: `must be one of ${TENANT_NAMES.join(', ')}` }),
  // The fields that reach the mail's headers (Reply-To) refuse line breaks rather than clean them.
  name: personName(CONTACT_FORM_LIMITS.name),
  email: bareAddress().pipe(
    z.string().max(CONTACT_FORM_LIMITS.email, `must be at most ${CONTACT_FORM_LIMITS.email} characters`),
  ),
  topic: z
    .string()
    .trim()
    .max(CONTACT_FORM_LIMITS.topic)
    .regex(CONTACT_TOPIC, 'must be a topic from the form')
    .default(''),
  message: freeText(1, CONTACT_FORM_LIMITS.message),
  // Checked by the bot check, which refuses a missing or malformed token with a 403.
  botToken: z.unknown().optional(),
});

const tenantOnly = z.object({ tenant: contactBody.shape.tenant });

interface Decision {
  decision: 'sent' | 'refused' | 'limited' | 'invalid' | 'failed';
  rule: string;
}

/** The answer when the transport took the message: what happened, no promise of a reply time. */
export const CONTACT_SENT = 'Your message has been sent.';

/**
 * POST /api/contact: the contact form of /contactUs. CONTRACT:
 *
 * Request
 *   POST /api/contact, content-type: application/json, at most 32 KB (a larger body: 413)
 *   Body: { "tenant": "spa", "name": "Ana", "email": "ana@example.com", "topic": "sales",
 *           "message": "…", "botToken": "<token for contact_us>" }
 *     tenant    the site's tenant by name; the message goes to its helperInfo.customerServiceEmail.
 *     name      one line, 1-100 characters, no links; email one bare address (the Reply-To);
 *     topic     one of the form's topic values, or ''; message 1-5000 characters.
 *
 * Responses (every one with Cache-Control: no-store)
 *   200 { "name", "email", "error": "", "message": "Your message has been sent." } the mail
 *       transport (SMTP, or the local outbox) accepted the message.
 *   400 { "error": "…", "field": "tenant" | "name" | "email" | "topic" | "message" | "body" }
 *   403 { "error": "Bot check failed", "field": "botToken" }
 *   429 with Retry-After: 5 messages from one client in 10 minutes.
 *   503 { "error": "We could not send the email. Please try again later." }
 */
export const contactRoutes: FastifyPluginAsync<MailRouteOptions> = async (app, { db, mail, ...guard }) => {
  const { now, tenants } = guard;
  const sender = createMailSender({ db, transport: mail, log: app.log });
  const guarded = guardRoutes<Decision>(app, guard);

  app.post(
    '/contact',
    {
      // A 5,000-character message of 3-byte characters, JSON-escaped, and a bot token fit in 32 KB.
      bodyLimit: 32 * 1024,
      // Before the body is read, as every limit of this API: a bare 429 says when to come back.
      async onRequest(request, reply) {
        const limit = await take(db, [{ limit: CONTACT_LIMIT, key: clientOf(request.ip) }], now());
        if (limit.allowed) return;
        const { retryAfterSeconds } = limit;
        return reply
          .status(429)
          .header('retry-after', String(retryAfterSeconds))
          .send({ error: `Too many messages. Please try again in ${formatWait(retryAfterSeconds)}.` });
      },
    },
    guarded({
      action: 'contact us',
      botAction: BOT_CHECK_ACTIONS.contactUs,
      namesBotTokenField: true,
      // The form names its site's tenant: its stored settings (the admin API may change them), else
      // the built-in ones (a database that was never seeded has no tenant documents).
      async scope(request) {
        const { tenant: name } = parseInput(tenantOnly, request.body ?? {});
        const config = await formTenant(tenants, name);
        return { tenants: [config], programs: config.helperInfo.includedPrograms, tenant: config };
      },
      input: (request) => parseInput(contactBody, request.body),
      about: () => ({}),
      async handle({ at, tenant, decide, input: { name, email, topic, message } }, request, reply) {
        const mailed = contactUsMail({ tenant, visitor: { name, email, topic, message } });
        const outcome = await sender.send(
          {
            tenant: tenant.name,
            kind: 'contact-us',
            to: tenant.helperInfo.customerServiceEmail,
            replyTo: { name, address: email },
            subject: mailed.subject,
            text: mailed.text,
          },
          request.ip,
          // No send limits of its own: the client limit above counts every request, and a limit
          // per recipient would let one sender close the tenant's inbox to everybody.
          [],
          at,
        );
        return answerSend<ContactFeedback>(reply, outcome, decide, {
          rule: 'contact-us',
          feedback: { name, email, error: '', message: CONTACT_SENT },
        });
      },
    }),
  );
};
