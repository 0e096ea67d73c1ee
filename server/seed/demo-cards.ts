/**
 * The demo gift cards: seeded into the ledger (`ensureDemoCards` in ./gift-cards.ts) and listed in the README and
 * the demo gallery for QA; the integration tests read them from here too. Plain data with no
 * server imports, so any of those can import it.
 *
 * The numbers start with 6036 and pass the Luhn check, like a real gift card, but belong to no
 * real issuer. Nothing here is a secret: these cards exist only in our demo ledger.
 */
import type { CardStatus, CardType } from '../../src/domain/gift-card';
import type { TenantName } from '../../src/tenant';

export interface DemoTransaction {
  /** Days before seeding (fractions place it within the day). */
  daysAgo: number;
  /** Positive for the purchase or a reload, negative for a redemption. */
  amount: number;
  description: string;
}

export interface DemoCard {
  /** The tenant whose demo gallery shows the card. */
  tenant: TenantName;
  /** The program that issued it: the balance inquiry finds it through publishers of that program. */
  program: string;
  cardType: CardType;
  number: string;
  pin: string;
  status: CardStatus;
  currency: 'USD' | 'CAD';
  /** What the balance inquiry answers: the sum of the transactions. */
  balance: number;
  /** Oldest first. */
  transactions: DemoTransaction[];
  /** What QA sees with it. */
  note: string;
}

const spa = { tenant: 'spa', program: 'SPA_NETWORK', cardType: 'SPA_GIFT_CARD', currency: 'USD' } as const;
const spaCanada = {
  tenant: 'spa-canada',
  program: 'SPA_NETWORK',
  cardType: 'SPA_GIFT_CARD',
  currency: 'CAD',
} as const;
const wellness = {
  tenant: 'wellness',
  program: 'WELLNESS_CARD',
  cardType: 'WELLNESS_GIFT_CARD',
  currency: 'USD',
} as const;
const local = {
  tenant: 'local',
  program: 'LOCAL_DIRECTORY',
  cardType: 'LOCAL_GIFT_CARD',
  currency: 'USD',
} as const;

export const DEMO_CARDS: readonly DemoCard[] = [
  {
    ...spa,
    number: '6036110047001823',
    pin: '1234',
    status: 'ACTIVE',
    balance: 62.5,
    note: 'active, 5 transactions',
    transactions: [
      { daysAgo: 64.2, amount: 150, description: 'Purchased online' },
      { daysAgo: 51.6, amount: -45, description: 'Redeemed at Zen Salon & Spa, Austin TX' },
      { daysAgo: 33.4, amount: -20, description: 'Redeemed at Serenity Day Spa, Round Rock TX' },
      { daysAgo: 12.7, amount: -12.5, description: 'Redeemed at Lotus Massage Therapy, Austin TX' },
      { daysAgo: 3.3, amount: -10, description: 'Redeemed at Zen Salon & Spa, Austin TX' },
    ],
  },
  {
    ...spa,
    number: '6036110047002938',
    pin: '246810',
    status: 'ACTIVE',
    balance: 136.75,
    note: 'active, 6-digit PIN, 8 transactions (one reload)',
    transactions: [
      { daysAgo: 180.1, amount: 200, description: 'Purchased online' },
      { daysAgo: 166.5, amount: -65, description: 'Redeemed at Blue Lagoon Resort & Spa, Scottsdale AZ' },
      { daysAgo: 140.3, amount: -30, description: 'Redeemed at Desert Bloom Day Spa, Phoenix AZ' },
      { daysAgo: 98.8, amount: 50, description: 'Reloaded online' },
      { daysAgo: 77.2, amount: -18.25, description: 'Redeemed at Desert Bloom Day Spa, Phoenix AZ' },
      { daysAgo: 45.6, amount: -25, description: 'Redeemed at Copper Canyon Med Spa, Tempe AZ' },
      { daysAgo: 20.4, amount: 40, description: 'Reloaded online' },
      { daysAgo: 6.9, amount: -15, description: 'Redeemed at Blue Lagoon Resort & Spa, Scottsdale AZ' },
    ],
  },
  {
    ...spa,
    number: '6036110047003167',
    pin: '4321',
    status: 'ACTIVE',
    balance: 0,
    note: 'active, zero balance (fully redeemed)',
    transactions: [
      { daysAgo: 90.5, amount: 75, description: 'Purchased in store' },
      { daysAgo: 60.2, amount: -40, description: 'Redeemed at Harbor Light Spa, Portland ME' },
      { daysAgo: 15.8, amount: -35, description: 'Redeemed at Pine & Salt Wellness, Portland ME' },
    ],
  },
  {
    ...spa,
    number: '6036110047004256',
    pin: '5555',
    status: 'INACTIVE',
    balance: 25,
    note: 'inactive: answered like an unknown card',
    transactions: [
      { daysAgo: 30.3, amount: 50, description: 'Purchased by mail' },
      { daysAgo: 21.1, amount: -15, description: 'Redeemed at Willow Creek Day Spa, Boise ID' },
      { daysAgo: 9.6, amount: -10, description: 'Redeemed at Willow Creek Day Spa, Boise ID' },
    ],
  },
  {
    ...spaCanada,
    number: '6036120051001387',
    pin: '7788',
    status: 'ACTIVE',
    balance: 84,
    note: 'active, CAD, 6 transactions',
    transactions: [
      { daysAgo: 120.4, amount: 200, description: 'Purchased online' },
      { daysAgo: 101.9, amount: -55, description: 'Redeemed at Spa Sérénité, Montréal QC' },
      { daysAgo: 72.3, amount: -25, description: 'Redeemed at Nordic Cedar Spa, Ottawa ON' },
      { daysAgo: 48.6, amount: -16, description: 'Redeemed at Spa Sérénité, Montréal QC' },
      { daysAgo: 25.2, amount: -10, description: 'Redeemed at Maple Leaf Massage, Toronto ON' },
      { daysAgo: 4.5, amount: -10, description: 'Redeemed at Nordic Cedar Spa, Ottawa ON' },
    ],
  },
  {
    ...spaCanada,
    number: '6036120051002419',
    pin: '13572468',
    status: 'ACTIVE',
    balance: 100,
    note: 'active, CAD, 8-digit PIN, 3 transactions',
    transactions: [
      { daysAgo: 45.3, amount: 100, description: 'Purchased online' },
      { daysAgo: 30.1, amount: -25, description: 'Redeemed at Pacific Mist Spa, Vancouver BC' },
      { daysAgo: 10.8, amount: 25, description: 'Refund from Pacific Mist Spa, Vancouver BC' },
    ],
  },
  {
    ...wellness,
    number: '6036130072001548',
    pin: '2468',
    status: 'ACTIVE',
    balance: 47.25,
    note: 'active, 7 transactions',
    transactions: [
      { daysAgo: 200.2, amount: 100, description: 'Purchased online' },
      { daysAgo: 170.7, amount: -12.75, description: 'Redeemed at Sunrise Yoga Collective, Denver CO' },
      { daysAgo: 150.4, amount: -20, description: 'Redeemed at Peak Pilates Studio, Boulder CO' },
      { daysAgo: 99.3, amount: 25, description: 'Reloaded online' },
      { daysAgo: 61.8, amount: -15, description: 'Redeemed at Sunrise Yoga Collective, Denver CO' },
      { daysAgo: 28.5, amount: -15, description: 'Redeemed at Mile High Fitness Club, Denver CO' },
      { daysAgo: 2.2, amount: -15, description: 'Redeemed at Peak Pilates Studio, Boulder CO' },
    ],
  },
  {
    ...wellness,
    number: '6036130072002678',
    pin: '97531',
    status: 'ACTIVE',
    balance: 210,
    note: 'active, 5-digit PIN, 4 transactions',
    transactions: [
      { daysAgo: 75.6, amount: 250, description: 'Purchased online' },
      { daysAgo: 55.1, amount: -20, description: 'Redeemed at Evergreen Wellness Center, Seattle WA' },
      { daysAgo: 40.9, amount: -10, description: 'Redeemed at Rain City Hot Yoga, Seattle WA' },
      { daysAgo: 8.4, amount: -10, description: 'Redeemed at Rain City Hot Yoga, Seattle WA' },
    ],
  },
  {
    ...wellness,
    number: '6036130072003726',
    pin: '8642',
    status: 'ACTIVE',
    balance: 25,
    note: 'active, 3 transactions',
    transactions: [
      { daysAgo: 14.3, amount: 50, description: 'Purchased in store' },
      { daysAgo: 11.7, amount: -15, description: 'Redeemed at Harmony Healing Arts, Asheville NC' },
      { daysAgo: 1.6, amount: -10, description: 'Redeemed at Blue Ridge Yoga Shala, Asheville NC' },
    ],
  },
  {
    ...local,
    number: '6036140083001197',
    pin: '3690',
    status: 'ACTIVE',
    balance: 55,
    note: 'active, 5 transactions',
    transactions: [
      { daysAgo: 150.5, amount: 100, description: 'Purchased online' },
      { daysAgo: 120.2, amount: -15, description: 'Redeemed at Main Street Salon, Madison WI' },
      { daysAgo: 88.6, amount: -10, description: 'Redeemed at Lakeside Massage & Spa, Madison WI' },
      { daysAgo: 43.4, amount: -12, description: 'Redeemed at Main Street Salon, Madison WI' },
      { daysAgo: 7.1, amount: -8, description: 'Redeemed at Capitol Skin Care, Madison WI' },
    ],
  },
  {
    ...local,
    number: '6036140083002286',
    pin: '808080',
    status: 'ACTIVE',
    balance: 15,
    note: 'active, 6-digit PIN, 3 transactions',
    transactions: [
      { daysAgo: 60.7, amount: 25, description: 'Purchased by mail' },
      { daysAgo: 35.3, amount: -5, description: 'Redeemed at Old Town Barber & Spa, Alexandria VA' },
      { daysAgo: 5.9, amount: -5, description: 'Redeemed at Old Town Barber & Spa, Alexandria VA' },
    ],
  },
];

/** The ledger id of a demo card: stable, so re-seeding updates the card instead of adding one. */
export const demoCardId = (card: DemoCard): string => `demo-${card.tenant}-${card.number.slice(-4)}`;

/** A card number grouped in fours the way it is printed ('6036 1100 4700 1823'). */
export const formatCardNumber = (number: string): string => number.replace(/(\d{4})(?=\d)/g, '$1 ');
