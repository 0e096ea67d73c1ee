import { css } from '../../src/ui/css';

/** The scrolling row of best-of destinations. */
export const bestOfBarStyles = css`
  .best-of ol {
    list-style: none;
    margin: 0;
    padding: 0 0 0.25rem;
    display: flex;
    gap: 0.5rem;
    overflow-x: auto;
  }
  .best-of a {
    display: inline-flex;
    align-items: center;
    min-height: 40px;
    padding: 0 0.9rem;
    white-space: nowrap;
    border-radius: 999px;
    border: 1px solid #cbd2d9;
    background: #fff;
    text-decoration: none;
  }
  .best-of a[aria-current='page'] {
    background: var(--ws-primary);
    color: var(--ws-on-primary);
    border-color: var(--ws-primary);
  }
`;
