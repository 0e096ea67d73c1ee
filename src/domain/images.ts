/**
 * Image URLs and the resizer (spec 9: 'Default image size 360x260; image URLs are rewritten to
 * the resizer'). A module of its own, importing nothing: every element uses it, so it sits in
 * the shared runtime chunk and must not pull other rules in with it.
 */

/** Size images are resized to when a component gives none. */
export const DEFAULT_IMAGE_SIZE: Readonly<{ width: number; height: number }> = { width: 360, height: 260 };

/**
 * The lead image of a listing or offer page: twice the default, sharp on phones and wide enough
 * for the desktop gallery. The server preloads exactly this URL, so both must use this size.
 */
export const LEAD_IMAGE_SIZE: Readonly<{ width: number; height: number }> = { width: 720, height: 520 };

/**
 * An image URL rewritten to the image resizer: `{resizerBase}?url={url}&width={w}&height={h}`
 * ('&' instead of '?' when the base has a query already). Returned unchanged: an empty URL, no
 * resizer base, `data:` and `blob:` URLs, and URLs already on the resizer.
 *
 * @param size - @default { width: 360, height: 260 }
 */
export function resizeImageUrl(
  url: string,
  resizerBase: string | null | undefined,
  size: { width: number; height: number } = DEFAULT_IMAGE_SIZE,
): string {
  if (!url || !resizerBase || /^(data|blob):/i.test(url) || url.startsWith(resizerBase)) return url ?? '';
  const params = new URLSearchParams({
    url,
    width: String(Math.round(size.width)),
    height: String(Math.round(size.height)),
  });
  return `${resizerBase}${resizerBase.includes('?') ? '&' : '?'}${params.toString()}`;
}

/**
 * The picture a listing's card shows, before the resizer: its first image, else the tenant's
 * default card image. The search element's cards and the hosted site's listings modules draw it,
 * and a search page preloads it (server/seo/head.ts), so all must agree on it.
 */
export function cardImage(listing: { images: readonly { url: string }[] }, defaultCardImage: string): string {
  return listing.images[0]?.url || defaultCardImage;
}
