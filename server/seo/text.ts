/**
 * Text helpers of the server-rendered page heads: escaping for HTML and for JSON inside a
 * <script>, and absolute URLs. Every value that reaches a head passes one of
 * the escapers: listing names and descriptions come from merchants and the CMS.
 */
import { canonicalUrl } from '../../src/domain/slug';

/** Text or an attribute value for HTML: `& < > " '` as character references. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const JSON_IN_SCRIPT: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON for a <script> element: `<` as `\u003c` (and `>`, `&`, the line separators), so no text
 * in the data can close the script or open a comment; JSON.parse reads it back unchanged.
 */
export const jsonForScript = (data: unknown): string =>
  JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (char) => JSON_IN_SCRIPT[char]!);

/** True for an http(s) URL with a host: what a canonical link or an image can be as it is. */
export const isAbsoluteUrl = (url: string): boolean => /^https?:\/\/[^/]/i.test(url);

/**
 * A link as search engines and link previews need it, absolute: URLs stay, '//host/x' gets the
 * site's protocol, paths are joined to the site base ('https://spa.example' + '/media/a.svg').
 */
export function absoluteUrl(siteBase: string, url: string): string {
  const trimmed = url.trim();
  if (isAbsoluteUrl(trimmed)) return trimmed;
  if (trimmed.startsWith('//')) return `${/^https:/i.test(siteBase) ? 'https' : 'http'}:${trimmed}`;
  // The home page is the site's root with its slash, as browsers and crawlers write it.
  if (trimmed === '/') return `${siteBase.replace(/\/+$/, '')}/`;
  return canonicalUrl(siteBase, trimmed);
}
