import { css } from '../styles';

/** The search element, phone first: fields stack, then sit in a row from 640 px. */
export const searchStyles = css`
  .search {
    display: flex;
    flex-direction: column;
    gap: 0.75rem;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  button,
  input,
  select {
    font: inherit;
    color: inherit;
  }
  a {
    color: var(--ws-primary);
  }
  a:focus-visible,
  button:focus-visible,
  input:focus-visible,
  select:focus-visible,
  summary:focus-visible {
    outline: 3px solid var(--ws-accent);
    outline-offset: 2px;
  }
  .field-label {
    display: block;
    font-size: 0.8rem;
    font-weight: 600;
    color: #52606d;
    margin-bottom: 0.2rem;
  }

  /* Search bar */
  .search-bar {
    display: grid;
    gap: 0.6rem;
    align-items: end;
    padding: 0.75rem;
    border-radius: 12px;
    background: var(--ws-surface, #fff);
    border: 1px solid #e4e7eb;
  }
  @media (min-width: 640px) {
    .search-bar {
      grid-template-columns: 1fr 1fr auto;
    }
  }
  .combobox {
    position: relative;
  }
  .combobox input,
  .select select {
    width: 100%;
    min-height: 44px;
    padding: 0.5rem 0.75rem;
    border: 1px solid #9aa5b1;
    border-radius: 8px;
    background: #fff;
  }
  .primary,
  .secondary {
    min-height: 44px;
    padding: 0 1.2rem;
    border-radius: 999px;
    font-weight: 600;
    cursor: pointer;
  }
  .primary {
    border: 0;
    background: var(--ws-primary);
    color: var(--ws-on-primary);
  }
  .secondary {
    border: 1px solid var(--ws-primary);
    background: #fff;
    color: var(--ws-primary);
  }
  .link-button {
    border: 0;
    background: none;
    padding: 0.5rem 0.25rem;
    min-height: 44px;
    color: var(--ws-primary);
    text-decoration: underline;
    cursor: pointer;
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

  /* Filters */
  .filters {
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
  }
  .filter-row {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem 0.75rem;
    align-items: end;
  }
  .filter-row .select {
    flex: 1 1 9rem;
    min-width: 0;
    max-width: 16rem;
  }
  .more-filters summary {
    cursor: pointer;
    min-height: 44px;
    display: flex;
    align-items: center;
    gap: 0.6rem;
    list-style: none;
    font-weight: 600;
    color: var(--ws-primary);
  }
  .more-filters summary::-webkit-details-marker {
    display: none;
  }
  .more-filters summary::after {
    content: '';
    width: 0.45rem;
    height: 0.45rem;
    border: solid currentColor;
    border-width: 0 2px 2px 0;
    transform: translateY(-2px) rotate(45deg);
  }
  .more-filters[open] summary::after {
    transform: translateY(2px) rotate(-135deg);
  }
  .more-body {
    /* A details element's content inherits through the browser's own shadow tree, which does
       not take the host's box-sizing: set it again. */
    box-sizing: border-box;
    display: flex;
    flex-direction: column;
    gap: 0.75rem;
    padding: 0.25rem 0 0.5rem;
  }
  fieldset {
    border: 0;
    margin: 0;
    padding: 0;
    min-width: 0;
  }
  .services > legend {
    font-weight: 700;
    margin-bottom: 0.25rem;
  }
  .services {
    display: grid;
    gap: 0.75rem;
    grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  }
  .service-category legend {
    font-size: 0.85rem;
    font-weight: 600;
    color: #52606d;
  }
  .check {
    display: flex;
    align-items: center;
    gap: 0.4rem;
    min-height: 36px;
    font-size: 0.9rem;
  }
  .check input {
    width: 1.1rem;
    height: 1.1rem;
  }
  .count {
    color: #52606d;
  }
  .chips {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 0.4rem;
  }
  .chip {
    min-height: 36px;
    border-radius: 999px;
    border: 1px solid var(--ws-primary);
    background: rgba(var(--ws-primary-rgb), 0.08);
    color: var(--ws-primary);
    padding: 0 0.8rem;
    cursor: pointer;
  }

  /* Best-of bar */
  .best-of ol {
    list-style: none;
    margin: 0;
    padding: 0 0 0.25rem;
    display: flex;
    gap: 0.5rem;
    overflow-x: auto;
  }
  .best-of a {
    display: inline-flex;
    align-items: center;
    min-height: 40px;
    padding: 0 0.9rem;
    white-space: nowrap;
    border-radius: 999px;
    border: 1px solid #cbd2d9;
    background: #fff;
    text-decoration: none;
  }
  .best-of a[aria-current='page'] {
    background: var(--ws-primary);
    color: var(--ws-on-primary);
    border-color: var(--ws-primary);
  }

  /* Toolbar */
  .toolbar {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 0.5rem;
  }
  .toolbar .count {
    margin: 0;
    font-size: 1rem;
    font-weight: 600;
    color: #3e4c59;
    min-height: 1.5em;
  }
  .view-switch {
    display: flex;
    gap: 0.25rem;
  }
  .view-switch button {
    min-height: 40px;
    min-width: 44px;
    padding: 0 0.75rem;
    border-radius: 8px;
    border: 1px solid #cbd2d9;
    background: #fff;
    cursor: pointer;
  }
  .view-switch button[aria-pressed='true'] {
    background: var(--ws-secondary);
    border-color: var(--ws-secondary);
    color: var(--ws-on-secondary);
  }
  .note,
  .more-status {
    color: #52606d;
    margin: 0;
  }
  .empty {
    padding: 1.5rem;
    text-align: center;
    border: 1px dashed #cbd2d9;
    border-radius: 12px;
    color: #3e4c59;
  }
  .empty p {
    margin: 0 0 0.5rem;
  }

  /* Results */
  .results {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 0.9rem;
  }
  .results.grid {
    grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr));
  }
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
    outline: 3px solid var(--ws-accent);
    outline-offset: 2px;
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
  .ad-item {
    grid-column: 1 / -1;
    display: flex;
    justify-content: center;
  }
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
  .ad-network {
    align-items: center;
    justify-content: center;
    background: #f5f7fa;
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

/** The map view; Leaflet's own stylesheet is inserted beside it. */
export const mapStyles = css`
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
