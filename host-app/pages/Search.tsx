import type { PageProps } from '../App';

/** /search and /best-of/:destination: the search element fills this page (issue 4). */
export default function Search({ tenant, route }: PageProps) {
  const destination = route.params.destination;
  return (
    <section id="search-filter" tabIndex={-1}>
      <h1>
        {destination ? `Best of ${destination.replace(/-/g, ' ')}` : tenant.metaDataPages.searchPage.title}
      </h1>
      <wellspring-search tenant={tenant.name} {...(destination ? { 'best-of': destination } : {})} />
    </section>
  );
}
