import { filledButton, outlinedButton, pillButton } from '../../src/ui/base.styles';
import { css } from '../../src/ui/css';

export const balanceStyles = css`
  .panel {
    border: 1px solid #e4e7eb;
    border-radius: 12px;
    background: var(--ws-surface, #fff);
    padding: 1rem 1.25rem 1.25rem;
    max-width: 40rem;
  }
  h2 {
    margin: 0 0 0.75rem;
    font-size: 1.3rem;
    color: var(--ws-secondary);
  }
  h3 {
    margin: 1.25rem 0 0.5rem;
    font-size: 1.05rem;
  }
  form {
    display: grid;
    gap: 0.9rem;
  }
  label {
    display: block;
    font-weight: 600;
    margin-bottom: 0.25rem;
  }
  input {
    width: 100%;
    font: inherit;
    font-size: 1.05rem;
    padding: 0.6rem 0.75rem;
    min-height: 44px;
    border: 1px solid #9aa5b1;
    border-radius: 8px;
    letter-spacing: 0.04em;
  }
  input[aria-invalid='true'] {
    border-color: #b3261e;
  }
  .hint {
    font-size: 0.85rem;
    color: #52606d;
    margin-top: 0.2rem;
  }
  .field-error,
  .alert {
    color: #b3261e;
    font-weight: 600;
  }
  .alert {
    margin: 0;
    padding: 0.6rem 0.75rem;
    border-radius: 8px;
    background: #fdecea;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
  button {
    ${pillButton}
    ${outlinedButton}
    font: inherit;
    font-weight: 650;
    padding: 0 1.1rem;
    background: transparent;
  }
  button.primary {
    ${filledButton}
  }
  button[disabled] {
    opacity: 0.7;
    cursor: progress;
  }
  .balance {
    font-size: 2.2rem;
    font-weight: 750;
    color: var(--ws-primary);
    margin: 0.25rem 0;
  }
  .card-line {
    color: #52606d;
    margin: 0 0 1rem;
  }
  table {
    width: 100%;
    border-collapse: collapse;
    margin-bottom: 1rem;
  }
  caption {
    text-align: left;
    font-weight: 650;
    padding-bottom: 0.4rem;
  }
  th,
  td {
    text-align: left;
    padding: 0.45rem 0.25rem;
    border-bottom: 1px solid #e4e7eb;
    vertical-align: top;
  }
  td.amount,
  th.amount {
    text-align: right;
    white-space: nowrap;
  }
  .places {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0.5rem;
  }
  .places a {
    display: block;
    padding: 0.6rem 0.75rem;
    border: 1px solid #e4e7eb;
    border-radius: 8px;
    color: inherit;
    text-decoration: none;
  }
  .places a strong {
    color: var(--ws-primary);
  }
  .places span {
    display: block;
    font-size: 0.85rem;
    color: #52606d;
  }
  .credit {
    margin: 0.5rem 0 0;
    font-size: 0.8rem;
    color: #52606d;
  }
  .credit a {
    color: inherit;
  }
`;
