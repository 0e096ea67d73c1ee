import { useId, useRef, useState, type FormEvent } from 'react';
import { css } from '@emotion/react';
import { botToken } from '../../../src/api/bot-check';
import { ApiError } from '../../../src/api/client';
import { BOT_CHECK_ACTIONS } from '../../../src/domain/constants';
import { CONTACT_FORM_LIMITS as LIMITS } from '../../../src/domain/contact';
import type { ContactFormModule } from '../../../src/domain/content';
import { formatCount } from '../../../src/domain/text';
import { CmsHtml } from '../../../src/ui/CmsHtml';
import { contentApi } from '../../content-data';
import { ModuleHeader } from '../shared';
import type { ModuleProps } from '../types';

type Field = 'name' | 'email' | 'message';
const FIELDS: readonly Field[] = ['name', 'email', 'message'];

export interface ContactValues {
  name: string;
  email: string;
  topic: string;
  message: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The validation message of each invalid field; {} when the form can be sent. */
export function validateContact(values: ContactValues): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  const name = values.name.trim();
  const email = values.email.trim();
  const message = values.message.trim();
  if (!name) errors.name = 'Please enter your name.';
  else if (name.length > LIMITS.name) errors.name = `Please keep your name under ${LIMITS.name} characters.`;
  if (!email) errors.email = 'Please enter your email address.';
  else if (!EMAIL.test(email) || email.length > LIMITS.email)
    errors.email = 'Please enter a valid email address, like name@example.com.';
  if (!message) errors.message = 'Please write your message.';
  else if (message.length > LIMITS.message)
    errors.message = `Please keep your message under ${formatCount(LIMITS.message)} characters.`;
  return errors;
}

/** The topic a `?topic=` in the URL asks for, when it is one of the choices; else the first choice. */
export function initialTopic(topics: ContactFormModule['topics'], search: string): string {
  const wanted = new URLSearchParams(search).get('topic');
  return topics.find((topic) => topic.value === wanted)?.value ?? topics[0]?.value ?? '';
}

type Status = { kind: 'idle' | 'sending' } | { kind: 'success' | 'error'; text: string };

/**
 * contact_form: name, email, topic and message, checked here and sent to POST /api/contact
 * through the site's API client with a bot-check token (action contact_us), which mails them to
 * the tenant's team. The answer's `message` (or its `error`) is announced in a live region; on failure
 * everything typed stays, on success only the message is cleared.
 */
export function ContactFormSection({ module, tenant, level }: ModuleProps<'contact_form'>) {
  const id = useId();
  const [values, setValues] = useState<ContactValues>(() => ({
    name: '',
    email: '',
    topic: initialTopic(module.topics, typeof location === 'undefined' ? '' : location.search),
    message: '',
  }));
  // The values as of the last event, ahead of the next render: autofill fills several fields
  // at once and a submit can follow before the page re-renders.
  const latest = useRef(values);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  // Set at once (state waits for a render), so a double tap sends one message.
  const sendingNow = useRef(false);

  const change = (next: ContactValues) => {
    latest.current = next;
    setValues(next);
  };

  const update = (field: keyof ContactValues, value: string) => {
    const next = { ...latest.current, [field]: value };
    change(next);
    // A field marked invalid is checked again as it is corrected.
    if (field !== 'topic')
      setErrors((current) =>
        current[field] ? { ...current, [field]: validateContact(next)[field] } : current,
      );
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sendingNow.current) return;
    const values = latest.current;
    const invalid = validateContact(values);
    setErrors(invalid);
    const first = FIELDS.find((field) => invalid[field]);
    if (first) {
      const count = FIELDS.filter((field) => invalid[field]).length;
      setStatus({
        kind: 'error',
        text:
          count === 1
            ? 'Please correct the field marked below.'
            : `Please correct the ${count} fields marked below.`,
      });
      inputs.current[first]?.focus();
      return;
    }
    setStatus({ kind: 'sending' });
    sendingNow.current = true;
    try {
      const api = contentApi(tenant);
      const token = await botToken(tenant, api, undefined, BOT_CHECK_ACTIONS.contactUs);
      const answer = await api.contact({
        name: values.name.trim(),
        email: values.email.trim(),
        topic: values.topic,
        message: values.message,
        botToken: token,
      });
      setStatus({
        kind: 'success',
        text: answer.message || module.success_message || 'Your message has been sent.',
      });
      change({ ...latest.current, message: '' });
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setStatus({
          kind: 'error',
          text: 'We could not reach our server. Please check your connection and try again; your message is still here.',
        });
        return;
      }
      const text =
        error.fieldProblem ||
        (error.fromApi && error.message) ||
        `Sorry, your message could not be sent (error ${error.status}). Please try again.`;
      setStatus({ kind: 'error', text });
      // The server names the field it refused: mark it too.
      const field = FIELDS.find((name) => name === error.field);
      if (field) {
        setErrors((current) => ({ ...current, [field]: text }));
        inputs.current[field]?.focus();
      }
    } finally {
      sendingNow.current = false;
    }
  };

  const sending = status.kind === 'sending';
  const describedBy = (field: Field) => (errors[field] ? `${id}-${field}-error` : undefined);
  const fieldError = (field: Field) =>
    errors[field] ? (
      <p className="cm-field__error" id={`${id}-${field}-error`}>
        {errors[field]}
      </p>
    ) : null;
  const phoneHref = module.phone ? `tel:${module.phone.replace(/[^\d+]/g, '')}` : '';

  return (
    <section className="cm-contact" aria-labelledby={module.title ? `${id}-heading` : undefined}>
      <div className="cm-contact__main">
        <ModuleHeader title={module.title} level={level} id={`${id}-heading`} />
        {module.intro && <CmsHtml className="cm-rich cm-contact__intro" html={module.intro} />}
        <form className="cm-contact__form" noValidate onSubmit={onSubmit}>
          <div className="cm-field">
            <label htmlFor={`${id}-name`}>
              Name <span className="cm-field__required">(required)</span>
            </label>
            <input
              id={`${id}-name`}
              ref={(element) => {
                inputs.current.name = element;
              }}
              name="name"
              type="text"
              autoComplete="name"
              required
              maxLength={LIMITS.name}
              value={values.name}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy('name')}
              onChange={(event) => update('name', event.currentTarget.value)}
            />
            {fieldError('name')}
          </div>
          <div className="cm-field">
            <label htmlFor={`${id}-email`}>
              Email <span className="cm-field__required">(required)</span>
            </label>
            <input
              id={`${id}-email`}
              ref={(element) => {
                inputs.current.email = element;
              }}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              required
              maxLength={LIMITS.email}
              value={values.email}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={describedBy('email')}
              onChange={(event) => update('email', event.currentTarget.value)}
            />
            {fieldError('email')}
          </div>
          {module.topics.length > 0 && (
            <div className="cm-field">
              <label htmlFor={`${id}-topic`}>Topic</label>
              <select
                id={`${id}-topic`}
                name="topic"
                value={values.topic}
                onChange={(event) => update('topic', event.currentTarget.value)}
              >
                {module.topics.map((topic) => (
                  <option key={topic.value} value={topic.value}>
                    {topic.label}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="cm-field">
            <label htmlFor={`${id}-message`}>
              Message <span className="cm-field__required">(required)</span>
            </label>
            <textarea
              id={`${id}-message`}
              ref={(element) => {
                inputs.current.message = element;
              }}
              name="message"
              rows={6}
              required
              maxLength={LIMITS.message}
              value={values.message}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={describedBy('message')}
              onChange={(event) => update('message', event.currentTarget.value)}
            />
            {fieldError('message')}
          </div>
          <div className="cm-form-status" role="status" aria-live="polite">
            {(status.kind === 'success' || status.kind === 'error') && (
              <p className={`cm-form-status__${status.kind}`}>{status.text}</p>
            )}
          </div>
          <p className="cm-contact__submit">
            <button type="submit" className="cm-button" aria-disabled={sending ? true : undefined}>
              {sending ? 'Sending…' : module.submit_text || 'Send message'}
            </button>
          </p>
        </form>
      </div>
      {(module.email || module.phone) && (
        <div className="cm-contact__aside">
          <p className="cm-contact__aside-title">Customer service</p>
          <ul>
            {module.email && (
              <li>
                Email: <a href={`mailto:${module.email}`}>{module.email}</a>
              </li>
            )}
            {module.phone && (
              <li>
                Phone: <a href={phoneHref}>{module.phone}</a>
              </li>
            )}
          </ul>
        </div>
      )}
    </section>
  );
}

export const contactStyles = css`
  .cm-contact {
    display: grid;
    gap: 1.5rem;
  }
  @media (min-width: 960px) {
    .cm-contact {
      grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
      align-items: start;
    }
  }
  .cm-contact__intro {
    margin-bottom: 1rem;
  }
  .cm-contact__form {
    display: grid;
    gap: 1rem;
    max-width: 40rem;
  }
  .cm-field textarea {
    min-height: 9rem;
    resize: vertical;
  }
  .cm-field__required {
    font-weight: 400;
    color: color-mix(in srgb, var(--ws-text) 68%, transparent);
  }
  .cm-field [aria-invalid='true'] {
    border-color: var(--ws-error);
    border-width: 2px;
  }
  /* Not the theme's error colour: #ff5252 is too light for text on white (3.3:1). */
  .cm-field__error,
  .cm-form-status__error {
    margin: 0;
    color: #b3261e;
    font-weight: 600;
  }
  .cm-form-status__success {
    margin: 0;
    padding: 0.75rem 1rem;
    border-radius: 8px;
    background: rgba(var(--ws-success-rgb), 0.12);
    color: var(--ws-text);
    font-weight: 600;
  }
  .cm-contact__submit {
    margin: 0;
  }
  .cm-contact__aside {
    padding: 1rem;
    border-radius: 12px;
    background: var(--ws-surface);
    box-shadow: 0 1px 3px rgb(0 0 0 / 0.12);
  }
  .cm-contact__aside-title {
    margin: 0 0 0.5rem;
    font-weight: 700;
  }
  .cm-contact__aside ul {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .cm-contact__aside li {
    padding: 0.35rem 0;
    overflow-wrap: anywhere;
  }
  .cm-contact__aside a {
    display: inline-block;
    min-height: 44px;
    line-height: 44px;
  }
`;
