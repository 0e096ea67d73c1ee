import { filledButton, pillButton } from '../../src/ui/base.styles';
import { css } from '../../src/ui/css';

export const giftCardBuyStyles = css`
  h2 {
    margin: 0 0 0.25rem;
    font-size: 1.4rem;
    color: var(--ws-secondary);
  }
  .lead {
    margin: 0 0 1rem;
    color: #52606d;
  }
  .choices {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0.75rem;
    grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
  }
  .choice {
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
    height: 100%;
    padding: 1rem;
    border: 1px solid #e4e7eb;
    border-radius: 12px;
    background: var(--ws-surface, #fff);
  }
  .choice[aria-current='true'] {
    border-color: var(--ws-primary);
    box-shadow: 0 0 0 2px var(--ws-primary);
  }
  .choice h3 {
    margin: 0;
    font-size: 1.05rem;
  }
  .choice p {
    margin: 0;
    color: #52606d;
    flex: 1;
  }
  .button {
    ${pillButton}
    ${filledButton}
    display: inline-flex;
    align-items: center;
    justify-content: center;
    padding: 0 1rem;
    font-weight: 650;
    text-decoration: none;
  }
  .sales {
    margin-top: 1rem;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 0.75rem;
    padding: 1rem;
    border-radius: 12px;
    background: var(--ws-secondary);
    color: var(--ws-on-secondary);
  }
  .sales p {
    margin: 0;
  }
  .sales a {
    color: inherit;
    font-weight: 650;
    display: inline-flex;
    align-items: center;
    min-height: 44px;
  }
`;
