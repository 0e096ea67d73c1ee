import { useContext, useEffect, useRef } from 'react';
import { contentKeys } from '../../src/domain/page-content';
import { canonicalUrl } from '../../src/domain/slug';
import { parseListingSlug, parseOfferSlug } from '../../src/domain/slug-ids';
import type { WellspringEventMap } from '../../widgets/elements';
import { CarriedContent } from '../content-data';
import { ElementScreen } from '../../widgets/element-screen';
import type { PageProps } from './types';

/**
 * A listing page, or with an offer the offer page: the listing element shows it; this page keeps
 * the document's title, description and canonical link in step with what the element loaded.
 */
export default function Listing({ tenant, route }: PageProps) {
  const { id, oldId, offer } = route.params;
  const offerId = offer ? parseOfferSlug(offer)?.offerId : undefined;
  const listing = id ? parseListingSlug(id) : null;
  const element = useRef<HTMLElement>(null);
  const carried = useContext(CarriedContent);

  // The page the server drew: the URL settles on the canonical path it looked up at once, before
  // the element has loaded to announce it.
  useEffect(() => {
    const canonical = carried.get(contentKeys.canonicalPath(tenant.name, location.pathname));
    if (typeof canonical === 'string') settleUrl(canonical);
  }, [carried, tenant]);

  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const onPage = (event: CustomEvent<WellspringEventMap['wellspring-page']>) => {
      const { title, description, canonicalLink, notFound } = event.detail;
      if (!notFound) settleUrl(canonicalLink);
      if (title) document.title = title;
      if (description) headTag('meta', 'name', 'description').setAttribute('content', description);
      const base = /^https?:/.test(tenant.endpoints.canonical) ? tenant.endpoints.canonical : location.origin;
      if (canonicalLink) {
        headTag('link', 'rel', 'canonical').setAttribute(
          'href',
          /^https?:/.test(canonicalLink) ? canonicalLink : canonicalUrl(base, canonicalLink),
        );
      }
    };
    node.addEventListener('wellspring-page', onPage);
    return () => node.removeEventListener('wellspring-page', onPage);
  }, [tenant]);

  const attributes = offer
    ? { 'offer-id': offerId ? String(offerId) : 'none' }
    : listing?.kind === 'id'
      ? { 'listing-id': String(listing.id) }
      : listing?.kind === 'oldId' || oldId
        ? { 'old-id': String(listing?.kind === 'oldId' ? listing.oldId : oldId) }
        : { 'listing-id': 'none' };
  return (
    <wellspring-listing ref={element} tenant={tenant.name} sync-url {...attributes}>
      <ElementScreen tag="wellspring-listing" attributes={{ ...attributes, 'sync-url': true }} />
    </wellspring-listing>
  );
}

/** An old-id or misspelt slug URL becomes the canonical one, without a new history entry. */
function settleUrl(canonicalLink: string): void {
  if (canonicalLink.startsWith('/') && canonicalLink !== location.pathname) {
    history.replaceState(history.state, '', `${canonicalLink}${location.search}${location.hash}`);
  }
}

/** The head's <meta name=…> or <link rel=…>, created when the server did not write one. */
function headTag(tag: 'meta' | 'link', key: 'name' | 'rel', value: string): Element {
  const found = document.head.querySelector(`${tag}[${key}="${value}"]`);
  if (found) return found;
  const created = document.createElement(tag);
  created.setAttribute(key, value);
  document.head.append(created);
  return created;
}
