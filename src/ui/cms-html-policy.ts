/**
 * What CMS HTML may keep, in one place for the two sanitisers that apply it: the browser's
 * (src/ui/CmsHtml: DOMPurify) and the server's, which draws a page's content before any script
 * has run (src/ui/cms-html-server: sanitize-html). Both keep the same markup, so the browser's
 * sanitising of what the server drew changes nothing on screen.
 *
 * An allowlist of what editors write: text, headings, lists, links, images, quotes, tables. No
 * scripts, styles, frames, plugins, forms, media players, SVG or MathML (whose parsing quirks carry
 * most mutation-XSS tricks), and no landmarks or roles (the page has its own).
 */

/** The elements CMS HTML keeps; others are dropped, their content kept (but see NO_TEXT_TAGS). */
export const CMS_TAGS: readonly string[] = [
  ...['p', 'br', 'hr', 'div', 'span', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre'],
  ...['b', 'strong', 'i', 'em', 'u', 's', 'del', 'ins', 'mark', 'small', 'sub', 'sup', 'q', 'cite'],
  ...['abbr', 'dfn', 'code', 'kbd', 'samp', 'var', 'time', 'wbr', 'bdi', 'bdo', 'ruby', 'rt', 'rp'],
  ...['a', 'img', 'picture', 'source', 'figure', 'figcaption', 'address', 'details', 'summary'],
  ...['ul', 'ol', 'li', 'dl', 'dt', 'dd'],
  ...['table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
];

/** Elements dropped with their content: code, styles, frames, foreign markup: not to be read. */
export const NO_TEXT_TAGS: readonly string[] = [
  ...['script', 'style', 'template', 'iframe', 'noscript', 'noembed', 'noframes', 'xmp'],
  ...['plaintext', 'title', 'head', 'svg', 'math', 'audio', 'video'],
];

/**
 * The attributes CMS HTML keeps, on any kept element, besides `aria-*`. No `style` (content would
 * restyle or cover the page around it: the theme styles it), no event handlers, no `data-*`, and
 * no `id` or `name` (they would name globals and clash with the page's own ids).
 */
export const CMS_ATTRIBUTES: readonly string[] = [
  ...['href', 'target', 'rel', 'hreflang', 'src', 'srcset', 'sizes', 'media', 'type', 'alt'],
  ...['width', 'height', 'loading', 'decoding', 'title', 'class', 'lang', 'dir', 'cite', 'datetime'],
  ...['start', 'reversed', 'value', 'colspan', 'rowspan', 'span', 'scope', 'headers', 'abbr', 'open'],
];

/** The URL schemes CMS HTML keeps (relative URLs too). */
export const CMS_URL_SCHEMES: readonly string[] = ['http', 'https', 'mailto', 'tel'];

/** URLs of CMS_URL_SCHEMES, and relative ones ('/search', '#faq', 'page.html', '?q=1'). */
export const SAFE_URL = new RegExp(
  `^(?:(?:${CMS_URL_SCHEMES.join('|')}):|[^a-z]|[a-z+.-]+(?:[^a-z+.\\-:]|$))`,
  'i',
);
/** What browsers ignore inside a URL scheme ('jav&#x09;ascript:' is 'javascript:' to them). */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it strips
const URL_WHITESPACE = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;
/** The kept attributes holding one URL. */
export const CMS_URL_ATTRIBUTES: readonly string[] = ['href', 'src', 'cite'];
const URL_ATTRIBUTES = new Set(CMS_URL_ATTRIBUTES);

export function isSafeUrl(value: string): boolean {
  return SAFE_URL.test(value.replace(URL_WHITESPACE, ''));
}

/**
 * Whether an attribute a sanitiser would keep by name also keeps its value: a URL attribute only
 * with a safe URL (DOMPurify lets data: URLs through on images), a srcset only if every URL in it
 * is, and never an event handler (neither sanitiser allows one; this keeps it so).
 */
export function isKeptAttribute(name: string, value: string): boolean {
  const lower = name.toLowerCase();
  if (lower.startsWith('on')) return false;
  if (URL_ATTRIBUTES.has(lower)) return isSafeUrl(value);
  if (lower === 'srcset')
    return value.split(',').every((candidate) => isSafeUrl(candidate.trim().split(/\s+/)[0] ?? ''));
  return true;
}

/**
 * A link's target and rel as kept: only `_blank` and `_self` targets, and a link opening a new
 * tab gets `noopener noreferrer` (the opened page must not get a handle on ours, window.opener,
 * nor learn where it came from), keeping the editor's other rel tokens.
 */
export function linkTarget(target: string, rel: string | null): { target?: string; rel?: string } {
  if (target !== '_blank' && target !== '_self') return {};
  if (target === '_self') return { target };
  const tokens = new Set((rel ?? '').split(/\s+/).filter(Boolean));
  tokens.add('noopener');
  tokens.add('noreferrer');
  return { target, rel: [...tokens].join(' ') };
}
