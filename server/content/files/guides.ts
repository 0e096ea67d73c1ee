/**
 * The visitor guides of the directory tenants (spa, spa-canada, local): spa etiquette, the
 * etiquette guide, ready to spa, resorts and hotel spas, special occasions and holidays. One
 * text, templated with the tenant's brand and the words it uses for the places it lists.
 */
import type { ContentPage } from '../../../src/domain/content';
import {
  card,
  cards,
  cta,
  faq,
  hero,
  imageText,
  list,
  page,
  paragraphs,
  searchLink,
  text,
  type Site,
} from './build';

export interface GuideVoice {
  /** Where a visit happens, singular: 'spa', 'salon or spa'. */
  place: string;
  /** The places the tenant lists: 'spas', 'neighbourhood salons, studios and spas'. */
  places: string;
  /** How a tip is written in the tenant's currency: '18-20%'. */
  tip: string;
}

export function guidePages(site: Site, voice: GuideVoice): ContentPage[] {
  const { brand, product } = site;
  const giftCard = site.sellsOnline ? 'Buy a gift card' : 'About the gift card';
  return [
    page(site, {
      slug: 'spa-etiquette',
      title: 'Spa etiquette',
      description: `Ten simple habits that make every ${voice.place} visit more relaxing, for you and everyone around you.`,
      modules: [
        hero({
          title: 'Spa etiquette',
          subtitle: 'Relaxing is easier when you know what to expect. Ten habits of happy guests.',
          image: '/media/spa-2.svg',
          alt_text: '',
        }),
        text(
          'The short version',
          list([
            '<strong>Arrive 15 minutes early.</strong> Late arrivals usually end on time, so you lose minutes of your treatment.',
            '<strong>Silence your phone</strong> and leave it in your locker.',
            '<strong>Speak softly</strong> in relaxation rooms and corridors.',
            '<strong>Shower before</strong> using pools, steam rooms and saunas.',
            '<strong>Say what you need:</strong> pressure, temperature, music or silence.',
            '<strong>Mention health conditions</strong>, pregnancy and allergies when you book.',
            `<strong>Tip ${voice.tip}</strong> unless a service charge is already included.`,
            '<strong>Cancel 24 hours ahead</strong> when plans change; most places charge for no-shows.',
            '<strong>Undress to your comfort level.</strong> Therapists keep you covered at all times.',
            '<strong>Leave valuables at home</strong>; a locker fits a phone and keys.',
          ]),
        ),
        cta(
          'Want the details?',
          'Our full etiquette guide covers tipping, couples treatments and what to wear.',
          'Read the guide',
          '/spa-etiquette-guide',
        ),
      ],
    }),
    page(site, {
      slug: 'spa-etiquette-guide',
      title: 'The complete spa etiquette guide',
      description: `Before, during and after your visit: tipping, clothing, couples treatments and more, from the ${brand} editors.`,
      modules: [
        hero({
          title: 'The complete spa etiquette guide',
          subtitle: `Everything first-timers ask, answered by the ${brand} editors.`,
          image: '/media/spa-12.svg',
          alt_text: '',
        }),
        text(
          'Before you go',
          paragraphs(
            'Book the treatment, not just the time: tell the front desk what you hope to feel afterwards, whether that is loose shoulders, glowing skin or simply a nap.',
            'Eat lightly an hour or two before. Skip alcohol, and shave at least a few hours before a body treatment or facial to avoid stinging.',
          ),
        ),
        text(
          'When you arrive',
          paragraphs(
            `Allow time to check in, change and fill in a short health form. Many ${voice.places} offer a robe, slippers and a quiet room with tea; use them, the relaxation starts there.`,
          ),
        ),
        text(
          'During your treatment',
          list([
            'Speak up about pressure, warmth or anything uncomfortable, at any point.',
            'Conversation is optional. It is fine to say you would like to rest quietly.',
            'Breathe slowly and let the therapist move your arms and head; you do not need to help.',
          ]),
        ),
        text(
          'Afterwards',
          paragraphs(
            'Get up slowly, drink water and, if you can, stay a while in the relaxation room. Leave the gratuity at the front desk or add it to your card payment; many places provide envelopes.',
          ),
        ),
        faq('Etiquette questions', [
          [
            'How much should I tip?',
            `<p>${voice.tip} of the treatment price is customary. Check your bill: resort and hotel spas often add a service charge, in which case an extra tip is not expected.</p>`,
          ],
          [
            'Can I use a gift card for the tip?',
            `<p>Often yes. Ask at the front desk; if your ${product} covers more than the treatment, the balance can usually go towards the gratuity.</p>`,
          ],
          [
            'What do I wear under the robe?',
            '<p>Whatever you are comfortable in. For massage most people undress fully or keep underwear on; you are always draped. Bring a swimsuit for pools and co-ed areas.</p>',
          ],
          [
            'Can my partner and I be treated together?',
            '<p>Book a couples treatment: two therapists in one room. Say so when booking, as couples rooms are limited.</p>',
          ],
        ]),
      ],
    }),
    page(site, {
      slug: 'ready-to-spa',
      title: 'Ready to spa?',
      description: `New to spas? How to pick your first treatment, what to bring, and how to find the right ${voice.place} near you with ${brand}.`,
      modules: [
        hero({
          title: 'Ready to spa?',
          subtitle: 'Your first visit, made easy: choose a treatment, pack a bag, book a time.',
          image: '/media/spa-1.svg',
          alt_text: '',
          button_text: 'Find a place near you',
          link: searchLink(),
        }),
        cards('Pick your first treatment', [
          card({
            title: 'Swedish massage',
            text: 'The classic: long, flowing strokes at a pressure you choose. Fifty minutes is plenty for a first time.',
            image: '/media/spa-3.svg',
            link: '/find/massages',
            link_text: 'About massages',
          }),
          card({
            title: 'Signature facial',
            text: 'A cleanse, exfoliation, mask and massage, tailored to your skin after a quick analysis.',
            image: '/media/spa-4.svg',
            link: '/find/facials',
            link_text: 'About facials',
          }),
          card({
            title: 'Spa manicure and pedicure',
            text: 'An easy start with a soak, scrub and massage, and an hour you can spend chatting.',
            image: '/media/spa-5.svg',
            link: '/find/manicure',
            link_text: 'About manicures',
          }),
        ]),
        imageText({
          title: 'What to bring',
          content: list([
            'A swimsuit, if you plan to use pools or hot tubs',
            'Comfortable clothes and a hair tie',
            'Your gift card or its number',
            'Nothing valuable: lockers fit a phone and keys',
          ]),
          image: '/media/spa-6.svg',
          alt_text: '',
          image_position: 'left',
        }),
        cta(
          'Ready when you are',
          `Search ${voice.places} by location, treatment and rating, and see their current offers.`,
          'Start searching',
          searchLink(),
        ),
      ],
    }),
    page(site, {
      slug: 'resorts-and-hotel-spas',
      title: 'Resorts and hotel spas',
      description: `Spa getaways across ${site.countryName}: resort and hotel spas for a weekend away or a day by the pool.`,
      modules: [
        hero({
          title: 'Resorts and hotel spas',
          subtitle: 'A treatment is better with a pool, a view and nowhere else to be.',
          image: '/media/spa-7.svg',
          alt_text: '',
          button_text: 'Find a stay spa',
          link: searchLink({ filters: { businessTypes: ['Stay Spa'] } }),
        }),
        {
          acf_fc_layout: 'featured_2_col',
          items: [
            card({
              title: 'Weekend retreats',
              text: 'Two nights, two treatments and long mornings by the pool. Many resorts bundle spa credit with a stay.',
              image: '/media/spa-8.svg',
              link: searchLink({ filters: { businessTypes: ['Stay Spa'] } }),
              link_text: 'Browse stay spas',
            }),
            card({
              title: 'Day passes',
              text: 'No room needed: book a treatment and the pool, sauna and lounge are yours for the day.',
              image: '/media/spa-9.svg',
              link: searchLink({ hasOffers: true, filters: { businessTypes: ['Stay Spa'] } }),
              link_text: 'See current offers',
            }),
          ],
        },
        text(
          'How to choose',
          list([
            'Look at the facilities list: thermal suites, outdoor pools and fitness classes vary widely.',
            'Ask whether treatments include access to the facilities for the whole day.',
            'Check the service charge; it is often added automatically at resorts.',
            'Book treatments when you book the room; weekend slots go first.',
          ]),
        ),
        {
          acf_fc_layout: 'listings',
          title: 'Spa getaways',
          subtitle: 'Destinations our editors recommend for a few days away.',
          promotion: 'Travel Destinations',
          limit: 6,
          link: searchLink({ filters: { 'promotions.promotionTypeName': 'Travel Destinations' } }),
          link_text: 'More getaways',
        },
      ],
    }),
    page(site, {
      slug: 'special-occasions-holidays',
      title: 'Special occasions and holidays',
      description: `Gift ideas for birthdays, anniversaries, Mother's Day and the holidays: give a ${product}.`,
      modules: [
        hero({
          title: 'Special occasions and holidays',
          subtitle: 'The gift of an afternoon to themselves, for every date on the calendar.',
          image: site.card,
          alt_text: `The ${product}`,
          button_text: giftCard,
          link: site.giftCardLink,
        }),
        cards('Occasions worth celebrating', [
          card({
            title: 'Birthdays',
            text: 'Let them pick their treat: a massage, a facial or a morning of yoga.',
            image: '/media/spa-1.svg',
          }),
          card({
            title: "Mother's Day and Father's Day",
            text: 'Book early: May and June are the busiest months of the spa year.',
            image: '/media/spa-2.svg',
          }),
          card({
            title: 'Anniversaries and Valentine’s Day',
            text: 'Couples treatments side by side, then dinner somewhere nice.',
            image: '/media/spa-3.svg',
          }),
          card({
            title: 'Weddings',
            text: 'Bridal party manicures, a facial the week before and massage for the morning after.',
            image: '/media/spa-4.svg',
          }),
          card({
            title: 'Thank you',
            text: 'For teachers, nurses, colleagues and the neighbour who fed the cat.',
            image: '/media/spa-5.svg',
          }),
          card({
            title: 'The holidays',
            text: 'Small enough for a stocking, generous enough to mean something.',
            image: '/media/spa-6.svg',
          }),
        ]),
        faq('Gift card questions', [
          [
            'Does the gift card expire?',
            '<p>No. Balances do not expire and there are no inactivity fees.</p>',
          ],
          [
            'Can they use it at more than one place?',
            `<p>Yes. Spend part of the balance at one ${voice.place} and the rest at another; check the balance at any time.</p>`,
          ],
        ]),
        cta(
          'Give the gift of time well spent',
          `A ${product} is accepted at ${voice.places} across ${site.countryName}.`,
          giftCard,
          site.giftCardLink,
        ),
      ],
    }),
  ];
}
