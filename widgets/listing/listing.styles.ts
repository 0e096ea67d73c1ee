import { filledButton, focusRing, outlinedButton, pillButton } from '../../src/ui/base.styles';
import { css } from '../../src/ui/css';

/** The listing and offer pages, phone first: one column, then a side column from 900 px. */
export const listingStyles = css`
  a {
    color: var(--ws-primary);
  }
  /* The sections and headings the page moves focus to. */
  [tabindex='-1']:focus-visible {
    ${focusRing}
  }
  [tabindex='-1']:focus:not(:focus-visible) {
    outline: none;
  }
  h1 {
    margin: 0.25rem 0;
    font-size: clamp(1.5rem, 4vw, 2.1rem);
    line-height: 1.2;
    color: var(--ws-secondary);
  }
  h2 {
    margin: 0 0 0.5rem;
    font-size: 1.2rem;
    color: var(--ws-secondary);
  }
  h3 {
    margin: 0;
    font-size: 1.05rem;
  }
  section {
    margin: 1.5rem 0;
    scroll-margin-top: 5rem;
  }
  p {
    margin: 0 0 0.6rem;
  }

  .breadcrumbs ol {
    list-style: none;
    display: flex;
    flex-wrap: wrap;
    /* On one line with the links' text: the links are padded to a tap target's height. */
    align-items: baseline;
    gap: 0.25rem;
    margin: 0 0 0.5rem;
    padding: 0;
    font-size: 0.9rem;
    color: #52606d;
  }
  .breadcrumbs li + li::before {
    content: '›';
    margin-right: 0.25rem;
    color: #9aa5b1;
  }
  .breadcrumbs a {
    display: inline-block;
    padding: 0.35rem 0;
  }

  .place {
    color: #52606d;
  }
  .notice {
    padding: 0.5rem 0.75rem;
    border-radius: 8px;
    background: #fff8e1;
  }
  .mini-links {
    list-style: none;
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    margin: 0.75rem 0 0;
    padding: 0;
  }
  .chip,
  .button,
  .link-button {
    ${pillButton}
    display: inline-flex;
    align-items: center;
    padding: 0 1rem;
    font: inherit;
    font-weight: 600;
    text-decoration: none;
  }
  .chip {
    ${outlinedButton}
    background: transparent;
  }
  .chip.secondary {
    border-color: #9aa5b1;
    color: inherit;
  }
  .button {
    ${filledButton}
    border: 0;
  }
  .button[disabled] {
    opacity: 0.6;
    cursor: progress;
  }
  .link-button {
    border: 0;
    background: transparent;
    color: var(--ws-primary);
  }

  .anchors {
    position: sticky;
    top: 0;
    z-index: 2;
    margin: 1rem 0 0;
    background: var(--ws-surface, #fff);
    border-bottom: 1px solid #e4e7eb;
    overflow-x: auto;
  }
  .anchors ul {
    list-style: none;
    display: flex;
    gap: 0.25rem;
    margin: 0;
    padding: 0;
  }
  .anchors a {
    display: inline-block;
    padding: 0.8rem 0.75rem;
    font-size: 0.85rem;
    font-weight: 700;
    letter-spacing: 0.04em;
    text-decoration: none;
    white-space: nowrap;
  }

  .gallery {
    display: grid;
    gap: 0.5rem;
    grid-template-columns: repeat(2, 1fr);
  }
  .gallery figure {
    margin: 0;
  }
  .gallery img,
  .section-image,
  .offer-image {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 36 / 26;
    object-fit: cover;
    border-radius: 10px;
    background: #eef2f5;
  }
  .gallery .lead-image {
    grid-column: 1 / -1;
  }
  /* From 900 px the first image leads; the others stack beside it in one or two columns. */
  @media (min-width: 900px) {
    .gallery {
      grid-template-columns: 2fr 1fr;
    }
    .gallery.wide {
      grid-template-columns: 2fr 1fr 1fr;
    }
    .gallery .lead-image {
      grid-column: 1;
      grid-row: span 2;
    }
  }

  .columns {
    display: grid;
    gap: 0 2rem;
  }
  @media (min-width: 900px) {
    .columns {
      grid-template-columns: minmax(0, 2fr) minmax(16rem, 1fr);
    }
  }
  .groups {
    margin: 0;
  }
  .groups > div {
    padding: 0.5rem 0;
    border-bottom: 1px solid #eef2f5;
  }
  .groups dt {
    font-weight: 650;
  }
  .groups dd {
    margin: 0.15rem 0 0;
    color: #3e4c59;
  }
  .hours {
    border-collapse: collapse;
    width: 100%;
  }
  .hours th,
  .hours td {
    text-align: left;
    padding: 0.3rem 0;
    border-bottom: 1px solid #eef2f5;
    font-weight: normal;
  }
  .hours th {
    font-weight: 600;
    padding-right: 1rem;
  }
  .social {
    list-style: none;
    display: flex;
    flex-wrap: wrap;
    gap: 0.75rem;
    margin: 0;
    padding: 0;
  }
  .social a {
    display: inline-block;
    padding: 0.5rem 0;
  }
  address {
    font-style: normal;
    margin-bottom: 0.6rem;
  }
  .map-box {
    min-height: 260px;
  }

  .offers {
    list-style: none;
    display: grid;
    gap: 0.75rem;
    grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr));
    margin: 0;
    padding: 0;
  }
  .offer-card {
    padding: 1rem;
    border: 1px solid #e4e7eb;
    border-radius: 12px;
    background: var(--ws-surface, #fff);
  }
  .subtitle {
    color: #52606d;
  }
  .price {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.5rem;
    margin: 0.4rem 0;
  }
  .price .now {
    font-size: 1.3rem;
    font-weight: 700;
  }
  .offer-price .now {
    font-size: 1.8rem;
  }
  .price .was {
    text-decoration: line-through;
    color: #52606d;
  }
  .badge {
    padding: 0.1rem 0.5rem;
    border-radius: 999px;
    background: var(--ws-accent);
    color: var(--ws-on-accent, #fff);
    font-size: 0.85rem;
    font-weight: 700;
  }
  .expires {
    font-size: 0.9rem;
    color: #52606d;
  }
  .expired {
    color: #b3261e;
    font-weight: 600;
  }
  .offer-layout {
    display: grid;
    gap: 1rem;
  }
  @media (min-width: 900px) {
    .offer-layout {
      grid-template-columns: minmax(0, 1.2fr) minmax(0, 1fr);
      align-items: start;
    }
  }
  .offer-business {
    font-weight: 600;
  }
  .categories {
    font-size: 0.9rem;
    color: #52606d;
  }

  .stars {
    display: flex;
    align-items: center;
    gap: 0.4rem;
    margin: 0.3rem 0;
  }
  .review-count {
    color: #52606d;
    font-size: 0.9rem;
  }

  .videos {
    list-style: none;
    display: grid;
    gap: 0.75rem;
    margin: 0;
    padding: 0;
  }
  .videos iframe,
  .video-facade {
    width: 100%;
    aspect-ratio: 16 / 9;
    border: 0;
    border-radius: 10px;
  }
  .video-facade {
    display: grid;
    place-content: center;
    gap: 0.25rem;
    font: inherit;
    font-size: 1.1rem;
    font-weight: 700;
    color: #fff;
    background: #1f2933;
    cursor: pointer;
  }
  .video-host {
    font-size: 0.8rem;
    font-weight: 400;
    opacity: 0.8;
  }
  .award-year {
    font-weight: 700;
  }
  .awards {
    padding-left: 1.1rem;
  }

  form {
    display: grid;
    gap: 0.75rem;
    max-width: 36rem;
  }
  label {
    display: grid;
    gap: 0.25rem;
    font-weight: 600;
  }
  .optional {
    font-weight: 400;
    color: #52606d;
  }
  input,
  textarea {
    width: 100%;
    font: inherit;
    padding: 0.6rem 0.75rem;
    min-height: 44px;
    border: 1px solid #9aa5b1;
    border-radius: 8px;
  }
  .form-actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
  }
  .feedback {
    margin: 0;
    padding: 0.6rem 0.75rem;
    border-radius: 8px;
  }
  .feedback.ok {
    background: #e6f4ea;
  }
  .feedback.error {
    background: #fdecea;
    color: #b3261e;
    font-weight: 600;
  }
  .contact,
  .share,
  .business {
    padding: 1rem;
    border: 1px solid #e4e7eb;
    border-radius: 12px;
  }

  .not-found {
    padding: 2rem 1rem;
    text-align: center;
  }
`;
