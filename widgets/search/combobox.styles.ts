import { css } from '../../src/ui/css';

/** A text field with its list of suggestions. */
export const comboboxStyles = css`
  .combobox {
    position: relative;
  }
  .listbox {
    position: absolute;
    z-index: 1000;
    left: 0;
    right: 0;
    top: 100%;
    margin-top: 4px;
    max-height: 22rem;
    overflow-y: auto;
    background: #fff;
    border: 1px solid #cbd2d9;
    border-radius: 8px;
    box-shadow: 0 8px 24px rgb(0 0 0 / 16%);
    padding: 0.25rem 0;
  }
  .listbox[hidden] {
    display: none;
  }
  .group-label {
    padding: 0.4rem 0.75rem 0.2rem;
    font-size: 0.75rem;
    font-weight: 700;
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: #52606d;
  }
  .option {
    display: flex;
    flex-direction: column;
    padding: 0.55rem 0.75rem;
    min-height: 44px;
    justify-content: center;
    cursor: pointer;
  }
  .option[aria-selected='true'] {
    background: rgba(var(--ws-primary-rgb), 0.12);
    box-shadow: inset 3px 0 0 var(--ws-primary);
  }
  .option-hint {
    font-size: 0.8rem;
    color: #52606d;
  }
`;
