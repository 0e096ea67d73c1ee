import { css } from '../../src/ui/css';

/** The house and network ads between the results. */
export const adSlotStyles = css`
  .ad {
    position: relative;
    display: flex;
    flex-direction: column;
    overflow: hidden;
    border-radius: 8px;
    border: 1px solid #e4e7eb;
    background: #fff;
    color: inherit;
    text-decoration: none;
  }
  .ad.wide {
    flex-direction: row;
  }
  .ad img {
    object-fit: cover;
    flex: none;
    background: #e4e7eb;
  }
  .ad:not(.wide) img {
    width: 100%;
  }
  .ad-text {
    display: flex;
    flex-direction: column;
    gap: 0.15rem;
    padding: 0.5rem 0.75rem;
    min-width: 0;
    font-size: 0.9rem;
  }
  .ad-label {
    font-size: 0.7rem;
    text-transform: uppercase;
    letter-spacing: 0.05em;
    color: #52606d;
  }
  .ad-body {
    color: #3e4c59;
  }
  /* The network's ad fills the banner size exactly. */
  .ad-network {
    align-items: center;
    justify-content: center;
    border: 0;
    background: #f5f7fa;
  }
  .ad-network ::slotted(*) {
    flex: none;
  }
  /* Over the network's ad, which takes the whole slot. */
  .ad-network .ad-label {
    position: absolute;
    top: 2px;
    left: 6px;
  }
`;
