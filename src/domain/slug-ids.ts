/**
 * The ids of listing and offer slugs read back (spec 2.1): what a URL's last segment points at,
 * whatever its words. Apart from ./slug.ts, which writes slugs, so that the app's first load
 * (src/domain/routes.ts pageIdentity) carries these few lines and not the slug writer.
 */

function toId(segment: string | undefined): number | null {
  if (!segment || !/^\d+$/.test(segment)) return null;
  const id = Number(segment);
  return Number.isSafeInteger(id) ? id : null;
}

/** What a listing slug identifies: the merchant id, or the old id of an older URL. */
export type ListingSlugId = { kind: 'id'; id: number } | { kind: 'oldId'; oldId: number };

/**
 * Reads the id out of a listing slug. A trailing numeric segment is the merchant id
 * ('glow-spa-42'); otherwise a leading numeric segment is an old id ('9001-glow-spa'). The
 * trailing id wins when both are numeric, as the spec checks it first. Null when neither is.
 */
export function parseListingSlug(slug: string): ListingSlugId | null {
  const segments = slug.split('-');
  const id = toId(segments[segments.length - 1]);
  if (id !== null) return { kind: 'id', id };
  const oldId = toId(segments[0]);
  return oldId !== null ? { kind: 'oldId', oldId } : null;
}

/** An offer slug read back: the offer id and the slug its canonical link is made of. */
export interface OfferSlug {
  offerId: number;
  /**
   * In single-page mode the segments after the id; otherwise the slug itself, which already is
   * the canonical one.
   */
  canonicalSlug: string;
}

/**
 * Reads the offer id out of an offer slug, split on hyphens. Normally the id is the last
 * segment ('spa-day-for-two-77'). In single-page mode (an element embedded on a partner page)
 * the id is the first segment and the rest is the canonical link ('77-spa-day-for-two').
 * Null when that segment is not numeric.
 *
 * @param singlePage - the element runs in single-page mode. @default false
 */
export function parseOfferSlug(slug: string, singlePage = false): OfferSlug | null {
  const segments = slug.split('-');
  if (singlePage) {
    const offerId = toId(segments[0]);
    return offerId === null ? null : { offerId, canonicalSlug: segments.slice(1).join('-') };
  }
  const offerId = toId(segments[segments.length - 1]);
  return offerId === null ? null : { offerId, canonicalSlug: slug };
}
