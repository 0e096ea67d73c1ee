/**
 * Main Street Local's content: a neighbourhood directory of independent salons, studios and day
 * spas, in a shop-small voice. Plans and the partner programme are for small businesses.
 */
import { HOME_OFFERS_LIMIT } from '../../../../src/domain/constants';
import { FIND_KEYWORDS } from '../../../../src/domain/find-keywords';
import type { ContentModule, ContentPage, HomeContent } from '../../../../src/domain/content';
import {
  card,
  cards,
  cta,
  faq,
  hashtagLinks,
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
import { destinationContents, US_CITIES } from '../destinations';
import { guidePages } from '../guides';
import { blogPosts, giftCardClosing, serviceCards, serviceContents } from '../services';

const ALL_KEYWORDS = [...new Set(Object.values(FIND_KEYWORDS))];
const PLACES = 'neighbourhood salons, studios and spas';

const site = siteOf('local');
const { brand, product } = site;
const posts = blogPosts(site, ALL_KEYWORDS);

const menus = {
  header: menu('local/header', [
    ['Explore Local', '/search'],
    [
      'Guides',
      '/find',
      [
        ['Massages', '/find/massages'],
        ['Manicures', '/find/manicure'],
        ['Yoga Classes', '/find/yoga-classes'],
        ['Pilates Classes', '/find/pilates-classes'],
        ['Etiquette', '/spa-etiquette'],
      ],
    ],
    [
      'Cities',
      '/best-of/austin-tx',
      US_CITIES.map((city) => [city.name, `/best-of/${city.term}`] as [string, string]),
    ],
    [
      'Gift Cards',
      '/buy-gift-cards',
      [
        ['Buy a Gift Card', '/buy-gift-cards'],
        ['Check Your Balance', '/card-balance-inquiry'],
        ['Gift Ideas', '/special-occasions-holidays'],
      ],
    ],
    [
      'For Businesses',
      '/partner',
      [
        ['Why List with Us', '/partner'],
        ['Join the Network', '/join-the-network'],
        ['Pricing', '/pricing'],
      ],
    ],
  ]),
  footer: menu('local/footer', [
    [
      brand,
      '/about',
      [
        ['About', '/about'],
        ['Our Team', '/aboutUs'],
        ['Contact', '/contactUs'],
      ],
    ],
    [
      'Shop Local',
      '/search',
      [
        ['Explore Local', '/search'],
        ['Gift Cards', '/buy-gift-cards'],
        ['Check Your Balance', '/card-balance-inquiry'],
        ['Standout Businesses', '/elite'],
      ],
    ],
    [
      'Businesses',
      '/partner',
      [
        ['List Your Business', '/join-the-network'],
        ['Pricing', '/pricing'],
      ],
    ],
  ]),
};

const homeModules: ContentModule[] = [
  {
    acf_fc_layout: 'search',
    title: 'Feel good, close to home',
    subtitle: 'Salons, yoga studios and day spas run by your neighbours.',
    background_image: '/media/spa-6.svg',
    background_image_mobile: '/media/spa-6.svg',
    alt_text: 'A sunny yoga studio on a main street',
  },
  {
    acf_fc_layout: 'brands',
    title: 'Neighbourhood favourites',
    brands: [
      {
        name: 'Day Spas',
        image: '/media/spa-1.svg',
        link: searchLink({ filters: { businessTypes: ['Day Spa'] } }),
      },
      {
        name: 'Salons',
        image: '/media/spa-11.svg',
        link: searchLink({ filters: { businessTypes: ['Salon'] } }),
      },
      {
        name: 'Yoga Studios',
        image: '/media/spa-4.svg',
        link: searchLink({ filters: { businessTypes: ['Yoga Studio'] } }),
      },
      {
        name: 'Pilates',
        image: '/media/spa-5.svg',
        link: searchLink({ filters: { businessTypes: ['Pilates'] } }),
      },
      {
        name: 'Independents',
        image: '/media/spa-9.svg',
        link: searchLink({ filters: { businessTypes: ['Independent'] } }),
      },
    ],
  },
  {
    acf_fc_layout: 'offers',
    title: 'Deals down the street',
    subtitle: 'Introductory offers from businesses near you.',
    limit: site.config.componentsConfig.home.offersLimit || HOME_OFFERS_LIMIT,
    link: searchLink({ hasOffers: true }),
    link_text: 'All local deals',
  },
  {
    acf_fc_layout: 'listings',
    title: 'Local favourites',
    subtitle: 'Businesses our community keeps coming back to.',
    promotion: 'Featured Merchant',
    limit: 8,
    link: '/elite',
    link_text: 'Standout businesses',
  },
  {
    acf_fc_layout: 'featured',
    title: 'Why shop local',
    subtitle: '',
    items: [
      card({
        title: 'Money that stays here',
        text: 'More of every dollar spent at an independent business stays in your community.',
        image: '/media/spa-2.svg',
      }),
      card({
        title: 'People who know your name',
        text: 'The same stylist, the same teacher, the same welcome every time.',
        image: '/media/spa-3.svg',
      }),
      card({
        title: 'A gift with a story',
        text: `A ${product} supports the businesses that make your street worth walking down.`,
        image: site.card,
        link: site.giftCardLink,
        link_text: 'Gift cards',
      }),
    ],
  },
  {
    acf_fc_layout: 'knowledge',
    title: 'Neighbourhood notes',
    subtitle: 'Guides to the treatments and classes on offer around you.',
    posts_count: 3,
    link: '/find',
    link_text: 'All guides',
  },
  {
    acf_fc_layout: 'marketing_banners_2_col',
    banners: [
      {
        title: 'Give local',
        text: `One ${product}, hundreds of independent businesses.`,
        image: site.card,
        image_mobile: site.card,
        alt_text: `The ${product}`,
        link: site.giftCardLink,
        link_text: 'Buy a gift card',
      },
      {
        title: 'Own a local business?',
        text: 'Get found by neighbours who are looking for you. Listing is free.',
        image: '/media/spa-10.svg',
        image_mobile: '/media/spa-10.svg',
        alt_text: '',
        link: '/join-the-network',
        link_text: 'List your business',
      },
    ],
  },
  {
    acf_fc_layout: 'subscribe',
    title: 'The Main Street letter',
    text: 'New openings, local deals and one good guide, every other Thursday.',
    placeholder: 'Your email address',
    button_text: 'Sign me up',
    social_login: false,
    privacy_note: '<p>We never share your address. Unsubscribe any time.</p>',
  },
  {
    acf_fc_layout: 'social',
    title: 'Show your street some love',
    text: `Post your favourite local spot with ${site.config.helperInfo.hashTagForSharing}.`,
    links: hashtagLinks(site),
  },
];

const homepage: HomeContent = page(site, {
  slug: 'home',
  title: site.config.metaDataPages.homePage.title,
  description: site.config.metaDataPages.homePage.description,
  canonical: '/',
  modules: homeModules,
  blog_posts: posts.slice(0, 3),
});

const pages: ContentPage[] = [
  page(site, {
    slug: 'about',
    title: `About ${brand}`,
    description: `${brand} helps you find independent salons, studios and day spas near you, and keeps your money in the neighbourhood.`,
    modules: [
      hero({
        title: `About ${brand}`,
        subtitle: 'A directory of the independent businesses that make a neighbourhood feel like home.',
        image: '/media/spa-6.svg',
        alt_text: '',
      }),
      text(
        '',
        paragraphs(
          `${brand} lists ${PLACES}: the places where the owner still answers the phone. No chains, no paid reviews, no algorithm that rewards the biggest advertiser.`,
          `Search by neighbourhood or service, see local offers, and give a ${product} that can be spent at any business in the directory.`,
        ),
      ),
      cards('How it works', [
        card({
          title: 'Explore',
          text: 'Search your neighbourhood by service or business type.',
          link: searchLink(),
          link_text: 'Explore local',
        }),
        card({
          title: 'Visit',
          text: 'Book directly with the business. We never take a cut of your booking.',
        }),
        card({
          title: 'Give',
          text: `A ${product} works at every business listed.`,
          link: site.giftCardLink,
          link_text: 'Gift cards',
        }),
      ]),
    ],
  }),
  page(site, {
    slug: 'aboutUs',
    title: 'Our team',
    description: `${brand} is a small, independent team. Here is who we are and why we built a directory for local businesses.`,
    modules: [
      hero({
        title: 'Independent, like you',
        subtitle: 'A small team on a mission to keep main streets busy.',
        image: '/media/spa-2.svg',
        alt_text: '',
      }),
      imageText({
        title: 'Why we started',
        content: paragraphs(
          'When our favourite yoga studio nearly closed, its owner told us the problem was not the teaching: people simply could not find her. Search results were full of chains and directories that charged per click.',
          `We built ${brand} so that a one-room salon is as easy to find as a franchise, and so that a gift card bought here is spent here.`,
        ),
        image: '/media/spa-4.svg',
        alt_text: '',
        image_position: 'left',
      }),
      text(
        'Say hello',
        paragraphs(
          `Write to <a href="mailto:${site.email}">${site.email}</a> or call ${site.phone}. A real person answers.`,
        ),
      ),
    ],
  }),
  page(site, {
    slug: 'pricing',
    title: 'Pricing for local businesses',
    description: `List your business on ${brand} for free. Upgrade to reach more neighbours, month to month.`,
    modules: [
      hero({
        title: 'Fair prices for small businesses',
        subtitle: 'Free to list. No per-click fees. No contracts.',
        image: '/media/spa-10.svg',
        alt_text: '',
      }),
      cards('Plans', [
        card({
          title: 'Basic: free',
          text: `A full listing with photos, services and hours, and ${product} redemptions.`,
        }),
        card({
          title: 'Premium: $29 a month',
          text: 'Publish local deals, appear in the neighbourhood newsletter and see who viewed your listing.',
        }),
        card({
          title: 'Elite: $79 a month',
          text: 'The Standout badge, a featured spot on the home page and a profile in Neighbourhood notes.',
        }),
      ]),
      faq('Questions', [
        [
          'Do you charge per lead or booking?',
          '<p>Never. Your plan is the only thing you pay, plus a 4% fee on gift card redemptions.</p>',
        ],
        ['Can I pause my plan in a slow month?', '<p>Yes, from your dashboard, as often as you need.</p>'],
      ]),
      cta('Get listed today', 'It takes about ten minutes.', 'List your business', '/join-the-network'),
    ],
  }),
  page(site, {
    slug: 'partner',
    title: 'Why list with us',
    description: `Independent salons, studios and spas get found by neighbours on ${brand}. Here is how we help.`,
    modules: [
      hero({
        title: 'Get found by your neighbours',
        subtitle: `${brand} is built for businesses with one location and a loyal following.`,
        image: '/media/spa-9.svg',
        alt_text: '',
        button_text: 'List your business',
        link: '/join-the-network',
      }),
      cards('What you get', [
        card({
          title: 'Local search, done right',
          text: 'Neighbours search by street and service; independents only, so you are not buried by chains.',
        }),
        card({
          title: 'Gift card customers',
          text: `People give the ${product} to spend locally. Many are first-time visitors.`,
        }),
        card({
          title: 'Deals that fill gaps',
          text: 'Post a Tuesday special and reach people within a few miles.',
        }),
      ]),
      cta(
        'Have questions?',
        'We are small business owners too. Let’s talk.',
        'Contact us',
        '/contactUs?topic=sales',
      ),
    ],
  }),
  page(site, {
    slug: 'contactUs',
    title: 'Contact',
    description: `Get in touch with the ${brand} team about gift cards, listings or partnerships.`,
    modules: [
      hero({
        title: 'Contact',
        subtitle: 'A real person reads every message.',
        image: '/media/spa-3.svg',
        alt_text: '',
      }),
      {
        acf_fc_layout: 'contact_form',
        title: 'Write to us',
        intro:
          '<p>Questions about an appointment are best answered by the business itself; its phone number is on its page.</p>',
        topics: [
          { value: 'general', label: 'Something else' },
          { value: 'gift-cards', label: 'My gift card' },
          { value: 'listing', label: 'My business listing' },
          { value: 'sales', label: 'Listing my business' },
          { value: 'corporate-sales', label: 'Gift cards for my team' },
        ],
        submit_text: 'Send',
        success_message: 'Thanks for writing! We will get back to you within a business day.',
        email: site.email,
        phone: site.phone,
      },
    ],
  }),
  page(site, {
    slug: 'join-the-network',
    title: 'List your business',
    description: `Add your salon, studio or spa to ${brand} for free and start accepting the ${product}.`,
    modules: [
      hero({
        title: 'List your business',
        subtitle: 'Free, quick and without a sales call.',
        image: '/media/spa-5.svg',
        alt_text: '',
        button_text: 'Get started',
        link: '/contactUs?topic=sales',
      }),
      cards('Three steps', [
        card({ title: '1. Add your details', text: 'Address, hours, services and prices.' }),
        card({ title: '2. Show your space', text: 'A few photos of your studio, salon or treatment room.' }),
        card({ title: '3. Say yes to gift cards', text: `Accept the ${product}; we pay out twice a month.` }),
      ]),
      text(
        'Who can join',
        list([
          'Independent businesses with up to five locations',
          'A storefront or studio that customers visit',
          'Wellness, beauty and fitness services',
        ]),
      ),
    ],
  }),
  page(site, {
    slug: 'find',
    title: 'Guides',
    description: 'Plain-spoken guides to the treatments and classes your neighbourhood offers.',
    blog_posts: posts,
    modules: [
      hero({
        title: 'Guides',
        subtitle: 'Know what to book before you walk in.',
        image: '/media/spa-12.svg',
        alt_text: '',
      }),
      cards('Services and classes', serviceCards(ALL_KEYWORDS)),
      {
        acf_fc_layout: 'knowledge',
        title: 'Neighbourhood notes',
        subtitle: '',
        posts_count: 6,
        link: '/find',
        link_text: '',
      },
    ],
  }),
  page(site, {
    slug: 'elite',
    title: 'Standout businesses',
    description: `Standout businesses are the neighbourhood favourites of ${brand}, rated highest by the people who live nearby.`,
    modules: [
      hero({
        title: 'Standout businesses',
        subtitle: 'Rated highest by the people who live nearby.',
        image: '/media/spa-8.svg',
        alt_text: '',
        button_text: 'See them all',
        link: searchLink({ filters: { subscriptionTierDisplayName: 'Elite' } }),
      }),
      text(
        'What makes a Standout',
        list([
          'A 4.5-star average from at least 25 local reviews',
          'Independently owned and operated',
          'Active in the neighbourhood: markets, classes, fundraisers',
        ]),
      ),
    ],
  }),
  ...guidePages(site, { place: 'salon, studio or spa', places: PLACES, tip: '18-20%' }),
];

export const localContent: TenantContent = {
  menus,
  homepage,
  services: serviceContents(
    site,
    {
      places: 'local businesses',
      searchFor: ({ keywords }) => searchLink({ keywords }),
      closing: giftCardClosing(site, PLACES),
    },
    ALL_KEYWORDS,
  ),
  destinations: destinationContents(
    site,
    {
      title: (city) => `Local favourites in ${city.city}`,
      subtitle: (city) => `Independent studios, salons and spas around ${city.name}.`,
      listingsTitle: (city) => `Standout businesses in ${city.city}`,
      closing: () => [],
    },
    US_CITIES,
  ),
  pages,
};
