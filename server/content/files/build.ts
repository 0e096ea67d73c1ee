/**
 * Helpers that keep the content files short: the tenant facts copy is templated with, and
 * constructors that fill the CMS fields a piece of copy leaves empty. Everything here is built
 * once at start; nothing does I/O.
 */
import type {
  BannerSlide,
  BlogCategory,
  BlogPost,
  CardsModule,
  ContentCard,
  ContentModule,
  ContentPage,
  CtaModule,
  DestinationContent,
  DestinationNavItem,
  FaqModule,
  HeroModule,
  HomeContent,
  ImageTextModule,
  MenuItem,
  MenuType,
  SeoFields,
  ServiceContent,
  SocialModule,
  TextModule,
} from '../../../src/domain/content';
import { searchToQuery, type UrlSearch } from '../../../src/domain/filters';
import { builtInTenants, type TenantConfig, type TenantName } from '../../../src/tenant';

/** Everything the files hold for one tenant. */
export interface TenantContent {
  menus: Record<MenuType, MenuItem[]>;
  homepage: HomeContent;
  services: ServiceContent[];
  destinations: DestinationContent[];
  pages: ContentPage[];
}

/** What copy is templated with: read from the built-in tenant so names are never written twice. */
export interface Site {
  tenant: TenantName;
  /** The built-in config, for what copy takes from it as is (partner info, retailers, brands). */
  config: TenantConfig;
  /** 'SpaHaven' */
  brand: string;
  /** 'SpaHaven Gift Card' */
  product: string;
  country: string;
  /** 'the US' or 'Canada', for sentences. */
  countryName: string;
  email: string;
  phone: string;
  /** The tenant's gift card image. */
  card: string;
  /** Where the gift card is bought: /buy-gift-cards, or the coming-soon page while not sold online. */
  giftCardLink: string;
  sellsOnline: boolean;
}

export function siteOf(tenant: TenantName): Site {
  const config = builtInTenants[tenant];
  const sellsOnline = config.options.global.sellOnline;
  return {
    tenant,
    config,
    brand: config.brandName,
    product: config.productName,
    country: config.helperInfo.country,
    countryName: config.helperInfo.country === 'CA' ? 'Canada' : 'the US',
    email: config.helperInfo.customerServiceEmail,
    phone: config.helperInfo.customerServiceTel,
    card: config.endpoints.defaultCardImage,
    giftCardLink: sellsOnline ? '/buy-gift-cards' : config.endpoints.purchaseLink,
    sellsOnline,
  };
}

/** A /search link; `searchToQuery` writes the parameters the search page reads. */
export function searchLink(search: UrlSearch = {}): string {
  const query = searchToQuery(search);
  return query ? `/search?${query}` : '/search';
}

/** A stable numeric id for a CMS object (FNV-1a of its key), so ids do not move when files change order. */
export function contentId(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return ((hash >>> 0) % 900_000) + 100_000;
}

/** Menu items from `[title, url, children?]` triples; ids are stable per tenant, menu and title. */
export type MenuSpec = [title: string, url: string, children?: MenuSpec[]];
export function menu(key: string, items: MenuSpec[]): MenuItem[] {
  return items.map(([title, url, children = []]) => ({
    ID: contentId(`${key}/${title}/${url}`),
    title,
    url,
    children: menu(`${key}/${title}`, children),
  }));
}

export interface PageInput {
  slug: string;
  title: string;
  /** Meta description. */
  description: string;
  /** Focus keyword; defaults to the title. */
  keyword?: string;
  /** Social image; defaults to the first hero image of the page. */
  image?: string;
  /** Canonical path; defaults to '/{slug}'. */
  canonical?: string;
  modules: ContentModule[];
  blog_posts?: BlogPost[];
  blog_category?: BlogCategory | null;
  tags?: string[];
  keywords?: string;
  searchTerm?: string;
  destinationsNav?: DestinationNavItem[];
}

/** A page in the CMS shape, with the Yoast fields filled from its title and description. */
export function page(site: Site, input: PageInput): ContentPage {
  const heroImage = input.modules.flatMap((module) =>
    'image' in module && typeof module.image === 'string' && module.image ? [module.image] : [],
  )[0];
  const yoast: SeoFields = {
    title: input.title,
    keyword: input.keyword ?? input.title,
    description: input.description,
    robots: 'index, follow',
    canonical: input.canonical ?? `/${input.slug}`,
    social_title: `${input.title} | ${site.brand}`,
    social_description: input.description,
    social_image: input.image ?? heroImage ?? site.card,
    sitemap: true,
  };
  return {
    id: contentId(`${site.tenant}/page/${input.slug}`),
    slug: input.slug,
    title: input.title,
    tags: input.tags ?? [],
    blog_posts: input.blog_posts ?? [],
    blog_category: input.blog_category ?? null,
    destinations_nav: input.destinationsNav ?? [],
    'search-term': input.searchTerm ?? '',
    keywords: input.keywords ?? '',
    yoast,
    'custom-fields': { modules: input.modules },
  };
}

type Optional<T, K extends keyof T> = Omit<T, K | 'acf_fc_layout'> & Partial<Pick<T, K>>;

export const hero = (
  fields: Optional<HeroModule, 'subtitle' | 'image_mobile' | 'button_text' | 'link'>,
): HeroModule => ({
  acf_fc_layout: 'hero',
  subtitle: '',
  button_text: '',
  link: '',
  ...fields,
  image_mobile: fields.image_mobile ?? fields.image,
});

export const text = (title: string, content: string): TextModule => ({
  acf_fc_layout: 'text',
  title,
  content,
});

export const imageText = (
  fields: Optional<ImageTextModule, 'image_position' | 'button_text' | 'link'>,
): ImageTextModule => ({
  acf_fc_layout: 'image_text',
  image_position: 'right',
  button_text: '',
  link: '',
  ...fields,
});

export const card = (
  fields: Optional<ContentCard, 'image' | 'alt_text' | 'link' | 'link_text'>,
): ContentCard => ({
  image: '',
  alt_text: '',
  link: '',
  link_text: '',
  ...fields,
});

export const cards = (title: string, items: ContentCard[], subtitle = ''): CardsModule => ({
  acf_fc_layout: 'cards',
  title,
  subtitle,
  cards: items,
});

export const faq = (title: string, items: [question: string, answer: string][]): FaqModule => ({
  acf_fc_layout: 'faq',
  title,
  items: items.map(([question, answer]) => ({ question, answer })),
});

export const cta = (title: string, textLine: string, button_text: string, link: string): CtaModule => ({
  acf_fc_layout: 'cta',
  title,
  text: textLine,
  button_text,
  link,
});

/** A hero carousel slide with the usual legibility settings: a light overlay and a gradient. */
export const slide = (
  fields: Pick<BannerSlide, 'link' | 'image' | 'alt_text' | 'slide_title'> & Partial<BannerSlide>,
): BannerSlide => ({
  image_mobile: fields.image,
  slide_title_mobile: '',
  blur: 0,
  overlay: 'rgba(0, 0, 0, 0.25)',
  gradient: true,
  background: '#1f1f1f',
  ...fields,
});

/** An HTML list from plain items (items may hold inline HTML). */
export const list = (items: string[]): string =>
  `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>`;

/** HTML paragraphs from plain paragraphs. */
export const paragraphs = (...items: string[]): string => items.map((item) => `<p>${item}</p>`).join('');

/** Follow-us links built from the tenant's sharing hashtag, for the social module. */
export function hashtagLinks(site: Site): SocialModule['links'] {
  const tag = site.config.helperInfo.hashTagForSharing.replace(/^#/, '');
  const lower = tag.toLowerCase();
  return [
    { type: 'instagram', url: `https://www.instagram.com/explore/tags/${lower}/` },
    { type: 'facebook', url: `https://www.facebook.com/hashtag/${lower}` },
    { type: 'twitter', url: `https://twitter.com/hashtag/${tag}` },
    { type: 'pinterest', url: `https://www.pinterest.com/search/pins/?q=${lower}` },
  ];
}
