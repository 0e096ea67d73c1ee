import { css } from '../../src/ui/css';

/** The filter row, the chosen services and the "More filters" panel. */
export const filtersStyles = css`
  .filters {
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
  }
  .filter-row {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem 0.75rem;
    align-items: end;
  }
  .filter-row .select {
    flex: 1 1 9rem;
    min-width: 0;
    max-width: 16rem;
  }
  .more-filters summary {
    cursor: pointer;
    min-height: 44px;
    display: flex;
    align-items: center;
    gap: 0.6rem;
    list-style: none;
    font-weight: 600;
    color: var(--ws-primary);
  }
  .more-filters summary::-webkit-details-marker {
    display: none;
  }
  .more-filters summary::after {
    content: '';
    width: 0.45rem;
    height: 0.45rem;
    border: solid currentColor;
    border-width: 0 2px 2px 0;
    transform: translateY(-2px) rotate(45deg);
  }
  .more-filters[open] summary::after {
    transform: translateY(2px) rotate(-135deg);
  }
  .more-body {
    /* A details element's content inherits through the browser's own shadow tree, which does
       not take the host's box-sizing: set it again. */
    box-sizing: border-box;
    display: flex;
    flex-direction: column;
    gap: 0.75rem;
    padding: 0.25rem 0 0.5rem;
  }
  fieldset {
    border: 0;
    margin: 0;
    padding: 0;
    min-width: 0;
  }
  .services > legend {
    font-weight: 700;
    margin-bottom: 0.25rem;
  }
  .services {
    display: grid;
    gap: 0.75rem;
    grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  }
  .service-category legend {
    font-size: 0.85rem;
    font-weight: 600;
    color: #52606d;
  }
  .check {
    display: flex;
    align-items: center;
    gap: 0.4rem;
    min-height: 36px;
    font-size: 0.9rem;
  }
  .check input {
    width: 1.1rem;
    height: 1.1rem;
  }
  .count {
    color: #52606d;
  }
  .chips {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 0.4rem;
  }
  .chip {
    min-height: 36px;
    border-radius: 999px;
    border: 1px solid var(--ws-primary);
    background: rgba(var(--ws-primary-rgb), 0.08);
    color: var(--ws-primary);
    padding: 0 0.8rem;
    cursor: pointer;
  }
`;
