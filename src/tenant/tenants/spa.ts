import { PROGRAMS, SPA_TYPES } from '../../domain/catalog';
import type { TenantConfigInput } from '../defaults';

/** The US spa directory (publisher 1): map, blog, partner info, ads and reviews. */
export const spa = {
  name: 'spa',
  brandName: 'SpaHaven',
  productName: 'SpaHaven Gift Card',
  listingRouteName: 'spa',
  icons: {
    titleImage: '/media/spa/logo.svg',
    tenantIcons: { favicon: '/media/spa/favicon.svg', appleTouchIcon: '/media/spa/apple-touch-icon.png' },
  },
  theme: {
    dark: false,
    class: 'theme-spa',
    colors: { primary: '#5b3f8c', secondary: '#37474f', accent: '#c9a227' },
    isHeaderDark: true,
  },
  titles: {
    purchaseText: 'Buy a SpaHaven Gift Card',
    contactFormTitle: 'Ask the Spa',
    servicesSectionName: 'Spa Services',
    mainSearchButtonName: 'Find a Spa',
    giftCardShopButtonName: 'Get a SpaHaven Gift Card',
    shortGiftCardShopButtonName: 'Gift Cards',
  },
  options: {
    home: { partnersInfo: true },
    search: { map: true, services: true },
  },
  endpoints: {
    defaultCardImage: '/media/spa/card.svg',
    // A tenant's own maps service: SpaHaven sends 'Get Directions' to OpenStreetMap.
    directions: 'https://www.openstreetmap.org/directions?from={origin}&to={destination}',
  },
  helperInfo: {
    country: 'US',
    currency: 'USD',
    publisherId: 1,
    fullProjectName: 'SpaHaven Spa Directory',
    includedPrograms: [PROGRAMS.spa],
    hashTagForSharing: '#SpaHaven',
    customerServiceTel: '1-800-555-0101',
    customerServiceEmail: 'hello@spahaven.example',
    customImageFieldName: 'spa_image',
  },
  metaDataPages: {
    homePage: {
      title: 'SpaHaven: find a spa near you',
      description:
        'Day spas, resort spas, medical spas and wellness centres across the US, with offers, reviews and SpaHaven gift cards.',
    },
    searchPage: {
      title: 'Spas near you | SpaHaven',
      description: 'Search spas by location, treatment, rating and distance, and see the offers on a map.',
    },
  },
  componentsConfig: {
    footer: {
      copyright: '© SpaHaven',
      socialLinks: [
        { type: 'facebook', url: 'https://facebook.example/spahaven' },
        { type: 'instagram', url: 'https://instagram.example/spahaven' },
      ],
    },
    partnerInfo: {
      title: 'Spa owners: grow with SpaHaven',
      text: 'List your spa, publish offers and accept SpaHaven gift cards from guests across the country.',
      buttonText: 'Partner with us',
      link: '/partner',
    },
  },
  searchEnvironment: {
    placeholders: { location: 'City, State or ZIP', keywords: 'Spa name, massage, facial...' },
    businessTypes: SPA_TYPES.map((type) => ({ title: type, value: type })),
    homePageButton: { text: 'Find a Spa', link: '/search' },
    autoSuggestionCategory: { merchantNames: 'Spas', merchantBannerNames: 'Spa Brands' },
    // A spa visitor who asks for a sauna is as glad of a steam room, and the other way round.
    synonyms: [{ terms: ['sauna', 'steam room'] }],
  },
  listingGrid: { pageSize: 24 },
} satisfies TenantConfigInput;
