/**
 * Destination ('best of') pages for a handful of real cities, shared by the tenants of a country
 * and headed in each tenant's voice. The page of a term shows its copy over a search of the city;
 * destinations_nav links the tenant's other destinations.
 */
import type { ContentModule, DestinationContent, DestinationNavItem } from '../../../src/domain/content';
import { PROMOTION_TYPES } from '../../../src/domain/catalog';
import { card, cards, page, paragraphs, searchLink, text, type Site } from './build';

interface City {
  /** The search-term slug: 'austin-tx'. */
  term: string;
  city: string;
  /** 'Austin, TX' */
  name: string;
  image: string;
  intro: string;
  /** Three things worth knowing, as [title, text]. */
  highlights: [string, string][];
  season: string;
}

export const US_CITIES: City[] = [
  {
    term: 'austin-tx',
    city: 'Austin',
    name: 'Austin, TX',
    image: '/media/spa-3.svg',
    intro:
      'Austin unwinds the way it does everything else: outdoors, a little unconventional and with great food nearby. Expect spring-fed pools, hilltop resort spas and studios that mix yoga with live music.',
    highlights: [
      [
        'Hill Country retreats',
        'Resort spas west of town pair limestone views with soaking pools and sunset yoga.',
      ],
      [
        'South Congress studios',
        'Walkable day spas, nail bars and yoga studios between the boutiques and taco trucks.',
      ],
      [
        'Cold-plunge culture',
        'Bathhouses with saunas and cold plunges have become the city’s favourite way to meet friends.',
      ],
    ],
    season:
      'Spring and autumn are ideal; in summer, book morning treatments and spend the afternoon at Barton Springs.',
  },
  {
    term: 'new-york-ny',
    city: 'New York',
    name: 'New York, NY',
    image: '/media/spa-4.svg',
    intro:
      'In a city that never slows down, an hour of quiet is the real luxury. New York packs hotel spas, Korean bathhouses, medical spas and tiny nail salons into every neighbourhood.',
    highlights: [
      [
        'Hotel spas in Midtown',
        'Hushed treatment floors high above the traffic, perfect before a show or after a long flight.',
      ],
      [
        'Bathhouses in Brooklyn',
        'Hot and cold pools, steam rooms and a restaurant, open late for an evening reset.',
      ],
      ['Express treatments', 'Thirty-minute facials and chair massages built for a lunch break.'],
    ],
    season:
      'December fills up fast with holiday visitors; weekday mornings are the easiest appointments to get year round.',
  },
  {
    term: 'miami-fl',
    city: 'Miami',
    name: 'Miami, FL',
    image: '/media/spa-5.svg',
    intro:
      'Ocean air, rooftop pools and glowing skin: Miami’s spas lean into the sun. Many beachfront resorts open their spas to day guests, and Coral Gables hides calm, leafy studios.',
    highlights: [
      ['Beachfront day passes', 'Book a treatment and spend the day by the resort pool and the ocean.'],
      [
        'After-sun care',
        'Hydrating facials and aloe body wraps for skin that has seen a little too much sun.',
      ],
      ['Sunrise yoga', 'Classes on the sand in South Beach before the heat of the day.'],
    ],
    season: 'Winter is high season and books out weeks ahead; summer brings the best spa-day rates.',
  },
  {
    term: 'scottsdale-az',
    city: 'Scottsdale',
    name: 'Scottsdale, AZ',
    image: '/media/spa-6.svg',
    intro:
      'The desert has long drawn people to heal and rest. Scottsdale’s resort spas use local clay, sage and prickly pear, with mountain views from every pool.',
    highlights: [
      [
        'Desert-inspired rituals',
        'Treatments with red clay, jojoba and desert botanicals unique to the Sonoran region.',
      ],
      ['Golf and recovery', 'Sports massage and stretching sessions designed for a day on the course.'],
      ['Stargazing soaks', 'Outdoor hot pools that stay open after dark under wide desert skies.'],
    ],
    season: 'October to April is perfect weather; summer treatments come with generous resort discounts.',
  },
];

export const CANADIAN_CITIES: City[] = [
  {
    term: 'toronto-on',
    city: 'Toronto',
    name: 'Toronto, ON',
    image: '/media/spa-7.svg',
    intro:
      'Toronto’s spa scene is as varied as its neighbourhoods: Nordic-style hydrotherapy in the Distillery District, hotel spas downtown and neighbourhood studios from Leslieville to the Junction.',
    highlights: [
      [
        'Hydrotherapy circuits',
        'Hot, cold, rest, repeat: thermal experiences that feel like a trip north without the drive.',
      ],
      [
        'Downtown hotel spas',
        'Calm treatment rooms a short walk from the PATH, for a reset between meetings.',
      ],
      ['Neighbourhood studios', 'Yoga, Pilates and acupuncture on nearly every main street.'],
    ],
    season: 'Winter is thermal-spa season; book weekend circuits a week or two ahead.',
  },
  {
    term: 'vancouver-bc',
    city: 'Vancouver',
    name: 'Vancouver, BC',
    image: '/media/spa-8.svg',
    intro:
      'Mountains on one side and ocean on the other: Vancouver’s spas bring the West Coast indoors with cedar, sea salt and rainforest calm.',
    highlights: [
      ['West Coast botanicals', 'Treatments with seaweed, cedar and glacial clay from British Columbia.'],
      ['Post-ski recovery', 'Deep tissue massage and hot soaks after a day on the North Shore mountains.'],
      ['Yoga capital', 'The city that made athleisure famous has a studio for every style.'],
    ],
    season: 'Rainy months are made for spa days; summer weekends book up for patio yoga.',
  },
  {
    term: 'montreal-qc',
    city: 'Montréal',
    name: 'Montréal, QC',
    image: '/media/spa-9.svg',
    intro:
      'Montréal takes its pleasures seriously, and its spas are no exception. Nordic baths on the water, elegant Old Montréal hotel spas and a bilingual welcome everywhere.',
    highlights: [
      ['Nordic baths on the river', 'Outdoor pools and saunas with views of the city and the Old Port.'],
      ['Old Montréal hotel spas', 'Stone walls, candlelight and treatments after a day on the cobblestones.'],
      ['Terroir skin care', 'Products made in Québec with maple, cranberry and northern plants.'],
    ],
    season: 'Outdoor thermal spas are magical in the snow; book January and February weekends early.',
  },
  {
    term: 'banff-ab',
    city: 'Banff',
    name: 'Banff, AB',
    image: '/media/spa-10.svg',
    intro:
      'Hot springs have drawn travellers to Banff for over a century. Today mountain resort spas add treatment rooms with views of the peaks.',
    highlights: [
      ['Hot springs heritage', 'Mineral pools fed by the springs that founded Canada’s first national park.'],
      [
        'Mountain resort spas',
        'Full-day retreats with pools, steam and massage after a day of hiking or skiing.',
      ],
      ['Alpine yoga', 'Morning classes with the Rockies outside the window.'],
    ],
    season: 'Ski season and summer hiking months are busiest; shoulder seasons bring quiet pools.',
  },
];

/** How a tenant heads its destination pages. */
export interface DestinationVoice {
  /** 'The best spas in Austin' */
  title(city: City): string;
  subtitle(city: City): string;
  /** The listings module's heading. */
  listingsTitle(city: City): string;
  /** Extra modules after the city copy (a gift card call to action, say). */
  closing(city: City): ContentModule[];
}

/** The destination pages of a tenant, each with a navigation to the others. */
export function destinationContents(
  site: Site,
  voice: DestinationVoice,
  cities: City[],
): DestinationContent[] {
  const nav: DestinationNavItem[] = cities.map((city) => ({
    title: city.name,
    term: city.term,
    url: `/best-of/${city.term}`,
  }));
  return cities.map((city) =>
    page(site, {
      slug: city.term,
      title: voice.title(city),
      description: `${voice.subtitle(city)} ${city.intro.split('. ')[0]}.`,
      keyword: voice.title(city).toLowerCase(),
      canonical: `/best-of/${city.term}`,
      searchTerm: city.term,
      destinationsNav: nav,
      modules: [
        {
          acf_fc_layout: 'destinations_header',
          title: voice.title(city),
          subtitle: voice.subtitle(city),
          image: city.image,
          image_mobile: city.image,
          alt_text: '',
        },
        text('', paragraphs(city.intro)),
        cards(
          `Don’t miss in ${city.city}`,
          city.highlights.map(([title, body]) => card({ title, text: body })),
        ),
        {
          acf_fc_layout: 'listings',
          title: voice.listingsTitle(city),
          subtitle: city.season,
          promotion: PROMOTION_TYPES.featured,
          limit: 8,
          link: searchLink({ location: city.name }),
          link_text: `See everything in ${city.city}`,
        },
        ...voice.closing(city),
      ],
    }),
  );
}
