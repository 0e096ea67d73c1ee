import { PROGRAMS, SPA_TYPES } from '../../domain/catalog';
import type { TenantConfigInput } from '../defaults';

/** The local directory (publisher 6): neighbourhood salons, studios and spas, route 'local'. */
export const local = {
  name: 'local',
  brandName: 'Main Street Local',
  productName: 'Main Street Local Gift Card',
  listingRouteName: 'local',
  icons: {
    titleImage: '/media/local/logo.svg',
    tenantIcons: { favicon: '/media/local/favicon.svg', appleTouchIcon: '/media/local/apple-touch-icon.png' },
  },
  theme: {
    dark: false,
    class: 'theme-local',
    colors: { primary: '#1d5fa8', secondary: '#263238', accent: '#f28c28' },
    isHeaderDark: false,
  },
  titles: {
    purchaseText: 'Buy a Main Street Local Gift Card',
    contactFormTitle: 'Ask the Business',
    servicesSectionName: 'Services',
    mainSearchButtonName: 'Search Local',
    giftCardShopButtonName: 'Get a Main Street Local Gift Card',
    shortGiftCardShopButtonName: 'Gift Cards',
  },
  options: {
    search: { map: true, services: true },
  },
  endpoints: { defaultCardImage: '/media/local/card.svg' },
  helperInfo: {
    country: 'US',
    currency: 'USD',
    publisherId: 6,
    fullProjectName: 'Main Street Local Directory',
    includedPrograms: [PROGRAMS.local],
    hashTagForSharing: '#ShopMainStreetLocal',
    customerServiceTel: '1-800-555-0106',
    customerServiceEmail: 'help@mainstreetlocal.example',
    customImageFieldName: 'local_image',
  },
  metaDataPages: {
    homePage: {
      title: 'Main Street Local: salons, studios and spas nearby',
      description:
        'Discover independent salons, yoga studios and day spas in your neighbourhood, with local offers and gift cards.',
    },
    searchPage: {
      title: 'Local wellness businesses near you | Main Street Local',
      description: 'Search neighbourhood salons, studios and spas by location, service and rating.',
    },
  },
  componentsConfig: {
    footer: { copyright: '© Main Street Local' },
  },
  searchEnvironment: {
    placeholders: { location: 'Your neighbourhood, city or ZIP', keywords: 'Salon, studio, service...' },
    businessTypes: SPA_TYPES.map((type) => ({ title: type, value: type })),
    homePageButton: { text: 'Explore Local', link: '/search' },
    autoSuggestionCategory: { merchantNames: 'Businesses', merchantBannerNames: 'Local Brands' },
  },
  listingGrid: { pageSize: 24 },
} satisfies TenantConfigInput;
