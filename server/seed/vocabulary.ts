/**
 * Word lists for the seed data. Kept apart from the generator so the rules there stay readable;
 * nothing here is random by itself.
 */
import type { ServiceCategory } from '../../src/domain/catalog';

/** Evocative single words and short phrases spa names are made of. */
export const NAME_WORDS = [
  'Serenity',
  'Tranquility',
  'Lotus',
  'Willow',
  'Sage',
  'Juniper',
  'Cedar',
  'Lavender',
  'Eucalyptus',
  'Jasmine',
  'Haven',
  'Oasis',
  'Bliss',
  'Harmony',
  'Zen',
  'Aura',
  'Radiance',
  'Evergreen',
  'Moonstone',
  'Driftwood',
  'Silver Birch',
  'Blue Heron',
  'Stillwater',
  'Tidewater',
  'Magnolia',
  'Rosewood',
  'Sandalwood',
  'Wildflower',
  'Golden Hour',
  'Sunstone',
  'Riverstone',
  'Amber',
  'Indigo',
  'Pearl',
  'Solace',
  'Halcyon',
  'Nirvana',
  'Elysian',
  'Sanctuary',
  'Meadow',
  'Fern',
  'Orchid',
  'Bamboo',
  'Sol',
  'Luna',
  'Azure',
  'Ember',
  'Mistral',
  'Cypress',
  'Palm',
] as const;

/** Pairs joined with '&' ('Salt & Stone Spa'): the slug rule turns '&' into '-and-'. */
export const PAIR_WORDS = [
  'Salt',
  'Stone',
  'Sage',
  'Honey',
  'Oak',
  'Rose',
  'Ember',
  'Moss',
  'Cedar',
  'Fig',
  'Olive',
  'Steam',
  'Sea',
  'Sky',
  'Rain',
  'Root',
  'Sun',
  'Moon',
  'Earth',
  'Water',
  'Clay',
  'Linen',
  'Birch',
  'Petal',
] as const;

/** For names that start with a number ('100 Palms Wellness'): the slug spells the number out. */
export const NAME_NUMBERS = [1, 3, 5, 7, 9, 12, 21, 27, 40, 100, 108, 360] as const;
export const PLURAL_NOUNS = [
  'Palms',
  'Springs',
  'Stones',
  'Willows',
  'Pines',
  'Oaks',
  'Petals',
  'Lanterns',
  'Rivers',
  'Leaves',
  'Elements',
  'Senses',
  'Breaths',
  'Waves',
] as const;

export const LANDFORMS = [
  'Ridge',
  'Creek',
  'Springs',
  'Lake',
  'Valley',
  'Canyon',
  'Hills',
  'Bay',
  'Point',
  'Mesa',
  'Falls',
  'Harbor',
] as const;

export const FIRST_NAMES = [
  'Maria',
  'Anna',
  'Sofia',
  'Grace',
  'Elena',
  'Olivia',
  'Mia',
  'Claire',
  'Nadia',
  'Lucy',
  'Hannah',
  'Priya',
  'Mei',
  'Amara',
  'Isabel',
  'Julia',
  'Daniel',
  'James',
  'Marcus',
  'Leo',
  'Samuel',
  'David',
  'Ethan',
  'Noah',
  'Kenji',
  'Omar',
  'Lucas',
  'Ava',
  'Chloe',
  'Zoe',
] as const;

export const LAST_NAMES = [
  'Garcia',
  'Nguyen',
  'Smith',
  'Johnson',
  'Patel',
  'Kim',
  'Rossi',
  'Martin',
  'Tremblay',
  'Roy',
  'Brown',
  'Lee',
  'Walker',
  'Lopez',
  'Chen',
  'Silva',
  'Cohen',
  'Murphy',
  'Okafor',
  'Andersen',
  'Gagnon',
  'Wilson',
  'Hughes',
  'Park',
  'Rivera',
  'Singh',
  'Clarke',
  'Moreau',
] as const;

/** Quebec listings often carry French names ('Spa Sérénité'), which also exercises accent folding. */
export const FRENCH_WORDS = [
  'Sérénité',
  'Nordik',
  'Évasion',
  'Détente',
  'Lumière',
  'Harmonie',
  'Zénitude',
  'Bien-Être',
  'Éden',
  'Plénitude',
  'Source',
  'Rivière',
] as const;

export const STREET_NAMES = [
  'Main',
  'Oak',
  'Maple',
  'Cedar',
  'Elm',
  'Pine',
  'Washington',
  'Lake',
  'Hill',
  'Park',
  'River',
  'Spring',
  'Church',
  'Market',
  'Broad',
  'Highland',
  'Sunset',
  'Willow',
  'Meadow',
  'Lincoln',
  'Franklin',
  'Jefferson',
  'Madison',
  'Magnolia',
  'Chestnut',
  'Walnut',
  'Forest',
  'Ridge',
  'Valley',
  'Harbor',
  'Bay',
  'Mill',
  'Union',
  'College',
  'Grand',
  'King',
  'Queen',
  'Victoria',
  'Sherwood',
  'Laurel',
] as const;

export const STREET_SUFFIXES = [
  ['Street', 30],
  ['Avenue', 22],
  ['Boulevard', 8],
  ['Road', 12],
  ['Drive', 10],
  ['Lane', 5],
  ['Way', 5],
  ['Parkway', 3],
  ['Place', 3],
  ['Court', 2],
] as const;

/** Quebec addresses put the street type first ('1250 Rue Sainte-Catherine'). */
export const QUEBEC_STREETS = [
  'Rue Sainte-Catherine',
  'Boulevard Saint-Laurent',
  'Rue Saint-Denis',
  'Rue Sherbrooke',
  'Avenue du Parc',
  'Rue Principale',
  'Boulevard René-Lévesque',
  'Chemin du Lac',
  'Rue Notre-Dame',
  'Avenue des Pins',
  'Rue Saint-Jean',
  'Boulevard des Laurentides',
] as const;

export const ADDRESS2 = [
  'Suite 100',
  'Suite 120',
  'Suite 210',
  'Suite 305',
  'Unit 4',
  'Unit B',
  'Floor 2',
  'Suite A',
];

/** Part of town appended to a brand location's name ('Tranquil Touch Massage - Austin North'). */
export const BRANCH_SUFFIXES = [
  'North',
  'South',
  'East',
  'West',
  'Downtown',
  'Midtown',
  'Uptown',
  'Central',
  'Northwest',
  'Southwest',
  'Lakeside',
  'Riverside',
  'Village',
  'Commons',
  'Crossing',
  'Heights',
] as const;

/** Phone area codes by state or province (a few each; any of them is plausible there). */
export const AREA_CODES: Readonly<Record<string, readonly number[]>> = {
  AL: [205, 251, 256, 334],
  AK: [907],
  AZ: [480, 520, 602, 623, 928],
  AR: [479, 501, 870],
  CA: [213, 310, 415, 510, 619, 714, 818, 916, 949],
  CO: [303, 719, 720, 970],
  CT: [203, 860],
  DE: [302],
  DC: [202],
  FL: [305, 321, 407, 561, 727, 813, 850, 904, 941, 954],
  GA: [404, 470, 678, 706, 770, 912],
  HI: [808],
  ID: [208],
  IL: [217, 224, 309, 312, 618, 630, 708, 773, 815, 847],
  IN: [219, 260, 317, 574, 765, 812],
  IA: [319, 515, 563, 641, 712],
  KS: [316, 620, 785, 913],
  KY: [270, 502, 606, 859],
  LA: [225, 318, 337, 504, 985],
  ME: [207],
  MD: [240, 301, 410, 443],
  MA: [339, 413, 508, 617, 781, 978],
  MI: [231, 248, 313, 517, 586, 616, 734, 810, 989],
  MN: [218, 507, 612, 651, 763, 952],
  MS: [228, 601, 662],
  MO: [314, 417, 573, 636, 816],
  MT: [406],
  NE: [308, 402],
  NV: [702, 775],
  NH: [603],
  NJ: [201, 609, 732, 856, 908, 973],
  NM: [505, 575],
  NY: [212, 315, 516, 518, 585, 631, 716, 718, 845, 914, 917],
  NC: [252, 336, 704, 828, 910, 919, 980],
  ND: [701],
  OH: [216, 330, 419, 513, 614, 740, 937],
  OK: [405, 580, 918],
  OR: [503, 541, 971],
  PA: [215, 267, 412, 484, 570, 610, 717, 724, 814],
  PR: [787, 939],
  RI: [401],
  SC: [803, 843, 864],
  SD: [605],
  TN: [423, 615, 731, 865, 901, 931],
  TX: [210, 214, 281, 512, 713, 817, 832, 915, 972],
  UT: [385, 435, 801],
  VT: [802],
  VA: [276, 434, 540, 571, 703, 757, 804],
  WA: [206, 253, 360, 425, 509],
  WV: [304, 681],
  WI: [262, 414, 608, 715, 920],
  WY: [307],
  AB: [403, 587, 780],
  BC: [236, 250, 604, 778],
  MB: [204, 431],
  NB: [506],
  NL: [709],
  NS: [902],
  NT: [867],
  NU: [867],
  ON: [289, 416, 519, 613, 647, 705, 807, 905],
  PE: [902],
  QC: [418, 438, 450, 514, 819],
  SK: [306, 639],
  YT: [867],
};

/** How a business type names itself and describes itself. */
export interface TypeProfile {
  /** Words that end a name of this type ('Day Spa', 'Yoga Collective'). */
  nameEndings: readonly string[];
  /** 'a day spa', 'a medical spa' (used as '{name} is {phrase} in {city}'). */
  phrase: string;
  /** The category every listing of this type offers first. */
  primary: ServiceCategory;
  /** Categories it may add. */
  secondary: readonly ServiceCategory[];
  /** Opening hours: opening hour on weekdays, closing hour (24 h), Sunday closed probability. */
  hours: { open: readonly number[]; close: readonly number[]; sundayClosed: number };
}

export const SPA_TYPE_PROFILES: Readonly<Record<string, TypeProfile>> = {
  'Day Spa': {
    nameEndings: ['Day Spa', 'Spa', 'Spa & Wellness', 'Day Spa & Salon', 'Spa Retreat'],
    phrase: 'a day spa',
    primary: 'Massages',
    secondary: [
      'Facials',
      'Body Treatments',
      'Waxing',
      'Nail Services',
      'Couples Treatments',
      'Sauna & Steam',
      'Reflexology',
      'Lash & Brow',
      'Hydrotherapy',
      'Makeup Services',
    ],
    hours: { open: [9, 10], close: [18, 19, 20], sundayClosed: 0.25 },
  },
  'Stay Spa': {
    nameEndings: ['Resort & Spa', 'Spa Resort', 'Inn & Spa', 'Lodge & Spa', 'Retreat'],
    phrase: 'a resort spa',
    primary: 'Massages',
    secondary: [
      'Facials',
      'Body Treatments',
      'Hydrotherapy',
      'Couples Treatments',
      'Sauna & Steam',
      'Yoga Classes',
      'Meditation',
      'Wellness Programs',
      'Fitness Classes',
      'Ayurveda',
    ],
    hours: { open: [7, 8], close: [20, 21, 22], sundayClosed: 0 },
  },
  Salon: {
    nameEndings: ['Salon', 'Salon & Spa', 'Hair Studio', 'Beauty Bar'],
    phrase: 'a salon and spa',
    primary: 'Hair Services',
    secondary: ['Nail Services', 'Waxing', 'Makeup Services', 'Lash & Brow', 'Tanning', 'Facials'],
    hours: { open: [9, 10], close: [18, 19, 20], sundayClosed: 0.45 },
  },
  Pilates: {
    nameEndings: ['Pilates', 'Pilates Studio', 'Reformer Studio', 'Pilates & Barre'],
    phrase: 'a Pilates studio',
    primary: 'Pilates Classes',
    secondary: ['Fitness Classes', 'Yoga Classes', 'Meditation', 'Wellness Programs'],
    hours: { open: [6, 7], close: [19, 20, 21], sundayClosed: 0.1 },
  },
  Fitness: {
    nameEndings: ['Fitness', 'Fitness Club', 'Athletic Club', 'Strength & Recovery'],
    phrase: 'a fitness studio',
    primary: 'Fitness Classes',
    secondary: ['Pilates Classes', 'Yoga Classes', 'Sauna & Steam', 'Wellness Programs', 'Massages'],
    hours: { open: [5, 6], close: [21, 22], sundayClosed: 0.05 },
  },
  'Yoga Studio': {
    nameEndings: ['Yoga', 'Yoga Studio', 'Yoga Collective', 'Yoga Shala', 'Hot Yoga'],
    phrase: 'a yoga studio',
    primary: 'Yoga Classes',
    secondary: ['Meditation', 'Pilates Classes', 'Ayurveda', 'Wellness Programs', 'Massages'],
    hours: { open: [6, 7], close: [20, 21], sundayClosed: 0.05 },
  },
  'Medical Spa': {
    nameEndings: ['Med Spa', 'Medical Spa', 'Aesthetics', 'Skin & Laser Clinic'],
    phrase: 'a medical spa',
    primary: 'Medical Aesthetics',
    secondary: ['Facials', 'Waxing', 'Body Treatments', 'Lash & Brow', 'Wellness Programs', 'Tanning'],
    hours: { open: [8, 9], close: [17, 18, 19], sundayClosed: 0.8 },
  },
  'Wellness Center': {
    nameEndings: ['Wellness Center', 'Wellness', 'Healing Arts', 'Integrative Wellness'],
    phrase: 'a wellness center',
    primary: 'Wellness Programs',
    secondary: [
      'Acupuncture',
      'Ayurveda',
      'Massages',
      'Meditation',
      'Reflexology',
      'Sauna & Steam',
      'Hydrotherapy',
    ],
    hours: { open: [8, 9], close: [18, 19, 20], sundayClosed: 0.5 },
  },
  Independent: {
    nameEndings: ['Massage Therapy', 'Bodywork', 'Skin Care', 'Studio', 'Massage & Spa'],
    phrase: 'an independent spa',
    primary: 'Massages',
    secondary: ['Facials', 'Reflexology', 'Waxing', 'Acupuncture', 'Nail Services', 'Lash & Brow'],
    hours: { open: [9, 10, 11], close: [17, 18, 19], sundayClosed: 0.6 },
  },
};

/** The wellness tenant's four partner brands: what each one offers. */
export const BRAND_PROFILES: Readonly<Record<string, TypeProfile & { domain: string }>> = {
  'Tranquil Touch Massage': {
    nameEndings: [],
    phrase: 'a massage studio',
    primary: 'Massages',
    secondary: ['Reflexology', 'Body Treatments', 'Couples Treatments', 'Sauna & Steam'],
    hours: { open: [9, 10], close: [20, 21], sundayClosed: 0 },
    domain: 'tranquiltouchmassage.com',
  },
  'Glow Skin Studio': {
    nameEndings: [],
    phrase: 'a skin care studio',
    primary: 'Facials',
    secondary: ['Lash & Brow', 'Waxing', 'Body Treatments', 'Makeup Services', 'Medical Aesthetics'],
    hours: { open: [9, 10], close: [19, 20], sundayClosed: 0.2 },
    domain: 'glowskinstudio.com',
  },
  'Zenith Yoga': {
    nameEndings: [],
    phrase: 'a yoga studio',
    primary: 'Yoga Classes',
    secondary: ['Meditation', 'Pilates Classes', 'Fitness Classes', 'Wellness Programs'],
    hours: { open: [6], close: [20, 21], sundayClosed: 0 },
    domain: 'zenithyoga.com',
  },
  'Polished Nail Lounge': {
    nameEndings: [],
    phrase: 'a nail lounge',
    primary: 'Nail Services',
    secondary: ['Waxing', 'Lash & Brow', 'Reflexology', 'Tanning'],
    hours: { open: [9, 10], close: [19, 20], sundayClosed: 0.15 },
    domain: 'polishednaillounge.com',
  },
};

/** Weights of the spa types among SPA_NETWORK listings: day spas are the most common. */
export const SPA_TYPE_WEIGHTS: readonly (readonly [string, number])[] = [
  ['Day Spa', 30],
  ['Stay Spa', 10],
  ['Salon', 12],
  ['Pilates', 6],
  ['Fitness', 7],
  ['Yoga Studio', 9],
  ['Medical Spa', 12],
  ['Wellness Center', 9],
  ['Independent', 10],
];

/** Sentences about the team and the place, in the business description. */
export const ABOUT_SENTENCES = [
  'Our licensed therapists tailor every treatment to how you feel that day.',
  'Every visit includes time in our quiet relaxation lounge with herbal tea.',
  'We use organic, cruelty-free products from small makers.',
  'The team has more than a decade of experience and trains together every month.',
  'Soft lighting, warm towels and calm music set the pace from the moment you arrive.',
  'First-time guests get a short consultation so every service fits their goals.',
  'We are proud to be a neighborhood favorite for gifts, celebrations and self-care days.',
  'Our studio is bright, spotless and designed around natural materials.',
  'Private rooms and couples suites make it easy to come with someone you love.',
] as const;

export const CLOSING_SENTENCES = [
  'Book online or call us to reserve your time.',
  'Walk-ins are welcome when space allows.',
  'Gift cards are welcome for every service.',
  'Ask about our memberships and seasonal packages.',
  'Free parking is available right outside.',
  'We look forward to welcoming you.',
] as const;

export const GC_REDEMPTION_RULES = [
  'Gift cards are accepted for all services and retail. Please mention your gift card when booking.',
  'Present your gift card at check-in. Gratuity is not included and may be paid with the remaining balance.',
  'Gift cards may be used for services only. Appointments are required; 24 hours notice for cancellations.',
  'Redeemable for services, packages and retail products. Not valid toward gratuity or memberships.',
  'Please give your gift card number when you book. Any balance stays on the card for your next visit.',
  'Gift cards are redeemable at this location only. Lost cards can be replaced with proof of purchase.',
] as const;

export const AMENITIES: Readonly<Record<string, readonly string[]>> = {
  Facilities: [
    'Locker Rooms',
    'Relaxation Lounge',
    'Steam Room',
    'Sauna',
    'Showers',
    'Whirlpool',
    'Outdoor Pool',
    'Fitness Center',
    'Meditation Garden',
  ],
  Comforts: [
    'Robes & Slippers',
    'Herbal Tea',
    'Infused Water',
    'Heated Tables',
    'Fresh Towels',
    'Aromatherapy',
  ],
  Services: [
    'Online Booking',
    'Gift Cards',
    'Bridal Parties',
    'Corporate Events',
    'Couples Suites',
    'Memberships',
  ],
  Accessibility: [
    'Wheelchair Accessible',
    'Free Parking',
    'Valet Parking',
    'Near Public Transit',
    'Elevator',
  ],
};

export const STAY_DINING = [
  'Spa Café',
  'Juice Bar',
  'Room Service',
  'Farm-to-Table Restaurant',
  'Wine Bar',
  'Tea Lounge',
];

export const ACTIVITIES = [
  'Hiking',
  'Golf',
  'Tennis',
  'Horseback Riding',
  'Kayaking',
  'Cooking Classes',
  'Guided Meditation',
  'Stargazing',
  'Cycling',
  'Fly Fishing',
  'Paddleboarding',
  'Cross-Country Skiing',
  'Forest Bathing',
  'Wine Tasting',
] as const;

export const ACCOMMODATIONS = [
  'Deluxe King Room',
  'Garden View Queen Room',
  'Junior Suite',
  'Spa Suite',
  'Private Casita',
  'Lakeside Cabin',
  'Treehouse Villa',
  'Two-Bedroom Residence',
  'Courtyard Room',
] as const;

export const RESTAURANT_WORDS = [
  'Harvest',
  'Hearth',
  'Terrace',
  'Larder',
  'Garden Table',
  'Copper Pot',
  'Olive Room',
];

/** Captions matching the pictures in server/media/spa-{n}.svg, by n - 1. */
export const IMAGE_CAPTIONS = [
  'Warm stones by still water',
  'Palm leaves in the treatment garden',
  'Candlelit relaxation room',
  'Evening light over the lake',
  'Lotus pool',
  'Bamboo courtyard',
  'Ripples in the hydrotherapy pool',
  'Rolled towels and orchids',
  'Morning mist over the mountains',
  'Cedar sauna',
  'Raked sand garden',
  'Moonlit pool',
] as const;
export const IMAGE_COUNT = IMAGE_CAPTIONS.length;

export const AWARD_NAMES = [
  ["Readers' Choice", 'Best Day Spa in {city}'],
  ['Wellspring Excellence Award', 'Top Rated in {state}'],
  ['Local Favorites', 'Favorite Place to Unwind in {city}'],
  ['Guest Choice Award', 'Outstanding Service'],
  ['Spa Network Honors', 'Best Massage in {city}'],
] as const;

export const PROVIDERS = [
  ['Wellspring Direct', 'WS', 50],
  ['CalmBook', 'CB', 20],
  ['Lotus Connect', 'LC', 18],
  ['Pinecone POS', 'PP', 12],
] as const;

export const CUSTOM_ATTRIBUTES: readonly (readonly [string, readonly string[]])[] = [
  ['parking', ['Free parking lot', 'Street parking', 'Validated garage parking', 'Valet parking']],
  ['gratuity', ['Gratuity not included', 'Gratuity included for packages', 'Gratuity at your discretion']],
  [
    'cancellationPolicy',
    ['24 hours notice required', '48 hours notice required', '12 hours notice required'],
  ],
  ['ageRequirement', ['Guests must be 16 or older', 'Guests must be 18 or older', 'All ages welcome']],
  ['arrival', ['Please arrive 15 minutes early', 'Please arrive 10 minutes early']],
];

/** Details of the offers a category supports: what to call it and what it costs. */
export interface OfferProfile {
  /** 'massage', 'facial': used in '$20 off a 60-minute massage'. */
  noun: string;
  /** Base price range of one service, in dollars. */
  price: readonly [number, number];
  /** Minutes the service lasts, when it is a timed treatment. */
  minutes?: readonly number[];
  /** A package name ('Spa Day Package') for package offers. */
  packageName: string;
}

export const OFFER_PROFILES: Readonly<Record<ServiceCategory, OfferProfile>> = {
  Facials: { noun: 'facial', price: [85, 180], minutes: [50, 60, 75], packageName: 'Glow Facial Package' },
  Massages: { noun: 'massage', price: [90, 170], minutes: [60, 75, 90], packageName: 'Spa Day Package' },
  Waxing: { noun: 'waxing service', price: [25, 90], packageName: 'Smooth Skin Package' },
  'Yoga Classes': { noun: 'yoga class', price: [20, 32], packageName: 'Five-Class Yoga Pass' },
  'Pilates Classes': { noun: 'Pilates class', price: [28, 45], packageName: 'Reformer Intro Pack' },
  'Nail Services': { noun: 'manicure', price: [30, 75], packageName: 'Mani-Pedi Package' },
  'Hair Services': { noun: 'salon service', price: [55, 180], packageName: 'Cut & Color Package' },
  'Body Treatments': {
    noun: 'body treatment',
    price: [95, 190],
    minutes: [50, 60, 80],
    packageName: 'Body Renewal Package',
  },
  'Makeup Services': { noun: 'makeup service', price: [60, 150], packageName: 'Bridal Party Package' },
  'Lash & Brow': { noun: 'lash or brow service', price: [40, 160], packageName: 'Lash & Brow Package' },
  Hydrotherapy: {
    noun: 'hydrotherapy session',
    price: [60, 140],
    minutes: [30, 45],
    packageName: 'Water Ritual',
  },
  Ayurveda: {
    noun: 'Ayurvedic treatment',
    price: [110, 220],
    minutes: [60, 90],
    packageName: 'Ayurveda Ritual',
  },
  Acupuncture: {
    noun: 'acupuncture session',
    price: [80, 150],
    minutes: [45, 60],
    packageName: 'Acupuncture Series',
  },
  'Medical Aesthetics': {
    noun: 'aesthetic treatment',
    price: [200, 650],
    packageName: 'Rejuvenation Package',
  },
  'Fitness Classes': { noun: 'fitness class', price: [20, 40], packageName: 'Intro Month Membership' },
  Meditation: { noun: 'meditation session', price: [20, 45], packageName: 'Calm Mind Series' },
  'Sauna & Steam': { noun: 'sauna session', price: [25, 60], packageName: 'Thermal Circuit Pass' },
  Reflexology: {
    noun: 'reflexology session',
    price: [50, 95],
    minutes: [30, 45, 60],
    packageName: 'Sole Relief Package',
  },
  Tanning: { noun: 'spray tan', price: [35, 70], packageName: 'Sunless Glow Package' },
  'Wellness Programs': { noun: 'wellness consultation', price: [75, 200], packageName: 'Reset Program' },
  'Couples Treatments': {
    noun: 'couples treatment',
    price: [220, 420],
    minutes: [60, 90],
    packageName: 'Couples Retreat',
  },
};

export const OFFER_SUBTITLES = [
  'New clients only',
  'Valid Monday through Thursday',
  'Limit one per guest',
  'Not valid with other offers',
  'Includes an aromatherapy upgrade',
  'Book online or by phone',
  'Weekdays before 3 PM',
  'Bring a friend and both save',
  'Perfect as a gift',
] as const;

export const OFFER_TERMS = [
  'Mention this offer when you book.',
  'Gratuity not included.',
  'Appointments are subject to availability.',
  'Cannot be combined with other promotions.',
  'Valid for one guest per visit.',
  'Please allow 24 hours notice to reschedule.',
] as const;
