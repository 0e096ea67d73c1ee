import { outlinedButton, pillButton } from '../../src/ui/base.styles';
import { css } from '../../src/ui/css';

export const carouselStyles = css`
  .carousel {
    position: relative;
  }
  .header {
    display: flex;
    align-items: baseline;
    justify-content: space-between;
    gap: 0.75rem;
    margin-bottom: 0.75rem;
  }
  h2 {
    font-size: 1.25rem;
    margin: 0;
    color: var(--ws-secondary);
  }
  .controls {
    display: flex;
    gap: 0.5rem;
  }
  .controls button {
    ${pillButton}
    ${outlinedButton}
    min-width: 44px;
    background: #fff;
    font: inherit;
    font-size: 1.1rem;
  }
  .viewport {
    overflow: hidden;
  }
  .track {
    display: flex;
    transition: transform 0.45s ease;
  }
  @media (prefers-reduced-motion: reduce) {
    .track {
      transition: none;
    }
  }
  .slide {
    flex: 0 0 calc(100% / var(--slides));
    padding: 0 0.375rem;
  }
  .card {
    display: flex;
    flex-direction: column;
    height: 100%;
    border-radius: 12px;
    overflow: hidden;
    background: #fff;
    border: 1px solid #e4e7eb;
    color: inherit;
    text-decoration: none;
  }
  .card:hover {
    box-shadow: 0 6px 18px rgb(0 0 0 / 12%);
  }
  .card img {
    width: 100%;
    aspect-ratio: 360 / 260;
    object-fit: cover;
    background: #e4e7eb;
    display: block;
  }
  .body {
    padding: 0.75rem 0.9rem 1rem;
    display: flex;
    flex-direction: column;
    gap: 0.3rem;
    flex: 1;
  }
  .merchant {
    font-size: 0.85rem;
    color: #52606d;
  }
  .title {
    font-weight: 650;
    font-size: 1.05rem;
  }
  .price {
    display: flex;
    align-items: baseline;
    gap: 0.5rem;
    margin-top: auto;
  }
  .now {
    font-size: 1.2rem;
    font-weight: 700;
    color: var(--ws-primary);
  }
  .was {
    text-decoration: line-through;
    color: #616e7c;
  }
  .badge {
    background: var(--ws-accent);
    color: var(--ws-on-accent, #fff);
    border-radius: 4px;
    padding: 0.05rem 0.4rem;
    font-size: 0.8rem;
    font-weight: 600;
  }
  .meta,
  .credit {
    font-size: 0.8rem;
    color: #52606d;
  }
  .credit {
    margin: 0.25rem 0 0;
    text-align: right;
  }
  .credit a {
    color: inherit;
  }
  .status.loading {
    /* About the height of the cards, so the page does not jump when they arrive. */
    min-height: 430px;
    display: grid;
    place-items: center;
  }
  .status {
    padding: 1.5rem;
    text-align: center;
    color: #52606d;
    border: 1px dashed #cbd2d9;
    border-radius: 12px;
  }
`;
