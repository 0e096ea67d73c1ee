import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { css } from '@emotion/react';
import { CmsHtml } from '../../../src/ui/CmsHtml';
import { ModuleHeader } from '../shared';
import type { ModuleProps } from '../types';

/**
 * subscribe: the newsletter sign-up. The subscription endpoint is not built yet, so a valid
 * address only shows the thank-you state: nothing is sent anywhere. The social login buttons
 * (`social_login`, spec 6) wait for user accounts and are not shown.
 */
export function SubscribeSection({ module, level }: ModuleProps<'subscribe'>) {
  const id = useId();
  const [done, setDone] = useState(false);
  const thanks = useRef<HTMLParagraphElement>(null);

  // The form (and the focused button) goes away: focus moves to the message that replaces it.
  useEffect(() => {
    if (done) thanks.current?.focus();
  }, [done]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The browser has checked `required` and the email format before submit fires.
    setDone(true);
  };

  return (
    <section className="cm-subscribe" aria-labelledby={module.title ? `${id}-heading` : undefined}>
      <ModuleHeader title={module.title} level={level} id={`${id}-heading`} />
      {module.text && <p className="cm-subscribe__text">{module.text}</p>}
      <div role="status" className="cm-subscribe__status">
        {done && (
          <p className="cm-subscribe__thanks" ref={thanks} tabIndex={-1}>
            Thanks — you’re on the list.
          </p>
        )}
      </div>
      {!done && (
        <form className="cm-subscribe__form" onSubmit={onSubmit}>
          <div className="cm-field">
            <label htmlFor={`${id}-email`}>Email address</label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              required
              autoComplete="email"
              inputMode="email"
              placeholder={module.placeholder}
            />
          </div>
          <button type="submit" className="cm-button cm-button--accent">
            {module.button_text || 'Subscribe'}
          </button>
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
