import { useEffect } from 'react';
import { PAGE_SEGMENTS } from '../../src/domain/routes';
import { findPathKeywords } from '../../src/domain/find-keywords';
import { ContentModules } from '../content/ContentModules';
import { contentApi, useContent } from '../content-data';
import { contentKeys } from '../../src/domain/page-content';
import type { PageProps } from './types';

/**
 * The marketing pages of spec 2.1 from the content API. A blog 'find' path (/find/massages)
 * shows the service content of its automatic keywords (spec 2.3) with a search for them.
 */
export default function Marketing({ tenant, route }: PageProps) {
  const findPath = route.page === 'find' ? route.params.path : undefined;
  const keywords = findPath ? findPathKeywords(`/find/${findPath}`) : null;
  const slug = PAGE_SEGMENTS[route.page];
  const api = contentApi(tenant);
  const content = useContent(
    keywords ? contentKeys.serviceContent(tenant.name, keywords) : contentKeys.page(tenant.name, slug),
    () => (keywords ? api.serviceContent(keywords) : api.page(slug)),
  );

  const title = content.status === 'ready' ? content.data.yoast.title || content.data.title : '';
  useEffect(() => {
    if (title) document.title = `${title} | ${tenant.brandName}`;
  }, [title, tenant.brandName]);

  if (content.status === 'loading') {
    return (
      <p className="page-loading" role="status">
        Loading…
      </p>
    );
  }
  if (content.status !== 'ready') {
    return (
      <section>
        <h1>{content.status === 'missing' ? 'Page not found' : 'Something went wrong'}</h1>
        <p>{content.status === 'missing' ? 'We could not find that page.' : content.message}</p>
        <p>
          <a href="/search">{tenant.titles.mainSearchButtonName}</a> or go to the <a href="/">home page</a>.
        </p>
      </section>
    );
  }
  return (
    <article>
      <ContentModules page={content.data} tenant={tenant} />
      {keywords && (
        <p>
          <a className="button" href={`/search?keywords=${encodeURIComponent(keywords)}`}>
            Find {keywords} near you
          </a>
        </p>
      )}
    </article>
  );
}
