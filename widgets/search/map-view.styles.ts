import { css } from '../../src/ui/css';

/** The map view; Leaflet's own stylesheet is inserted beside it. */
export const mapViewStyles = css`
  .map-view {
    position: relative;
  }
  .map {
    height: min(60vh, 480px);
    min-height: 280px;
    border-radius: 12px;
    border: 1px solid #e4e7eb;
    z-index: 0;
  }
  .map-hint {
    margin: 0.25rem 0 0;
    font-size: 0.85rem;
    color: #52606d;
  }
  .map-dialog {
    position: absolute;
    z-index: 1000;
    left: 0.75rem;
    bottom: 2.5rem;
    width: min(20rem, calc(100% - 1.5rem));
    background: #fff;
    border-radius: 12px;
    box-shadow: 0 8px 28px rgb(0 0 0 / 25%);
  }
  .map-dialog .card img {
    aspect-ratio: 2 / 1;
  }
  .map-dialog-close {
    position: absolute;
    z-index: 2;
    top: 0.4rem;
    right: 0.4rem;
    width: 36px;
    height: 36px;
    border-radius: 999px;
    border: 0;
    background: rgb(255 255 255 / 92%);
    font-size: 1.3rem;
    cursor: pointer;
  }
`;
