import type { MouseEvent } from 'react';
import type { ListingAnchor } from '../../../src/domain/listing-page';
import { useListingView } from '../listing.context';

/** The bar of links to the page's sections, kept at the top while the page scrolls. */
export function Anchors({ anchors, merchantId }: { anchors: ListingAnchor[]; merchantId: number }) {
  const view = useListingView();
  return (
    <nav className="anchors" aria-label="On this page">
      <ul>
        {anchors.map((anchor) => (
          <li key={anchor.id}>
            <a
              href={`#${anchor.id}`}
              onClick={(event: MouseEvent) => {
                event.preventDefault();
                // Spec 9: the gallery and the services have events of their own; other sections are links.
                if (anchor.id === 'gallery') view.trackGallery('open', merchantId, 0);
                else view.track(anchor.id === 'services' ? 'services' : 'links', merchantId);
                if (view.syncUrl) history.replaceState(history.state, '', `#${anchor.id}`);
                view.scrollToAnchor(anchor.id);
              }}
            >
              {anchor.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
