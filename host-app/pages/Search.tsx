import { useEffect, useSyncExternalStore } from 'react';
import { accountStore, recentSearchesAttribute } from '../accounts/session';
import { ContentModules } from '../content/ContentModules';
import { contentApi, useContent } from '../content-data';
import { ElementScreen } from '../element-screen';
import { contentKeys } from '../../src/domain/page-content';
import type { PageProps } from './types';

/** /search and /best-of/:destination: the search element fills this page (issue 4). */
export default function Search({ tenant, route }: PageProps) {
  const destination = route.params.destination;
  // A signed-in visitor's saved searches come back as suggestions in the search's fields.
  const recent = useSyncExternalStore(accountStore.subscribe, () => accountStore.getState().recentSearches);
  const attributes = {
    'recent-searches': recentSearchesAttribute(recent),
    ...(destination ? { 'best-of': destination } : { 'sync-url': true }),
  };
  return (
    <section id="search-filter" tabIndex={-1}>
      {destination ? (
        <Destination tenant={tenant} term={destination} />
      ) : (
        <h1>{tenant.metaDataPages.searchPage.title}</h1>
      )}
      <wellspring-search tenant={tenant.name} {...attributes}>
        <ElementScreen tag="wellspring-search" attributes={attributes} />
      </wellspring-search>
    </section>
  );
}

/** A best-of page opens with its destination content (its header and copy). */
function Destination({ tenant, term }: { tenant: PageProps['tenant']; term: string }) {
  const content = useContent(contentKeys.destination(tenant.name, term), () =>
    contentApi(tenant).destination(term),
  );
  // The tab reads as the server's head does: the CMS SEO title, else 'Best of {term}'.
  const seoTitle = content.status === 'ready' ? content.data.yoast.title || content.data.title : '';
  const settled = content.status !== 'loading';
  useEffect(() => {
    if (settled) document.title = `${seoTitle || `Best of ${term.replace(/-/g, ' ')}`} | ${tenant.brandName}`;
  }, [settled, seoTitle, term, tenant.brandName]);
  // The element shows the breadcrumb bar of best-of links (spec 2.7); the page shows the header.
  if (content.status === 'ready') return <ContentModules page={content.data} tenant={tenant} />;
  // No content for this destination: the search still runs under a plain heading.
  return <h1>Best of {term.replace(/-/g, ' ')}</h1>;
}
