import type {
  ContentPage,
  DestinationContent,
  HomeContent,
  MenuItem,
  MenuType,
  ServiceContent,
  Tag,
} from '../../src/domain/content';
import type { TenantConfig } from '../../src/tenant';

/**
 * The content port: menus, home modules, tags, service content, destination pages and marketing
 * pages of a tenant, in the CMS shapes of src/domain/content. Two adapters: files in the repo
 * (`createFileContentSource`, the embedded default) and WordPress (`createWordPressSource`).
 *
 * A source answers `null` (or an empty list) when it has no such content; the routes turn that
 * into the spec's 404 texts. It throws only when it cannot answer at all (CMS down and nothing
 * cached): that is a 500, not 'No … Content'.
 */
export interface ContentSource {
  /** The menu of a type ('header', 'footer', or any menu the CMS holds); [] when there is none. */
  menu(tenant: TenantConfig, type: MenuType | (string & {})): Promise<MenuItem[]>;
  homepage(tenant: TenantConfig): Promise<HomeContent | null>;
  tags(tenant: TenantConfig): Promise<Tag[]>;
  /**
   * The service content for keywords ('Yoga Classes'). A source may answer its nearest page; the
   * route checks that the page's `keywords` match (spec 5).
   */
  serviceContent(tenant: TenantConfig, keywords: string): Promise<ServiceContent | null>;
  /** The destination page of a search term ('austin-tx'). */
  destination(tenant: TenantConfig, term: string): Promise<DestinationContent | null>;
  /** The search terms of every destination page the tenant has ('austin-tx'), for the sitemap. */
  destinationTerms(tenant: TenantConfig): Promise<string[]>;
  /** A marketing page by slug ('about', 'aboutUs', 'join-the-network', …). */
  page(tenant: TenantConfig, slug: string): Promise<ContentPage | null>;
}
