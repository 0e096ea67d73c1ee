import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { css } from '@emotion/react';
import { botToken } from '../../../src/api/bot-check';
import { ApiError } from '../../../src/api/client';
import { BOT_CHECK_ACTIONS } from '../../../src/domain/constants';
import { CmsHtml } from '../../../src/ui/CmsHtml';
import { contentApi } from '../../content-data';
import { ModuleHeader } from '../shared';
import type { ModuleProps } from '../types';

const SubscribeWithGoogle = lazy(() => import('./SubscribeWithGoogle'));

type Status =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'sent'; text: string }
  | { kind: 'error'; text: string; field?: string };

/**
 * subscribe: the newsletter sign-up, double opt-in (POST /subscriptions). The server mails a
 * link to confirm; only then is the address on the list, so the form says to check the inbox, and
 * only once the server took the sign-up. With `social_login` (spec 6) and Google sign-in offered
 * by the site, 'Subscribe with Google' gives the address instead (./SubscribeWithGoogle.tsx).
 */
export function SubscribeSection({ module, level, tenant }: ModuleProps<'subscribe'>) {
  const id = useId();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const message = useRef<HTMLParagraphElement>(null);
  const input = useRef<HTMLInputElement>(null);

  // The form goes away once sent: focus moves to the message that replaces it.
  useEffect(() => {
    if (status.kind === 'sent') message.current?.focus();
  }, [status]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The browser has checked `required` and the email format before submit fires.
    void send(new FormData(event.currentTarget).get('email')?.toString().trim() ?? '');
  };

  const send = async (email: string) => {
    if (status.kind === 'sending') return;
    setStatus({ kind: 'sending' });
    try {
      const api = contentApi(tenant);
      const token = await botToken(tenant, api, undefined, BOT_CHECK_ACTIONS.subscribe);
      const answer = await api.subscribe({ email, botToken: token });
      setStatus({ kind: 'sent', text: answer.message });
    } catch (error) {
      const text =
        error instanceof ApiError
          ? error.fieldProblem ||
            (error.fromApi && error.message) ||
            `Sorry, that did not work (error ${error.status}). Please try again.`
          : 'We could not reach our server. Please check your connection and try again.';
      setStatus({ kind: 'error', text, field: error instanceof ApiError ? error.field : undefined });
      input.current?.focus();
    }
  };

  const invalid = status.kind === 'error' && status.field === 'email';
  return (
    <section className="cm-subscribe" aria-labelledby={module.title ? `${id}-heading` : undefined}>
      <ModuleHeader title={module.title} level={level} id={`${id}-heading`} />
      {module.text && <p className="cm-subscribe__text">{module.text}</p>}
      <div role="status" className="cm-subscribe__status">
        {status.kind === 'sent' && (
          <p className="cm-subscribe__thanks" ref={message} tabIndex={-1}>
            {status.text}
          </p>
        )}
      </div>
      {status.kind !== 'sent' && (
        <form className="cm-subscribe__form" onSubmit={onSubmit}>
          <div className="cm-field">
            <label htmlFor={`${id}-email`}>Email address</label>
            <input
              ref={input}
              id={`${id}-email`}
              name="email"
              type="email"
              required
              autoComplete="email"
              inputMode="email"
              placeholder={module.placeholder}
              aria-invalid={invalid || undefined}
              aria-describedby={status.kind === 'error' ? `${id}-error` : undefined}
            />
          </div>
          <button type="submit" className="cm-button cm-button--accent" disabled={status.kind === 'sending'}>
            {status.kind === 'sending' ? 'Sending…' : module.button_text || 'Subscribe'}
          </button>
          {module.social_login && (
            <Suspense fallback={null}>
              <SubscribeWithGoogle
                disabled={status.kind === 'sending'}
                onAddress={(email) => {
                  if (input.current) input.current.value = email;
                  void send(email);
                }}
                onError={(text) => setStatus({ kind: 'error', text })}
              />
            </Suspense>
          )}
          <p id={`${id}-error`} role="alert" className="cm-subscribe__error">
            {status.kind === 'error' ? status.text : ''}
          </p>
        </form>
      )}
      {module.privacy_note && <CmsHtml className="cm-rich cm-subscribe__note" html={module.privacy_note} />}
    </section>
  );
}

export const subscribeStyles = css`
  .cm-subscribe {
    padding: 1.5rem 1rem;
    border-radius: 12px;
    background: var(--ws-surface);
    box-shadow: 0 1px 3px rgb(0 0 0 / 0.12);
  }
  @media (min-width: 600px) {
    .cm-subscribe {
      padding: 2rem;
    }
  }
  .cm-subscribe__text {
    margin: 0 0 1rem;
  }
  .cm-subscribe__form {
    display: grid;
    gap: 0.75rem;
    align-items: end;
    max-width: 36rem;
  }
  @media (min-width: 600px) {
    .cm-subscribe__form {
      grid-template-columns: minmax(0, 1fr) auto;
    }
  }
  .cm-subscribe__google,
  .cm-subscribe__error {
    grid-column: 1 / -1;
    justify-self: start;
  }
  .cm-subscribe__error:empty {
    display: none;
  }
  .cm-subscribe__error {
    margin: 0;
    color: var(--ws-error, #b00020);
  }
  .cm-subscribe__thanks {
    margin: 0;
    font-weight: 600;
    font-size: 1.1rem;
    color: var(--ws-primary);
  }
  .cm-subscribe__note {
    margin-top: 1rem;
    font-size: 0.9rem;
    color: color-mix(in srgb, var(--ws-text) 72%, transparent);
  }
`;
