import type { PageProps } from '../App';

export default function Home({ tenant }: PageProps) {
  return (
    <>
      <section className="hero">
        <h1>{tenant.metaDataPages.homePage.title}</h1>
        <p>{tenant.metaDataPages.homePage.description}</p>
        <p>
          <a className="button" href="/search">
            {tenant.titles.mainSearchButtonName}
          </a>
        </p>
      </section>
      <wellspring-offers-carousel tenant={tenant.name} />
    </>
  );
}
