import { css } from '../../src/ui/css';

/** The search bar: keywords, location and the search button, in a row from 640 px. */
export const searchBarStyles = css`
  .search-bar {
    display: grid;
    gap: 0.6rem;
    align-items: end;
    padding: 0.75rem;
    border-radius: 12px;
    background: var(--ws-surface, #fff);
    border: 1px solid #e4e7eb;
  }
  @media (min-width: 640px) {
    .search-bar {
      grid-template-columns: 1fr 1fr auto;
    }
  }
`;
