/**
 * The mail transport port: one `send` whatever carries the message. With SMTP_URL set, nodemailer's
 * SMTP transport sends it; otherwise (the embedded default) the message goes to a local OUTBOX
 * table for QA. Either way nodemailer builds the RFC 822 message, so header encoding and folding
 * are its, not ours. Message bodies are never logged.
 */
import type { Transporter } from 'nodemailer';
import type { Db } from '../db/driver';

/** What kind of mail the API sends. */
export type MailKind = 'share-offer' | 'contact-listing' | 'contact-us' | 'subscribe';

/** The sender when MAIL_FROM is not set. */
export const DEFAULT_MAIL_FROM = 'Wellspring <no-reply@wellspring.localhost>';

/** One message to one recipient. Addresses are bare ('ana@example.com'), checked by the caller. */
export interface OutgoingMail {
  tenant: string;
  kind: MailKind;
  to: string;
  /** Where answers go: a visitor writing to a listing. */
  replyTo?: { name: string; address: string };
  subject: string;
  /** Plain text only: no HTML part, so no markup of ours can go wrong. */
  text: string;
  /**
   * A list mail's unsubscribe link: the List-Unsubscribe header (RFC 2369) and its one-click POST
   * (RFC 8058), so mail apps offer their own 'Unsubscribe' button (Gmail and Yahoo require it of
   * bulk senders). The link must answer a POST with `List-Unsubscribe=One-Click` by unsubscribing.
   */
  unsubscribeUrl?: string;
}

/** A message in the local outbox, as GET /api/outbox lists it. */
export interface OutboxEntry {
  id: number;
  createdAt: string;
  tenant: string;
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
}

export interface Outbox {
  /** The latest messages, newest first; `to` matches part of the recipient, any case. */
  list(filter: { to?: string | undefined; limit: number }): Promise<OutboxEntry[]>;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  /** Hands the message over; throws when it could not be sent. */
  send(mail: OutgoingMail): Promise<void>;
  /** The local outbox, or null when mail goes out by SMTP. */
  readonly outbox: Outbox | null;
}

export interface MailTransportOptions {
  /** smtp(s)://user:pass@host:port: send by SMTP. Absent: keep messages in the outbox table. */
  smtpUrl?: string | undefined;
  db: Pick<Db, 'query'>;
  /** The From header (MAIL_FROM). @default DEFAULT_MAIL_FROM */
  from?: string | undefined;
  /** The outbox's created_at clock. @default () => new Date() */
  now?: () => Date;
}

/**
 * Forced onto every message: nothing in one may make nodemailer read a file or fetch a URL, a
 * message with more than one recipient is refused (a backstop behind the routes' checks), and
 * nodemailer logs nothing (its debug lines would carry the message).
 */
const SAFE = { disableFileAccess: true, disableUrlAccess: true, maxRecipients: 1, logger: false } as const;

/**
 * A nodemailer transport made on the first message: a server that sends none does not load
 * nodemailer (about 6 MB of memory; issue 16).
 */
function transporter(options: () => Parameters<typeof import('nodemailer').createTransport>[0]) {
  let made: Promise<Transporter> | undefined;
  return () =>
    (made ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options())));
}

export function createMailTransport({
  smtpUrl,
  db,
  from = DEFAULT_MAIL_FROM,
  now = () => new Date(),
}: MailTransportOptions): MailTransport {
  // A line break in MAIL_FROM would be a header of its own in every message.
  if (/[\r\n]/.test(from)) throw new Error('MAIL_FROM must be a single line');
  const message = (mail: OutgoingMail) => ({
    from,
    // Address objects, not strings: nodemailer does not parse them for more recipients.
    to: { name: '', address: mail.to },
    ...(mail.replyTo && { replyTo: mail.replyTo }),
    // Folded whitespace would be a line break once the header is unfolded.
    subject: mail.subject.replace(/\s+/g, ' ').trim(),
    text: mail.text,
    ...(mail.unsubscribeUrl && {
      list: { unsubscribe: mail.unsubscribeUrl },
      headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    }),
  });

  if (smtpUrl) {
    const smtp = transporter(() => ({ url: smtpUrl, ...SAFE }));
    return {
      kind: 'smtp',
      outbox: null,
      async send(mail) {
        await (await smtp()).sendMail(message(mail));
      },
    };
  }

  const builder = transporter(() => ({ streamTransport: true, buffer: true, newline: 'windows', ...SAFE }));
  return {
    kind: 'outbox',
    async send(mail) {
      const info = await (await builder()).sendMail(message(mail));
      const raw = Buffer.isBuffer(info.message) ? info.message.toString('utf8') : '';
      await db.query(
        `insert into outbox (created_at, tenant, kind, "to", subject, text, raw)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [now(), mail.tenant, mail.kind, mail.to, message(mail).subject, mail.text, raw],
      );
    },
    outbox: {
      async list({ to, limit }) {
        const { rows } = await db.query<{
          id: number;
          created_at: Date;
          tenant: string;
          kind: MailKind;
          to: string;
          subject: string;
          text: string;
        }>(
          `select id, created_at, tenant, kind, "to", subject, text from outbox
           where $1::text is null or position(lower($1) in lower("to")) > 0
           order by id desc limit $2`,
          [to || null, limit],
        );
        return rows.map((row) => ({
          id: Number(row.id),
          createdAt: new Date(row.created_at).toISOString(),
          tenant: row.tenant,
          kind: row.kind,
          to: row.to,
          subject: row.subject,
          text: row.text,
        }));
      },
    },
  };
}
