/**
 * The CMS content modules of the home, find, destination and marketing pages, rendered in order,
 * each by its kind (`acf_fc_layout`, src/domain/content.ts).
 *
 * Heading rule: a page has exactly one h1, and module headings never skip a level.
 * - When the first module shown is a page-heading module (hero, gift_card_hero or
 *   destinations_header), its title is the page's h1: the editor wrote it as the page heading.
 * - Otherwise ContentModules renders `page.title` as the h1 before the modules. Over a visual
 *   opener (carousel_search or search first, as on the home pages) it is visually hidden: still
 *   the first thing a screen reader or search engine reads, without a second banner on screen.
 * - Every other module heading is an h2 (a page-heading module further down too); headings
 *   inside a module (cards, posts, retailer lists) are h3, or h2 when the module has no heading.
 * - A page that renders its own h1 passes `pageHeading={false}`: every module heading is an h2.
 *
 * Home flags: a module of a kind the tenant switched off in `options.home` is not rendered, on
 * any page (a tenant without a newsletter has none anywhere).
 *
 * HTML fields go through src/ui/CmsHtml (sanitised by src/ui/cms-html-policy's allowlist, on the
 * server and again in the browser); every other field is rendered as text.
 */
import { memo, useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { Global, css } from '@emotion/react';
import type { ContentModule, ContentModuleKind, ContentPage } from '../../src/domain/content';
import type { TenantConfig, TenantOptions } from '../../src/tenant/types';
import { afterNextPaint } from '../../src/ui/after-paint';
import { useHydrating } from '../../src/ui/server-first';
import { sharedStyles } from './shared';
import { useViewportWidth } from './viewport';
import type { ModuleProps } from './types';
import { CarouselSearchSection, carouselStyles } from './modules/HeroCarousel';
import {
  BusinessTypesSection,
  CardsSection,
  Featured2ColSection,
  FeaturedSection,
  MarketingBanners2ColSection,
  cardStyles,
} from './modules/Cards';
import { ContactFormSection, contactStyles } from './modules/ContactForm';
import { BrandsSection, ListingsSection, OffersSection, directoryStyles } from './modules/Directory';
import { DestinationsHeaderSection, GiftCardHeroSection, HeroSection, heroStyles } from './modules/Heroes';
import { KnowledgeSection, knowledgeStyles } from './modules/Knowledge';
import { PartnerInfoSection, partnerStyles } from './modules/PartnerInfo';
import { RetailersSection, retailersStyles } from './modules/Retailers';
import { CtaSection, FaqSection, ImageTextSection, TextSection, richStyles } from './modules/Rich';
import { SearchSection, searchStyles } from './modules/Search';
import { SocialSection, socialStyles } from './modules/Social';
import { SubscribeSection, subscribeStyles } from './modules/Subscribe';

/** The renderer of each kind; `satisfies` makes a new kind in content.ts a type error here. */
const RENDERERS = {
  search: SearchSection,
  brands: BrandsSection,
  offers: OffersSection,
  social: SocialSection,
  listings: ListingsSection,
  featured: FeaturedSection,
  knowledge: KnowledgeSection,
  subscribe: SubscribeSection,
  featured_2_col: Featured2ColSection,
  carousel_search: CarouselSearchSection,
  destinations_header: DestinationsHeaderSection,
  marketing_banners_2_col: MarketingBanners2ColSection,
  hero: HeroSection,
  text: TextSection,
  image_text: ImageTextSection,
  cards: CardsSection,
  faq: FaqSection,
  cta: CtaSection,
  contact_form: ContactFormSection,
  retailers: RetailersSection,
  gift_card_hero: GiftCardHeroSection,
  business_types: BusinessTypesSection,
  partner_info: PartnerInfoSection,
} satisfies { [K in ContentModuleKind]: ComponentType<ModuleProps<K>> };

type HomeFlag = keyof TenantOptions['home'];

/** The `options.home` switch of each home module kind (spec 2.8 kinds camel-cased, and partner info). */
export const HOME_MODULE_FLAGS: Partial<Record<ContentModuleKind, HomeFlag>> = {
  search: 'search',
  brands: 'brands',
  offers: 'offers',
  social: 'social',
  listings: 'listings',
  featured: 'featured',
  knowledge: 'knowledge',
  subscribe: 'subscribe',
  featured_2_col: 'featured2Col',
  carousel_search: 'carouselSearch',
  destinations_header: 'destinationsHeader',
  marketing_banners_2_col: 'marketingBanners2Col',
  partner_info: 'partnersInfo',
};

/** Kinds whose title is the page heading when they open the page. */
const PAGE_HEADING_KINDS: ReadonlySet<ContentModuleKind> = new Set([
  'hero',
  'gift_card_hero',
  'destinations_header',
]);
/** Kinds that open a page with a full-width image of their own. */
const VISUAL_OPENER_KINDS: ReadonlySet<ContentModuleKind> = new Set(['carousel_search', 'search']);

/**
 * Kinds hydration takes as the server drew them, wherever they are, rather than keep and draw
 * again after the paint: one holding our element (drawn twice, it would load twice), and the FAQ
 * (drawn again, a question the visitor opened before the script ran would close).
 */
const HYDRATED_KINDS: ReadonlySet<ContentModuleKind> = new Set(['offers', 'faq']);

/**
 * A module's wrapper while hydration keeps the server's markup in it as it is: Preact neither
 * reads nor changes the children of an element it hydrates with dangerouslySetInnerHTML, and
 * drawing the module later replaces them.
 */
const KEPT = { __html: '' };

/**
 * Kinds holding a form, which the server does not draw: before the page's script has run, a form
 * would take the visitor's typing and then lose it when drawn again, or send it by the browser's
 * own submit, the fields in the page's address.
 */
export const FORM_KINDS: ReadonlySet<ContentModuleKind> = new Set(['subscribe', 'contact_form']);

/** Whether the tenant shows modules of this kind (kinds without a home flag always show). */
export function isModuleEnabled(kind: ContentModuleKind, tenant: TenantConfig): boolean {
  const flag = HOME_MODULE_FLAGS[kind];
  return flag === undefined || tenant.options.home[flag] !== false;
}

/** The page's modules the tenant shows, in order; unknown kinds (a newer CMS) are skipped. */
export function visibleModules(page: ContentPage, tenant: TenantConfig): ContentModule[] {
  return (page['custom-fields']?.modules ?? []).filter(
    (module) =>
      module &&
      Object.hasOwn(RENDERERS, module.acf_fc_layout) &&
      isModuleEnabled(module.acf_fc_layout, tenant),
  );
}

export interface ContentModulesProps {
  page: ContentPage;
  tenant: TenantConfig;
  /**
   * Whether ContentModules renders the page's h1 (see the heading rule above). False when the
   * page renders its own.
   * @default true
   */
  pageHeading?: boolean;
  /**
   * The viewport width in px, for tests and pages that know it.
   * @default the viewport's width, tracked on resize
   */
  viewportWidth?: number;
}

/** The page's content modules, in order, each by its kind. */
export function ContentModules({ page, tenant, pageHeading = true, viewportWidth }: ContentModulesProps) {
  // The server's draw stops before the first module with a form (FORM_KINDS: forms come late on a
  // page, where a box filled later moves little on screen), and so does the browser's hydration
  // of it (ServerDraw). The rest is drawn once the page has painted, a module a task, so that
  // neither hydration's task nor any later one draws the modules below the first screen at once.
  // The width too is measured after the paint when hydrating: the server drew without it, and
  // its change would draw every module again in hydration's task. And hydration itself takes
  // only the first module (the first screen's) and those of HYDRATED_KINDS: the others the server
  // drew keep its markup untouched (KEPT) until they too are drawn after the paint, a module a
  // task, before those the server could not draw.
  const hydrating = useHydrating();
  const width = useViewportWidth(viewportWidth, hydrating);
  const visible = visibleModules(page, tenant);
  const firstWithForm = visible.findIndex((module) => FORM_KINDS.has(module.acf_fc_layout));
  const [drawn, setDrawn] = useState(() => (hydrating && firstWithForm >= 0 ? firstWithForm : Infinity));
  // (The server's own draw keeps nothing: it writes that markup.)
  const [kept, setKept] = useState<readonly number[]>(() =>
    hydrating && typeof document !== 'undefined'
      ? visible
          .slice(0, Math.min(drawn, visible.length))
          .flatMap((module, index) => (index > 0 && !HYDRATED_KINDS.has(module.acf_fc_layout) ? [index] : []))
      : [],
  );
  useEffect(() => {
    if (kept.length > 0) return afterNextPaint(() => setKept((indexes) => indexes.slice(1)));
    return drawn < visible.length ? afterNextPaint(() => setDrawn((count) => count + 1)) : undefined;
  }, [kept, drawn, visible.length]);
  const modules = visible.slice(0, drawn);
  const opener = visible[0]?.acf_fc_layout;
  const openerIsHeading = pageHeading && opener !== undefined && PAGE_HEADING_KINDS.has(opener);
  const hiddenTitle = opener !== undefined && VISUAL_OPENER_KINDS.has(opener);

  return (
    <div className="cm-modules">
      <Global styles={contentModulesStyles} />
      {pageHeading && !openerIsHeading && page.title && (
        <h1 className={hiddenTitle ? 'visually-hidden' : 'cm-page-title'}>{page.title}</h1>
      )}
      {modules.map((module, index) => (
        <ModuleSlot
          key={`${module.acf_fc_layout}-${index}`}
          kept={kept.includes(index)}
          module={module}
          tenant={tenant}
          page={page}
          level={index === 0 && openerIsHeading ? 1 : 2}
          isFirst={index === 0}
          width={width}
        />
      ))}
    </div>
  );
}

/**
 * A module in its wrapper, or the wrapper keeping the server's markup (KEPT). Memoised: each
 * module drawn after the paint (a task each) draws that module alone, not again those before it.
 */
const ModuleSlot = memo(function ModuleSlot({
  kept,
  ...props
}: ModuleProps<ContentModuleKind> & { kept: boolean }) {
  const slot = useRef<HTMLDivElement>(null);
  // A visitor may have tabbed into the kept markup before the script ran: drawing the module anew
  // would drop their focus to the page, so it goes to the same place in the new draw. Read here,
  // as the draw begins, while the wrapper still holds the kept markup.
  const holdsKept = useRef(kept);
  const focused = useRef(-1);
  if (!kept && holdsKept.current && slot.current?.contains(document.activeElement)) {
    focused.current = focusables(slot.current).indexOf(document.activeElement as HTMLElement);
  }
  useLayoutEffect(() => {
    holdsKept.current = kept;
    if (kept || !slot.current || focused.current < 0) return;
    focusables(slot.current)[focused.current]?.focus();
    focused.current = -1;
  }, [kept]);
  if (kept) return <div ref={slot} className="cm-module" dangerouslySetInnerHTML={KEPT} />;
  // The registry pairs each kind with its renderer; TypeScript cannot follow the pairing through
  // an index, so the one cast is here.
  const Renderer = RENDERERS[props.module.acf_fc_layout] as ComponentType<ModuleProps<ContentModuleKind>>;
  return (
    <div ref={slot} className="cm-module">
      <Renderer {...props} />
    </div>
  );
});

/** What in a module can hold the keyboard's focus, in document order. */
function focusables(wrapper: HTMLElement): HTMLElement[] {
  return [
    ...wrapper.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary, [tabindex]'),
  ];
}

/**
 * Every module's styles, in one block. ContentModules mounts it with its own <Global>, so the CSS
 * travels in the lazily loaded page chunk with the modules; the shell does not need to include it.
 */
export const contentModulesStyles = css`
  ${sharedStyles}
  ${searchStyles}
  ${carouselStyles}
  ${heroStyles}
  ${cardStyles}
  ${richStyles}
  ${directoryStyles}
  ${knowledgeStyles}
  ${socialStyles}
  ${subscribeStyles}
  ${contactStyles}
  ${retailersStyles}
  ${partnerStyles}
`;
