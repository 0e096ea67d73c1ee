/**
 * The one way a link from the CMS or a listing record is rendered: its URL goes through the rule
 * of src/domain/links (http, https, mailto, tel, paths of the site) again here, because Preact
 * writes a `javascript:` URL into `href` as it is. The server already checks these URLs where they
 * enter its answers; this keeps a page safe whatever API it is pointed at.
 */
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { safeUrl } from '../domain/links';

export interface SafeLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A URL from content or a record, untrusted. */
  href: string | null | undefined;
  /**
   * Turns a safe URL into the one to link to, e.g. a site path into an absolute URL on the hosted
   * site (`(url) => url.startsWith('/') ? site + url : url`). Never called for a refused URL.
   */
  resolve?: (url: string) => string;
  children?: ReactNode;
}

/**
 * An `<a>` with a checked `href`; a refused or empty URL renders the children as text (in a
 * `<span>` with the same class), so a page never holds a link that runs script.
 */
export function SafeLink({ href, resolve, children, ...rest }: SafeLinkProps) {
  const url = safeUrl(href);
  if (!url) return <span className={rest.className}>{children}</span>;
  return (
    <a {...rest} href={resolve ? resolve(url) : url}>
      {children}
    </a>
  );
}
