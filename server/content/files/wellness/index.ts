/**
 * The wellness tenant's content (spec 2.8): the multi-brand Wellness Card of four partner
 * brands. It is not sold online yet: every purchase link goes to the coming-soon page and the
 * card launches at one grocery retailer in store and three retailers online. No blog and no
 * destination pages; its find pages cover what the four brands offer.
 */
import { WELLNESS_BRANDS } from '../../../../src/domain/catalog';
import {
  businessTypeSearchLink,
  type BusinessTypesModule,
  type ContentModule,
  type ContentPage,
  type GiftCardHeroModule,
  type HomeContent,
  type RetailersModule,
} from '../../../../src/domain/content';
import {
  card,
  cards,
  cta,
  faq,
  hero,
  imageText,
  list,
  menu,
  page,
  paragraphs,
  searchLink,
  siteOf,
  text,
  type TenantContent,
} from '../build';
import { findSlug, serviceCards, serviceContents } from '../services';

type Brand = (typeof WELLNESS_BRANDS)[number];

const site = siteOf('wellness');
const { brand, product } = site;
const home = site.config.componentsConfig.home;

/** What each brand offers: the card copy and the service content its find pages carry. */
const BRANDS: Record<Brand, { text: string; keywords: string[]; treatment: string }> = {
  'Tranquil Touch Massage': {
    text: 'Swedish, deep tissue and hot stone massage in calm, private rooms.',
    keywords: ['Massages'],
    treatment: 'a massage',
  },
  'Glow Skin Studio': {
    text: 'Facials, peels, brows and waxing from licensed estheticians.',
    keywords: ['Facials', 'Waxing'],
    treatment: 'a facial',
  },
  'Zenith Yoga': {
    text: 'Vinyasa, hot and restorative yoga for every level, in bright studios.',
    keywords: ['Yoga Classes'],
    treatment: 'a yoga class pack',
  },
  'Polished Nail Lounge': {
    text: 'Manicures, pedicures and gel in spotless, sociable lounges.',
    keywords: ['Manicure'],
    treatment: 'a mani-pedi',
  },
};

const KEYWORDS = WELLNESS_BRANDS.flatMap((name) => BRANDS[name].keywords);
const brandOf = (keywords: string) =>
  WELLNESS_BRANDS.find((name) => BRANDS[name].keywords.includes(keywords));
const logoOf = (name: string) =>
  site.config.componentsConfig.businessLogos.find((logo) => logo.name === name)?.image ?? site.card;

/** Retailer names come from the tenant config; none has a store page yet. */
const retailers = (): RetailersModule => ({
  acf_fc_layout: 'retailers',
  title: home.retailerAnnouncement?.title ?? `Coming soon: the ${product}`,
  text: `The ${product} arrives soon at the checkout of your grocer and at three retailers online. No fees, no expiry, four brands.`,
  in_store: (home.retailerAnnouncement?.inStore ?? []).map((name) => ({ name, url: '' })),
  online: (home.retailerAnnouncement?.online ?? []).map((name) => ({ name, url: '' })),
});

const giftCardHero: GiftCardHeroModule = {
  acf_fc_layout: 'gift_card_hero',
  title: home.giftCardHero?.title ?? `GIVE THE ${product.toUpperCase()}`,
  subtitle: `One card for massage, skin care, yoga and nails at ${WELLNESS_BRANDS.length} brands they already love.`,
  button_text: home.giftCardHero?.buttonText ?? 'on sale now!',
  link: home.giftCardHero?.link ?? site.giftCardLink,
  image: home.giftCardHero?.image ?? site.card,
  alt_text: `The ${product}`,
};

/** One card per business type of the tenant's search (the four brands), linking to /search filtered by it. */
const businessTypes: BusinessTypesModule = {
  acf_fc_layout: 'business_types',
  title: 'Four brands, one card',
  subtitle: 'Find a location near you.',
  cards: site.config.searchEnvironment.businessTypes.map(({ title, value }) => ({
    ...card({
      title,
      text: BRANDS[value as Brand]?.text ?? '',
      image: logoOf(value),
      alt_text: `${title} logo`,
      link: businessTypeSearchLink(value),
      link_text: `Find ${title}`,
    }),
    business_type: value,
  })),
};

const menus = {
  header: menu('wellness/header', [
    ['Find a Location', '/search'],
    [
      'Our Brands',
      '/partner',
      WELLNESS_BRANDS.map((name) => [name, businessTypeSearchLink(name)] as [string, string]),
    ],
    [
      `The ${product}`,
      '/about',
      [
        ['How It Works', '/about'],
        ['Card Values', '/pricing'],
        ['Gift Ideas', '/special-occasions-holidays'],
        ['Check Your Balance', '/card-balance-inquiry'],
      ],
    ],
    ['Wellness Guides', '/find'],
    ['Help', '/contactUs'],
  ]),
  footer: menu('wellness/footer', [
    [
      product,
      '/about',
      [
        ['How It Works', '/about'],
        ['Card Values', '/pricing'],
        ['Check Your Balance', '/card-balance-inquiry'],
        ['Elite Locations', '/elite'],
      ],
    ],
    [
      'Wellness',
      '/find',
      [
        ['Wellness Guides', '/find'],
        ['Ready for Wellness?', '/ready-to-spa'],
        ['Wellness Etiquette', '/spa-etiquette'],
        ['Wellness on the Road', '/resorts-and-hotel-spas'],
      ],
    ],
    [
      'Company',
      '/aboutUs',
      [
        ['About Us', '/aboutUs'],
        ['Our Brands', '/partner'],
        ['Become a Location', '/join-the-network'],
        ['Contact Us', '/contactUs'],
      ],
    ],
  ]),
};

const homeModules: ContentModule[] = [giftCardHero, businessTypes, retailers()];

const homepage: HomeContent = page(site, {
  slug: 'home',
  title: site.config.metaDataPages.homePage.title,
  description: site.config.metaDataPages.homePage.description,
  canonical: '/',
  modules: homeModules,
});

const comingSoon = cta(
  `The ${product} is coming soon`,
  `In store at ${home.retailerAnnouncement?.inStore.join(', ') ?? 'your grocer'} and online soon after.`,
  'Get the launch news',
  site.giftCardLink,
);

const pages: ContentPage[] = [
  page(site, {
    slug: 'about',
    title: `The ${product}`,
    description: `How the ${product} works: one card for ${WELLNESS_BRANDS.join(', ')}.`,
    modules: [
      hero({
        title: `The ${product}`,
        subtitle: 'One card. Four ways to feel better.',
        image: '/media/wellness/hero.svg',
        alt_text: `The ${product}`,
      }),
      cards('How it works', [
        card({
          title: '1. Pick it up',
          text: 'Buy the card at the grocery checkout or online, in the amount you choose.',
          image: site.card,
        }),
        card({
          title: '2. Give it',
          text: 'Birthdays, thank-yous, just because. It fits in any card or stocking.',
          image: '/media/spa-2.svg',
        }),
        card({
          title: '3. Feel better',
          text: `Spend it on massage, facials, yoga or nails at any location of our ${WELLNESS_BRANDS.length} brands.`,
          image: '/media/spa-1.svg',
        }),
      ]),
      faq(`${product} questions`, [
        ['Does the card expire?', '<p>No. The balance never expires and there are no fees.</p>'],
        [
          'Can it be split between brands?',
          '<p>Yes. Use part at Tranquil Touch Massage and the rest at Polished Nail Lounge, or any other mix.</p>',
        ],
        [
          'How do I check the balance?',
          '<p>With the card number and PIN on our <a href="/card-balance-inquiry">balance page</a>, or at any location.</p>',
        ],
      ]),
      retailers(),
    ],
  }),
  page(site, {
    slug: 'aboutUs',
    title: 'About us',
    description: `${brand} brings four wellness brands together on one gift card.`,
    modules: [
      hero({
        title: 'About us',
        subtitle: 'We think feeling good should be easy to give.',
        image: '/media/spa-3.svg',
        alt_text: '',
      }),
      imageText({
        title: 'Why one card',
        content: paragraphs(
          'Gift cards for a single spa or studio are lovely, until the person you give it to lives across town from it, or would rather do yoga than have a massage.',
          `So we asked four brands people already love to share one card. ${WELLNESS_BRANDS.join(', ')} now accept the ${product} at every location.`,
        ),
        image: site.card,
        alt_text: `The ${product}`,
      }),
      text(
        'Talk to us',
        paragraphs(
          `Email <a href="mailto:${site.email}">${site.email}</a> or call ${site.phone}, seven days a week, 8 am to 8 pm Central.`,
        ),
      ),
    ],
  }),
  page(site, {
    slug: 'pricing',
    title: 'Card values',
    description: `The ${product} comes in values from $25 to $250, with no fees and no expiry.`,
    modules: [
      hero({
        title: 'Card values',
        subtitle: 'Choose the amount; they choose the treatment.',
        image: site.card,
        alt_text: `The ${product}`,
      }),
      cards('What it buys', [
        card({ title: '$25', text: 'A classic manicure, or a drop-in yoga class with change to spare.' }),
        card({ title: '$50', text: 'A brow shaping and lash tint, or a five-class yoga pack.' }),
        card({ title: '$100', text: 'A 60-minute massage or a signature facial.' }),
        card({ title: '$250', text: 'A month of wellness: a massage, a facial, a mani-pedi and yoga.' }),
      ]),
      text(
        'The fine print, in plain words',
        list([
          'No purchase fee, no monthly fee, no expiry.',
          'Accepted at every location of our four brands in the US.',
          'Lost cards can be replaced with the receipt.',
        ]),
      ),
      comingSoon,
    ],
  }),
  page(site, {
    slug: 'partner',
    title: 'Our brands',
    description: `The four brands that accept the ${product}: ${WELLNESS_BRANDS.join(', ')}.`,
    modules: [
      hero({
        title: 'Our brands',
        subtitle: `Four specialists, hundreds of locations, one ${product}.`,
        image: '/media/wellness/hero.svg',
        alt_text: '',
      }),
      ...WELLNESS_BRANDS.map((name, index) =>
        imageText({
          title: name,
          content: paragraphs(BRANDS[name].text),
          image: logoOf(name),
          alt_text: `${name} logo`,
          image_position: index % 2 ? 'left' : 'right',
          button_text: 'Find a location',
          link: businessTypeSearchLink(name),
        }),
      ),
    ],
  }),
  page(site, {
    slug: 'contactUs',
    title: 'Contact us',
    description: `Questions about the ${product}, its balance or its launch? We are here seven days a week.`,
    modules: [
      hero({
        title: 'Contact us',
        subtitle: 'Seven days a week, 8 am to 8 pm Central.',
        image: '/media/spa-12.svg',
        alt_text: '',
      }),
      {
        acf_fc_layout: 'contact_form',
        title: 'How can we help?',
        intro:
          '<p>For appointments, please call the location directly. For anything about the card, write to us here.</p>',
        topics: [
          { value: 'gift-cards', label: `My ${product}` },
          { value: 'launch', label: 'When and where can I buy it?' },
          { value: 'corporate-sales', label: 'Cards for my company' },
          { value: 'sales', label: 'Becoming a location' },
          { value: 'general', label: 'Something else' },
        ],
        submit_text: 'Send message',
        success_message: 'Thank you! We will reply by email, usually the same day.',
        email: site.email,
        phone: site.phone,
      },
    ],
  }),
  page(site, {
    slug: 'join-the-network',
    title: 'Become a location',
    description: `Own a location of one of our brands? Start accepting the ${product}.`,
    modules: [
      hero({
        title: 'Become a location',
        subtitle: `Every location of our four brands can accept the ${product}.`,
        image: '/media/spa-10.svg',
        alt_text: '',
      }),
      text(
        'For franchise owners',
        paragraphs(
          `If you run a location of ${WELLNESS_BRANDS.join(', ')}, you can accept the ${product} from day one. Redemptions run through your point-of-sale system and are paid out weekly.`,
        ),
      ),
      faq('Location questions', [
        [
          'Is there a cost?',
          '<p>No sign-up cost. A small processing fee applies to each redemption, as with any card payment.</p>',
        ],
        [
          'How do I get set up?',
          '<p>Write to our partner team; setup takes about 20 minutes with your point-of-sale provider.</p>',
        ],
      ]),
      cta(
        'Ready to join?',
        'Our partner team answers within one business day.',
        'Contact the partner team',
        '/contactUs?topic=sales',
      ),
    ],
  }),
  page(site, {
    slug: 'spa-etiquette',
    title: 'Wellness etiquette',
    description:
      'Massage, skin studio, yoga class or nail lounge: the small habits that make each visit better.',
    modules: [
      hero({
        title: 'Wellness etiquette',
        subtitle: 'A little know-how for each of our four brands.',
        image: '/media/spa-2.svg',
        alt_text: '',
      }),
      cards('Good to know', [
        card({
          title: 'At the massage studio',
          text: 'Arrive ten minutes early, share any injuries, and say if the pressure is too much.',
          image: logoOf('Tranquil Touch Massage'),
        }),
        card({
          title: 'At the skin studio',
          text: 'Skip retinol two days before a facial and come with a clean face if you can.',
          image: logoOf('Glow Skin Studio'),
        }),
        card({
          title: 'In the yoga studio',
          text: 'Silence your phone, arrive before class starts and tell the teacher about injuries.',
          image: logoOf('Zenith Yoga'),
        }),
        card({
          title: 'At the nail lounge',
          text: 'Remove old gel at the lounge, and bring open-toe shoes for a pedicure.',
          image: logoOf('Polished Nail Lounge'),
        }),
      ]),
      cta(
        'More detail?',
        'Tipping, cancellations and paying with the card.',
        'Read the guide',
        '/spa-etiquette-guide',
      ),
    ],
  }),
  page(site, {
    slug: 'spa-etiquette-guide',
    title: `The ${product} guide`,
    description: `Booking, tipping and paying with the ${product}, answered.`,
    modules: [
      hero({
        title: `The ${product} guide`,
        subtitle: 'Booking, tipping and paying, answered.',
        image: '/media/spa-12.svg',
        alt_text: '',
      }),
      text(
        'Booking',
        paragraphs(
          'Book as you normally would, online or by phone with the location, and mention that you will pay with the card. Cancel at least 24 hours ahead to avoid a late-cancellation fee.',
        ),
      ),
      text(
        'Paying and tipping',
        list([
          'Hand over the card at checkout; the amount is taken from the balance.',
          'If the treatment costs more than the balance, pay the difference any way you like.',
          'Tips of 18-20% are customary for massage, facials and nails, and can come from the card balance.',
          'Yoga class packs are bought at the front desk with the card like any other purchase.',
        ]),
      ),
      faq('Guide questions', [
        [
          'Can I use the card online?',
          '<p>For class packs and treatments booked online, choose “pay at the location” and pay with the card when you arrive.</p>',
        ],
        ['Can I get cash back?', '<p>No, the balance can only be spent at our brands’ locations.</p>'],
      ]),
    ],
  }),
  page(site, {
    slug: 'ready-to-spa',
    title: 'Ready for wellness?',
    description: `Holding a ${product} and not sure where to start? Four first visits that never disappoint.`,
    modules: [
      hero({
        title: 'Ready for wellness?',
        subtitle: 'Four first visits that never disappoint.',
        image: '/media/wellness/hero.svg',
        alt_text: '',
      }),
      cards(
        'Where to start',
        WELLNESS_BRANDS.map((name) =>
          card({
            title: `${BRANDS[name].treatment[0]?.toUpperCase() ?? ''}${BRANDS[name].treatment.slice(1)} at ${name}`,
            text: BRANDS[name].text,
            image: logoOf(name),
            alt_text: `${name} logo`,
            link: `/find/${findSlug(BRANDS[name].keywords[0] ?? '')}`,
            link_text: 'What to expect',
          }),
        ),
      ),
      cta(
        'Find your nearest location',
        'All four brands, on one map of the US.',
        'Find a location',
        searchLink(),
      ),
    ],
  }),
  page(site, {
    slug: 'resorts-and-hotel-spas',
    title: 'Wellness on the road',
    description: `Travelling? The ${product} works at every location of our four brands across the US.`,
    modules: [
      hero({
        title: 'Wellness on the road',
        subtitle: 'Your card travels with you.',
        image: '/media/spa-7.svg',
        alt_text: '',
      }),
      text(
        'Feel at home anywhere',
        paragraphs(
          'Long flights and hotel beds take their toll. Search any city you are visiting for the nearest massage studio, yoga class or nail lounge of our four brands; most are open early and late for travellers.',
        ),
      ),
      text(
        'Travel tips',
        list([
          'A 30-minute massage after a flight loosens shoulders and resets your body clock.',
          'Drop-in yoga classes need no membership: bring the card and grab a mat.',
          'A quick manicure is the easiest way to look rested for a meeting.',
        ]),
      ),
      cta(
        'Where are you headed?',
        'Search by city to find locations near your hotel.',
        'Search a city',
        searchLink(),
      ),
    ],
  }),
  page(site, {
    slug: 'special-occasions-holidays',
    title: 'Gift ideas for every occasion',
    description: `The ${product} for birthdays, Mother's Day, teacher thank-yous and the holidays.`,
    modules: [
      hero({
        title: 'Gift ideas for every occasion',
        subtitle: 'One card they will actually use.',
        image: site.card,
        alt_text: `The ${product}`,
      }),
      cards('Made for', [
        card({ title: 'Birthdays', text: 'Let them choose between a massage, a facial, yoga or nails.' }),
        card({ title: "Mother's Day", text: 'The most-requested gift of the year: an hour that is hers.' }),
        card({ title: 'Thank-yous', text: 'For teachers, coaches and colleagues who went the extra mile.' }),
        card({ title: 'The holidays', text: 'Fits in a stocking; fixes the January slump.' }),
      ]),
      comingSoon,
    ],
  }),
  page(site, {
    slug: 'find',
    title: 'Wellness guides',
    description: 'What to expect from a massage, a facial, a yoga class, waxing or a manicure at our brands.',
    modules: [
      hero({
        title: 'Wellness guides',
        subtitle: 'Know what to book before you go.',
        image: '/media/spa-4.svg',
        alt_text: '',
      }),
      cards('Treatments and classes', serviceCards(KEYWORDS)),
    ],
  }),
  page(site, {
    slug: 'elite',
    title: 'Elite locations',
    description: 'The top-rated locations of our four brands, chosen by the people who visit them.',
    modules: [
      hero({
        title: 'Elite locations',
        subtitle: 'Our highest-rated studios and lounges.',
        image: '/media/spa-8.svg',
        alt_text: '',
        button_text: 'See Elite locations',
        link: searchLink({ filters: { subscriptionTierDisplayName: 'Elite' } }),
      }),
      text(
        'How a location becomes Elite',
        list([
          'A 4.7-star average from guests over the past year',
          'A mystery visit from our team, passed with top marks',
          'Consistent opening hours and quick replies to guests',
        ]),
      ),
    ],
  }),
];

export const wellnessContent: TenantContent = {
  menus,
  homepage,
  services: serviceContents(
    site,
    {
      places: `${brand} locations`,
      searchFor: ({ keywords }) => {
        const name = brandOf(keywords);
        return searchLink(name ? { filters: { businessTypes: [name] } } : { keywords });
      },
      closing: () => comingSoon,
    },
    KEYWORDS,
  ),
  destinations: [],
  pages,
};
