/**
 * The server's CMS HTML sanitiser: the hosted site's pages are drawn on the server
 * (host-app/render.tsx), before any script has run, so the server sanitises the content it draws.
 * sanitize-html (htmlparser2, no DOM) applies src/ui/cms-html-policy, as the browser's DOMPurify
 * does (src/ui/CmsHtml), which still sanitises it again once the page's script has run. Imported
 * by the server's render only (eslint.config.js): it never reaches a browser bundle.
 */
import sanitizeHtml, { type IOptions } from 'sanitize-html';
import {
  CMS_ATTRIBUTES,
  CMS_TAGS,
  CMS_URL_ATTRIBUTES,
  CMS_URL_SCHEMES,
  isKeptAttribute,
  linkTarget,
  NO_TEXT_TAGS,
} from './cms-html-policy';

/** An element's attributes as the policy keeps their values (names are the allowlist's). */
function keptAttributes(tagName: string, attribs: sanitizeHtml.Attributes) {
  const kept: sanitizeHtml.Attributes = {};
  for (const [name, value] of Object.entries(attribs)) if (isKeptAttribute(name, value)) kept[name] = value;
  if (kept.target !== undefined) {
    const { target, rel } = linkTarget(kept.target, kept.rel ?? null);
    if (target) kept.target = target;
    else delete kept.target;
    if (rel) kept.rel = rel;
  }
  return { tagName, attribs: kept };
}

const OPTIONS: IOptions = {
  allowedTags: [...CMS_TAGS],
  allowedAttributes: { '*': [...CMS_ATTRIBUTES, 'aria-*'] },
  allowedSchemes: [...CMS_URL_SCHEMES],
  allowedSchemesAppliedToAttributes: [...CMS_URL_ATTRIBUTES],
  // SAFE_URL keeps '//host/path' too (a relative URL to the browser).
  allowProtocolRelative: true,
  disallowedTagsMode: 'discard',
  nonTextTags: [...NO_TEXT_TAGS],
  selfClosing: ['img', 'br', 'hr', 'wbr', 'source', 'col'],
  transformTags: { '*': keptAttributes },
  // No style attribute is kept, so none is parsed.
  parseStyleAttributes: false,
};

/** Safe HTML from CMS HTML, without a DOM: what CmsHtml draws on the server. */
export function sanitizeCmsHtmlOnServer(html: string): string {
  return html ? sanitizeHtml(html, OPTIONS) : '';
}
