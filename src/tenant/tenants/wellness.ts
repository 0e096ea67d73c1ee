import { PROGRAMS, WELLNESS_BRANDS } from '../../domain/catalog';
import type { TenantConfigInput } from '../defaults';

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/**
 * The active wellness-business tenant of the spec (publisher 13): a multi-brand wellness gift
 * card whose business types are the four partner brands. It does not sell online yet: the
 * purchase link goes to /{product}-card-coming-soon. Spec 9 switches: sell online, ads, reviews
 * and subscription off; search by business types on, rating filter and map off.
 */
export const wellness = {
  name: 'wellness',
  brandName: 'Wellspring Wellness',
  productName: 'Wellness Card',
  listingRouteName: 'site',
  icons: {
    titleImage: '/media/wellness/logo.svg',
    tenantIcons: {
      favicon: '/media/wellness/favicon.svg',
      appleTouchIcon: '/media/wellness/apple-touch-icon.png',
    },
  },
  theme: {
    dark: false,
    class: 'theme-wellness',
    colors: { primary: '#2f6f5e', secondary: '#3d405b', accent: '#e07a5f' },
    isHeaderDark: false,
  },
  titles: {
    purchaseText: 'Buy the Wellness Card',
    contactFormTitle: 'Contact a Wellness Partner',
    servicesSectionName: 'Treatments & Classes',
    mainSearchButtonName: 'Find Wellness',
    giftCardShopButtonName: 'Get the Wellness Card',
    shortGiftCardShopButtonName: 'Wellness Card',
  },
  options: {
    global: { sellOnline: false, showAds: false, showReviews: false },
    home: { subscribe: false },
    search: { businessTypes: true, rating: false, map: false },
    single: { showSubscription: false },
  },
  endpoints: {
    purchaseLink: '/wellness-card-coming-soon',
    defaultCardImage: '/media/wellness/card.svg',
  },
  helperInfo: {
    country: 'US',
    currency: 'USD',
    publisherId: 13,
    fullProjectName: 'Wellspring Wellness Card',
    includedPrograms: [PROGRAMS.wellness],
    hashTagForSharing: '#WellnessCard',
    customerServiceTel: '1-800-555-0113',
    customerServiceEmail: 'care@wellness.wellspring.example',
    customImageFieldName: 'wellness_image',
  },
  metaDataPages: {
    homePage: {
      title: 'The Wellness Card: massage, skin care, yoga and nails',
      description:
        'One gift card for massage, skin care, yoga and nail care at Tranquil Touch Massage, Glow Skin Studio, Zenith Yoga and Polished Nail Lounge.',
    },
    searchPage: {
      title: 'Find a Wellness Card location near you',
      description: 'Search Wellness Card partner locations by city, brand and distance.',
    },
  },
  componentsConfig: {
    home: {
      giftCardHero: {
        title: 'GIVE THE WELLNESS CARD',
        buttonText: 'on sale now!',
        link: '/wellness-card-coming-soon',
        image: '/media/wellness/hero.svg',
      },
      businessTypeCards: true,
      retailerAnnouncement: {
        title: 'Coming soon: the Wellness Card at your favourite retailers',
        inStore: ['Fieldstone Market'],
        online: ['Parcelry', 'GiftNest', 'Harbor & Vine'],
      },
    },
    header: { menu: true, subHeader: false },
    footer: { copyright: '© Wellspring Wellness' },
    businessLogos: WELLNESS_BRANDS.map((brand) => ({
      name: brand,
      image: `/media/wellness/${slug(brand)}.svg`,
    })),
  },
  searchEnvironment: {
    placeholders: { location: 'City, State or ZIP', keywords: 'Massage, facial, yoga or manicure' },
    businessTypes: WELLNESS_BRANDS.map((brand) => ({ title: brand, value: brand })),
    homePageButton: { text: 'Find a Location', link: '/search' },
    autoSuggestionCategory: { merchantNames: 'Locations', merchantBannerNames: 'Brands' },
  },
  listingGrid: { pageSize: 12 },
  housePromotions: [
    {
      title: 'One card, four ways to unwind',
      text: 'Massage, skin care, yoga and nails with a single Wellness Card.',
      url: '/wellness-card-coming-soon',
      image: '/media/spa-1.svg',
    },
    {
      title: 'Roll out your mat',
      text: 'Find a Zenith Yoga class near you.',
      url: '/search',
      image: '/media/spa-2.svg',
    },
  ],
} satisfies TenantConfigInput;
