import { useSyncExternalStore, type ReactNode } from 'react';
import { accountStore, recentSearchesAttribute } from '../accounts/session';
import { pageHeading } from '../../src/domain/routes';
import { ElementScreen } from '../../widgets/element-screen';
import type { PageProps } from './types';

/** /search: the search element fills this page (issue 4) and owns its URL. */
export default function Search({ tenant }: PageProps) {
  return (
    <SearchSection tenant={tenant} attributes={{ 'sync-url': true }}>
      <h1>{pageHeading(tenant.metaDataPages.searchPage.title, tenant.brandName)}</h1>
    </SearchSection>
  );
}

/**
 * The page's search element under its opening (`children`: a heading, a best-of page's content),
 * with its first screen when the server draws the page. A signed-in visitor's saved searches come
 * back as suggestions in the search's fields.
 */
export function SearchSection({
  tenant,
  attributes,
  children,
}: Pick<PageProps, 'tenant'> & {
  attributes: { 'sync-url': true } | { 'best-of': string };
  children: ReactNode;
}) {
  const recent = useSyncExternalStore(accountStore.subscribe, () => accountStore.getState().recentSearches);
  const all = { 'recent-searches': recentSearchesAttribute(recent), ...attributes };
  return (
    <section id="search-filter" tabIndex={-1}>
      {children}
      <wellspring-search tenant={tenant.name} {...all}>
        <ElementScreen tag="wellspring-search" attributes={all} />
      </wellspring-search>
    </section>
  );
}
