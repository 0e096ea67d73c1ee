import type { Listing } from '../../../src/domain/types';
import { useElement } from '../../define';

/** The services by category, under the tenant's name for them. */
export function Services({ listing }: { listing: Listing }) {
  const { tenant } = useElement();
  return (
    <section id="services" tabIndex={-1} aria-labelledby="services-title">
      <h2 id="services-title">{tenant.titles.servicesSectionName}</h2>
      {listing.servicesDescription.trim() && <p>{listing.servicesDescription}</p>}
      <dl className="groups">
        {listing.services.map((group) => (
          <div key={group.category}>
            <dt>{group.category}</dt>
            <dd>{group.options.join(' · ')}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
