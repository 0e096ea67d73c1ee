import { outlinedButton, pillButton } from '../../src/ui/base.styles';
import { css } from '../../src/ui/css';

export const carouselStyles = css`
  .carousel {
    position: relative;
  }
  /* As tall with or without its pause button (44 px), loading or loaded: the page below the
     carousel does not move when the offers arrive. */
  .header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 0.75rem;
    min-height: 44px;
    margin-bottom: 0.75rem;
  }
  h2,
  .finding {
    font-size: 1.25rem;
    margin: 0;
    color: var(--ws-secondary);
    /* One line (the section's label has it whole): a title that wrapped on a phone made the
       carousel taller than the frame it loaded in. */
    min-width: 0;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .finding {
    font-weight: normal;
    color: #52606d;
  }
  /* The loading frame's images: as tall as their height attribute. */
  .frame {
    height: 260px;
    background: #e4e7eb;
  }
  .header button,
  .step {
    ${pillButton}
    ${outlinedButton}
    min-width: 44px;
    background: #fff;
    font: inherit;
    font-size: 1.1rem;
  }
  .stage {
    position: relative;
  }
  .step,
  .narrow .header button {
    position: absolute;
    z-index: 1;
    box-shadow: 0 2px 8px rgb(0 0 0 / 25%);
  }
  .step {
    top: 50%;
    transform: translateY(-50%);
  }
  /* One offer at a time (a phone): the heading a size smaller and the header's whole width, the
     pause button on the photo's corner, below the header (44 px) and its margin. */
  .narrow h2 {
    font-size: 1.125rem;
  }
  .narrow .header button {
    top: calc(44px + 1.25rem);
    right: 0.75rem;
  }
  .previous {
    left: 0.75rem;
  }
  .next {
    right: 0.75rem;
  }
  .viewport {
    overflow: hidden;
    touch-action: pan-y;
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
  /* One line each, for the same reason as the title's two. */
  .merchant,
  .body .meta {
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .title {
    font-weight: 650;
    font-size: 1.05rem;
    /* Room for two lines in every card, a longer title cut: the cards are as tall whatever the
       titles (the tallest card sets the row's height), so the loading frame matches them. */
    min-height: 2lh;
    display: -webkit-box;
    -webkit-box-orient: vertical;
    -webkit-line-clamp: 2;
    line-clamp: 2;
    overflow: hidden;
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
  .status {
    padding: 1.5rem;
    text-align: center;
    color: #52606d;
    border: 1px dashed #cbd2d9;
    border-radius: 12px;
  }
`;
