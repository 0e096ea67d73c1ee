import { PROGRAMS } from '../../domain/catalog';
import { deepMerge, type TenantConfigInput } from '../defaults';
import { spa } from './spa';

/** The Canadian spa directory (publisher 1, like 'spa'): the spa directory in CAD, for Canada. */
export const spaCanada = deepMerge(spa, {
  name: 'spa-canada',
  brandName: 'SpaHaven Canada',
  productName: 'SpaHaven Canada Gift Card',
  icons: {
    titleImage: '/media/spa-canada/logo.svg',
    tenantIcons: {
      favicon: '/media/spa-canada/favicon.svg',
      appleTouchIcon: '/media/spa-canada/apple-touch-icon.png',
    },
  },
  theme: {
    class: 'theme-spa-canada',
    colors: { primary: '#a4262c', secondary: '#37474f', accent: '#2e6f95' },
  },
  titles: {
    purchaseText: 'Buy a SpaHaven Canada Gift Card',
    giftCardShopButtonName: 'Get a SpaHaven Canada Gift Card',
  },
  endpoints: { defaultCardImage: '/media/spa-canada/card.svg' },
  helperInfo: {
    country: 'CA',
    currency: 'CAD',
    publisherId: 1,
    fullProjectName: 'SpaHaven Canada Spa Directory',
    includedPrograms: [PROGRAMS.spa],
    hashTagForSharing: '#SpaHavenCanada',
    customerServiceTel: '1-888-555-0102',
    customerServiceEmail: 'hello@ca.spahaven.example',
  },
  metaDataPages: {
    homePage: {
      title: 'SpaHaven Canada: find a spa near you',
      description:
        'Spas, Nordic baths and wellness centres from Vancouver to Halifax, with offers, reviews and gift cards in Canadian dollars.',
    },
    searchPage: {
      title: 'Spas near you | SpaHaven Canada',
      description: 'Search Canadian spas by city, province, treatment, rating and distance.',
    },
  },
  componentsConfig: {
    footer: { copyright: '© SpaHaven Canada' },
    partnerInfo: {
      title: 'Canadian spa owners: grow with SpaHaven',
      text: 'List your spa, publish offers and accept SpaHaven Canada gift cards.',
    },
  },
  searchEnvironment: {
    placeholders: { location: 'City, Province or Postal Code', keywords: 'Spa name, massage, facial...' },
  },
} satisfies TenantConfigInput) as TenantConfigInput;
