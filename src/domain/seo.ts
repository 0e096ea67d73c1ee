/**
 * What a listing or offer page tells search engines and the browser tab: its title and
 * description. The server writes them into the page head and the element into the document, so
 * both read the same.
 */
import { offerSeoTitle } from './offer';
import type { ListingCard, OfferInfo } from './types';

/** Search engines show about this many characters of a description. */
export const META_DESCRIPTION_LIMIT = 155;

/** Whitespace collapsed, cut at the last word that fits, with '…' when cut. */
export function metaDescription(text: string, limit = META_DESCRIPTION_LIMIT): string {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  if (flat.length <= limit) return flat;
  // The last space at or before the room left for '…': a word ending right there still fits.
  const space = flat.lastIndexOf(' ', limit - 1);
  const cut = flat.slice(0, space > limit / 2 ? space : limit - 1);
  return `${cut.replace(/[\s,.;:!?-]+$/, '')}…`;
}

export interface PageHead {
  title: string;
  description: string;
}

/**
 * The head of a listing page ('Glow Spa - Austin, TX | Brand') or of an offer page (the offer's
 * SEO title of spec 9, then the business: 'Massage for Two at Glow Spa | Brand').
 */
export function pageHead(
  page: {
    listing: Pick<ListingCard, 'name' | 'businessDescription' | 'location'> | null;
    offer: Pick<OfferInfo, 'offer' | 'name' | 'location'> | null;
  },
  tenant: { brandName: string },
): PageHead {
  const { listing, offer } = page;
  if (offer) {
    return {
      title: `${offerSeoTitle(offer.offer)} at ${offer.name} | ${tenant.brandName}`,
      description: metaDescription(
        offer.offer.description ||
          `${offer.offer.title} at ${offer.name}, ${offer.location.normalizedLocation}.`,
      ),
    };
  }
  if (!listing) return { title: tenant.brandName, description: '' };
  const place = listing.location?.normalizedLocation;
  return {
    title: `${listing.name}${place ? ` - ${place}` : ''} | ${tenant.brandName}`,
    description: metaDescription(listing.businessDescription),
  };
}
