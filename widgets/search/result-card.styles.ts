import { css } from '../../src/ui/css';

/** A result card in the list layout: the image beside the text instead of above it. */
export const resultCardStyles = css`
  .results.list .card {
    flex-direction: row;
  }
  .results.list .card img {
    width: 7.5rem;
    aspect-ratio: 1;
    flex: none;
  }
  @media (min-width: 640px) {
    .results.list .card img {
      width: 12rem;
      aspect-ratio: 360 / 260;
    }
  }
`;
