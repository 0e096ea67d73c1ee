import { useEffect } from 'react';
import { ContentModules } from '../content/ContentModules';
import { contentApi, useContent } from '../content-data';
import { contentKeys } from '../../src/domain/page-content';
import { HomeMap } from './HomeMap';
import type { PageProps } from './types';

/** The home page: the tenant's home modules from the content API (spec 2.8), in their order; ContentModules sets the h1. */
export default function Home({ tenant }: PageProps) {
  const home = useContent(contentKeys.homepage(tenant.name), () => contentApi(tenant).homepage());
  useEffect(() => {
    document.title = tenant.metaDataPages.homePage.title;
  }, [tenant]);
  return (
    <>
      {home.status === 'ready' ? (
        <>
          <ContentModules page={home.data} tenant={tenant} />
          {tenant.options.search.map && <HomeMap tenant={tenant} />}
        </>
      ) : home.status === 'loading' ? (
        <p className="page-loading" role="status">
          Loading…
        </p>
      ) : (
        // Without home content the offers still show: the page is never empty.
        <>
          <h1>{tenant.metaDataPages.homePage.title}</h1>
          <wellspring-offers-carousel tenant={tenant.name} />
        </>
      )}
    </>
  );
}
