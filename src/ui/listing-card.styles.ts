import { focusRing } from './base.styles';
import { css } from './css';

/** The listing card of ./ListingCard: add `starsStyles` beside it for the rating. */
export const listingCardStyles = css`
  .card {
    position: relative;
    display: flex;
    flex-direction: column;
    height: 100%;
    background: var(--ws-surface, #fff);
    border: 1px solid #e4e7eb;
    border-radius: 12px;
    overflow: hidden;
  }
  .card:hover {
    box-shadow: 0 6px 18px rgb(0 0 0 / 12%);
  }
  .card.featured {
    border-color: var(--ws-accent);
  }
  .card img {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 360 / 260;
    object-fit: cover;
    background: #e4e7eb;
  }
  .card-body {
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
    padding: 0.75rem 0.9rem 0.9rem;
    min-width: 0;
  }
  .card-title {
    margin: 0;
    font-size: 1.05rem;
    line-height: 1.3;
  }
  .card-title a {
    color: inherit;
    text-decoration: none;
  }
  .card-title a::after {
    /* The whole card is the link's target; the name stays its text. */
    content: '';
    position: absolute;
    inset: 0;
  }
  .card-title a:focus-visible {
    outline: none;
  }
  .card:focus-within {
    ${focusRing}
  }
  .card-meta,
  .card-offer,
  .stars {
    margin: 0;
    font-size: 0.9rem;
    color: #52606d;
  }
  .offer-count {
    font-weight: 700;
    color: var(--ws-primary);
  }
  .badge {
    align-self: flex-start;
    background: var(--ws-accent);
    color: var(--ws-on-accent, #fff);
    border-radius: 4px;
    padding: 0.05rem 0.45rem;
    font-size: 0.75rem;
    font-weight: 700;
  }
  .review-count {
    margin-left: 0.35rem;
  }
`;
