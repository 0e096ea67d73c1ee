/** Pieces the listing page, the offer page and the not-found state share. */
import { listingBreadcrumbs, type MiniLink } from '../../src/domain/listing-page';
import { useElement } from '../define';
import { useListingView } from './listing.context';
import { SafeLink } from '../../src/ui/SafeLink';

/** Spec 4's not-found state as a page: what happened and where to go next. */
export function NotFound({ title, searchUrl }: { title: string; searchUrl: string }) {
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{title}</h1>
      <p>It may have closed, moved or never existed. Nearby businesses are one search away.</p>
      <a className="button" href={searchUrl}>
        Search spas and wellness
      </a>
    </section>
  );
}

/** Breadcrumbs of spec 2.5, with links to searches at each place and, on an offer page, to the listing. */
export function Breadcrumbs({
  listing,
  offerId,
}: {
  listing: Parameters<typeof listingBreadcrumbs>[0];
  offerId?: number;
}) {
  const { tenant, site } = useElement();
  const view = useListingView();
  const crumbs = listingBreadcrumbs(listing, { listingRouteName: tenant.listingRouteName, offerId });
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {crumbs.map((crumb, index) => (
          <li key={`${index}-${crumb.label}`}>
            {crumb.href ? (
              <a
                href={`${site}${crumb.href}`}
                title={crumb.full}
                aria-label={crumb.full}
                onClick={() => view.track('breadcrumb', listing.merchantId)}
              >
                {crumb.label}
              </a>
            ) : (
              // The page's own heading names it whole right below.
              <span aria-current={index === crumbs.length - 1 ? 'page' : undefined} title={crumb.full}>
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** Text with blank lines as paragraphs. */
export function paragraphs(text: string) {
  return text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part, index) => <p key={index}>{part}</p>);
}

/** 'Get Directions' or 'Book Your Appointment': a page of another site, in a new tab. */
export function MapsOrBookingLink({
  link,
  merchantId,
}: {
  link: Exclude<MiniLink, { kind: 'contact' }>;
  merchantId: number;
}) {
  const view = useListingView();
  return (
    <SafeLink
      className="chip"
      href={link.href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={() => view.track(link.kind === 'directions' ? 'direction' : 'appointment', merchantId)}
    >
      {link.label}
    </SafeLink>
  );
}
