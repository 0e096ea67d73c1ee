/**
 * POST /api/shareOfferByEmail: a visitor emails an offer to one person (spec 7; the response is
 * read for `error` and the contact feedback fields, spec 8). CONTRACT:
 *
 * Request
 *   POST /api/shareOfferByEmail
 *   Headers: content-type: application/json; publisherid: <tenant publisher id> (as every call)
 *   Body:    { "offerId": 123, "email": "friend@example.com", "name": "Ana",
 *              "note": "Thought of you!", "botToken": "<token>" }
 *     offerId   the offer's id (a number; a string of digits is accepted).
 *     email     the ONE recipient: a bare address, no list, no display name.
 *     name      the sender's name as the mail shows it: one line, 1–80 characters, no links.
 *     note      optional plain text, at most 500 characters; links and HTML tags are removed.
 *     botToken  as for the balance inquiry: an ALTCHA payload solved from
 *               GET /api/bot-check/challenge?action=share_offer (or the tenant's reCAPTCHA/Turnstile token).
 *               Single use: get a new one for every request (after any 403, 404, 429 or 200).
 *   The mail is built from our records: subject '{name} shared an offer with you: {title}'; the
 *   note, then the offer's title, price, expiry, business and city, and the absolute offer link.
 *
 * Responses (every one with `Cache-Control: no-store`)
 *   200 { "name": "Ana", "email": "friend@example.com", "error": "",
 *         "message": "Sent! We emailed the offer to friend@example.com." }
 *   400 { "error": "email: must be one email address", "field": "email" }
 *       (field: offerId | email | name | note | body | publisherId | includedPrograms); a 400
 *       does not spend the bot token.
 *   403 { "error": "Bot check failed", "field": "botToken" }  missing, invalid or used token.
 *   404 { "error": "Offer not found!" }
 *   429 { "error": "…" } with Retry-After: <seconds>: 3 mails to one recipient in 24 hours, or 10
 *       from one client address in an hour. Only mails sent count.
 *   503 { "error": "We could not send the email. Please try again later." }
 *
 * Order: the input, the bot token (spent from here on), the offer, the limits, the send. Log lines
 * name the offer and a hash prefix of the recipient; never the address, the name or the note.
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { BOT_CHECK_ACTIONS } from '../../src/domain/constants';
import type { ContactFeedback } from '../../src/domain/types';
import { guardRoutes } from '../guarded-route';
import { parseInput } from '../http';
import { offerInfoById } from '../listings/service';
import { bareAddress, entityId, freeText, personName } from '../mail/fields';
import type { SendLimit } from '../mail/limits';
import { shareOfferMail, siteBase } from '../mail/messages';
import { answerSend, createMailSender, type MailRouteOptions } from '../mail/send';
import { listingScope } from '../tenants';

const HOUR_MS = 60 * 60_000;

export const SHARE_LIMITS: readonly SendLimit[] = [
  {
    by: 'recipient',
    max: 3,
    windowMs: 24 * HOUR_MS,
    error: 'This address has been sent enough offers for today. Please try again tomorrow.',
  },
  { by: 'client', max: 10, windowMs: HOUR_MS, error: 'Too many emails sent. Please try again later.' },
];

const shareBody = z.object({
  offerId: entityId(),
  email: bareAddress(),
  name: personName(80),
  note: z.preprocess((value) => value ?? '', freeText(0, 500)),
  // Checked by the bot check, which refuses a missing or malformed token with a 403.
  botToken: z.unknown().optional(),
});

/** The log line of one decision: what was decided and why, never who or what was written. */
interface Decision {
  decision: 'sent' | 'refused' | 'limited' | 'invalid' | 'failed';
  rule: string;
  offerId?: number;
  recipient?: string;
}

export const shareRoutes: FastifyPluginAsync<MailRouteOptions> = async (
  app,
  { db, mail, trustedHosts, ...guard },
) => {
  const sender = createMailSender({ db, transport: mail, log: app.log });
  const guarded = guardRoutes<Decision>(app, guard);

  app.post(
    '/shareOfferByEmail',
    { bodyLimit: 16 * 1024 },
    guarded({
      action: 'share offer by email',
      botAction: BOT_CHECK_ACTIONS.shareOffer,
      namesBotTokenField: true,
      input: (request) => parseInput(shareBody, request.body),
      about: ({ offerId }) => ({ offerId }),
      async handle({ at, scope, tenant, decide, input: body }, request, reply) {
        const info = await offerInfoById(db, body.offerId, listingScope(scope));
        if (!info) {
          decide({ decision: 'refused', rule: 'unknown-offer', offerId: body.offerId });
          return reply.status(404).send({ error: 'Offer not found!' });
        }

        const message = shareOfferMail({
          tenant,
          info,
          senderName: body.name,
          note: body.note,
          site: siteBase(tenant, request.headers, trustedHosts),
          now: at,
        });
        const outcome = await sender.send(
          {
            tenant: tenant.name,
            kind: 'share-offer',
            to: body.email,
            subject: message.subject,
            text: message.text,
          },
          request.ip,
          SHARE_LIMITS,
          at,
        );
        const about = { offerId: body.offerId, recipient: outcome.recipientKey.slice(0, 8) };
        return answerSend<ContactFeedback>(reply, outcome, (line) => decide({ ...line, ...about }), {
          rule: 'share-offer',
          feedback: {
            name: body.name,
            email: body.email,
            error: '',
            message: `Sent! We emailed the offer to ${body.email}.`,
          },
        });
      },
    }),
  );
};
