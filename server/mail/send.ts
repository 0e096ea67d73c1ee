/**
 * Sending one message under its limits: reserve a counted send, hand the message to the transport,
 * then keep the count (sent) or drop it (refused or failed). What the routes share.
 */
import type { Db } from '../db/driver';
import {
  clientOf,
  confirmSend,
  createAddressHasher,
  releaseSend,
  reserveSend,
  type SendLimit,
} from './limits';
import type { MailTransport, OutgoingMail } from './transport';

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
        await releaseSend(db, reservation.id);
        // The code only: nodemailer's messages may quote the recipient or the server's reply.
        const code = (error as { code?: unknown }).code;
        log.error(
          { kind: mail.kind, transport: transport.kind, code: String(code ?? 'unknown') },
          'mail not sent',
        );
        return { sent: false, reason: 'failed', recipientKey };
      }
      await confirmSend(db, reservation.id);
      return { sent: true, recipientKey };
    },
  };
}
