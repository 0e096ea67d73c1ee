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
 *
 * POST /api/users/me/contact: the same for a signed-in visitor, with `listingId` in the body and
 * `Authorization: Bearer <ID token>` (401 without a valid one, before anything else is read); the
 * message is also kept under users/{uid}/contact/{id} once it is on its way (spec 6).
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BOT_CHECK_ACTIONS } from '../../src/domain/constants';
import type { ContactFeedback } from '../../src/domain/types';
import { guardRoutes, type GuardedRoute } from '../guarded-route';
import { parseInput } from '../http';
import { listingById } from '../listings/service';
import { bareAddress, entityId, freeText, personName, phoneNumber } from '../mail/fields';
import type { SendLimit } from '../mail/limits';
import { contactListingMail, siteBase } from '../mail/messages';
import { answerSend, createMailSender, type MailRouteOptions } from '../mail/send';
import { listingScope } from '../tenants';
import type { Accounts } from '../accounts/accounts';
import { signedInUser } from '../accounts/signed-in';
import type { UserData } from '../accounts/user-data';
import type { VerifiedUser } from '../accounts/tokens';

export const CONTACT_LIMITS: readonly SendLimit[] = [
  { by: 'client', max: 5, windowMs: 60 * 60_000, error: 'Too many messages. Please try again later.' },
];

export const NOT_TAKING_MESSAGES = 'This listing does not take messages yet.';

const contactParams = z.object({ id: entityId() });
const signedInParams = z.object({ listingId: entityId() });

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

/** Signed-in visitors' messages are also kept under users/{uid}/contact (spec 6). */
export interface MerchantContactOptions extends MailRouteOptions {
  accounts?: Accounts;
  userData?: UserData;
}

export const merchantContactRoutes: FastifyPluginAsync<MerchantContactOptions> = async (
  app,
  { db, mail, trustedHosts, accounts, userData, ...guard },
) => {
  const sender = createMailSender({ db, transport: mail, log: app.log });
  const guarded = guardRoutes<Decision>(app, guard);
  /** The verified user of a /users/me/contact request, found before its body is read. */
  const users = new WeakMap<object, VerifiedUser>();

  const contact = (
    read: (request: FastifyRequest) => { id: number },
  ): GuardedRoute<ContactInput, Decision> => ({
    action: 'contact listing',
    botAction: BOT_CHECK_ACTIONS.contactListing,
    namesBotTokenField: true,
    input: (request) => ({ ...read(request), ...parseInput(contactBody, request.body) }),
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
      // Kept under the user's own id once it is on its way to the business (spec 6).
      const user = users.get(request);
      if (outcome.sent && user && userData)
        await userData.saveContact(user.uid, {
          listingId: id,
          listingName: listing.name,
          name: body.name,
          email: body.email,
          phone: body.phone,
          message: body.message,
        });
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
  });

  app.post(
    '/merchants/:id/contact',
    { bodyLimit: 32 * 1024 },
    guarded(contact((request) => parseInput(contactParams, request.params))),
  );

  // The same message from a signed-in visitor: { listingId, name, email, phone, message, botToken }
  // with their ID token; 401 without a valid one (server/routes/users.ts says how).
  if (accounts && userData)
    app.post(
      '/users/me/contact',
      {
        bodyLimit: 32 * 1024,
        async preHandler(request) {
          users.set(request, await signedInUser(accounts, request));
        },
      },
      guarded(contact((request) => ({ id: parseInput(signedInParams, request.body ?? {}).listingId }))),
    );
};

type ContactInput = { id: number } & z.output<typeof contactBody>;
