/**
 * The one way CMS HTML reaches the page (src/domain/content.ts: fields documented 'HTML' hold
 * the editor's HTML exactly as written; the server passes it through, the browser sanitises it
 * here). Every other CMS string is plain text and is rendered as text, never through this.
 */
import { createElement, useMemo } from 'react';
import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';

export interface CmsHtmlProps {
  /** CMS HTML, untrusted. */
  html: string;
  /** The wrapping element: a block, since CMS HTML holds paragraphs and lists. @default 'div' */
  as?: 'div' | 'section' | 'article' | 'aside';
  className?: string;
}

/** http(s), mailto and tel URLs, and relative ones ('/search', '#faq', 'page.html', '?q=1'). */
const SAFE_URL = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;
/** What browsers ignore inside a URL scheme ('jav&#x09;ascript:' is 'javascript:' to them). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it strips
const URL_WHITESPACE = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;
/** Attributes holding one URL. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'cite',
  'poster',
  'action',
  'formaction',
  'xlink:href',
  'background',
]);

const CONFIG: Config = {
  // HTML only: no SVG or MathML, whose parsing quirks carry most mutation-XSS tricks.
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'script',
    'style',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'applet',
    'form',
    'input',
    'button',
    'select',
    'textarea',
    'base',
    'link',
    'meta',
    'template',
  ],
  // Inline styles would let content restyle (or cover) the page around it; the theme styles it.
  FORBID_ATTR: ['style', 'srcdoc', 'formaction', 'action'],
  ADD_ATTR: ['target'],
  ALLOWED_URI_REGEXP: SAFE_URL,
  ALLOW_DATA_ATTR: false,
};

export function isSafeUrl(value: string): boolean {
  return SAFE_URL.test(value.replace(URL_WHITESPACE, ''));
}

function createPurifier(): Purifier | null {
  if (typeof window === 'undefined') return null;
  const purifier = DOMPurify(window);
  if (!purifier.isSupported) return null;
  purifier.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    // DOMPurify drops event handlers already; this keeps that true whatever the config becomes.
    if (name.startsWith('on')) data.keepAttr = false;
    // DOMPurify lets data: URLs through on images; we allow http(s), mailto, tel and relative only.
    else if (URL_ATTRIBUTES.has(name) && !isSafeUrl(data.attrValue)) data.keepAttr = false;
    else if (name === 'srcset') {
      const urls = data.attrValue.split(',').map((candidate) => candidate.trim().split(/\s+/)[0] ?? '');
      if (!urls.every(isSafeUrl)) data.keepAttr = false;
    }
  });
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (!node.hasAttribute('target')) return;
    const target = node.getAttribute('target');
    if (target !== '_blank' && target !== '_self') {
      node.removeAttribute('target');
      return;
    }
    if (target === '_blank') {
      // The opened page must not get a handle on ours (window.opener) nor learn where it came from.
      const rel = new Set((node.getAttribute('rel') ?? '').split(/\s+/).filter(Boolean));
      rel.add('noopener');
      rel.add('noreferrer');
      node.setAttribute('rel', [...rel].join(' '));
    }
  });
  return purifier;
}

let purifier: Purifier | null | undefined;

/**
 * Safe HTML from CMS HTML: no scripts, styles, frames, plugins or forms, no event handlers, and
 * only http(s), mailto, tel and relative URLs. Without a DOM to sanitise with (a server render)
 * it answers '' rather than pass the HTML through unchecked.
 */
export function sanitizeCmsHtml(html: string): string {
  if (!html) return '';
  if (purifier === undefined) purifier = createPurifier();
  return purifier ? purifier.sanitize(html, CONFIG) : '';
}

/** CMS HTML, sanitised, inside a `div` (or `as`). */
export function CmsHtml({ html, as = 'div', className }: CmsHtmlProps) {
  const clean = useMemo(() => sanitizeCmsHtml(html), [html]);
  return createElement(as, { className, dangerouslySetInnerHTML: { __html: clean } });
}
