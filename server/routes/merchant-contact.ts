/**
 * POST /api/merchants/{id}/contact: the listing page's 'Ask a Question' / 'Contact Spa' form for
 * visitors who are not signed in. The question is mailed to the listing's email address with
 * Reply-To set to the visitor, so the business answers them directly. CONTRACT:
 *
 * Request
 *   POST /api/merchants/{id}/contact
 *   Headers: content-type: application/json; publisherid: <tenant publisher id> (as every call)
 *   Body:    { "name": "Ana", "email": "ana@example.com", "phone": "512 555 0100",
 *              "message": "Do you have couples massages on Sundays?", "botToken": "<token>" }
 *     name      one line, 1–80 characters, no links.
 *     email     the visitor's own address (Reply-To): one bare address.
 *     phone     optional, digits and the usual punctuation, at most 40 characters.
 *     message   plain text, 1–2000 characters.
 *     botToken  as for POST /api/shareOfferByEmail; single use.
 *
 * Responses (every one with `Cache-Control: no-store`)
 *   200 { "name": "Ana", "email": "ana@example.com", "error": "",
 *         "message": "Thank you, Ana. Your message is on its way to Glow Spa; they will reply to ana@example.com." }
 *   400 { "error": "…", "field": "id" | "name" | "email" | "phone" | "message" | "body" | "publisherId" }
 *   403 { "error": "Bot check failed", "field": "botToken" }
 *   404 { "error": "Listing not found!" }
 *   409 { "error": "This listing does not take messages yet." }  not APPROVED (spec 4: contact
 *       is for approved listings only), or it has no usable email address.
 *   429 { "error": "Too many messages. Please try again later." } with Retry-After: 5 messages from
 *       one client address in an hour.
 *   503 { "error": "We could not send the email. Please try again later." }
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { BOT_CHECK_ACTIONS } from '../../src/domain/constants';
import type { ContactFeedback } from '../../src/domain/types';
import { guardRoutes } from '../guarded-route';
import { parseInput } from '../http';
import { listingById } from '../listings/service';
import { bareAddress, entityId, freeText, personName, phoneNumber } from '../mail/fields';
import type { SendLimit } from '../mail/limits';
import { contactListingMail, siteBase } from '../mail/messages';
import { answerSend, createMailSender, type MailRouteOptions } from '../mail/send';
import { listingScope } from '../tenants';

export const CONTACT_LIMITS: readonly SendLimit[] = [
  { by: 'client', max: 5, windowMs: 60 * 60_000, error: 'Too many messages. Please try again later.' },
];

export const NOT_TAKING_MESSAGES = 'This listing does not take messages yet.';

const contactParams = z.object({ id: entityId() });

const contactBody = z.object({
  name: personName(80),
  email: bareAddress(),
  phone: z.preprocess((value) => value ?? '', phoneNumber()),
  message: freeText(1, 2000),
  // Checked by the bot check, which refuses a missing or malformed token with a 403.
  botToken: z.unknown().optional(),
});

const isBareAddress = (value: unknown): value is string =>
  typeof value === 'string' && bareAddress().safeParse(value).success;

interface Decision {
  decision: 'sent' | 'refused' | 'limited' | 'invalid' | 'failed';
  rule: string;
  listingId?: number;
}

export const merchantContactRoutes: FastifyPluginAsync<MailRouteOptions> = async (
  app,
  { db, mail, trustedHosts, ...guard },
) => {
  const sender = createMailSender({ db, transport: mail, log: app.log });
  const guarded = guardRoutes<Decision>(app, guard);

  // Signed-in visitors' messages would also be kept under users/{uid}/contact (spec 6): that waits for accounts.
  app.post(
    '/merchants/:id/contact',
    { bodyLimit: 32 * 1024 },
    guarded({
      action: 'contact listing',
      botAction: BOT_CHECK_ACTIONS.contactListing,
      namesBotTokenField: true,
      input: (request) => ({
        ...parseInput(contactParams, request.params),
        ...parseInput(contactBody, request.body),
      }),
      about: ({ id }) => ({ listingId: id }),
      async handle({ at, scope, tenant, decide, input: { id, ...body } }, request, reply) {
        const listing = await listingById(db, id, listingScope(scope));
        if (!listing) {
          decide({ decision: 'refused', rule: 'unknown-listing', listingId: id });
          return reply.status(404).send({ error: 'Listing not found!' });
        }
        const to = [listing.email, listing.location?.email].find(isBareAddress);
        if (listing.merchantListingStatus !== 'APPROVED' || !to) {
          decide({ decision: 'refused', rule: to ? 'not-approved' : 'no-email', listingId: id });
          return reply.status(409).send({ error: NOT_TAKING_MESSAGES });
        }

        const message = contactListingMail({
          tenant,
          listing: { name: listing.name, canonicalLink: listing.canonicalLink },
          visitor: { name: body.name, email: body.email, phone: body.phone, message: body.message },
          site: siteBase(tenant, request.headers, trustedHosts),
        });
        const outcome = await sender.send(
          {
            tenant: tenant.name,
            kind: 'contact-listing',
            to: to.trim(),
            replyTo: { name: body.name, address: body.email },
            subject: message.subject,
            text: message.text,
          },
          request.ip,
          CONTACT_LIMITS,
          at,
        );
        return answerSend<ContactFeedback>(reply, outcome, (line) => decide({ ...line, listingId: id }), {
          rule: 'contact-listing',
          feedback: {
            name: body.name,
            email: body.email,
            error: '',
            message: `Thank you, ${body.name}. Your message is on its way to ${listing.name}; they will reply to ${body.email}.`,
          },
        });
      },
    }),
  );
};
