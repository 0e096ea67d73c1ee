import { filledButton, outlinedButton, pillButton } from '../../src/ui/base.styles';
import { css } from '../../src/ui/css';

/**
 * The search element, phone first: fields stack, then sit in a row from 640 px. The rules its
 * parts share are here; each part adds its own (search-bar.styles.ts, filters.styles.ts, …).
 */
export const searchStyles = css`
  .search {
    display: flex;
    flex-direction: column;
    gap: 0.75rem;
  }
  button,
  input,
  select {
    font: inherit;
    color: inherit;
  }
  a {
    color: var(--ws-primary);
  }
  .field-label {
    display: block;
    font-size: 0.8rem;
    font-weight: 600;
    color: #52606d;
    margin-bottom: 0.2rem;
  }
  /* The text fields of the search bar and the filters' selects. */
  .combobox input,
  .select select {
    width: 100%;
    min-height: 44px;
    padding: 0.5rem 0.75rem;
    border: 1px solid #9aa5b1;
    border-radius: 8px;
    background: #fff;
  }
  .primary,
  .secondary {
    ${pillButton}
    padding: 0 1.2rem;
    font-weight: 600;
  }
  .primary {
    ${filledButton}
    border: 0;
  }
  .secondary {
    ${outlinedButton}
    background: #fff;
  }
  .link-button {
    border: 0;
    background: none;
    padding: 0.5rem 0.25rem;
    min-height: 44px;
    color: var(--ws-primary);
    text-decoration: underline;
    cursor: pointer;
  }

  /* Toolbar */
  .toolbar {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 0.5rem;
  }
  /* The count claims a row's width of its own: whether the view switch fits beside it depends
     on the element's width alone, not on the count's text, which grows when results arrive (a
     switch that wrapped then moved the results down on phones). */
  .toolbar .count {
    flex: 1 1 16rem;
    margin: 0;
    font-size: 1rem;
    font-weight: 600;
    color: #3e4c59;
    min-height: 1.5em;
  }
  .views {
    display: flex;
    gap: 0.75rem;
  }
  .view-switch {
    display: flex;
    gap: 0.25rem;
  }
  .views button {
    min-height: 40px;
    min-width: 44px;
    padding: 0 0.75rem;
    border-radius: 8px;
    border: 1px solid #cbd2d9;
    background: #fff;
    cursor: pointer;
  }
  .view-switch button[aria-pressed='true'] {
    background: var(--ws-secondary);
    border-color: var(--ws-secondary);
    color: var(--ws-on-secondary);
  }
  /* Shown or not, beside the layout chosen: tinted, not filled like a layout. */
  .map-toggle[aria-pressed='true'] {
    background: rgba(var(--ws-primary-rgb), 0.12);
    border-color: var(--ws-primary);
    color: var(--ws-primary);
    font-weight: 600;
  }
  .note,
  .more-status {
    color: #52606d;
    margin: 0;
  }
  .empty {
    padding: 1.5rem;
    text-align: center;
    border: 1px dashed #cbd2d9;
    border-radius: 12px;
    color: #3e4c59;
  }
  .empty p {
    margin: 0 0 0.5rem;
  }
`;
