import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { css } from '@emotion/react';
import { CONSENT_PATH, type ConsentChoice } from '../../src/domain/consent';
import type { TenantConfig } from '../../src/tenant/types';
import type { SiteAnalytics } from './analytics';

export const AnalyticsContext = createContext<SiteAnalytics | null>(null);

export function useSiteAnalytics(): SiteAnalytics {
  const value = useContext(AnalyticsContext);
  if (!value) throw new Error('useSiteAnalytics() outside the app');
  return value;
}

/** The visitor's consent choice, re-rendering on change. */
export function useConsentChoice(analytics: SiteAnalytics) {
  return useSyncExternalStore(analytics.subscribe, analytics.choice);
}

export const consentStyles = css`
  .consent-bar {
    position: fixed;
    left: 0;
    right: 0;
    bottom: 0;
    z-index: 20;
    background: #fff;
    color: #1f2933;
    border-top: 3px solid var(--ws-primary);
    box-shadow: 0 -6px 20px rgb(0 0 0 / 15%);
  }
  .consent-bar > div {
    max-width: 1200px;
    margin: 0 auto;
    padding: 1rem;
    display: flex;
    flex-wrap: wrap;
    gap: 0.75rem 1.5rem;
    align-items: center;
  }
  .consent-bar h2 {
    font-size: 1.05rem;
    margin: 0 0 0.25rem;
  }
  .consent-bar p {
    margin: 0;
    max-width: 60ch;
  }
  .consent-bar .choices {
    display: flex;
    gap: 0.75rem;
    margin-left: auto;
  }
  .consent-bar button {
    font: inherit;
    min-height: 44px;
    padding: 0 1.1rem;
    border-radius: 999px;
    cursor: pointer;
    border: 2px solid var(--ws-primary);
  }
  .consent-bar .accept {
    background: var(--ws-primary);
    color: var(--ws-on-primary, #fff);
  }
  .consent-bar .decline {
    background: #fff;
    color: #1f2933;
  }
`;

/** The bar's two answers, in their order on screen. */
const CHOICES = [
  { value: 'denied', label: 'Decline', className: 'decline' },
  { value: 'granted', label: 'Accept', className: 'accept' },
] as const;

/**
 * Spec 2.4's consent bar: shown until the visitor chooses (for tenants that ask), and again when
 * they open the cookie settings from the footer. A labelled region, not a modal: the page stays
 * usable, the bar is the last landmark, and opening it from the footer moves focus into it.
 */
export function ConsentBar({
  tenant,
  analytics,
  open,
  onClose,
}: {
  tenant: TenantConfig;
  analytics: SiteAnalytics;
  /** Opened from the footer's cookie settings link. */
  open: boolean;
  onClose(): void;
}) {
  const choice = useConsentChoice(analytics);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (open) heading.current?.focus();
  }, [open]);
  if (!analytics.asks() || (choice !== null && !open)) return null;
  const current = choice ? ` (now: ${choice === 'granted' ? 'accepted' : 'declined'})` : '';
  const choose = (next: ConsentChoice) => {
    analytics.choose(next);
    onClose();
  };
  return (
    <section className="consent-bar" aria-labelledby="consent-heading">
      <div>
        <div>
          {/* Each text one string: the server writes adjacent texts as one text node, which the
              app's hydration splits again, and a text changed after the first paint is painted
              anew (the search page's largest content on a phone, painted a second time). */}
          <h2 id="consent-heading" tabIndex={-1} ref={heading}>
            {`Cookies on ${tenant.brandName}`}
          </h2>
          <p>
            {`With your consent we measure how the site is used (pages visited, searches, listings ` +
              `opened) to improve it. Your choice is kept for 30 days${current}; change it any time ` +
              `from “Cookie settings” at the foot of each page.`}
          </p>
        </div>
        {/* A form the server answers too (POST /consent, server/site.ts): the bar is in the page's
            HTML, and a visitor who answers before the app has hydrated is heard as well. */}
        <form className="choices" method="post" action={CONSENT_PATH}>
          {CHOICES.map(({ value, label, className }) => (
            <button
              key={value}
              type="submit"
              name="choice"
              value={value}
              className={className}
              onClick={(event) => {
                event.preventDefault();
                choose(value);
              }}
            >
              {label}
            </button>
          ))}
        </form>
      </div>
    </section>
  );
}
