/**
 * Fixed vocabularies shared by the seed data, the tenants and the filters. Spec 9 fixes 21
 * service category names ('Facials, Massages, Waxing, Yoga Classes and so on'); the rest of the
 * list and every option name is ours.
 */

export const SERVICE_CATALOG = {
  Facials: ['Anti-Aging Facial', 'Hydrating Facial', 'Acne Facial', 'Oxygen Facial', "Gentlemen's Facial"],
  Massages: [
    'Swedish Massage',
    'Deep Tissue Massage',
    'Hot Stone Massage',
    'Prenatal Massage',
    'Sports Massage',
    'Couples Massage',
  ],
  Waxing: ['Brow Waxing', 'Leg Waxing', 'Bikini Waxing', 'Full Body Waxing'],
  'Yoga Classes': ['Hatha Yoga', 'Vinyasa Yoga', 'Hot Yoga', 'Restorative Yoga', 'Prenatal Yoga'],
  'Pilates Classes': ['Mat Pilates', 'Reformer Pilates', 'Private Pilates Session'],
  'Nail Services': ['Manicure', 'Pedicure', 'Gel Manicure', 'Spa Pedicure', 'Nail Art'],
  'Hair Services': ['Haircut', 'Blowout', 'Hair Color', 'Scalp Treatment'],
  'Body Treatments': ['Body Wrap', 'Body Scrub', 'Mud Treatment', 'Cellulite Treatment'],
  'Makeup Services': ['Bridal Makeup', 'Event Makeup', 'Makeup Lesson'],
  'Lash & Brow': ['Lash Extensions', 'Lash Lift', 'Brow Lamination', 'Brow Tint'],
  Hydrotherapy: ['Vichy Shower', 'Hydrotherapy Tub', 'Watsu'],
  Ayurveda: ['Abhyanga', 'Shirodhara', 'Ayurvedic Consultation'],
  Acupuncture: ['Traditional Acupuncture', 'Cosmetic Acupuncture', 'Cupping'],
  'Medical Aesthetics': ['Botox', 'Dermal Fillers', 'Chemical Peel', 'Microneedling', 'Laser Hair Removal'],
  'Fitness Classes': ['Personal Training', 'HIIT', 'Spin Class', 'Barre'],
  Meditation: ['Guided Meditation', 'Sound Bath', 'Breathwork'],
  'Sauna & Steam': ['Infrared Sauna', 'Finnish Sauna', 'Steam Room', 'Cold Plunge'],
  Reflexology: ['Foot Reflexology', 'Hand Reflexology'],
  Tanning: ['Spray Tan', 'Airbrush Tan'],
  'Wellness Programs': ['Nutrition Coaching', 'Detox Program', 'Weight Management', 'Stress Management'],
  'Couples Treatments': ['Couples Package', 'Couples Facial', 'Private Suite Experience'],
} as const satisfies Record<string, readonly string[]>;

export type ServiceCategory = keyof typeof SERVICE_CATALOG;
export const SERVICE_CATEGORIES = Object.keys(SERVICE_CATALOG) as ServiceCategory[];

/** Spa types of spec 2.7 ('All Spas' is the empty selection, not a type). */
export const SPA_TYPES = [
  'Day Spa',
  'Stay Spa',
  'Salon',
  'Pilates',
  'Fitness',
  'Yoga Studio',
  'Medical Spa',
  'Wellness Center',
  'Independent',
] as const;

/** The wellness tenant's business types: the four partner brands of its multi-brand gift card. */
export const WELLNESS_BRANDS = [
  'Tranquil Touch Massage',
  'Glow Skin Studio',
  'Zenith Yoga',
  'Polished Nail Lounge',
] as const;

/** Programs scope listings to tenants: a tenant sees listings whose includedPrograms meet its own. */
export const PROGRAMS = {
  /** Listings in the wellness tenant's network (the four brands). */
  wellness: 'WELLNESS_CARD',
  /** Listings in the spa directory (tenants 'spa' and 'spa-canada'). */
  spa: 'SPA_NETWORK',
  /** Listings in the local directory (tenant 'local'). */
  local: 'LOCAL_DIRECTORY',
} as const;

export const CARD_TYPES = ['SPA_GIFT_CARD', 'WELLNESS_GIFT_CARD', 'LOCAL_GIFT_CARD'] as const;

export const PROMOTION_TYPES = { featured: 'Featured Merchant', travel: 'Travel Destinations' } as const;

export const SUBSCRIPTION_TIERS = ['Basic', 'Premium', 'Elite'] as const;

/** The program whose listings accept a card type: where a gift card can be spent. */
export const CARD_TYPE_PROGRAMS: Readonly<Record<(typeof CARD_TYPES)[number], string>> = {
  SPA_GIFT_CARD: PROGRAMS.spa,
  WELLNESS_GIFT_CARD: PROGRAMS.wellness,
  LOCAL_GIFT_CARD: PROGRAMS.local,
};
