import { useEffect } from 'react';
import { ContentModules } from '../content/ContentModules';
import { contentApi, useContent } from '../content-data';
import { contentKeys } from '../../src/domain/page-content';
import { destinationName } from '../../src/domain/search';
import { SearchSection } from './Search';
import type { PageProps } from './types';

/**
 * /best-of/:destination: the search element searches the destination under its content (its
 * header and copy). A page of its own, so a plain search page does not load the content modules.
 */
export default function BestOf({ tenant, route }: PageProps) {
  const term = route.params.destination ?? '';
  return (
    <SearchSection tenant={tenant} attributes={{ 'best-of': term }}>
      <Destination tenant={tenant} term={term} />
    </SearchSection>
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
    if (settled) document.title = `${seoTitle || `Best of ${destinationName(term)}`} | ${tenant.brandName}`;
  }, [settled, seoTitle, term, tenant.brandName]);
  // The element shows the breadcrumb bar of best-of links (spec 2.7); the page shows the header.
  if (content.status === 'ready') return <ContentModules page={content.data} tenant={tenant} />;
  // No content for this destination: the search still runs under a plain heading.
  return <h1>Best of {destinationName(term)}</h1>;
}
