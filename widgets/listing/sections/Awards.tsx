import type { Listing } from '../../../src/domain/types';
import { SafeLink } from '../../../src/ui/SafeLink';
import { useElement } from '../../define';

/** The awards by year; an award page of ours links to our site. */
export function Awards({ listing }: { listing: Listing }) {
  const { site } = useElement();
  return (
    <section aria-labelledby="awards-title">
      <h2 id="awards-title">Awards</h2>
      <ul className="awards">
        {listing.annualAwards.flatMap((year) =>
          year.awards.map((award) => (
            <li key={`${year.year}-${award.name}-${award.title}`}>
              <span className="award-year">{year.year}</span>{' '}
              {award.url ? (
                <SafeLink
                  href={award.url}
                  // A path is one of our pages ('/best-of/…'): on a partner's page it lives on our site.
                  resolve={(url) => (url.startsWith('/') ? `${site}${url}` : url)}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {award.title || award.name}
                </SafeLink>
              ) : (
                award.title || award.name
              )}
              {award.title && award.name && award.title !== award.name && <> · {award.name}</>}
            </li>
          )),
        )}
      </ul>
    </section>
  );
}
