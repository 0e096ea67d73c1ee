import type { ContentModuleKind, ContentPage, ModuleOf } from '../../src/domain/content';
import type { TenantConfig } from '../../src/tenant/types';

/** A heading level a module renders: 1 for the page heading, 2 for a module, 3 for its items. */
export type HeadingLevel = 1 | 2 | 3 | 4;

/** What every module renderer gets (see ContentModules for the heading rule). */
export interface ModuleProps<K extends ContentModuleKind> {
  module: ModuleOf<K>;
  tenant: TenantConfig;
  page: ContentPage;
  /**
   * The level of the module's own heading: 1 only for a hero, gift_card_hero or
   * destinations_header that opens the page (it is the page's h1); 2 otherwise. Item headings
   * go one level deeper, or take this level when the module has no heading of its own.
   */
  level: HeadingLevel;
  /** The module opens the page: its images are above the fold and load eagerly. */
  isFirst: boolean;
  /** The viewport width in px, or undefined while it is not known. */
  width: number | undefined;
}
