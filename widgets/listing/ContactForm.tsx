import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../src/api/client';
import { BOT_CHECK_ACTIONS } from '../../src/domain/constants';
import type { Listing } from '../../src/domain/types';
import { botToken } from '../../src/api/bot-check';
import { useElement } from '../define';

type Status = { kind: 'idle' | 'sending' } | { kind: 'sent' | 'failed'; message: string };

/**
 * 'Contact Spa' and 'Ask a Question' (spec 2.5): a message to the business, sent by the server's
 * mail transport with the visitor as the reply address. (Signed-in visitors would keep a copy
 * under users/{uid}/contact: accounts are not built yet.)
 */
export function ContactForm({
  listing,
  kind,
  onClose,
}: {
  listing: Listing;
  kind: 'contact' | 'question';
  onClose(): void;
}) {
  const { api, tenant } = useElement();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [kind]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const field = (name: string) => String(data.get(name) ?? '').trim();
    setStatus({ kind: 'sending' });
    try {
      const token = await botToken(tenant, api, undefined, BOT_CHECK_ACTIONS.contactListing);
      const feedback = await api.contactListing(listing.merchantId, {
        name: field('name'),
        email: field('email'),
        phone: field('phone') || undefined,
        message: field('message'),
        botToken: token,
      });
      setStatus({ kind: 'sent', message: feedback.message });
    } catch (error) {
      setStatus({ kind: 'failed', message: failureText(error) });
    }
  };

  const title = kind === 'question' ? tenant.titles.contactFormTitle : `Contact ${listing.name}`;
  return (
    <section id="contact" tabIndex={-1} className="contact" aria-labelledby="contact-title">
      <h2 id="contact-title" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {status.kind === 'sent' ? (
        <p role="status" className="feedback ok">
          {status.message}
        </p>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate={false}>
          <label>
            Your name
            <input name="name" required maxLength={80} autoComplete="name" />
          </label>
          <label>
            Your email
            <input name="email" type="email" required maxLength={200} autoComplete="email" />
          </label>
          <label>
            {/* One grid row: the label is a grid, each bare text or element a row of its own. */}
            <span>
              Phone <span className="optional">(optional)</span>
            </span>
            <input name="phone" type="tel" maxLength={40} autoComplete="tel" />
          </label>
          <label>
            {kind === 'question' ? 'Your question' : 'Message'}
            <textarea name="message" required maxLength={2000} rows={5} />
          </label>
          {status.kind === 'failed' && (
            <p role="alert" className="feedback error">
              {status.message}
            </p>
          )}
          <div className="form-actions">
            <button type="submit" className="button" disabled={status.kind === 'sending'}>
              {status.kind === 'sending' ? 'Sending…' : 'Send'}
            </button>
            <button type="button" className="link-button" onClick={onClose}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/** The API's own words for what went wrong (it names the field), else a plain retry hint. */
export function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status < 500 && error.message) {
    return error.fieldProblem ?? error.message;
  }
  return 'It could not be sent right now. Please try again in a moment.';
}
