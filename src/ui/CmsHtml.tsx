/**
 * The one way CMS HTML reaches the page (src/domain/content.ts: fields documented 'HTML' hold
 * the editor's HTML exactly as written; the server's API passes it through, and it is sanitised
 * where it is inserted). Every other CMS string is plain text and is rendered as text, never
 * through this. What survives is src/ui/cms-html-policy's allowlist.
 */
import {
  createContext,
  createElement,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';
import {
  CMS_ATTRIBUTES,
  CMS_TAGS,
  isKeptAttribute,
  linkTarget,
  NO_TEXT_TAGS,
  SAFE_URL,
} from './cms-html-policy';
import { afterNextPaint } from './after-paint';
import { ServerDraw } from './server-draw';

export interface CmsHtmlProps {
  /** CMS HTML, untrusted. */
  html: string;
  /** The wrapping element: a block, since CMS HTML holds paragraphs and lists. @default 'div' */
  as?: 'div' | 'section' | 'article' | 'aside';
  className?: string;
}

const CONFIG: Config = {
  // '#text': an explicit list replaces DOMPurify's own, text nodes included.
  ALLOWED_TAGS: [...CMS_TAGS, '#text'],
  ALLOWED_ATTR: [...CMS_ATTRIBUTES],
  FORBID_CONTENTS: [...NO_TEXT_TAGS],
  ALLOW_ARIA_ATTR: true,
  ALLOW_DATA_ATTR: false,
  ALLOWED_URI_REGEXP: SAFE_URL,
};

function createPurifier(): Purifier | null {
  if (typeof window === 'undefined') return null;
  const purifier = DOMPurify(window);
  if (!purifier.isSupported) return null;
  purifier.addHook('uponSanitizeAttribute', (_node, data) => {
    if (!isKeptAttribute(data.attrName, data.attrValue)) data.keepAttr = false;
  });
  purifier.addHook('afterSanitizeAttributes', (node) => {
    const target = node.getAttribute('target');
    if (target === null) return;
    const kept = linkTarget(target, node.getAttribute('rel'));
    if (!kept.target) node.removeAttribute('target');
    if (kept.rel) node.setAttribute('rel', kept.rel);
  });
  return purifier;
}

let purifier: Purifier | null | undefined;

/**
 * Safe HTML from CMS HTML, by the browser's DOM. Without a DOM to sanitise with it answers ''
 * rather than pass the HTML through unchecked (the server's render sanitises with its own:
 * CmsSanitizer).
 */
export function sanitizeCmsHtml(html: string): string {
  if (!html) return '';
  if (purifier === undefined) purifier = createPurifier();
  return purifier ? purifier.sanitize(html, CONFIG) : '';
}

/** The sanitiser CmsHtml draws with: the browser's, or the server's in its render (render.tsx). */
export const CmsSanitizer = createContext<(html: string) => string>(sanitizeCmsHtml);

/** What a hydrated CmsHtml gives Preact, which leaves an element's inner HTML alone in hydration. */
const SERVERS_MARKUP = { __html: '' };

/** CMS HTML, sanitised, inside a `div` (or `as`). */
export function CmsHtml({ html, as = 'div', className }: CmsHtmlProps) {
  const sanitize = useContext(CmsSanitizer);
  const serverDraw = useContext(ServerDraw);
  // The app hydrating the server's first draw (ServerDraw): the page shows this HTML already, as
  // the server's sanitiser kept it (the same allowlist), so hydration does not sanitise it again
  // in its task; the browser's sanitiser checks it after the paint, in a task of its own. DOMPurify
  // over a page's CMS HTML took tens of milliseconds of a phone's main thread.
  const [served] = useState(() => (serverDraw.current && typeof document !== 'undefined' ? html : null));
  const checkLater = served === html;
  const clean = useMemo(() => (checkLater ? null : sanitize(html)), [checkLater, sanitize, html]);
  const element = useRef<HTMLElement>(null);
  // Hydration keeps the markup the server drew (Preact does not compare inner HTML then): the
  // browser's own sanitiser has the last word, at once or after the paint. Both keep the same
  // markup (cms-html-policy), so this replaces nothing unless they disagree.
  const check = (checked: string) => {
    if (element.current && element.current.innerHTML !== checked) element.current.innerHTML = checked;
  };
  useLayoutEffect(() => {
    if (clean !== null) check(clean);
    // Drawn anew while the app hydrates (no markup of the server's here): sanitised at once.
    else if (element.current?.innerHTML === '' && html) check(sanitize(html));
  }, [clean, sanitize, html]);
  useEffect(() => {
    if (checkLater) return afterNextPaint(() => check(sanitize(html)));
  }, [checkLater, sanitize, html]);
  return createElement(as, {
    ref: element,
    className,
    dangerouslySetInnerHTML: clean === null ? SERVERS_MARKUP : { __html: clean },
  });
}
