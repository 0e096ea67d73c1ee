/**
 * Links from the CMS checked once, where content enters the server (src/domain/links): every
 * `link`, `url`, `canonical` and image field of menus, pages and modules that is not an http(s),
 * mailto or tel URL or a path of the site becomes '' (a page shows such a link as text, or not at
 * all), so a `javascript:` URL typed into the CMS never reaches a page or an API answer. HTML
 * fields stay as they are: they are sanitised where they are inserted (src/ui/CmsHtml).
 */
import { safeUrl } from '../../src/domain/links';
import type { ContentSource } from './source';

/** Fields of the CMS shapes (src/domain/content) that hold one URL. */
const URL_FIELDS = new Set([
  'url',
  'link',
  'canonical',
  'image',
  'image_mobile',
  'background_image',
  'background_image_mobile',
  'social_image',
]);

/** A copy of CMS content with every URL field checked; everything else unchanged. */
export function withSafeLinks<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => withSafeLinks(item)) as T;
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key,
      URL_FIELDS.has(key) && typeof child === 'string' ? safeUrl(child) : withSafeLinks(child),
    ]),
  ) as T;
}

/**
 * The source with every answer's links checked (menus, home, service, destination, pages). Both
 * sources answer the same object until it changes (files, the CMS cache), so each is checked once.
 */
export function safeLinkSource(source: ContentSource): ContentSource {
  const checked = new WeakMap<object, unknown>();
  const safe = <T>(value: T): T => {
    if (!value || typeof value !== 'object') return value;
    if (!checked.has(value)) checked.set(value, withSafeLinks(value));
    return checked.get(value) as T;
  };
  return {
    menu: async (tenant, type) => safe(await source.menu(tenant, type)),
    homepage: async (tenant) => safe(await source.homepage(tenant)),
    tags: (tenant) => source.tags(tenant),
    serviceContent: async (tenant, keywords) => safe(await source.serviceContent(tenant, keywords)),
    destination: async (tenant, term) => safe(await source.destination(tenant, term)),
    page: async (tenant, slug) => safe(await source.page(tenant, slug)),
    destinationTerms: (tenant) => source.destinationTerms(tenant),
  };
}
