/**
 * The spa directory's content ('spa', and 'spa-canada' through `directoryContent`): a guest-facing
 * directory with a journal (blog), destination pages, gift cards, and a partner programme for
 * spa owners.
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
  slide,
  text,
  type Site,
  type TenantContent,
} from '../build';
import { destinationContents, US_CITIES } from '../destinations';
import { guidePages } from '../guides';
import { blogPosts, giftCardClosing, serviceCards, serviceContents } from '../services';

/** Every keywords of the blog 'find' paths: the directory writes about all of them. */
const ALL_KEYWORDS = [...new Set(Object.values(FIND_KEYWORDS))];

/** What differs between the US and the Canadian directory. */
export interface DirectoryOptions {
  /** Listed spas, for sentences: '6,000'. */
  spaCount: string;
  cities: typeof US_CITIES;
  /** Monthly plan prices as written: '$49'. */
  premiumPrice: string;
  elitePrice: string;
  tip: string;
  /** 'state' or 'province'. */
  region: string;
  /** The first hero slide's title. */
  tagline: string;
}

export function directoryContent(site: Site, options: DirectoryOptions): TenantContent {
  const { brand, product } = site;
  const partnerInfo = site.config.componentsConfig.partnerInfo;
  const posts = blogPosts(site, ALL_KEYWORDS);
  const cityLinks = options.cities.map((city) => [city.name, `/best-of/${city.term}`] as [string, string]);

  const menus = {
    header: menu(`${site.tenant}/header`, [
      ['Find a Spa', '/search'],
      [
        'Spa Guide',
        '/find',
        [
          ['Massages', '/find/massages'],
          ['Facials', '/find/facials'],
          ['Yoga Classes', '/find/yoga-classes'],
          ['Ready to Spa?', '/ready-to-spa'],
          ['Spa Etiquette', '/spa-etiquette'],
        ],
      ],
      [
        'Destinations',
        '/resorts-and-hotel-spas',
        [...cityLinks, ['Resorts & Hotel Spas', '/resorts-and-hotel-spas']],
      ],
      [
        'Gift Cards',
        '/buy-gift-cards',
        [
          ['Buy a Gift Card', '/buy-gift-cards'],
          ['Check Your Balance', '/card-balance-inquiry'],
          ['Special Occasions', '/special-occasions-holidays'],
        ],
      ],
      [
        'For Spas',
        '/partner',
        [
          ['Partner with Us', '/partner'],
          ['Join the Network', '/join-the-network'],
          ['Pricing', '/pricing'],
          ['Elite', '/elite'],
        ],
      ],
    ]),
    footer: menu(`${site.tenant}/footer`, [
      [
        'Company',
        '/about',
        [
          [`About ${brand}`, '/about'],
          ['About Us', '/aboutUs'],
          ['Contact Us', '/contactUs'],
        ],
      ],
      [
        'Guests',
        '/search',
        [
          ['Find a Spa', '/search'],
          ['Gift Cards', '/buy-gift-cards'],
          ['Check Your Balance', '/card-balance-inquiry'],
          ['Spa Etiquette Guide', '/spa-etiquette-guide'],
        ],
      ],
      [
        'Spa Owners',
        '/partner',
        [
          ['Partner with Us', '/partner'],
          ['Join the Network', '/join-the-network'],
          ['Pricing', '/pricing'],
        ],
      ],
    ]),
  };

  const homeModules: ContentModule[] = [
    {
      acf_fc_layout: 'carousel_search',
      title: 'Find your spa',
      slides: [
        slide({
          link: searchLink(),
          image: '/media/spa-1.svg',
          alt_text: 'A quiet treatment room with candles',
          slide_title: options.tagline,
          slide_title_mobile: 'Find a spa near you',
        }),
        slide({
          link: site.giftCardLink,
          image: site.card,
          image_mobile: '',
          alt_text: `The ${product}`,
          slide_title: 'Give the gift of an afternoon off',
          background: '#f3ede4',
          overlay: '',
          gradient: false,
        }),
        slide({
          link: '/resorts-and-hotel-spas',
          image: '/media/spa-7.svg',
          alt_text: 'A resort pool at dusk',
          slide_title: 'Spa getaways worth the drive',
          slide_title_mobile: 'Spa getaways',
          blur: 2,
          overlay: 'rgba(20, 16, 40, 0.35)',
        }),
      ],
    },
    {
      acf_fc_layout: 'offers',
      title: 'Spa offers near you',
      subtitle: 'Limited-time prices on massages, facials and day packages.',
      limit: site.config.componentsConfig.home.offersLimit || HOME_OFFERS_LIMIT,
      link: searchLink({ hasOffers: true }),
      link_text: 'See all offers',
    },
    {
      acf_fc_layout: 'listings',
      title: 'Spa getaways',
      subtitle: 'Resort and destination spas our editors would travel for.',
      promotion: 'Travel Destinations',
      limit: 6,
      link: '/resorts-and-hotel-spas',
      link_text: 'More getaways',
    },
    {
      acf_fc_layout: 'featured_2_col',
      items: [
        card({
          title: 'Ready to spa?',
          text: 'First visit? How to choose a treatment and what to bring.',
          image: '/media/spa-2.svg',
          link: '/ready-to-spa',
          link_text: 'Start here',
        }),
        card({
          title: 'Spa etiquette',
          text: 'Tipping, phones and what to wear: the habits of happy guests.',
          image: '/media/spa-12.svg',
          link: '/spa-etiquette',
          link_text: 'Read the basics',
        }),
      ],
    },
    {
      acf_fc_layout: 'knowledge',
      title: `From the ${brand} journal`,
      subtitle: 'Treatment guides and tips from our editors and therapists.',
      posts_count: 4,
      link: '/find',
      link_text: 'All guides',
    },
    {
      acf_fc_layout: 'marketing_banners_2_col',
      banners: [
        {
          title: product,
          text: `Accepted at spas across ${site.countryName}, with no expiry date.`,
          image: site.card,
          image_mobile: site.card,
          alt_text: `The ${product}`,
          link: site.giftCardLink,
          link_text: 'Buy a gift card',
        },
        {
          title: 'Special occasions',
          text: 'Birthdays, anniversaries and holidays: ideas for every date on the calendar.',
          image: '/media/spa-5.svg',
          image_mobile: '/media/spa-5.svg',
          alt_text: '',
          link: '/special-occasions-holidays',
          link_text: 'Gift ideas',
        },
      ],
    },
    {
      acf_fc_layout: 'partner_info',
      title: partnerInfo.title,
      text: partnerInfo.text,
      button_text: partnerInfo.buttonText,
      link: partnerInfo.link,
      slides: [8, 9, 10, 11, 12, 3].slice(0, partnerInfo.slidesTotal).map((n) => ({
        image: `/media/spa-${n}.svg`,
        alt_text: '',
      })),
    },
    {
      acf_fc_layout: 'subscribe',
      title: 'Spa offers in your inbox',
      text: 'One email a month with new offers near you and a treatment guide. No spam, ever.',
      placeholder: 'Your email address',
      button_text: 'Subscribe',
      social_login: true,
      privacy_note: `<p>We use your email only to send the newsletter. Unsubscribe with one click. Questions? <a href="mailto:${site.email}">${site.email}</a></p>`,
    },
    {
      acf_fc_layout: 'social',
      title: `Share your spa day`,
      text: `Tag your photos with ${site.config.helperInfo.hashTagForSharing} and we may feature them.`,
      links: hashtagLinks(site),
    },
  ];

  const homepage: HomeContent = page(site, {
    slug: 'home',
    title: site.config.metaDataPages.homePage.title,
    description: site.config.metaDataPages.homePage.description,
    canonical: '/',
    modules: homeModules,
    blog_posts: posts.slice(0, 5),
  });

  const pages: ContentPage[] = [
    page(site, {
      slug: 'about',
      title: `About ${brand}`,
      description: `${brand} lists ${options.spaCount} spas across ${site.countryName}: search by treatment and city, read reviews, find offers and give gift cards.`,
      modules: [
        hero({
          title: `About ${brand}`,
          subtitle: 'The easiest way to find, compare and give the spa experience.',
          image: '/media/spa-1.svg',
          alt_text: '',
        }),
        text(
          '',
          paragraphs(
            `${brand} lists more than ${options.spaCount} day spas, resort spas, medical spas and wellness centres across ${site.countryName}. Search by treatment, city and rating, read what other guests thought, and book directly with the spa.`,
            `Every listing shows services, hours and current offers. Spas that accept the ${product} are marked, so you know your gift is welcome.`,
          ),
        ),
        cards('What you can do here', [
          card({
            title: 'Find',
            text: `Search by ${options.region}, city, treatment and rating, on a list or a map.`,
            image: '/media/spa-3.svg',
            link: searchLink(),
            link_text: 'Find a spa',
          }),
          card({
            title: 'Save',
            text: 'Limited-time offers on massages, facials and day packages near you.',
            image: '/media/spa-4.svg',
            link: searchLink({ hasOffers: true }),
            link_text: 'See offers',
          }),
          card({
            title: 'Give',
            text: `The ${product}: one card, thousands of spas, no expiry.`,
            image: site.card,
            link: site.giftCardLink,
            link_text: 'Gift cards',
          }),
        ]),
        cta(
          'Own a spa?',
          `Reach guests who are looking for you with a free ${brand} listing.`,
          'Partner with us',
          '/partner',
        ),
      ],
    }),
    page(site, {
      slug: 'aboutUs',
      title: 'About us',
      description: `The people behind ${brand}: a small team of therapists, writers and engineers who believe everyone deserves a day off.`,
      modules: [
        hero({
          title: 'Who we are',
          subtitle: 'A small team that believes everyone deserves a day off.',
          image: '/media/spa-6.svg',
          alt_text: '',
        }),
        imageText({
          title: 'Our story',
          content: paragraphs(
            `${brand} started with a simple frustration: finding a good spa in an unfamiliar city meant an evening of open tabs and unanswered phone calls.`,
            'Our founders, a massage therapist and a travel writer, built a directory that answers the questions guests actually ask. What do they offer? What does it cost? Is it any good?',
          ),
          image: '/media/spa-2.svg',
          alt_text: '',
        }),
        text(
          'What we believe',
          list([
            '<strong>Wellness is not a luxury.</strong> An hour of care should be easy to find and easy to give.',
            '<strong>Independent spas deserve to be found.</strong> Most listings are small businesses, and the basic listing is free.',
            '<strong>Reviews should be honest.</strong> Only guests who visited can review, and spas cannot remove them.',
          ]),
        ),
        text(
          'Get in touch',
          paragraphs(
            `Email <a href="mailto:${site.email}">${site.email}</a> or call ${site.phone}, Monday to Friday, 9 am to 6 pm Eastern.`,
          ),
        ),
        cta('Questions, ideas, press?', 'We read every message.', 'Contact us', '/contactUs'),
      ],
    }),
    page(site, {
      slug: 'pricing',
      title: 'Pricing for spas',
      description: `List your spa on ${brand} for free, or grow faster with Premium and Elite. Month to month, no setup fees.`,
      modules: [
        hero({
          title: 'Simple pricing for spas',
          subtitle: 'Start free. Upgrade when you want more guests. Cancel any time.',
          image: '/media/spa-9.svg',
          alt_text: '',
        }),
        cards('Plans', [
          card({
            title: 'Basic: free',
            text: `Your listing with hours, services, photos and directions. Accept the ${product} and get paid twice a month.`,
            link: '/join-the-network',
            link_text: 'Get listed',
          }),
          card({
            title: `Premium: ${options.premiumPrice} a month`,
            text: 'Everything in Basic, plus offers in the home page carousel, priority in search results and a monthly performance report.',
            link: '/contactUs?topic=sales',
            link_text: 'Talk to sales',
          }),
          card({
            title: `Elite: ${options.elitePrice} a month`,
            text: 'Everything in Premium, plus the Elite badge, featured placement in your city and a place in our spa getaways.',
            link: '/elite',
            link_text: 'About Elite',
          }),
        ]),
        faq('Pricing questions', [
          [
            'What does a gift card redemption cost me?',
            '<p>We pay out redemptions at face value minus a 5% processing fee, twice a month, by direct deposit.</p>',
          ],
          ['Is there a contract?', '<p>No. Paid plans are month to month; downgrade to Basic any time.</p>'],
          [
            'Do you take a commission on bookings?',
            '<p>No. Guests book directly with you; we never charge per booking.</p>',
          ],
        ]),
        cta(
          'Ready to grow?',
          'Most spas are live within two business days.',
          'Join the network',
          '/join-the-network',
        ),
      ],
    }),
    page(site, {
      slug: 'partner',
      title: `Partner with ${brand}`,
      description: `Reach more guests, sell gift cards and fill quiet weekdays with offers: why spas partner with ${brand}.`,
      modules: [
        hero({
          title: partnerInfo.title,
          subtitle: partnerInfo.text,
          image: '/media/spa-10.svg',
          alt_text: '',
          button_text: 'Join the network',
          link: '/join-the-network',
        }),
        cards('Why spas partner with us', [
          card({
            title: 'Guests who are ready to book',
            text: 'People come to us looking for a treatment, in a city, this week. Your listing meets them there.',
          }),
          card({
            title: 'Gift card revenue',
            text: `Guests redeem the ${product} with you, often spending more than the card is worth.`,
          }),
          card({
            title: 'Fill quiet hours',
            text: 'Publish an offer for Tuesday mornings and watch it reach guests nearby in minutes.',
          }),
        ]),
        imageText({
          title: 'How gift card redemption works',
          content: list([
            'The guest books with you as usual and pays with the card at checkout.',
            'You enter the card number in your partner dashboard or your point-of-sale system.',
            'We pay you twice a month, with a statement of every redemption.',
          ]),
          image: site.card,
          alt_text: `The ${product}`,
          image_position: 'left',
        }),
        faq('Partner questions', [
          [
            'Who can join?',
            '<p>Licensed day spas, resort and hotel spas, medical spas, salons and wellness centres.</p>',
          ],
          ['How long does it take?', '<p>Two business days from sign-up to a live listing, on average.</p>'],
        ]),
        cta(
          'Let’s talk',
          'Our partner team answers within one business day.',
          'Contact partner sales',
          '/contactUs?topic=sales',
        ),
      ],
    }),
    page(site, {
      slug: 'contactUs',
      title: 'Contact us',
      description: `Questions about a gift card, a listing or partnering with ${brand}? Send us a message.`,
      modules: [
        hero({
          title: 'Contact us',
          subtitle: 'We answer every message within one business day.',
          image: '/media/spa-11.svg',
          alt_text: '',
        }),
        {
          acf_fc_layout: 'contact_form',
          title: 'Send us a message',
          intro: `<p>For a question about a booking, please contact the spa directly; their number is on their ${brand} page.</p>`,
          topics: [
            { value: 'general', label: 'General question' },
            { value: 'gift-cards', label: 'Gift cards and balances' },
            { value: 'listing', label: 'Update my spa’s listing' },
            { value: 'sales', label: 'Partnering with us' },
            { value: 'corporate-sales', label: 'Corporate gift card orders' },
            { value: 'press', label: 'Press' },
          ],
          submit_text: 'Send message',
          success_message:
            'Thank you! Your message is on its way; we will reply by email within one business day.',
          email: site.email,
          phone: site.phone,
        },
        faq('Before you write', [
          [
            'How do I check my gift card balance?',
            '<p>Use our <a href="/card-balance-inquiry">balance check</a> with the card number and PIN.</p>',
          ],
          [
            'I lost my gift card. Can you help?',
            '<p>If it was an eGift card, search your inbox for the delivery email. For a plastic card, write to us with the purchase receipt.</p>',
          ],
        ]),
      ],
    }),
    page(site, {
      slug: 'join-the-network',
      title: 'Join the network',
      description: `Add your spa to ${brand} in three steps and start accepting the ${product}.`,
      modules: [
        hero({
          title: `Join the ${brand} network`,
          subtitle: 'Three steps to more guests.',
          image: '/media/spa-8.svg',
          alt_text: '',
          button_text: 'Start now',
          link: '/contactUs?topic=sales',
        }),
        cards('How it works', [
          card({
            title: '1. Tell us about your spa',
            text: 'Name, address, hours and the services you offer. It takes ten minutes.',
          }),
          card({
            title: '2. Add photos and offers',
            text: 'Show your treatment rooms and publish an introductory offer.',
          }),
          card({
            title: '3. Welcome gift card guests',
            text: `Accept the ${product} and get paid twice a month.`,
          }),
        ]),
        text(
          'What we ask of partners',
          list([
            `A licensed business in ${site.countryName} with a fixed address`,
            'Prices on your listing that match what guests pay',
            'Replies to guest questions within two business days',
          ]),
        ),
        cta('Questions first?', 'See our plans or talk to the partner team.', 'See pricing', '/pricing'),
      ],
    }),
    page(site, {
      slug: 'find',
      title: 'Find your treatment',
      description: `Guides to massages, facials, yoga, Pilates, acupuncture and more, with the spas that offer them near you.`,
      blog_posts: posts,
      modules: [
        hero({
          title: 'Find your treatment',
          subtitle: 'Not sure what to book? Start with a guide.',
          image: '/media/spa-4.svg',
          alt_text: '',
        }),
        cards('Treatments, classes and services', serviceCards(ALL_KEYWORDS)),
        {
          acf_fc_layout: 'knowledge',
          title: 'Latest guides',
          subtitle: '',
          posts_count: 6,
          link: '/find',
          link_text: '',
        },
      ],
    }),
    page(site, {
      slug: 'elite',
      title: `${brand} Elite`,
      description: `Elite spas are the best of ${brand}: top rated, verified and known for exceptional service.`,
      modules: [
        hero({
          title: `${brand} Elite`,
          subtitle: 'The spas our guests rate highest, verified by our team.',
          image: '/media/spa-12.svg',
          alt_text: '',
          button_text: 'Browse Elite spas',
          link: searchLink({ filters: { subscriptionTierDisplayName: 'Elite' } }),
        }),
        text(
          'What Elite means',
          list([
            'An average guest rating of 4.5 stars or more over the past year',
            'A visit from our team to check facilities and hygiene',
            'Clear prices and a guest question answered within one business day',
          ]),
        ),
        cta(
          'Is your spa Elite material?',
          'Elite is part of our top plan for partners.',
          'See plans',
          '/pricing',
        ),
      ],
    }),
    ...guidePages(site, { place: 'spa', places: 'spas', tip: options.tip }),
  ];

  const closing = giftCardClosing(site, 'spas');
  return {
    menus,
    homepage,
    services: serviceContents(
      site,
      { places: 'spas', searchFor: ({ keywords }) => searchLink({ keywords }), closing },
      ALL_KEYWORDS,
    ),
    destinations: destinationContents(
      site,
      {
        title: (city) => `The best spas in ${city.city}`,
        subtitle: (city) => `Where to unwind in ${city.name}, chosen by the ${brand} editors.`,
        listingsTitle: (city) => `Featured spas in ${city.city}`,
        closing: (city) => [
          cta(
            `Visiting ${city.city}?`,
            `A ${product} is the easiest souvenir: they choose the spa, anywhere in ${site.countryName}.`,
            'Buy a gift card',
            site.giftCardLink,
          ),
        ],
      },
      options.cities,
    ),
    pages,
  };
}

export const spaContent = directoryContent(siteOf('spa'), {
  spaCount: '6,000',
  cities: US_CITIES,
  premiumPrice: '$49',
  elitePrice: '$129',
  tip: '18-20%',
  region: 'state',
  tagline: '6,000 spas. One search.',
});
