/**
 * Sending one message under its limits: reserve a counted send, hand the message to the transport,
 * then keep the count (sent) or drop it (refused or failed). What the routes share.
 */
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/driver';
import { clientOf } from '../client-key';
import type { GuardOptions } from '../guarded-route';
import { confirmSend, createAddressHasher, releaseSend, reserveSend, type SendLimit } from './limits';
import type { MailTransport, OutgoingMail } from './transport';

/** What a route plugin that mails a visitor's request needs. */
export interface MailRouteOptions extends GuardOptions {
  db: Db;
  mail: MailTransport;
  /** Host names of ours that mail links may use when the tenant's canonical is relative. */
  trustedHosts?: ReadonlySet<string>;
}

export type SendOutcome =
  | { sent: true; recipientKey: string }
  | { sent: false; reason: 'limited'; limit: SendLimit; retryAfterSeconds: number; recipientKey: string }
  | { sent: false; reason: 'failed'; recipientKey: string };

export interface MailSender {
  /**
   * Sends `mail` to its one recipient for the client at `clientAddress`, unless a limit says no.
   * `recipientKey` (a keyed hash) is what log lines may name instead of the address.
   */
  send(
    mail: OutgoingMail,
    clientAddress: string,
    limits: readonly SendLimit[],
    now: Date,
  ): Promise<SendOutcome>;
}

export function createMailSender({
  db,
  transport,
  env = process.env,
  log,
}: {
  db: Pick<Db, 'query'>;
  transport: MailTransport;
  env?: Record<string, string | undefined>;
  log: { warn(message: string): void; error(details: object, message: string): void };
}): MailSender {
  // Made on the first send: the app is built before every caller has migrated its database.
  let hasher: ReturnType<typeof createAddressHasher> | undefined;
  const hash = async (value: string) => {
    hasher ??= createAddressHasher(db, env, (message) => log.warn(message)).catch((error: unknown) => {
      hasher = undefined;
      throw error;
    });
    return (await hasher)(value);
  };

  return {
    async send(mail, clientAddress, limits, now) {
      const recipientKey = await hash(`to:${mail.to.toLowerCase()}`);
      const clientKey = await hash(`client:${clientOf(clientAddress)}`);
      const reservation = await reserveSend(db, { kind: mail.kind, recipientKey, clientKey }, limits, now);
      if (!reservation.allowed) {
        const { limit, retryAfterSeconds } = reservation;
        return { sent: false, reason: 'limited', limit, retryAfterSeconds, recipientKey };
      }
      try {
        await transport.send(mail);
      } catch (error) {
        await releaseSend(db, reservation.ids);
        // The code only: nodemailer's messages may quote the recipient or the server's reply.
        const code = (error as { code?: unknown }).code;
        log.error(
          { kind: mail.kind, transport: transport.kind, code: String(code ?? 'unknown') },
          'mail not sent',
        );
        return { sent: false, reason: 'failed', recipientKey };
      }
      await confirmSend(db, reservation.ids);
      return { sent: true, recipientKey };
    },
  };
}

export const MAIL_NOT_SENT = 'We could not send the email. Please try again later.';

/** What a route logs about one request: an audit line per decision, never an address or a text. */
export type Decide = (line: {
  decision: 'sent' | 'refused' | 'limited' | 'invalid' | 'failed';
  rule: string;
}) => void;

/**
 * The answer to a send, the same for every mail route: 429 with Retry-After when a limit said
 * no, 503 when the transport failed, else the route's feedback. Each outcome is logged.
 */
export function answerSend<T>(
  reply: FastifyReply,
  outcome: SendOutcome,
  decide: Decide,
  sent: { rule: string; feedback: T },
): T | FastifyReply {
  if (!outcome.sent && outcome.reason === 'limited') {
    decide({ decision: 'limited', rule: `${outcome.limit.by}-limit` });
    return reply
      .status(429)
      .header('retry-after', String(outcome.retryAfterSeconds))
      .send({ error: outcome.limit.error });
  }
  if (!outcome.sent) {
    decide({ decision: 'failed', rule: 'transport' });
    return reply.status(503).send({ error: MAIL_NOT_SENT });
  }
  decide({ decision: 'sent', rule: sent.rule });
  return sent.feedback;
}
