/** Pieces every module uses: headings, images, button links, and their styles. */
import { createElement, type ReactNode } from 'react';
import { css } from '@emotion/react';
import { DEFAULT_IMAGE_SIZE } from '../../src/domain/images';
import { ABOVE_MOBILE } from './viewport';
import type { HeadingLevel } from './types';
import { SafeLink } from '../../src/ui/SafeLink';

/** An h1-h4 by level. */
export function Heading({
  level,
  id,
  className,
  children,
}: {
  level: HeadingLevel;
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  return createElement(`h${level}`, { id, className }, children);
}

/** The level of item headings: one below the module's heading, or the module's level when it has none. */
export function itemLevel(level: HeadingLevel, moduleHasHeading: boolean): HeadingLevel {
  return moduleHasHeading ? (Math.min(level + 1, 4) as HeadingLevel) : level;
}

/** A module's heading and subtitle; nothing for an empty title. */
export function ModuleHeader({
  title,
  subtitle,
  level,
  id,
}: {
  title: string;
  subtitle?: string;
  level: HeadingLevel;
  id?: string;
}) {
  if (!title && !subtitle) return null;
  return (
    <header className="cm-header">
      {title && (
        <Heading level={level} id={id} className="cm-heading">
          {title}
        </Heading>
      )}
      {subtitle && <p className="cm-subtitle">{subtitle}</p>}
    </header>
  );
}

/** Whether a link goes to another site (such links open in a new tab, and say so to screen readers). */
export function isExternal(url: string): boolean {
  return /^https?:\/\//i.test(url) && (typeof location === 'undefined' || !url.startsWith(location.origin));
}

/** A link styled as a button, at least 44 px high; another site's link opens in a new tab. */
export function ButtonLink({
  href,
  children,
  variant = 'primary',
}: {
  href: string;
  children: ReactNode;
  variant?: 'primary' | 'accent' | 'outline' | 'light';
}) {
  const external = isExternal(href);
  return (
    <SafeLink
      className={`cm-button cm-button--${variant}`}
      href={href}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
      {external && <span className="visually-hidden"> (opens in a new tab)</span>}
    </SafeLink>
  );
}

export interface ImageProps {
  /** Image for wider screens (and for all when `mobile` is ''). */
  src: string;
  /** Image for screens under 600 px; '' uses `src`. */
  mobile?: string;
  /** '' marks the image decorative. */
  alt: string;
  /** Intrinsic size, so the browser reserves the space before it loads. @default 360x260 */
  width?: number;
  height?: number;
  /** Above the fold: load now. Else the browser loads it when it nears the viewport. */
  eager?: boolean;
  className?: string;
}

/** An image, with a <picture> source when it has a separate mobile version. */
export function ResponsiveImage({
  src,
  mobile = '',
  alt,
  width = DEFAULT_IMAGE_SIZE.width,
  height = DEFAULT_IMAGE_SIZE.height,
  eager = false,
  className,
}: ImageProps) {
  const img = (
    <img
      className={className}
      src={mobile || src}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
  if (!mobile || mobile === src) return img;
  return (
    <picture>
      <source media={ABOVE_MOBILE} srcSet={src} />
      {img}
    </picture>
  );
}

/**
 * A CMS colour for an inline style, or '' when it is not a plain colour (hex, rgb(a), hsl(a) or
 * a colour name). Keeps url(), var() and friends out of style attributes.
 */
export function safeColor(value: string): string {
  const trimmed = value.trim();
  return /^(?:#[0-9a-f]{3,8}|(?:rgba?|hsla?)\([\d\s.,%/+-]+\)|[a-z]+)$/i.test(trimmed) ? trimmed : '';
}

export const sharedStyles = css`
  .cm-modules {
    display: grid;
    gap: 2.5rem;
    padding-bottom: 2rem;
    color: var(--ws-text);
  }
  @media (min-width: 960px) {
    .cm-modules {
      gap: 3.5rem;
    }
  }
  /* Each module's wrapper (ContentModules) leaves the grid its module. */
  .cm-module {
    display: contents;
  }
  .cm-module > * {
    min-width: 0;
  }
  .cm-page-title {
    margin: 0;
    font-size: clamp(1.6rem, 1.2rem + 1.6vw, 2.4rem);
    line-height: 1.2;
    color: var(--ws-secondary);
  }
  .cm-header {
    margin-bottom: 1rem;
  }
  .cm-heading {
    margin: 0 0 0.25rem;
    font-size: clamp(1.35rem, 1.15rem + 0.9vw, 1.9rem);
    line-height: 1.25;
    color: var(--ws-secondary);
  }
  .cm-subtitle {
    margin: 0;
    color: color-mix(in srgb, var(--ws-text) 72%, transparent);
  }
  .cm-button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 0.4rem;
    min-height: 44px;
    min-width: 44px;
    padding: 0.6rem 1.25rem;
    border: 2px solid transparent;
    border-radius: 999px;
    background: var(--ws-primary);
    color: var(--ws-on-primary);
    font: inherit;
    font-weight: 600;
    line-height: 1.2;
    text-align: center;
    text-decoration: none;
    cursor: pointer;
  }
  .cm-button:hover {
    filter: brightness(1.08);
  }
  .cm-button--accent {
    background: var(--ws-accent);
    color: var(--ws-on-accent);
  }
  .cm-button--outline {
    background: transparent;
    color: var(--ws-primary);
    border-color: currentColor;
  }
  .cm-button--light {
    background: #fff;
    color: var(--ws-secondary);
  }
  .cm-button[aria-disabled='true'] {
    opacity: 0.7;
    cursor: progress;
  }
  .cm-modules :is(a, button, input, select, textarea, summary, [tabindex]):focus-visible {
    outline: 3px solid var(--ws-accent);
    outline-offset: 2px;
  }
  .cm-grid {
    display: grid;
    grid-template-columns: 1fr;
    gap: 1rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  @media (min-width: 600px) {
    .cm-grid--2,
    .cm-grid--3,
    .cm-grid--4 {
      grid-template-columns: repeat(2, minmax(0, 1fr));
    }
  }
  @media (min-width: 960px) {
    .cm-grid--3 {
      grid-template-columns: repeat(3, minmax(0, 1fr));
    }
    .cm-grid--4 {
      grid-template-columns: repeat(4, minmax(0, 1fr));
    }
  }
  .cm-more {
    margin: 1rem 0 0;
  }
  .cm-rich > * {
    margin-top: 0;
    margin-bottom: 0;
  }
  .cm-rich > * + * {
    margin-top: 0.75em;
  }
  .cm-rich > * + :is(h2, h3, h4) {
    margin-top: 1.25em;
  }
  .cm-rich img {
    max-width: 100%;
    height: auto;
  }
`;
