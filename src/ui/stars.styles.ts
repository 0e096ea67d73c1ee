import { css } from './css';

/**
 * The stars of src/ui/Stars: grey stars with gold ones laid over them up to --fill. Each element
 * that shows a rating adds these and lays out .stars and .review-count itself.
 */
export const starsStyles = css`
  .star-bar {
    position: relative;
    display: inline-block;
    color: #cbd2d9;
    letter-spacing: 0.1em;
  }
  .star-bar::before {
    content: '★★★★★';
    position: absolute;
    inset: 0;
    width: var(--fill);
    overflow: hidden;
    color: #b7791f;
  }
`;
