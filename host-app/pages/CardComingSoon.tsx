import { modulesOf } from '../../src/domain/content';
import { ContentModules } from '../content/ContentModules';
import { contentApi, useContent } from '../content-data';
import type { PageProps } from './types';

/**
 * `/{product}-card-coming-soon`: where a tenant that does not sell online yet sends buyers
 * (spec 2.8). It shows where the card will be sold, from the home page's retailers module.
 */
export default function CardComingSoon({ tenant }: PageProps) {
  const home = useContent(`homepage:${tenant.name}`, () => contentApi(tenant).homepage());
  const page = home.status === 'ready' ? home.data : null;
  const retailers = page ? modulesOf(page, 'retailers') : [];
  return (
    <article>
      <h1>The {tenant.productName} is coming soon</h1>
      <p>
        You will soon be able to buy the {tenant.productName} for {tenant.brandName}. Here is where it is
        arriving first.
      </p>
      {page && retailers.length > 0 && (
        <ContentModules
          page={{ ...page, 'custom-fields': { modules: retailers } }}
          tenant={tenant}
          pageHeading={false}
        />
      )}
      <p>
        <a href="/card-balance-inquiry">Already have a card? Check your balance.</a>
      </p>
    </article>
  );
}
