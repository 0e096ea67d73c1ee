/**
 * The embedded content source: the copy in this folder, one module per tenant, built once at
 * start and frozen (every request shares the same objects, so nothing may change them).
 */
import { sameKeywords, type Tag } from '../../../src/domain/content';
import { deepFreeze, type TenantName } from '../../../src/tenant';
import type { ContentSource } from '../source';
import { contentId, type TenantContent } from './build';
import { localContent } from './local';
import { spaCanadaContent } from './spa-canada';
import { spaContent } from './spa';
import { wellnessContent } from './wellness';

export type { TenantContent } from './build';

/** The files' content by tenant. */
export const FILE_CONTENT: Readonly<Record<TenantName, TenantContent>> = deepFreeze({
  wellness: wellnessContent,
  spa: spaContent,
  'spa-canada': spaCanadaContent,
  local: localContent,
});

/** 'skin-care' -> 'Skin Care' */
const tagName = (slug: string) => slug.replace(/-/g, ' ').replace(/\b\w/g, (char) => char.toUpperCase());

/**
 * The tags of a tenant's content; `count` is the number of service pages (the articles its blog
 * posts lead to) that carry the tag.
 */
function tagsOf(tenant: string, content: TenantContent): Tag[] {
  const counts = new Map<string, number>();
  for (const service of content.services)
    for (const slug of service.tags) counts.set(slug, (counts.get(slug) ?? 0) + 1);
  for (const item of [content.homepage, ...content.pages])
    for (const slug of item.tags) counts.set(slug, counts.get(slug) ?? 0);
  return [...counts]
    .map(([slug, count]) => ({ id: contentId(`${tenant}/tag/${slug}`), name: tagName(slug), slug, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

/**
 * Serves `content` (default: the files of this folder). A tenant without files (one that exists
 * only in the document store) has no content: every call answers empty.
 */
export function createFileContentSource(
  content: Readonly<Partial<Record<string, TenantContent>>> = FILE_CONTENT,
): ContentSource {
  const tags = new Map(
    Object.entries(content).map(([tenant, files]) => [
      tenant,
      files ? deepFreeze(tagsOf(tenant, files)) : [],
    ]),
  );
  const of = (tenant: { name: string }) => content[tenant.name];
  return {
    async menu(tenant, type) {
      const menus = of(tenant)?.menus;
      return (menus && Object.hasOwn(menus, type) && menus[type as keyof typeof menus]) || [];
    },
    async homepage(tenant) {
      return of(tenant)?.homepage ?? null;
    },
    async tags(tenant) {
      return tags.get(tenant.name) ?? [];
    },
    async serviceContent(tenant, keywords) {
      return of(tenant)?.services.find((service) => sameKeywords(service.keywords, keywords)) ?? null;
    },
    async destination(tenant, term) {
      const wanted = term.toLowerCase();
      return of(tenant)?.destinations.find((destination) => destination['search-term'] === wanted) ?? null;
    },
    async destinationTerms(tenant) {
      return (of(tenant)?.destinations ?? []).map((destination) => destination['search-term']);
    },
    async page(tenant, slug) {
      // Slugs are the route segments, case and all ('aboutUs').
      return of(tenant)?.pages.find((item) => item.slug === slug) ?? null;
    },
  };
}
