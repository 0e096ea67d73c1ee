import { css } from './css';

/** The keyboard focus ring: the accent colour, off the edge so it shows on any background. */
export const focusRing = css`
  outline: 3px solid var(--ws-accent);
  outline-offset: 2px;
`;

/** A button, or a link drawn as one, as a pill: a 44 px touch target, fully rounded. */
export const pillButton = css`
  min-height: 44px;
  border-radius: 999px;
  cursor: pointer;
`;

/** The filled look of an element's main action. */
export const filledButton = css`
  background: var(--ws-primary);
  color: var(--ws-on-primary);
`;

/** The outlined look of its other actions; each element sets the background under it. */
export const outlinedButton = css`
  border: 1px solid var(--ws-primary);
  color: var(--ws-primary);
`;

/**
 * The rules every element shares, added before its own: `useShadowStyles(baseStyles, …)`. Text
 * for screen readers only, and the focus ring on every control.
 */
export const baseStyles = css`
  .visually-hidden {
    position: absolute !important;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
  a:focus-visible,
  button:focus-visible,
  input:focus-visible,
  select:focus-visible,
  textarea:focus-visible,
  summary:focus-visible {
    ${focusRing}
  }
`;
