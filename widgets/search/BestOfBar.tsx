import { useEffect, useState } from 'react';
import { createContentApi } from '../../src/api/client';
import { destinationCall, type ContentPage, type DestinationNavItem } from '../../src/domain/content';
import { useElement } from '../define';
import { useShadowStyles } from '../styles';
import { bestOfBarStyles } from './best-of-bar.styles';

/**
 * The breadcrumb bar of best-of links (spec 2.7) on a best-of page: the tenant's destinations
 * from the content API, the current one marked. Nothing shows when the destination has no
 * content. `onTitle` learns the destination's name ('Austin, TX') for the location field. A
 * hosted best-of page carries the content (or null, none): the links are in the first draw.
 */
export function BestOfBar({
  apiBase,
  term,
  onTitle,
}: {
  apiBase: string;
  term: string;
  onTitle(title: string): void;
}) {
  const { tenant, site, carried } = useElement();
  useShadowStyles(bestOfBarStyles);
  // undefined: not carried (a partner's page, or another term since).
  const [fromPage] = useState(() => ({ term, page: carried<ContentPage | null>(destinationCall(term)) }));
  const [items, setItems] = useState<DestinationNavItem[]>(fromPage.page?.destinations_nav ?? []);

  useEffect(() => {
    const show = (page: ContentPage) => {
      setItems(page.destinations_nav);
      const current = page.destinations_nav.find((item) => item.term === term);
      if (current) onTitle(current.title);
    };
    if (fromPage.term === term && fromPage.page !== undefined) {
      if (fromPage.page) show(fromPage.page);
      return;
    }
    const controller = new AbortController();
    createContentApi(apiBase, tenant)
      .destination(term, controller.signal)
      .then(show, () => setItems([]));
    return () => controller.abort();
  }, [apiBase, tenant.name, term]); // onTitle is a setter of the parent

  if (items.length === 0) return null;
  return (
    <nav className="best-of" aria-label="Best of destinations">
      <ol>
        {items.map((item) => (
          <li key={item.term}>
            <a href={`${site}${item.url}`} aria-current={item.term === term ? 'page' : undefined}>
              Best of {item.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
