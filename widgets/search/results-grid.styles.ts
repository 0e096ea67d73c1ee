import { css } from '../../src/ui/css';

/** The results, the extended listings, the loading skeletons and "load more". */
export const resultsGridStyles = css`
  .results {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0.9rem;
  }
  /* Cards below the screen are laid out and painted when they come near it (issue 16: the search
     page's layout and paint at 4x CPU 114 -> 72 and 101 -> 60 ms); until then each keeps the room
     of a card on a phone (a list's row), and once drawn, its own. The paint containment that
     comes with it would clip a card's focus ring and hover shadow at the item's edge: room for
     them (0 6px 18px). */
  .results.on-view > li {
    content-visibility: auto;
    contain-intrinsic-block-size: auto 380px;
    overflow-clip-margin: 1.5rem;
  }
  .results.list.on-view > li {
    contain-intrinsic-block-size: auto 130px;
  }
  .results.grid {
    grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr));
  }
  .ad-item {
    grid-column: 1 / -1;
    display: flex;
    justify-content: center;
  }
  .extended h3 {
    margin: 1.25rem 0 0.75rem;
    font-size: 1.1rem;
    color: var(--ws-secondary);
  }
  .more {
    display: flex;
    justify-content: center;
    padding: 1rem 0;
    min-height: 4rem;
  }
  .skeleton {
    border-radius: 12px;
    border: 1px solid #e4e7eb;
    background: #fff;
    overflow: hidden;
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
    padding-bottom: 0.9rem;
  }
  .skeleton span {
    display: block;
    background: linear-gradient(90deg, #eef1f4 0%, #f7f9fa 50%, #eef1f4 100%);
    background-size: 200% 100%;
    animation: ws-shimmer 1.4s ease-in-out infinite;
  }
  .skeleton-image {
    aspect-ratio: 360 / 260;
  }
  .skeleton-line {
    height: 0.9rem;
    margin: 0 0.9rem;
    border-radius: 4px;
  }
  .skeleton-line.short {
    width: 50%;
  }
  .results.list .skeleton-image {
    display: none;
  }
  @keyframes ws-shimmer {
    from {
      background-position: 100% 0;
    }
    to {
      background-position: -100% 0;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .skeleton span {
      animation: none;
    }
  }
`;
