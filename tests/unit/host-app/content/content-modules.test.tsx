// @vitest-environment happy-dom
import { hydrate, options, render } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  businessTypeSearchLink,
  type BlogPost,
  type ContentCard,
  type ContentModule,
  type ContentModuleKind,
  type ContentPage,
} from '../../../../src/domain/content';
import { decodeFilters } from '../../../../src/domain/filters';
import { builtInTenants, TENANT_NAMES, type TenantConfig } from '../../../../src/tenant';
import {
  ContentModules,
  HOME_MODULE_FLAGS,
  FORM_KINDS,
  visibleModules,
} from '../../../../host-app/content/ContentModules';
import { FILE_CONTENT } from '../../../../server/content/files';
import { makeHappyDomSoundForDomPurify } from '../../ui/happy-dom-dompurify';
import { accountStore } from '../../../../host-app/accounts/session';
import { ServerDraw } from '../../../../src/ui/server-draw';
import { HeroSection } from '../../../../host-app/content/modules/Heroes';
import { CmsSanitizer } from '../../../../src/ui/CmsHtml';
import { sanitizeCmsHtmlOnServer } from '../../../../src/ui/cms-html-server';

// CMS HTML is sanitised with DOMPurify, which needs these happy-dom fixes (see the helper).
makeHappyDomSoundForDomPurify();

// The contact form's bot check: the token it sends, and the action it asked for.
const botToken = vi.hoisted(() => vi.fn(async (..._args: unknown[]) => 'bot-token'));
vi.mock('../../../../src/api/bot-check', () => ({ botToken }));

// The Firebase SDK's chunk, for 'Subscribe with Google': the popup answers with an account's address.
const signInWithGoogle = vi.hoisted(() => vi.fn(async (): Promise<string | null> => 'gina@example.com'));
vi.mock('../../../../host-app/accounts/firebase-auth', () => ({
  start: (_offer: unknown, onUser: (user: null) => void) => onUser(null),
  signInWithGoogle,
}));

const spa = builtInTenants.spa;
const wellness = builtInTenants.wellness;

const card = (title: string, fields: Partial<ContentCard> = {}): ContentCard => ({
  title,
  text: `${title} text`,
  image: `/media/${title.toLowerCase().replace(/\W+/g, '-')}.svg`,
  alt_text: `${title} photo`,
  link: `/${title.toLowerCase().replace(/\W+/g, '-')}`,
  link_text: 'Read more',
  ...fields,
});

const post = (id: number): BlogPost => ({
  id,
  slug: `post-${id}`,
  title: `Post ${id}`,
  excerpt: `<p>Excerpt ${id}<script>globalThis.__pwned = 1</script></p>`,
  date: '2025-03-04',
  author: 'Editor',
  image: `/media/post-${id}.svg`,
  alt_text: '',
  link: `/find/post-${id}`,
  category: { id: 1, name: 'Guides', slug: 'guides' },
  tags: [],
});

/** One module of every kind, hero first (so its title is the page's h1). */
function everyModule(): ContentModule[] {
  return [
    {
      acf_fc_layout: 'hero',
      title: 'About the card',
      subtitle: 'One card, many spas.',
      image: '/media/hero.svg',
      image_mobile: '/media/hero-mobile.svg',
      alt_text: '',
      button_text: 'Buy now',
      link: '/buy-gift-cards',
    },
    {
      acf_fc_layout: 'search',
      title: 'Find a spa',
      subtitle: 'Near you',
      background_image: '/media/bg.svg',
      background_image_mobile: '/media/bg-mobile.svg',
      alt_text: 'A calm room',
    },
    {
      acf_fc_layout: 'brands',
      title: 'Our brands',
      brands: [
        { name: 'Brand One', image: '/media/b1.svg', link: '/search?keywords=one' },
        { name: 'Brand Two', image: '/media/b2.svg', link: '' },
      ],
    },
    {
      acf_fc_layout: 'offers',
      title: 'Offers near you',
      subtitle: '',
      limit: 8,
      link: '/search?hasOffers=true',
      link_text: 'See all offers',
    },
    {
      acf_fc_layout: 'social',
      title: 'Follow us',
      text: 'Tag your photos.',
      links: [
        { type: 'instagram', url: 'https://www.instagram.com/explore/tags/spa/' },
        { type: 'facebook', url: 'https://www.facebook.com/hashtag/spa' },
      ],
    },
    {
      acf_fc_layout: 'listings',
      title: 'Spa getaways',
      subtitle: 'Worth the drive.',
      promotion: 'Travel Destinations',
      limit: 6,
      link: '/resorts-and-hotel-spas',
      link_text: 'More getaways',
    },
    {
      acf_fc_layout: 'featured',
      title: 'Featured',
      subtitle: '',
      items: [card('Feature A'), card('Feature B')],
    },
    {
      acf_fc_layout: 'knowledge',
      title: 'From the journal',
      subtitle: '',
      posts_count: 2,
      link: '/find',
      link_text: 'All guides',
    },
    {
      acf_fc_layout: 'subscribe',
      title: 'Newsletter',
      text: 'Monthly offers.',
      placeholder: 'Your email',
      button_text: 'Subscribe',
      social_login: true,
      privacy_note:
        '<p>We never share it. <a href="mailto:care@example.com" onclick="globalThis.__pwned = 1">Ask us</a></p>',
    },
    { acf_fc_layout: 'featured_2_col', items: [card('Ready to spa?'), card('Spa etiquette')] },
    {
      acf_fc_layout: 'carousel_search',
      title: 'Search spas',
      slides: [
        slide('Everywhere', '/media/s1.svg', '/media/s1-mobile.svg'),
        slide('Desktop only', '/media/s2.svg', ''),
      ],
    },
    {
      acf_fc_layout: 'destinations_header',
      title: 'Best spas in Austin',
      subtitle: 'Hill Country calm',
      image: '/media/austin.svg',
      image_mobile: '/media/austin.svg',
      alt_text: '',
    },
    {
      acf_fc_layout: 'marketing_banners_2_col',
      banners: [
        {
          title: 'Gift cards',
          text: 'No expiry.',
          image: '/media/card.svg',
          image_mobile: '/media/card-mobile.svg',
          alt_text: 'The gift card',
          link: '/buy-gift-cards',
          link_text: 'Buy a gift card',
        },
      ],
    },
    {
      acf_fc_layout: 'text',
      title: 'Our story',
      content: '<p>We love <strong>spas</strong>.</p><img src=x onerror="globalThis.__pwned = 1">',
    },
    {
      acf_fc_layout: 'image_text',
      title: 'How it works',
      content: '<ul><li>Buy</li><li>Give</li></ul>',
      image: '/media/how.svg',
      alt_text: 'A gift',
      image_position: 'right',
      button_text: 'Start',
      link: '/search',
    },
    { acf_fc_layout: 'cards', title: 'Card values', subtitle: '', cards: [card('Fifty'), card('Hundred')] },
    {
      acf_fc_layout: 'faq',
      title: 'Questions',
      items: [
        {
          question: 'Does it expire?',
          answer: '<p>Never. <a href="javascript:globalThis.__pwned = 1">x</a></p>',
        },
      ],
    },
    {
      acf_fc_layout: 'cta',
      title: 'Ready?',
      text: 'Find a spa today.',
      button_text: 'Find a spa',
      link: '/search',
    },
    {
      acf_fc_layout: 'contact_form',
      title: 'Send us a message',
      intro: '<p>We answer within a day.</p>',
      topics: [
        { value: 'general', label: 'General question' },
        { value: 'sales', label: 'Partnering with us' },
      ],
      submit_text: 'Send message',
      success_message: 'Thanks from the CMS.',
      email: 'care@example.com',
      phone: '1-800-555-0101',
    },
    {
      acf_fc_layout: 'retailers',
      title: 'Coming soon',
      text: 'In store and online.',
      in_store: [{ name: 'Fieldstone Market', url: '' }],
      online: [
        { name: 'Parcelry', url: 'https://parcelry.example/card' },
        { name: 'GiftNest', url: '' },
        { name: 'Harbor & Vine', url: '' },
      ],
    },
    {
      acf_fc_layout: 'gift_card_hero',
      title: 'GIVE THE WELLNESS CARD',
      subtitle: 'Four brands.',
      button_text: 'on sale now!',
      link: '/wellness-card-coming-soon',
      image: '/media/wellness/hero.svg',
      alt_text: 'The Wellness Card',
    },
    {
      acf_fc_layout: 'business_types',
      title: 'Four brands, one card',
      subtitle: '',
      cards: ['Zenith Yoga', 'Glow Skin Studio'].map((type) => ({
        ...card(type, { link: businessTypeSearchLink(type), link_text: `Find ${type}` }),
        business_type: type,
      })),
    },
    {
      acf_fc_layout: 'partner_info',
      title: 'Partner with us',
      text: 'Reach new guests.',
      button_text: 'Join the network',
      link: '/join-the-network',
      slides: [1, 2, 3, 4, 5, 6, 7].map((n) => ({ image: `/media/p${n}.svg`, alt_text: '' })),
    },
  ];
}

function slide(title: string, image: string, mobile: string) {
  return {
    link: '/search',
    image,
    alt_text: `${title} image`,
    slide_title: title,
    image_mobile: mobile,
    slide_title_mobile: '',
    blur: 0,
    overlay: 'rgba(0, 0, 0, 0.3)',
    gradient: true,
    background: '#111',
  };
}

function pageOf(modules: ContentModule[], fields: Partial<ContentPage> = {}): ContentPage {
  return {
    id: 1,
    slug: 'about',
    title: 'About us',
    tags: [],
    blog_posts: [post(1), post(2), post(3)],
    blog_category: null,
    destinations_nav: [],
    'search-term': '',
    keywords: '',
    yoast: {
      title: '',
      keyword: '',
      description: '',
      robots: '',
      canonical: '',
      social_title: '',
      social_description: '',
      social_image: '',
      sitemap: true,
    },
    'custom-fields': { modules },
    ...fields,
  };
}

/** The tenant with some home flags changed. */
function withHome(tenant: TenantConfig, home: Partial<TenantConfig['options']['home']>): TenantConfig {
  return { ...tenant, options: { ...tenant.options, home: { ...tenant.options.home, ...home } } };
}

type Flagged = typeof globalThis & { __pwned?: number };
let host: HTMLDivElement;

function mount(
  page: ContentPage,
  tenant: TenantConfig = spa,
  props: { viewportWidth?: number; pageHeading?: boolean } = {},
) {
  render(
    <ContentModules page={page} tenant={tenant} viewportWidth={props.viewportWidth ?? 1300} {...props} />,
    host,
  );
  return host;
}

/** The clock and the frames afterNextPaint waits for, faked: a test steps through the draws. */
const FAKED_FRAMES = {
  toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
} satisfies Parameters<typeof vi.useFakeTimers>[0];

/** Hydrates the server's markup in `host` as the app does (main.tsx), under FAKED_FRAMES. */
function hydrateServerDraw(page: ContentPage) {
  vi.useFakeTimers(FAKED_FRAMES);
  hydrate(
    <ServerDraw.Provider value={{ current: true }}>
      <ContentModules page={page} tenant={spa} viewportWidth={1300} />
    </ServerDraw.Provider>,
    host,
  );
}

const $ = <E extends Element = HTMLElement>(selector: string) => host.querySelector<E>(selector);
const $$ = <E extends Element = HTMLElement>(selector: string) => [...host.querySelectorAll<E>(selector)];
const texts = (selector: string) => $$(selector).map((element) => element.textContent?.trim());
const section = (heading: string) => {
  const title = $$('h1, h2').find((element) => element.textContent === heading);
  const found = title?.closest('section');
  if (!found) throw new Error(`No section headed '${heading}'`);
  return found;
};
const link = (within: ParentNode, name: string | RegExp) => {
  const found = [...within.querySelectorAll<HTMLAnchorElement>('a')].find((a) =>
    typeof name === 'string' ? a.textContent === name : name.test(a.textContent ?? ''),
  );
  if (!found) throw new Error(`No link '${String(name)}'`);
  return found;
};

function type(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
function submit(form: HTMLFormElement) {
  form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
}

/** h1-h6 in document order: one h1, first, and no level skipped on the way down. */
function expectHeadingOutline() {
  const levels = $$('h1, h2, h3, h4, h5, h6').map((heading) => Number(heading.tagName[1]));
  expect(levels[0]).toBe(1);
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  levels.forEach((level, i) => {
    if (i > 0)
      expect(level, `heading ${i} after h${levels[i - 1]}`).toBeLessThanOrEqual((levels[i - 1] ?? 1) + 1);
  });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  delete (globalThis as Flagged).__pwned;
  host = document.createElement('div');
  document.body.append(host);
  fetchMock.mockReset();
  botToken.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  history.replaceState(null, '', '/about');
});
afterEach(async () => {
  render(null, host);
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  // Preact's queued effects wait for a frame; under a fake clock, run it before the clock is
  // real, or no later test's effects would run.
  if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(100);
  vi.useRealTimers();
});

describe('ContentModules: every kind', () => {
  it('renders one module of each kind, in order', () => {
    mount(pageOf(everyModule()));
    const kinds = everyModule().map((module) => module.acf_fc_layout);
    expect(new Set(kinds).size).toBe(23);
    // Every kind got a root element in .cm-modules (besides nothing extra: the hero is the h1).
    expect($$('.cm-modules > :not(style)').length).toBe(kinds.length);
    expect(($('h1') as HTMLElement).textContent).toBe('About the card');
  });

  it('hydrating, draws what the server drew (up to the first module with a form), the rest after', async () => {
    const modules = everyModule();
    const firstWithForm = modules.findIndex((module) => FORM_KINDS.has(module.acf_fc_layout));
    expect(firstWithForm).toBeGreaterThan(0);
    const shown = () => $$('.cm-modules > :not(style)').length;
    // The first draw, as hydration draws over the server's markup; effects have not run yet.
    render(
      <ServerDraw.Provider value={{ current: true }}>
        <ContentModules page={pageOf(modules)} tenant={spa} viewportWidth={1300} />
      </ServerDraw.Provider>,
      host,
    );
    expect(shown()).toBe(firstWithForm);
    expect($('form.cm-subscribe__form')).toBeNull();
    // Once the page has painted, the rest, forms and all: a module a task, each after a frame,
    // so that no task draws them all (the phone's main thread stays free between them).
    vi.useFakeTimers(FAKED_FRAMES);
    const counts = [shown()];
    for (let ms = 0; ms < 5_000 && shown() < modules.length; ms++) {
      await vi.advanceTimersByTimeAsync(1);
      if (shown() !== counts.at(-1)) counts.push(shown());
    }
    expect(counts).toEqual(modules.slice(firstWithForm - 1).map((_, i) => firstWithForm + i));
    expect($('form.cm-subscribe__form')).not.toBeNull();

    // A later page (not hydrating) draws every module at once.
    render(null, host);
    render(<ContentModules page={pageOf(modules)} tenant={spa} viewportWidth={1300} />, host);
    expect(shown()).toBe(modules.length);
  });

  it('draws CMS HTML with the sanitiser it is given (the server’s, in its render)', () => {
    const onServer = vi.fn(sanitizeCmsHtmlOnServer);
    host.innerHTML = renderToString(
      <CmsSanitizer.Provider value={onServer}>
        <ContentModules page={pageOf(everyModule())} tenant={spa} viewportWidth={1300} />
      </CmsSanitizer.Provider>,
    );
    // The text and faq modules' HTML, without their payloads.
    expect(section('Our story').querySelector('.cm-rich')?.innerHTML).toBe(
      '<p>We love <strong>spas</strong>.</p><img src="x">',
    );
    expect(section('Questions').querySelector('.cm-faq__answer')?.innerHTML).toBe('<p>Never. <a>x</a></p>');
    expect(onServer).toHaveBeenCalledWith(
      '<p>We love <strong>spas</strong>.</p><img src=x onerror="globalThis.__pwned = 1">',
    );
  });

  it('hydrating, keeps the server’s markup of the modules after the first until each is drawn, alone', async () => {
    const modules = everyModule();
    const firstWithForm = modules.findIndex((module) => FORM_KINDS.has(module.acf_fc_layout));
    const offers = modules.findIndex((module) => module.acf_fc_layout === 'offers');
    expect(offers).toBeGreaterThan(0);
    expect(offers).toBeLessThan(firstWithForm);
    // The server's markup: the modules before the first with a form, each drawn whole.
    const page = pageOf(modules);
    host.innerHTML = renderToString(
      <ContentModules page={pageOf(modules.slice(0, firstWithForm))} tenant={spa} viewportWidth={1300} />,
    );
    const drawnNodes = () => $$('.cm-modules > .cm-module').map((slot) => slot.firstElementChild);
    const served = drawnNodes();
    expect(served).toHaveLength(firstWithForm);
    let heroDraws = 0;
    const diffed = options.diffed;
    options.diffed = (vnode) => {
      if (vnode.type === HeroSection) heroDraws++;
      diffed?.(vnode);
    };
    try {
      hydrateServerDraw(page);
      // Hydration took the server's nodes, every one of them.
      expect(drawnNodes().every((node, index) => node === served[index])).toBe(true);
      for (let ms = 0; ms < 5_000 && $$('.cm-modules > .cm-module').length < modules.length; ms++)
        await vi.advanceTimersByTimeAsync(1);
      expect($$('.cm-modules > .cm-module')).toHaveLength(modules.length);
      // The first module (the first screen's) and the one with an element are the nodes hydration
      // took; the others were kept as the server drew them until drawn after the paint.
      const now = drawnNodes();
      served.forEach((node, index) => {
        if (index === 0 || index === offers) expect(now[index], `module ${index}`).toBe(node);
        else expect(now[index], `module ${index}`).not.toBe(node);
      });
      expect(now.slice(0, firstWithForm).map((node) => node?.textContent)).toEqual(
        served.map((node) => node?.textContent),
      );
      // Each module drawn after the paint drew itself alone: the opener only once, in hydration.
      expect(heroDraws).toBe(1);
    } finally {
      options.diffed = diffed;
    }
  });

  it('hydrating, takes the FAQ as the server drew it: a question opened before the script stays open', async () => {
    const modules = everyModule().filter((module) =>
      ['hero', 'text', 'faq', 'cta'].includes(module.acf_fc_layout),
    );
    const page = pageOf(modules);
    host.innerHTML = renderToString(
      <CmsSanitizer.Provider value={sanitizeCmsHtmlOnServer}>
        <ContentModules page={page} tenant={spa} viewportWidth={1300} />
      </CmsSanitizer.Provider>,
    );
    const question = host.querySelector('details') as HTMLDetailsElement;
    const text = section('Our story');
    question.open = true;
    hydrateServerDraw(page);
    await vi.advanceTimersByTimeAsync(1_000);
    // The text module was kept and drawn again after the paint; the FAQ was hydrated.
    expect(section('Our story')).not.toBe(text);
    expect(host.querySelector('details')).toBe(question);
    expect(question.open).toBe(true);
    expect(question.querySelector('.cm-faq__answer')?.innerHTML).toBe('<p>Never. <a>x</a></p>');
  });

  it('hydrating, keeps the keyboard’s focus where it was when a kept module is drawn again', async () => {
    const modules = everyModule().filter((module) => ['hero', 'cards', 'cta'].includes(module.acf_fc_layout));
    const page = pageOf(modules);
    host.innerHTML = renderToString(<ContentModules page={page} tenant={spa} viewportWidth={1300} />);
    // The visitor tabbed to the second card's link before the script ran.
    const served = [...section('Card values').querySelectorAll('a')];
    expect(served.length).toBeGreaterThan(1);
    served[1]!.focus();
    hydrateServerDraw(page);
    await vi.advanceTimersByTimeAsync(1_000);
    // Drawn again (new nodes), with the focus on the same link of the new draw.
    const drawn = [...section('Card values').querySelectorAll('a')];
    expect(drawn[1]).not.toBe(served[1]);
    expect(document.activeElement).toBe(drawn[1]);
  });

  it('search: a labelled GET form to /search with location and keywords and the tenant button', () => {
    mount(pageOf(everyModule()));
    const form = section('Find a spa').querySelector('form') as HTMLFormElement;
    expect(form.getAttribute('action')).toBe('/search');
    expect(form.getAttribute('method')).toBe('get');
    for (const name of ['location', 'keywords']) {
      const input = form.querySelector(`input[name="${name}"]`) as HTMLInputElement;
      expect(form.querySelector(`label[for="${input.id}"]`)?.textContent).toBeTruthy();
    }
    expect(form.querySelector('button[type="submit"]')?.textContent).toBe(spa.titles.mainSearchButtonName);
    expect(section('Find a spa').querySelector('img')?.getAttribute('alt')).toBe('A calm room');
  });

  it('brands: names, with links where given', () => {
    mount(pageOf(everyModule()));
    const brands = section('Our brands');
    expect(link(brands, 'Brand One').getAttribute('href')).toBe('/search?keywords=one');
    expect(brands.textContent).toContain('Brand Two');
    expect([...brands.querySelectorAll('a')]).toHaveLength(1);
  });

  it('offers: the offers carousel element for the tenant, headed by the module title', () => {
    mount(pageOf(everyModule()));
    const element = $('wellspring-offers-carousel') as HTMLElement;
    expect(element.getAttribute('tenant')).toBe('spa');
    expect(element.getAttribute('heading')).toBe('Offers near you');
    expect(link(element.parentElement as HTMLElement, 'See all offers').getAttribute('href')).toBe(
      '/search?hasOffers=true',
    );
  });

  it('social: network links that open in a new tab safely', () => {
    mount(pageOf(everyModule()));
    const instagram = link(section('Follow us'), /Instagram/);
    expect(instagram.getAttribute('href')).toBe('https://www.instagram.com/explore/tags/spa/');
    expect(instagram.getAttribute('target')).toBe('_blank');
    expect(instagram.getAttribute('rel')).toBe('noopener noreferrer');
    expect(instagram.textContent).toContain('(opens in a new tab)');
  });

  it('listings: a link to /search filtered by the promotion', () => {
    mount(pageOf(everyModule()));
    const href = link(section('Spa getaways'), /More getaways/).getAttribute('href') ?? '';
    const url = new URL(href, 'https://site.example');
    expect(url.pathname).toBe('/search');
    expect(decodeFilters(url.searchParams.get('filters'))).toEqual({
      'promotions.promotionTypeName': 'Travel Destinations',
    });
  });

  it('listings: the cards of a search for the promotion, linking to their listing pages', async () => {
    const searched: URL[] = [];
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'https://site.example');
      searched.push(url);
      const card = {
        merchantId: 42,
        name: 'Lakeside Retreat & Spa',
        images: [],
        location: { city: 'South Lake Tahoe', stateOrProvinceCode: 'CA' },
        distance: null,
        offers: [],
        totalReviews: 12,
        averageScore: 4.6,
      };
      return new Response(JSON.stringify({ items: url.pathname.endsWith('/merchants') ? [card] : [] }), {
        headers: { 'content-type': 'application/json' },
      });
    });
    mount(pageOf(everyModule()));
    const listings = section('Spa getaways');
    await vi.waitFor(() => expect(listings.querySelector('.card-title a')).not.toBeNull());
    const card = listings.querySelector('.card-title a') as HTMLAnchorElement;
    expect(card.textContent).toContain('Lakeside Retreat & Spa');
    expect(card.getAttribute('href')).toMatch(/^\/[a-z]+\/lakeside-retreat-and-spa-42$/);
    const search = searched.find((url) => url.pathname.endsWith('/merchants'))!;
    expect(decodeFilters(search.searchParams.get('filters'))['promotions.promotionTypeName']).toBe(
      'Travel Destinations',
    );
  });

  it('featured, featured_2_col and cards: cards with titles, text, alt text and clearly named links', () => {
    mount(pageOf(everyModule()));
    const featured = section('Featured');
    expect([...featured.querySelectorAll('h3')].map((h) => h.textContent)).toEqual([
      'Feature A',
      'Feature B',
    ]);
    const more = link(featured, /Read more/);
    expect(more.getAttribute('href')).toBe('/feature-a');
    expect(more.textContent).toBe('Read more: Feature A');
    expect(featured.querySelector('img')?.getAttribute('alt')).toBe('Feature A photo');
    expect(featured.querySelector('img')?.getAttribute('loading')).toBe('lazy');
    expect(featured.querySelector('img')?.getAttribute('width')).toBeTruthy();
    // featured_2_col has no heading of its own: its card titles are h2.
    const twoCol = $$('h2').find((h) => h.textContent === 'Ready to spa?');
    expect(twoCol?.closest('section')?.querySelectorAll('h2')).toHaveLength(2);
    expect(texts('.cm-cards h3')).toEqual(expect.arrayContaining(['Fifty', 'Hundred']));
  });

  it('knowledge: posts_count of the page blog posts, linking to each post, excerpts sanitised', async () => {
    mount(pageOf(everyModule()));
    const knowledge = section('From the journal');
    expect(
      [...knowledge.querySelectorAll('h3 a')].map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Post 1', '/find/post-1'],
      ['Post 2', '/find/post-2'],
    ]);
    expect(knowledge.textContent).toContain('Excerpt 1');
    expect(knowledge.querySelector('script')).toBeNull();
    expect(knowledge.querySelector('time')?.getAttribute('datetime')).toBe('2025-03-04');
    expect(link(knowledge, /All guides/).getAttribute('href')).toBe('/find');
  });

  it('knowledge: nothing at all when the page has no blog posts', () => {
    mount(pageOf(everyModule(), { blog_posts: [] }));
    expect($$('h2').map((h) => h.textContent)).not.toContain('From the journal');
  });

  /**
   * Answers POST /api/subscriptions with `answer` (other calls on the page, the listings module's
   * search, get no items) and mounts the page; `send` submits the subscribe form.
   */
  const subscribeAs = (answer: (request: Request) => Promise<Response>) => {
    fetchMock.mockImplementation(async (input) => {
      const request = input instanceof Request ? input : new Request(String(input));
      if (!request.url.includes('/api/subscriptions'))
        return new Response(JSON.stringify({ items: [] }), {
          headers: { 'content-type': 'application/json' },
        });
      return answer(request);
    });
    mount(pageOf(everyModule()));
    const subscribe = section('Newsletter');
    const email = subscribe.querySelector('input[type="email"]') as HTMLInputElement;
    return {
      subscribe,
      email,
      send: () => submit(subscribe.querySelector('form') as HTMLFormElement),
    };
  };
  const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });

  it('subscribe: posts the address with a bot token and says to check the inbox once the server took it', async () => {
    const sent: { url: string; method: string; body: string }[] = [];
    const { subscribe, email, send } = subscribeAs(async (request) => {
      sent.push({ url: request.url, method: request.method, body: await request.text() });
      return json({ status: 'pending', message: 'Almost there: check your inbox.' }, 202);
    });
    expect(subscribe.querySelector(`label[for="${email.id}"]`)?.textContent).toBe('Email address');
    expect(link(subscribe, 'Ask us').hasAttribute('onclick')).toBe(false);
    type(email, 'guest@example.com');
    send();
    await vi.waitFor(() => expect(subscribe.textContent).toContain('Almost there: check your inbox.'));
    expect(sent).toHaveLength(1);
    expect(new URL(sent[0]!.url).pathname).toBe('/api/subscriptions');
    expect(JSON.parse(sent[0]!.body)).toEqual({
      email: 'guest@example.com',
      botToken: 'bot-token',
      tenant: 'spa',
    });
    expect(botToken).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'spa' }),
      expect.anything(),
      undefined,
      'subscribe',
    );
    expect(subscribe.querySelector('form')).toBeNull();
  });

  it("subscribe: a refusal is said in the server's words and the address stays typed", async () => {
    const { subscribe, email, send } = subscribeAs(async () =>
      json({ error: 'Too many sign-ups. Please try again later.' }, 429, { 'retry-after': '60' }),
    );
    type(email, 'guest@example.com');
    send();
    await vi.waitFor(() =>
      expect(subscribe.querySelector('[role="alert"]')?.textContent).toBe(
        'Too many sign-ups. Please try again later.',
      ),
    );
    expect(email.value).toBe('guest@example.com');
    expect(subscribe.textContent).not.toContain('check your inbox');
  });

  it('subscribe: an address the server refuses is marked invalid, said to a visitor, and stays typed', async () => {
    const { subscribe, email, send } = subscribeAs(async () =>
      json({ error: 'email: must be a bare email address, without a name', field: 'email' }, 400),
    );
    type(email, 'guest@example.com');
    send();
    const alert = () => subscribe.querySelector('[role="alert"]') as HTMLElement;
    await vi.waitFor(() =>
      expect(alert().textContent).toBe(
        'Please check the email address: it must be a bare email address, without a name.',
      ),
    );
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe(alert().id);
    expect(email.value).toBe('guest@example.com');
    expect(subscribe.textContent).not.toContain('check your inbox');
  });

  it('subscribe: without a connection it says so, keeps the address and can be sent again', async () => {
    let online = false;
    const { subscribe, email, send } = subscribeAs(async () => {
      if (!online) throw new TypeError('Failed to fetch');
      return json({ status: 'pending', message: 'Almost there: check your inbox.' }, 202);
    });
    type(email, 'guest@example.com');
    send();
    await vi.waitFor(() =>
      expect(subscribe.querySelector('[role="alert"]')?.textContent).toBe(
        'We could not reach our server. Please check your connection and try again.',
      ),
    );
    expect(email.value).toBe('guest@example.com');
    expect(email.hasAttribute('aria-invalid')).toBe(false);
    expect(subscribe.textContent).not.toContain('check your inbox');

    online = true;
    send();
    await vi.waitFor(() => expect(subscribe.textContent).toContain('Almost there: check your inbox.'));
  });

  describe('subscribe with Google (social_login)', () => {
    const offer = (google: boolean) =>
      accountStore.setState({
        offer: {
          firebase: { apiKey: 'k', authDomain: 'localhost', projectId: 'p' },
          emulatorUrl: null,
          google,
        },
      });
    afterEach(() => accountStore.setState({ offer: null }));
    const googleButton = (subscribe: HTMLElement) =>
      [...subscribe.querySelectorAll('button')].find(
        (button) => button.textContent === 'Subscribe with Google',
      );

    it("sends the Google account's address, and says so when the popup was closed", async () => {
      offer(true);
      const sent: string[] = [];
      const { subscribe, email } = subscribeAs(async (request) => {
        sent.push(await request.text());
        return json({ status: 'pending', message: 'Almost there: check your inbox.' }, 202);
      });
      await vi.waitFor(() => expect(googleButton(subscribe)).toBeDefined());

      signInWithGoogle.mockRejectedValueOnce(
        Object.assign(new Error('closed'), { code: 'auth/popup-closed-by-user' }),
      );
      googleButton(subscribe)!.click();
      await vi.waitFor(() =>
        expect(subscribe.querySelector('[role="alert"]')?.textContent).toBe(
          'The Google window was closed before signing in finished.',
        ),
      );
      expect(sent).toEqual([]);

      googleButton(subscribe)!.click();
      await vi.waitFor(() => expect(subscribe.textContent).toContain('Almost there: check your inbox.'));
      expect(email.value).toBe('gina@example.com');
      expect(sent.map((body) => JSON.parse(body) as unknown)).toEqual([
        { email: 'gina@example.com', botToken: 'bot-token', tenant: 'spa' },
      ]);
    });

    it('is not offered where the site does not offer Google sign-in', async () => {
      offer(false);
      const { subscribe } = subscribeAs(async () => json({}, 500));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(googleButton(subscribe)).toBeUndefined();
      expect(subscribe.querySelector('input[type="email"]')).not.toBeNull();
    });
  });

  it('destinations_header, hero, marketing banners, text, image_text, faq and cta', () => {
    mount(pageOf(everyModule()));
    // Not first: headed h2.
    expect($$('h2').map((h) => h.textContent)).toContain('Best spas in Austin');
    expect(link($('.cm-banners') as HTMLElement, /Buy a gift card/).getAttribute('href')).toBe(
      '/buy-gift-cards',
    );
    expect($('.cm-banners picture source')?.getAttribute('srcset')).toBe('/media/card.svg');
    expect($('.cm-banners picture img')?.getAttribute('src')).toBe('/media/card-mobile.svg');
    expect(section('Our story').querySelector('strong')?.textContent).toBe('spas');
    expect(section('Our story').querySelector('img')?.getAttributeNames()).toEqual(['src']);
    expect([...section('How it works').querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Buy',
      'Give',
    ]);
    const faq = section('Questions');
    expect(faq.querySelector('details summary')?.textContent).toBe('Does it expire?');
    expect(faq.querySelector('details a')?.hasAttribute('href')).toBe(false);
    expect(link(section('Ready?'), 'Find a spa').getAttribute('href')).toBe('/search');
    expect(link(section('About the card'), 'Buy now').getAttribute('href')).toBe('/buy-gift-cards');
    expect((globalThis as Flagged).__pwned).toBeUndefined();
  });

  it('retailers: the in-store and online lists', () => {
    mount(pageOf(everyModule()));
    const retailers = section('Coming soon');
    const lists = [...retailers.querySelectorAll('h3')].map((h3) => [
      h3.textContent,
      [...(h3.nextElementSibling?.querySelectorAll('li') ?? [])].map((li) =>
        li.textContent?.replace(' (opens in a new tab)', ''),
      ),
    ]);
    expect(lists).toEqual([
      ['In store', ['Fieldstone Market']],
      ['Online', ['Parcelry', 'GiftNest', 'Harbor & Vine']],
    ]);
    expect(link(retailers, /Parcelry/).getAttribute('href')).toBe('https://parcelry.example/card');
  });

  it('gift_card_hero: the title as given, the on-sale button to the module link, and the image', () => {
    mount(pageOf(everyModule()), wellness);
    const hero = $('.cm-gift-hero') as HTMLElement;
    expect(hero.querySelector('h2')?.textContent).toBe('GIVE THE WELLNESS CARD');
    expect(link(hero, 'on sale now!').getAttribute('href')).toBe('/wellness-card-coming-soon');
    expect(hero.querySelector('img')?.getAttribute('alt')).toBe('The Wellness Card');
  });

  it('business_types: each card links to /search filtered by its business type', () => {
    mount(pageOf(everyModule()), wellness);
    const cards = section('Four brands, one card');
    for (const type of ['Zenith Yoga', 'Glow Skin Studio']) {
      const url = new URL(
        link(cards, new RegExp(`^Find ${type}`)).getAttribute('href') ?? '',
        'https://site.example',
      );
      expect(url.pathname).toBe('/search');
      expect(decodeFilters(url.searchParams.get('filters'))).toEqual({ businessTypes: [type] });
    }
  });

  it('partner_info: text, button, and a slider of at most slidesTotal slides, 4 side by side on wide screens', () => {
    mount(pageOf(everyModule()));
    const partner = section('Partner with us');
    expect(partner.textContent).toContain('Reach new guests.');
    expect(link(partner, 'Join the network').getAttribute('href')).toBe('/join-the-network');
    const slides = [...partner.querySelectorAll('[aria-roledescription="slide"]')];
    expect(slides).toHaveLength(spa.componentsConfig.partnerInfo.slidesTotal);
    expect(slides.filter((slide) => !slide.hasAttribute('hidden'))).toHaveLength(4);
    const next = [...partner.querySelectorAll('button')].find((b) => b.textContent?.includes('Next slide'));
    expect(next).toBeDefined();
  });

  it('renders plain-text fields as text, never as HTML', () => {
    mount(
      pageOf([{ acf_fc_layout: 'cards', title: '<i>Title</i>', subtitle: '', cards: [card('<b>Bold</b>')] }]),
    );
    expect($('i, b')).toBeNull();
    expect(host.textContent).toContain('<i>Title</i>');
    expect(host.textContent).toContain('<b>Bold</b>');
  });
});

describe('ContentModules: headings', () => {
  it('keeps one h1 and no skipped level with every kind on the page', () => {
    mount(pageOf(everyModule()));
    expectHeadingOutline();
  });

  it('a page-heading module that opens the page is the h1', () => {
    for (const kind of ['hero', 'gift_card_hero', 'destinations_header'] as const) {
      const opener = everyModule().find((module) => module.acf_fc_layout === kind) as ContentModule;
      mount(pageOf([opener, { acf_fc_layout: 'cta', title: 'Next', text: '', button_text: '', link: '' }]));
      expect($$('h1').map((h) => h.textContent)).toEqual([(opener as { title: string }).title]);
      expect($('.cm-page-title')).toBeNull();
      render(null, host);
    }
  });

  it('otherwise the page title is the h1: shown, or visually hidden over a carousel or search opener', () => {
    mount(pageOf([{ acf_fc_layout: 'text', title: 'Intro', content: '<p>Hi</p>' }]));
    expect($('h1')?.textContent).toBe('About us');
    expect($('h1')?.className).toBe('cm-page-title');
    render(null, host);
    mount(pageOf(everyModule().filter((module) => module.acf_fc_layout === 'carousel_search')));
    expect($('h1')?.textContent).toBe('About us');
    expect($('h1')?.className).toBe('visually-hidden');
    expect($('.cm-carousel h2')?.textContent).toBe('Search spas');
  });

  it('pageHeading={false} leaves the h1 to the page', () => {
    mount(pageOf(everyModule()), spa, { pageHeading: false });
    expect($('h1')).toBeNull();
    expect($$('h2').map((h) => h.textContent)).toContain('About the card');
  });
});

describe('ContentModules: home flags', () => {
  it('a kind switched off in options.home is not rendered', () => {
    const page = pageOf(everyModule());
    mount(page, withHome(spa, { brands: false, subscribe: false }));
    expect($$('h2').map((h) => h.textContent)).not.toEqual(expect.arrayContaining(['Our brands']));
    expect($$('h2').map((h) => h.textContent)).not.toContain('Newsletter');
    expect($$('h2').map((h) => h.textContent)).toContain('Follow us');
  });

  it('the wellness tenant shows no subscribe module; partner info needs partnersInfo', () => {
    const kinds = (tenant: TenantConfig) =>
      visibleModules(pageOf(everyModule()), tenant).map((m) => m.acf_fc_layout);
    expect(kinds(wellness)).not.toContain('subscribe');
    expect(kinds(spa)).toContain('partner_info');
    expect(kinds(builtInTenants.local)).not.toContain('partner_info');
    expect(kinds(spa)).toHaveLength(23);
  });

  it('maps every spec 2.8 home kind to its flag', () => {
    for (const [kind, flag] of Object.entries(HOME_MODULE_FLAGS) as [ContentModuleKind, string][]) {
      expect(Object.keys(spa.options.home), kind).toContain(flag);
    }
  });
});

describe('ContentModules: hero carousel', () => {
  const carouselPage = () =>
    pageOf(everyModule().filter((module) => module.acf_fc_layout === 'carousel_search'));
  const slides = () => $$('.cm-carousel [aria-roledescription="slide"]');
  const current = () => slides().find((slide) => !slide.hasAttribute('hidden'));
  const button = (name: string) => {
    const found = $$<HTMLButtonElement>('.cm-carousel button').find((b) => b.textContent?.includes(name));
    if (!found) throw new Error(`No button '${name}'`);
    return found;
  };

  it('drops a slide without a mobile image on a phone, and sizes the carousel by breakpoint', () => {
    mount(carouselPage(), spa, { viewportWidth: 375 });
    expect(slides()).toHaveLength(1);
    expect(current()?.textContent).toBe('Everywhere');
    // Its height is CSS per breakpoint (the server draws it without knowing the width).
    expect($('.cm-carousel')?.style.minHeight).toBe('');
    expect($('.cm-carousel__control')).toBeNull();
    render(null, host);

    mount(carouselPage(), spa, { viewportWidth: 1300 });
    expect(slides()).toHaveLength(2);
    // Both images: a <picture> chooses; first slide of the first module loads eagerly.
    expect(slides()[0]?.querySelector('source')?.getAttribute('srcset')).toBe('/media/s1.svg');
    expect(slides()[0]?.querySelector('img')?.getAttribute('loading')).toBe('eager');
    expect(slides()[1]?.querySelector('img')?.getAttribute('loading')).toBe('lazy');
    expect(slides()[0]?.querySelector('img')?.getAttribute('alt')).toBe('Everywhere image');
    expect(slides()[0]?.querySelector('.cm-slide__overlay')).not.toBeNull();
    expect(slides()[0]?.querySelector('.cm-slide__gradient')).not.toBeNull();
  });

  it('moves with previous / next and the arrow keys, and keeps the search box', async () => {
    mount(carouselPage());
    expect(current()?.textContent).toBe('Everywhere');
    button('Next slide').click();
    await vi.waitFor(() => expect(current()?.textContent).toBe('Desktop only'));
    button('Previous slide').click();
    await vi.waitFor(() => expect(current()?.textContent).toBe('Everywhere'));
    $('.cm-carousel__stage')?.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }),
    );
    await vi.waitFor(() => expect(current()?.textContent).toBe('Desktop only'));
    expect($('.cm-carousel form[role="search"]')).not.toBeNull();
  });

  it('autoplays, pauses while hovered, and stops with the pause button', async () => {
    vi.useFakeTimers();
    mount(carouselPage());
    await vi.advanceTimersByTimeAsync(10_000);
    expect(current()?.textContent).toBe('Desktop only');

    const stage = $('.cm-carousel__stage') as HTMLElement;
    stage.dispatchEvent(new MouseEvent('mouseenter'));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(current()?.textContent).toBe('Desktop only');
    stage.dispatchEvent(new MouseEvent('mouseleave'));

    button('Pause slides').click();
    await vi.advanceTimersByTimeAsync(0);
    expect(button('Play slides')).toBeDefined();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(current()?.textContent).toBe('Desktop only');
    expect($('.cm-carousel__slides')?.getAttribute('aria-live')).toBe('polite');
  });

  it('does not autoplay for visitors who prefer reduced motion', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    vi.useFakeTimers();
    mount(carouselPage());
    await vi.advanceTimersByTimeAsync(20_000);
    expect(current()?.textContent).toBe('Everywhere');
    expect(button('Play slides')).toBeDefined();
  });
});

describe('ContentModules: contact form', () => {
  const contactPage = () => pageOf(everyModule().filter((module) => module.acf_fc_layout === 'contact_form'));
  const field = <E extends HTMLElement>(name: string) => $(`[name="${name}"]`) as unknown as E;
  const status = () => $('.cm-form-status') as HTMLElement;
  const form = () => $('.cm-contact__form') as HTMLFormElement;

  function fill() {
    type(field<HTMLInputElement>('name'), 'Ada');
    type(field<HTMLInputElement>('email'), 'ada@example.com');
    type(field<HTMLTextAreaElement>('message'), 'Do you sell corporate cards?');
  }

  it('labels every field, marks the required ones, and preselects ?topic=', () => {
    history.replaceState(null, '', '/contactUs?topic=sales');
    mount(contactPage());
    for (const name of ['name', 'email', 'topic', 'message']) {
      const element = field<HTMLInputElement>(name);
      expect($(`label[for="${element.id}"]`)?.textContent, name).toBeTruthy();
    }
    expect(field<HTMLInputElement>('name').required).toBe(true);
    expect(field<HTMLSelectElement>('topic').value).toBe('sales');
    expect(status().getAttribute('aria-live')).toBe('polite');
    expect(link(host, 'care@example.com').getAttribute('href')).toBe('mailto:care@example.com');
    expect(link(host, '1-800-555-0101').getAttribute('href')).toBe('tel:18005550101');
  });

  it('an unknown ?topic= falls back to the first topic', () => {
    history.replaceState(null, '', '/contactUs?topic=nope');
    mount(contactPage());
    expect(field<HTMLSelectElement>('topic').value).toBe('general');
  });

  it('shows validation messages and sends nothing while fields are invalid', async () => {
    mount(contactPage());
    type(field<HTMLInputElement>('email'), 'not-an-email');
    submit(form());
    await vi.waitFor(() => expect(status().textContent).toContain('Please correct the 3 fields'));
    expect(texts('.cm-field__error')).toEqual([
      'Please enter your name.',
      'Please enter a valid email address, like name@example.com.',
      'Please write your message.',
    ]);
    const name = field<HTMLInputElement>('name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Please enter your name.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    expect(botToken).not.toHaveBeenCalled();
  });

  it('posts JSON to /api/contact and announces the answer message', async () => {
    history.replaceState(null, '', '/contactUs?topic=sales');
    // Sent through src/api's client (ky), which hands fetch a Request: read it as it is sent.
    const sent: { url: string; method: string; body: string }[] = [];
    fetchMock.mockImplementation(async (input) => {
      if (input instanceof Request)
        sent.push({ url: input.url, method: input.method, body: await input.text() });
      return new Response(
        JSON.stringify({
          name: 'Ada',
          email: 'ada@example.com',
          error: '',
          message: 'Your message has been sent.',
        }),
        {
          status: 200,
          headers: { 'content-type': 'application/json' },
        },
      );
    });
    mount(contactPage());
    fill();
    submit(form());
    await vi.waitFor(() => expect(status().textContent).toBe('Your message has been sent.'));
    const [request] = sent;
    expect(new URL(request?.url ?? '').pathname).toBe('/api/contact');
    expect(request?.method).toBe('POST');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      topic: 'sales',
      message: 'Do you sell corporate cards?',
      botToken: 'bot-token',
      tenant: 'spa',
    });
    expect(botToken).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'spa' }),
      expect.objectContaining({ botChallenge: expect.any(Function) }),
      undefined,
      'contact_us',
    );
    expect(field<HTMLTextAreaElement>('message').value).toBe('');
  });

  it('announces the error on failure and keeps what was typed', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: 'Too many messages. Please try again in 10 minutes.' }), {
        status: 429,
      }),
    );
    mount(contactPage());
    fill();
    submit(form());
    await vi.waitFor(() =>
      expect(status().textContent).toBe('Too many messages. Please try again in 10 minutes.'),
    );
    expect(field<HTMLTextAreaElement>('message').value).toBe('Do you sell corporate cards?');
    expect(field<HTMLInputElement>('name').value).toBe('Ada');
  });

  it('names the status when the answer carries no error text', async () => {
    fetchMock.mockResolvedValue(new Response('Bad gateway', { status: 502 }));
    mount(contactPage());
    fill();
    submit(form());
    await vi.waitFor(() =>
      expect(status().textContent).toBe(
        'Sorry, your message could not be sent (error 502). Please try again.',
      ),
    );
  });

  it('keeps the message when the network fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    mount(contactPage());
    fill();
    submit(form());
    await vi.waitFor(() => expect(status().textContent).toContain('could not reach our server'));
    expect(field<HTMLTextAreaElement>('message').value).toBe('Do you sell corporate cards?');
  });
});

describe('ContentModules: the built-in content', () => {
  it('renders every page of every tenant with one h1 and no skipped heading level', () => {
    for (const name of TENANT_NAMES) {
      const content = FILE_CONTENT[name];
      for (const page of [content.homepage, ...content.pages, ...content.destinations, ...content.services]) {
        mount(page, builtInTenants[name]);
        try {
          expectHeadingOutline();
        } catch (error) {
          throw new Error(`${name} ${page.slug}: ${(error as Error).message}`);
        }
        render(null, host);
      }
    }
  }, 60_000);

  it('the wellness home: gift-card hero as the h1, four business types, the retailers', () => {
    mount(FILE_CONTENT.wellness.homepage, wellness);
    expect($('h1')?.textContent).toBe(wellness.componentsConfig.home.giftCardHero?.title);
    const hrefs = $$<HTMLAnchorElement>('.cm-business-types a').map((a) => a.getAttribute('href') ?? '');
    expect(hrefs).toHaveLength(4);
    expect(
      hrefs.map((href) => decodeFilters(new URL(href, 'https://x.example').searchParams.get('filters'))),
    ).toEqual(wellness.searchEnvironment.businessTypes.map((type) => ({ businessTypes: [type.value] })));
    expect(host.textContent).toContain('Fieldstone Market');
  });
});
