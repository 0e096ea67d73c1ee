import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import {
  CARD_NUMBER_DIGITS,
  CARD_NUMBER_PATTERN,
  cardNumberDigits,
  PIN_DIGITS,
  PIN_PATTERN,
} from '../../src/domain/gift-card';
import { formatMoney } from '../../src/domain/money';
import { listingPath } from '../../src/domain/slug';
import { useElement } from '../define';
import { baseStyles } from '../../src/ui/base.styles';
import { useShadowStyles } from '../styles';
import { createBalanceStore } from './balance-inquiry.store';
import { balanceStyles } from './balance-inquiry.styles';
import type { PropsOf } from '../declare';
import type { balanceInquiryDeclaration } from './balance-inquiry.declaration';

/** Its attributes besides tenant, api and site, as balance-inquiry.declaration.ts declares them. */
export type BalanceInquiryAttributes = PropsOf<typeof balanceInquiryDeclaration>;

/** The longest card number typed: its digits in groups of four, with a space between groups. */
const CARD_NUMBER_MAX_LENGTH = CARD_NUMBER_DIGITS.max + Math.ceil(CARD_NUMBER_DIGITS.max / 4) - 1;

/** The API's own rules (src/domain/gift-card), checked first so most mistakes need no request. */
function validate(cardNumber: string, pin: string) {
  const errors: { cardNumber?: string; pin?: string } = {};
  if (!CARD_NUMBER_PATTERN.test(cardNumberDigits(cardNumber)))
    errors.cardNumber = `Enter the ${CARD_NUMBER_DIGITS.min} to ${CARD_NUMBER_DIGITS.max} digits of the card number.`;
  if (!PIN_PATTERN.test(pin))
    errors.pin = `Enter the ${PIN_DIGITS.min} to ${PIN_DIGITS.max} digit PIN from the back of the card.`;
  return errors;
}

/** Spec 2.9: check a gift card balance (states open, fail, close, success, history). */
export function BalanceInquiry({ location }: BalanceInquiryAttributes) {
  const { api, tenant, site, emit, track } = useElement();
  useShadowStyles(baseStyles, balanceStyles);
  const locationRef = useRef(location);
  locationRef.current = location;
  const [store] = useState(() => createBalanceStore(api, tenant, () => locationRef.current));
  const { state, balance, error, places, placesNear, placesCredit, check, show } = useStore(store);
  const [cardNumber, setCardNumber] = useState('');
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<{ cardNumber?: string; pin?: string }>({});
  const form = useRef<HTMLFormElement | null>(null);
  const [invalidAttempt, setInvalidAttempt] = useState(0);
  const result = useRef<HTMLDivElement | null>(null);

  // Move focus to what changed, so keyboard and screen reader users follow along.
  useEffect(() => {
    if (state === 'success' || state === 'history') result.current?.focus();
  }, [state]);
  useEffect(() => {
    if (invalidAttempt) form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [invalidAttempt]);

  // Cents always: a balance is exact to the cent.
  const money = (amount: number) =>
    formatMoney(amount, balance?.currency ?? tenant.helperInfo.currency, { cents: 'always' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(cardNumber, pin);
    setErrors(found);
    if (found.cardNumber || found.pin) {
      setInvalidAttempt((n) => n + 1);
      return;
    }
    const ok = await check(cardNumberDigits(cardNumber), pin);
    track({ event: 'balance_inquiry', state: ok ? 'success' : 'fail' });
    if (ok) {
      emit('wellspring-balance', { last4: store.getState().balance?.last4 ?? '' });
      // The PIN is not kept once it has done its job; the card number stays for 'check another'.
      setPin('');
    }
  }

  if (state === 'close') {
    return (
      <div className="panel">
        <button type="button" className="primary" part="button" onClick={() => show('open')}>
          Check a gift card balance
        </button>
      </div>
    );
  }

  if ((state === 'success' || state === 'history') && balance) {
    return (
      <section className="panel" aria-labelledby="balance-heading">
        <div ref={result} tabIndex={-1} aria-live="polite">
          <h2 id="balance-heading" part="heading">
            Your balance
          </h2>
          <p className="balance">{money(balance.balance)}</p>
          <p className="card-line">
            Card ending in {balance.last4} ·{' '}
            {balance.status === 'ACTIVE' ? 'active' : balance.status.toLowerCase()}
          </p>
        </div>
        {state === 'history' && (
          <table>
            <caption>Recent activity</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Description</th>
                <th scope="col" className="amount">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {balance.transactions.map((transaction, index) => (
                <tr key={`${transaction.date}-${index}`}>
                  <td>{new Date(transaction.date).toLocaleDateString('en-US', { dateStyle: 'medium' })}</td>
                  <td>{transaction.description}</td>
                  <td className="amount">{money(transaction.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <div className="actions">
          {state === 'success' ? (
            <button type="button" onClick={() => show('history')}>
              View history
            </button>
          ) : (
            <button type="button" onClick={() => show('success')}>
              Hide history
            </button>
          )}
          <button type="button" onClick={() => show('open')}>
            Check another card
          </button>
          <button type="button" onClick={() => show('close')}>
            Close
          </button>
        </div>
        {places.length > 0 && (
          <>
            <h3>{placesNear ? 'Where to spend it nearby' : 'Top rated places that take your card'}</h3>
            <ul className="places">
              {places.map((place) => (
                <li key={place.merchantId}>
                  <a href={`${site}${listingPath(tenant.listingRouteName, place.name, place.merchantId)}`}>
                    <strong>{place.name}</strong>
                    <span>
                      {place.location.normalizedLocation}
                      {/* Miles from the place searched; from a country's centre they mean nothing. */}
                      {placesNear && place.distance !== null && ` · ${place.distance} mi`}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
            {placesCredit && (
              <p className="credit">
                Near your area, estimated from your IP address:{' '}
                {/* Our own server's credit; only an https link is written (as the carousel does). */}
                <a
                  href={placesCredit.link.startsWith('https://') ? placesCredit.link : undefined}
                  target="_blank"
                  rel="noopener"
                >
                  {placesCredit.text}
                </a>
              </p>
            )}
          </>
        )}
      </section>
    );
  }

  const checking = state === 'checking';
  const describe = (field: 'cardNumber' | 'pin') => `${field}-hint${errors[field] ? ` ${field}-error` : ''}`;
  return (
    <section className="panel" aria-labelledby="balance-form-heading">
      <h2 id="balance-form-heading" part="heading">
        Check your gift card balance
      </h2>
      <form ref={form} noValidate onSubmit={(event) => void submit(event)} aria-busy={checking}>
        <div>
          <label htmlFor="card-number">Card number</label>
          <input
            id="card-number"
            name="cardNumber"
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            maxLength={CARD_NUMBER_MAX_LENGTH}
            value={cardNumber}
            aria-invalid={errors.cardNumber ? true : undefined}
            aria-describedby={describe('cardNumber')}
            onInput={(event) => setCardNumber(event.currentTarget.value)}
          />
          <div id="cardNumber-hint" className="hint">
            The long number on the back of the card, spaces allowed.
          </div>
          {errors.cardNumber && (
            <div id="cardNumber-error" className="field-error">
              {errors.cardNumber}
            </div>
          )}
        </div>
        <div>
          <label htmlFor="pin">PIN</label>
          <input
            id="pin"
            name="pin"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={PIN_DIGITS.max}
            value={pin}
            aria-invalid={errors.pin ? true : undefined}
            aria-describedby={describe('pin')}
            onInput={(event) => setPin(event.currentTarget.value)}
          />
          <div id="pin-hint" className="hint">
            Scratch the silver panel on the back to see it.
          </div>
          {errors.pin && (
            <div id="pin-error" className="field-error">
              {errors.pin}
            </div>
          )}
        </div>
        <div role="alert">{state === 'fail' && <p className="alert">{error}</p>}</div>
        <div className="actions">
          <button type="submit" className="primary" part="button" disabled={checking}>
            {checking ? 'Checking…' : 'Check balance'}
          </button>
          <button type="button" onClick={() => show('close')}>
            Close
          </button>
        </div>
        <p className="hint">Protected by a privacy-friendly check that runs in your browser; no tracking.</p>
      </form>
    </section>
  );
}
