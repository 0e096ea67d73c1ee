/**
 * The production content source: a WordPress site over its REST API, one site per tenant
 * (multisite), with ACF for page modules and Yoast SEO for the seo fields.
 *
 * What the WordPress side provides (the contract with the CMS team):
 * - Menus from the WP-REST-API V2 Menus plugin: `GET /wp-json/menus/v1/menus/{type}` with items
 *   `{ ID, title, url, child_items? }` (the menu locations are named 'header' and 'footer').
 * - Tags: `GET /wp-json/wp/v2/tags`.
 * - Pages (`pages`), service content (custom post type `service`, slug = find path of the
 *   keywords: 'yoga-classes') and destinations (custom post type `destination`, slug = search
 *   term: 'austin-tx'), each with ACF fields shown in REST: `modules` (flexible content whose
 *   layouts are the module kinds of src/domain/content, field names as documented there),
 *   `keywords`, `search-term`, `destinations_nav`; plus Yoast's `yoast_head_json`.
 * - The home page is the page with slug 'home'; its blog posts are the latest posts.
 *
 * HTML in rendered fields and ACF wysiwyg fields is passed on untouched (it is sanitised where
 * it is inserted: src/ui/CmsHtml). Only plain-text fields (titles, SEO strings) get their HTML
 * entities decoded, since WordPress escapes them ('&#8217;') and the page renders them as text.
 *
 * Every call has a timeout (3 s) and goes through a stale-while-revalidate / stale-if-error cache
 * per tenant and call, so a slow or failing CMS serves the last good content.
 */
import type {
  BlogCategory,
  BlogPost,
  ContentModule,
  ContentPage,
  DestinationNavItem,
  MenuItem,
  Tag,
} from '../../src/domain/content';
import type { TenantConfig } from '../../src/tenant';
import { createSwrCache, type CachePolicy } from './cache';
import type { ContentSource } from './source';

export interface WordPressOptions {
  /**
   * The WordPress site; `{tenant}` is replaced by the tenant name, e.g.
   * `https://cms.example.com/{tenant}` for a multisite by path. Without it every tenant reads
   * the same site.
   */
  baseUrl: string;
  /** Per request. @default 3000 */
  timeoutMs?: number;
  cache?: Partial<CachePolicy>;
  /** Clock for the cache; tests pass a fake one. @default Date.now */
  now?: () => number;
  /** Where failures that stale content covered are reported. */
  log?: { warn: (...args: unknown[]) => void };
}

/** Not a failure of the CMS: it answered that there is no such thing. */
class NotFound extends Error {}

/** A failure of the CMS: cached content may stand in for it. */
export class ContentUnavailableError extends Error {}

// ---------------------------------------------------------------------------------------------
// WordPress REST shapes (only the fields read)

interface WpMenuItem {
  ID: number;
  title: string;
  url: string;
  child_items?: WpMenuItem[];
}

interface WpTerm {
  id: number;
  name: string;
  slug: string;
  taxonomy?: string;
}

interface WpPost {
  id: number;
  slug: string;
  date?: string;
  title?: { rendered: string };
  excerpt?: { rendered: string };
  acf?: {
    modules?: ContentModule[] | false;
    keywords?: string;
    'search-term'?: string;
    destinations_nav?: DestinationNavItem[] | false;
    blog_category?: BlogCategory | false;
  };
  yoast_head_json?: {
    title?: string;
    description?: string;
    canonical?: string;
    robots?: { index?: string; follow?: string };
    og_title?: string;
    og_description?: string;
    og_image?: { url: string }[];
  };
  _embedded?: {
    author?: { name: string }[];
    'wp:featuredmedia'?: { source_url: string; alt_text?: string }[];
    'wp:term'?: WpTerm[][];
  };
}

// ---------------------------------------------------------------------------------------------
// Mapping

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Decodes HTML entities of a plain-text field ('Spa &#8217;s' -> 'Spa ’s'); strips nothing. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const point = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : Number(code.slice(1));
      return Number.isFinite(point) && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
    }
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/** `site` is the WordPress site URL without a trailing slash. */
function toMenuItem(item: WpMenuItem, site: string): MenuItem {
  // Links into the CMS site are links to our site: keep their path so they stay in the host app.
  const internal = item.url === site || item.url.startsWith(`${site}/`) || item.url.startsWith(`${site}?`);
  return {
    ID: item.ID,
    title: decodeEntities(item.title),
    url: internal ? item.url.slice(site.length).replace(/^(?=[?#]|$)/, '/') : item.url,
    children: (item.child_items ?? []).map((child) => toMenuItem(child, site)),
  };
}

/** A post of the latest posts, read with `_embed`, as a blog teaser linking to its find path. */
function toBlogPost(post: WpPost): BlogPost {
  const terms = post._embedded?.['wp:term']?.flat() ?? [];
  const category = terms.find((term) => term.taxonomy === 'category');
  const media = post._embedded?.['wp:featuredmedia']?.[0];
  return {
    id: post.id,
    slug: post.slug,
    title: decodeEntities(post.title?.rendered ?? ''),
    excerpt: post.excerpt?.rendered ?? '',
    date: (post.date ?? '').slice(0, 10),
    author: post._embedded?.author?.[0]?.name ?? '',
    image: media?.source_url ?? '',
    alt_text: media?.alt_text ?? '',
    link: `/find/${post.slug}`,
    category: category
      ? { id: category.id, name: category.name, slug: category.slug }
      : { id: 0, name: '', slug: '' },
    tags: terms.filter((term) => term.taxonomy === 'post_tag').map((term) => term.slug),
  };
}

function toPage(post: WpPost, blogPosts: BlogPost[] = []): ContentPage {
  const acf = post.acf ?? {};
  const yoast = post.yoast_head_json ?? {};
  const title = decodeEntities(post.title?.rendered ?? '');
  return {
    id: post.id,
    slug: post.slug,
    title,
    tags: (post._embedded?.['wp:term']?.flat() ?? [])
      .filter((term) => term.taxonomy === 'post_tag')
      .map((term) => term.slug),
    blog_posts: blogPosts,
    blog_category: acf.blog_category || null,
    destinations_nav: acf.destinations_nav || [],
    'search-term': acf['search-term'] ?? '',
    keywords: acf.keywords ?? '',
    yoast: {
      title: decodeEntities(yoast.title ?? title),
      keyword: acf.keywords ?? '',
      description: decodeEntities(yoast.description ?? ''),
      robots: [yoast.robots?.index, yoast.robots?.follow].filter(Boolean).join(', '),
      canonical: yoast.canonical ?? '',
      social_title: decodeEntities(yoast.og_title ?? ''),
      social_description: decodeEntities(yoast.og_description ?? ''),
      social_image: yoast.og_image?.[0]?.url ?? '',
      sitemap: yoast.robots?.index !== 'noindex',
    },
    // ACF answers `false` for an empty flexible content field.
    'custom-fields': { modules: acf.modules || [] },
  };
}

// ---------------------------------------------------------------------------------------------
// The source

export function createWordPressSource({
  baseUrl,
  timeoutMs = 3000,
  cache: policy,
  now,
  log,
}: WordPressOptions): ContentSource {
  const cache = createSwrCache(policy, {
    now,
    onStaleError: (error, key) => log?.warn({ err: error, key }, 'CMS unavailable; serving stale content'),
  });

  const siteOf = (tenant: TenantConfig) => baseUrl.replaceAll('{tenant}', tenant.name).replace(/\/+$/, '');

  async function getJson<T>(tenant: TenantConfig, path: string): Promise<T> {
    const url = `${siteOf(tenant)}/wp-json/${path}`;
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ContentUnavailableError(`CMS request failed: ${url}`, { cause: error });
    }
    if (response.status === 404) throw new NotFound(url);
    if (!response.ok) throw new ContentUnavailableError(`CMS answered ${response.status}: ${url}`);
    try {
      return (await response.json()) as T;
    } catch (error) {
      throw new ContentUnavailableError(`CMS answered invalid JSON: ${url}`, { cause: error });
    }
  }

  /** A 404 is an answer ('no such content'), cached like any other; other failures are not. */
  async function getOrNull<T>(tenant: TenantConfig, path: string): Promise<T | null> {
    try {
      return await getJson<T>(tenant, path);
    } catch (error) {
      if (error instanceof NotFound) return null;
      throw error;
    }
  }

  const cached = <T>(tenant: TenantConfig, call: string, load: () => Promise<T>) =>
    cache.get(`${tenant.name} ${call}`, load);

  /** The first post of a slug query (`?slug=` answers a list). */
  async function bySlug(tenant: TenantConfig, type: string, slug: string): Promise<WpPost | null> {
    const posts = await getOrNull<WpPost[]>(
      tenant,
      `wp/v2/${type}?slug=${encodeURIComponent(slug.toLowerCase())}&_embed=wp:term&acf_format=standard`,
    );
    return posts?.[0] ?? null;
  }

  return {
    menu: (tenant, type) =>
      cached(tenant, `menu ${type}`, async () => {
        const menu = await getOrNull<{ items?: WpMenuItem[] }>(
          tenant,
          `menus/v1/menus/${encodeURIComponent(type)}`,
        );
        return (menu?.items ?? []).map((item) => toMenuItem(item, siteOf(tenant)));
      }),
    tags: (tenant) =>
      cached(tenant, 'tags', async () => {
        const tags = await getOrNull<Tag[]>(tenant, 'wp/v2/tags?per_page=100&_fields=id,name,slug,count');
        return (tags ?? []).map(({ id, name, slug, count }) => ({
          id,
          name: decodeEntities(name),
          slug,
          count,
        }));
      }),
    homepage: (tenant) =>
      cached(tenant, 'homepage', async () => {
        const [home, posts] = await Promise.all([
          bySlug(tenant, 'pages', 'home'),
          getOrNull<WpPost[]>(tenant, 'wp/v2/posts?per_page=6&_embed=author,wp:featuredmedia,wp:term'),
        ]);
        return home && toPage(home, (posts ?? []).map(toBlogPost));
      }),
    serviceContent: (tenant, keywords) =>
      cached(tenant, `service ${keywords.toLowerCase()}`, async () => {
        const post = await bySlug(tenant, 'service', keywords.trim().replace(/[\s_]+/g, '-'));
        return post && toPage(post);
      }),
    destination: (tenant, term) =>
      cached(tenant, `destination ${term.toLowerCase()}`, async () => {
        const post = await bySlug(tenant, 'destination', term);
        return post && toPage(post);
      }),
    destinationTerms: (tenant) =>
      cached(tenant, 'destination terms', async () => {
        // The slugs are the search terms; WordPress answers at most 100 a page.
        const terms: string[] = [];
        for (let page = 1; page <= 100; page++) {
          // Past the last page WordPress answers 400: after page 1 that is the end of the list.
          const posts = await getOrNull<{ slug: string }[]>(
            tenant,
            `wp/v2/destination?per_page=100&page=${page}&_fields=slug`,
          ).catch((error: unknown) => {
            if (page > 1) return null;
            throw error;
          });
          terms.push(...(posts ?? []).map((post) => post.slug));
          if (!posts || posts.length < 100) break;
        }
        return terms;
      }),
    page: (tenant, slug) =>
      cached(tenant, `page ${slug.toLowerCase()}`, async () => {
        const post = await bySlug(tenant, 'pages', slug);
        return post && toPage(post);
      }),
  };
}
