/**
 * Service content for the blog 'find' keywords (spec 2.3): one page per keywords of
 * src/domain/find-keywords.ts, shared by the tenants and templated with each tenant's voice.
 * The blog posts of the home pages are teasers of these pages: a post links to its find path,
 * which shows this content over a search for the keywords.
 */
import type {
  BlogCategory,
  BlogPost,
  ContentCard,
  ContentModule,
  ServiceContent,
} from '../../../src/domain/content';
import { SERVICE_CATALOG, type ServiceCategory } from '../../../src/domain/catalog';
import {
  card,
  contentId,
  cta,
  faq,
  hero,
  list,
  page,
  paragraphs,
  searchLink,
  text,
  type Site,
} from './build';

/** Blog categories, after the groups of the find keywords (treatments, classes, services). */
export const CATEGORIES = {
  treatments: { id: contentId('category/treatments'), name: 'Treatments', slug: 'treatments' },
  classes: { id: contentId('category/classes'), name: 'Classes', slug: 'classes' },
  services: { id: contentId('category/services'), name: 'Services', slug: 'services' },
} as const satisfies Record<string, BlogCategory>;

interface ServiceCopy {
  /** The keywords of FIND_KEYWORDS this page is for. */
  keywords: string;
  /** The service catalog category whose options the page lists. */
  catalog: ServiceCategory;
  category: BlogCategory;
  /** Lower-case noun for sentences: 'a massage'. */
  noun: string;
  title: string;
  lede: string;
  /** Blog teaser title and excerpt. */
  postTitle: string;
  excerpt: string;
  date: string;
  author: string;
  image: string;
  intro: string[];
  expect: string[];
  tips: string[];
  faq: [string, string][];
  tags: string[];
}

const SERVICES: ServiceCopy[] = [
  {
    keywords: 'Massages',
    catalog: 'Massages',
    category: CATEGORIES.treatments,
    noun: 'a massage',
    title: 'Massages',
    lede: 'From a gentle Swedish massage to focused deep tissue work, find the right hands for the knots you carry.',
    postTitle: "A first-timer's guide to booking a massage",
    excerpt:
      'Swedish, deep tissue or hot stone? How to pick a style, what to tell your therapist and how to get the most from your hour.',
    date: '2025-03-04',
    author: 'Maya Lindqvist',
    image: '/media/spa-1.svg',
    intro: [
      'A good massage does more than feel nice. Regular sessions ease muscle tension, improve sleep and give your nervous system a real break from screens and schedules.',
    ],
    expect: [
      'A short intake: your therapist asks about injuries, pressure and areas to focus on or avoid.',
      'Privacy while you undress to your comfort level; you stay covered by a sheet throughout.',
      'Fifty or eighty minutes on the table, with quiet or conversation as you prefer.',
      'A glass of water and a few minutes to get up slowly afterwards.',
    ],
    tips: [
      'New to massage? Start with Swedish at medium pressure and adjust from there.',
      'Say so if the pressure is too much. A good therapist wants to know.',
      'Arrive ten minutes early so the first minutes of your session are not spent filling in forms.',
    ],
    faq: [
      [
        'Should I tip after a massage?',
        '<p>In most independent spas 18-20% is customary. Resort spas often add a service charge, so check your bill first.</p>',
      ],
      [
        'How often should I get a massage?',
        '<p>Once a month keeps tension in check for most people; every one or two weeks helps during training or a stressful stretch.</p>',
      ],
    ],
    tags: ['massage', 'relaxation'],
  },
  {
    keywords: 'Facials',
    catalog: 'Facials',
    category: CATEGORIES.treatments,
    noun: 'a facial',
    title: 'Facials',
    lede: 'Hydrating, clarifying or anti-aging: a facial tailored to your skin by an esthetician who looks before they treat.',
    postTitle: 'Which facial is right for your skin?',
    excerpt:
      'Dry, oily, sensitive or simply tired: a quick guide to the facials on most spa menus and who each one suits.',
    date: '2025-02-18',
    author: 'Priya Raman',
    image: '/media/spa-2.svg',
    intro: [
      'A professional facial deep-cleans, exfoliates and treats your skin with products and techniques that go beyond a home routine. The best start with a skin analysis rather than a fixed recipe.',
    ],
    expect: [
      'Cleansing and a close look at your skin under a magnifying lamp.',
      'Exfoliation and, if you want them, gentle extractions.',
      'A mask chosen for your skin, with a face, neck and shoulder massage while it works.',
      'Serum, moisturiser and sunscreen, plus advice you can use at home.',
    ],
    tips: [
      'Skip retinol and exfoliating acids for two days before your appointment.',
      'Tell your esthetician about any prescription skin care or recent peels.',
      'Plan a make-up-free evening afterwards to let your skin breathe.',
    ],
    faq: [
      [
        'Will my skin look red afterwards?',
        '<p>A little pinkness after extractions is normal and fades within a few hours. Book a hydrating facial the week of a big event instead of a clarifying one.</p>',
      ],
      [
        'How often should I get a facial?',
        '<p>Skin renews itself in about four weeks, so a monthly facial is a good rhythm.</p>',
      ],
    ],
    tags: ['skin-care', 'facials'],
  },
  {
    keywords: 'Ayurveda',
    catalog: 'Ayurveda',
    category: CATEGORIES.treatments,
    noun: 'an Ayurvedic treatment',
    title: 'Ayurveda',
    lede: 'Warm oil, steady rhythm and a practice thousands of years old: Ayurvedic treatments for balance of body and mind.',
    postTitle: 'Abhyanga and Shirodhara: an introduction to Ayurvedic spa treatments',
    excerpt:
      'What happens during the warm-oil treatments of India’s traditional medicine, and why many guests call them the most calming hour they know.',
    date: '2025-01-21',
    author: 'Anjali Mehta',
    image: '/media/spa-3.svg',
    intro: [
      'Ayurveda sees health as a balance between three energies, or doshas. Spa treatments drawn from it use warm herbal oils and rhythmic strokes to calm the mind as much as the muscles.',
    ],
    expect: [
      'A short consultation about your sleep, digestion and energy to choose oils for your constitution.',
      '<strong>Abhyanga</strong>: a full-body massage with generous amounts of warm oil, often with two therapists in sync.',
      '<strong>Shirodhara</strong>: a slow, steady stream of warm oil poured across the forehead.',
      'Time to rest afterwards; the oil is left on to soak in.',
    ],
    tips: [
      'Wear clothes you do not mind getting a little oily on the way home.',
      'Leave your hair unwashed until the evening after Shirodhara for the full effect.',
      'Look for practitioners trained in Ayurvedic therapy, not only massage.',
    ],
    faq: [
      [
        'Is Ayurveda a medical treatment?',
        '<p>In a spa it is a wellness practice for relaxation. For health conditions, see a qualified doctor.</p>',
      ],
      [
        'Which treatment should I try first?',
        '<p>Abhyanga. It is the most familiar to anyone who has had a massage, and a good way to learn whether you enjoy warm-oil work.</p>',
      ],
    ],
    tags: ['ayurveda', 'relaxation'],
  },
  {
    keywords: 'Yoga Classes',
    catalog: 'Yoga Classes',
    category: CATEGORIES.classes,
    noun: 'a yoga class',
    title: 'Yoga Classes',
    lede: 'Flowing vinyasa, slow restorative or heated power: find a class and a teacher that fit your pace.',
    postTitle: 'Hatha, vinyasa or hot? Choosing your first yoga class',
    excerpt:
      'Class names can be cryptic. Here is what the most common styles feel like and which to try if you are just starting.',
    date: '2025-02-04',
    author: 'Jonah Okafor',
    image: '/media/spa-4.svg',
    intro: [
      'Yoga builds strength, flexibility and focus at any age. The style you pick shapes the experience more than anything else, so it is worth knowing the difference before you unroll your mat.',
    ],
    expect: [
      '<strong>Hatha</strong>: slower, with poses held for several breaths. A good place to learn alignment.',
      '<strong>Vinyasa</strong>: poses linked to the breath in a continuous flow; more cardio.',
      '<strong>Hot yoga</strong>: a heated room that makes you sweat and feel flexible. Bring water.',
      '<strong>Restorative</strong>: props and long, supported holds for deep rest.',
    ],
    tips: [
      'Tell the teacher about any injuries before class starts.',
      'Eat lightly; a full stomach and twists do not mix.',
      'Most studios lend mats, but bring your own if you plan to come often.',
    ],
    faq: [
      [
        'I am not flexible. Can I still do yoga?',
        '<p>Yes. Flexibility is a result of practising yoga, not a requirement for it. Beginner and hatha classes offer options for every pose.</p>',
      ],
      [
        'How many classes a week?',
        '<p>Two or three classes a week bring noticeable progress within a month.</p>',
      ],
    ],
    tags: ['yoga', 'fitness'],
  },
  {
    keywords: 'Pilates Classes',
    catalog: 'Pilates Classes',
    category: CATEGORIES.classes,
    noun: 'a Pilates class',
    title: 'Pilates Classes',
    lede: 'Core strength, posture and control, on the mat or the reformer, with instructors who watch every rep.',
    postTitle: 'Mat or reformer? A beginner’s guide to Pilates',
    excerpt:
      'Both build a stronger core and better posture. How the two differ, what a first class looks like and what to wear.',
    date: '2024-12-10',
    author: 'Elena Ruiz',
    image: '/media/spa-5.svg',
    intro: [
      'Pilates strengthens the deep muscles that hold you upright. Small, precise movements done with control make it gentle on joints and demanding on the core.',
    ],
    expect: [
      '<strong>Mat Pilates</strong>: bodyweight exercises on a thick mat, sometimes with small props.',
      '<strong>Reformer Pilates</strong>: a sliding carriage with springs that adds resistance and support.',
      'Classes of 45 to 55 minutes, often capped at a dozen people so the instructor can correct form.',
    ],
    tips: [
      'Wear fitted clothes so your instructor can see your alignment, and grip socks for the reformer.',
      'Book an introductory session before joining a reformer class.',
      'Consistency beats intensity: two classes a week change how you stand.',
    ],
    faq: [
      [
        'Is Pilates good for back pain?',
        '<p>Many people find it helps, since it strengthens the muscles around the spine. Check with your doctor first and tell your instructor.</p>',
      ],
      [
        'Is reformer Pilates harder than mat?',
        '<p>Not necessarily. The springs can make exercises easier or harder; many beginners find the reformer helps them feel the right muscles.</p>',
      ],
    ],
    tags: ['pilates', 'fitness'],
  },
  {
    keywords: 'Fitness Classes',
    catalog: 'Fitness Classes',
    category: CATEGORIES.classes,
    noun: 'a fitness class',
    title: 'Fitness Classes',
    lede: 'HIIT, spin, barre or a session with a personal trainer: workouts that keep you coming back.',
    postTitle: 'How to find a fitness class you will actually stick with',
    excerpt:
      'The best workout is the one you keep doing. Five questions to ask before you sign up for a class or a trainer.',
    date: '2024-11-19',
    author: 'Marcus Bell',
    image: '/media/spa-6.svg',
    intro: [
      'Group classes add energy, structure and a little friendly accountability to your week. Trainers add a plan built around you.',
    ],
    expect: [
      'A warm-up, a main block of intervals or strength work, and a cool-down, usually in 45 minutes.',
      'An instructor who offers easier and harder versions of each move.',
      'Music, a crowd and, in spin and HIIT, a lot of sweat.',
    ],
    tips: [
      'Try a class at the time you could really attend every week.',
      'Ask whether there is an intro offer; most studios have one.',
      'Bring water, a towel and proper trainers.',
    ],
    faq: [
      [
        'I am out of shape. Where do I start?',
        '<p>Barre or a beginner strength class, or a few sessions with a personal trainer who can set a safe starting point.</p>',
      ],
      [
        'How soon will I see results?',
        '<p>You will feel fitter within three to four weeks of two or three sessions a week.</p>',
      ],
    ],
    tags: ['fitness'],
  },
  {
    keywords: 'Meditation',
    catalog: 'Meditation',
    category: CATEGORIES.classes,
    noun: 'a meditation session',
    title: 'Meditation',
    lede: 'Guided meditation, sound baths and breathwork: practices that make quiet a habit.',
    postTitle: 'Sound baths, breathwork and guided meditation, explained',
    excerpt: 'Three ways to slow down, and what a first session of each looks and sounds like.',
    date: '2024-10-29',
    author: 'Noa Adler',
    image: '/media/spa-7.svg',
    intro: [
      'Ten minutes of meditation a day lowers stress and sharpens attention. A class or a guided session is the easiest way to start and to keep going.',
    ],
    expect: [
      '<strong>Guided meditation</strong>: a teacher talks you through breathing and attention exercises, seated or lying down.',
      '<strong>Sound bath</strong>: you lie on a mat while bowls and gongs fill the room with sound.',
      '<strong>Breathwork</strong>: structured breathing patterns that can energise or calm.',
    ],
    tips: [
      'Wear layers; you cool down when you are still.',
      'Arrive early and switch your phone off, not to silent.',
      'Do not judge a practice by one session. Give it three.',
    ],
    faq: [
      [
        'I cannot stop thinking. Is meditation for me?',
        '<p>Noticing your thoughts is the practice. Everyone’s mind wanders; guided sessions help you bring it back.</p>',
      ],
      [
        'Is breathwork safe for everyone?',
        '<p>Intense breathwork is not advised in pregnancy or with heart conditions. Tell your teacher, who can offer a gentler pattern.</p>',
      ],
    ],
    tags: ['meditation', 'relaxation'],
  },
  {
    keywords: 'Botox',
    catalog: 'Medical Aesthetics',
    category: CATEGORIES.services,
    noun: 'Botox',
    title: 'Botox',
    lede: 'Softening lines with a light touch: how to choose a qualified injector at a medical spa.',
    postTitle: 'Botox at a medical spa: what to ask before your first appointment',
    excerpt:
      'Who should inject, how much it costs, how long it lasts and the questions that tell you a clinic is careful.',
    date: '2025-01-07',
    author: 'Dr. Hannah Cole',
    image: '/media/spa-8.svg',
    intro: [
      'Botulinum toxin injections relax the muscles behind expression lines on the forehead, between the brows and around the eyes. Results appear in a few days and last three to four months.',
    ],
    expect: [
      'A consultation with a licensed medical professional who reviews your health history.',
      'A few small injections, usually in under fifteen minutes, with little discomfort.',
      'No downtime: avoid lying down, heavy exercise and rubbing the area for the rest of the day.',
    ],
    tips: [
      'Choose a clinic where a physician, nurse practitioner or registered nurse injects.',
      'Ask to see before-and-after photos of the injector’s own work.',
      'Start conservatively. More can be added at a follow-up; less cannot.',
    ],
    faq: [
      [
        'How long does Botox last?',
        '<p>Three to four months for most people. Regular treatments can make results last a little longer.</p>',
      ],
      [
        'Is it safe?',
        '<p>In qualified hands it has a long safety record. It is not recommended during pregnancy or breastfeeding.</p>',
      ],
    ],
    tags: ['medical-spa', 'skin-care'],
  },
  {
    keywords: 'Acupuncture',
    catalog: 'Acupuncture',
    category: CATEGORIES.services,
    noun: 'acupuncture',
    title: 'Acupuncture',
    lede: 'Fine needles, quiet rooms and practitioners trained in traditional Chinese medicine.',
    postTitle: 'Does acupuncture hurt? What to expect from your first session',
    excerpt:
      'The needles are thinner than you think. A calm walk-through of a first acupuncture visit, from intake to the last needle.',
    date: '2024-12-03',
    author: 'Dr. Wei Chen',
    image: '/media/spa-9.svg',
    intro: [
      'Acupuncture places very fine needles at specific points to relieve pain, ease stress and support sleep. Many spas and wellness centres work with licensed acupuncturists.',
    ],
    expect: [
      'A detailed intake about your health, sleep and what brings you in.',
      'Five to twenty hair-thin needles; most people feel a brief tap or dull ache, then nothing.',
      'Twenty to thirty minutes of rest with the needles in place, often with soft music and a heat lamp.',
    ],
    tips: [
      'Eat a light meal an hour or two before; do not arrive hungry.',
      'Wear loose clothing that rolls up above the knee and elbow.',
      'Check that your practitioner is licensed in your state or province.',
    ],
    faq: [
      [
        'Does acupuncture hurt?',
        '<p>Rarely. The needles are far thinner than those used for injections, and most people relax deeply once they are in.</p>',
      ],
      [
        'How many sessions will I need?',
        '<p>Practitioners often suggest four to six weekly sessions for an ongoing concern, then fewer.</p>',
      ],
    ],
    tags: ['acupuncture', 'relaxation'],
  },
  {
    keywords: 'Waxing',
    catalog: 'Waxing',
    category: CATEGORIES.services,
    noun: 'waxing',
    title: 'Waxing',
    lede: 'Brows, legs or bikini: smooth results from estheticians who work quickly and cleanly.',
    postTitle: 'Waxing without the wince: how to prepare for your appointment',
    excerpt:
      'Hair length, exfoliation and timing make the difference between a breeze and a wince. Our checklist.',
    date: '2024-11-05',
    author: 'Priya Raman',
    image: '/media/spa-10.svg',
    intro: [
      'Waxing removes hair at the root, so results last three to six weeks and regrowth comes back finer over time.',
    ],
    expect: [
      'A quick check of hair length; a quarter of an inch is ideal.',
      'Warm wax applied in small sections and removed quickly, followed by a soothing lotion.',
      'Ten minutes for brows, thirty to forty-five for legs or full bikini.',
    ],
    tips: [
      'Exfoliate gently a day before, not the same day.',
      'Avoid retinoids on the area for a week beforehand.',
      'Skip hot baths, saunas and the gym for 24 hours afterwards.',
    ],
    faq: [
      [
        'Does waxing hurt?',
        '<p>A quick sting that lessens with every appointment. Hard wax, used by many studios for sensitive areas, is gentler on the skin.</p>',
      ],
      [
        'How long should hair grow between appointments?',
        '<p>About three to four weeks, until it is roughly a quarter of an inch long.</p>',
      ],
    ],
    tags: ['waxing', 'skin-care'],
  },
  {
    keywords: 'Manicure',
    catalog: 'Nail Services',
    category: CATEGORIES.services,
    noun: 'a manicure',
    title: 'Manicures',
    lede: 'Classic, gel or spa manicures and pedicures in salons that take hygiene as seriously as colour.',
    postTitle: 'Gel or classic? Choosing a manicure that lasts',
    excerpt:
      'How long each kind of manicure lasts, how to take gel off without damage and the hygiene signs of a good nail salon.',
    date: '2025-03-18',
    author: 'Talia Brooks',
    image: '/media/spa-11.svg',
    intro: [
      'A manicure is a small luxury that lasts all week. Knowing the options helps you choose between quick colour, long wear and a full spa treatment.',
    ],
    expect: [
      '<strong>Classic</strong>: shaping, cuticle care and regular polish; lasts about a week.',
      '<strong>Gel</strong>: polish cured under a lamp; chip-free for two to three weeks.',
      '<strong>Spa manicure or pedicure</strong>: adds a soak, scrub, mask and longer massage.',
    ],
    tips: [
      'Look for tools opened from sealed pouches or an autoclave, and fresh files for each client.',
      'Have gel soaked off at the salon rather than peeling it.',
      'Bring open-toe shoes to a pedicure so the polish can set.',
    ],
    faq: [
      [
        'Is gel bad for my nails?',
        '<p>Gel itself is not; peeling or scraping it off is. Proper removal and a break every few months keep nails healthy.</p>',
      ],
      [
        'How long does a manicure take?',
        '<p>About 30 minutes for a classic manicure, 45 for gel and up to an hour for a spa manicure.</p>',
      ],
    ],
    tags: ['nails'],
  },
];

/** The find path of keywords: 'Yoga Classes' -> 'yoga-classes' (a key of FIND_KEYWORDS). */
export const findSlug = (keywords: string) => keywords.toLowerCase().replace(/\s+/g, '-');

/** How each tenant invites the visitor to book, and where the search goes. */
export interface ServiceVoice {
  /** 'spas and wellness centres'. */
  places: string;
  /** Search link for the keywords (the wellness tenant filters by the brand too). */
  searchFor(copy: { keywords: string }): string;
  /** The closing call to action. */
  closing(copy: { noun: string; title: string }): ContentModule;
}

/** The service content of a tenant for the keywords it offers. */
export function serviceContents(
  site: Site,
  voice: ServiceVoice,
  keywords: readonly string[],
): ServiceContent[] {
  return SERVICES.filter((copy) => keywords.includes(copy.keywords)).map((copy) => {
    const slug = findSlug(copy.keywords);
    const options = SERVICE_CATALOG[copy.catalog].map(
      (option) => `<a href="${searchLink({ keywords: option })}">${option}</a>`,
    );
    return page(site, {
      slug,
      title: copy.title,
      description: copy.lede,
      keyword: copy.keywords.toLowerCase(),
      canonical: `/find/${slug}`,
      keywords: copy.keywords,
      tags: copy.tags,
      blog_category: copy.category,
      modules: [
        hero({
          title: copy.title,
          subtitle: copy.lede,
          image: copy.image,
          alt_text: '',
          button_text: `Find ${copy.title.toLowerCase()} near you`,
          link: voice.searchFor(copy),
        }),
        text('What to expect', paragraphs(...copy.intro) + list(copy.expect)),
        text(`What to look for at ${voice.places}`, list(options)),
        text('Tips from our editors', list(copy.tips)),
        faq(`${copy.title}: your questions`, copy.faq),
        voice.closing(copy),
      ],
    });
  });
}

/** Blog teasers of the tenant's service content, newest first; each links to its find path. */
export function blogPosts(site: Site, keywords: readonly string[]): BlogPost[] {
  return SERVICES.filter((copy) => keywords.includes(copy.keywords))
    .map((copy) => ({
      id: contentId(`${site.tenant}/post/${copy.keywords}`),
      slug: findSlug(copy.keywords),
      title: copy.postTitle,
      excerpt: `<p>${copy.excerpt}</p>`,
      date: copy.date,
      author: copy.author,
      image: copy.image,
      alt_text: '',
      link: `/find/${findSlug(copy.keywords)}`,
      category: copy.category,
      tags: copy.tags,
    }))
    .sort((a, b) => b.date.localeCompare(a.date));
}

/** The call to action of the gift-card selling tenants (spa, spa-canada, local). */
export const giftCardClosing =
  (site: Site, places: string) =>
  (copy: { noun: string }): ContentModule =>
    cta(
      'Know someone who needs a break?',
      `Treat them to ${copy.noun}, or anything else they choose, with a ${site.product}. It is accepted at ${places} across ${site.countryName}.`,
      site.sellsOnline ? 'Buy a gift card' : 'Learn about the card',
      site.giftCardLink,
    );

/** Cards linking to the find pages of the tenant's service content (the /find page). */
export function serviceCards(keywords: readonly string[]): ContentCard[] {
  return SERVICES.filter((copy) => keywords.includes(copy.keywords)).map((copy) =>
    card({
      title: copy.title,
      text: copy.lede,
      image: copy.image,
      link: `/find/${findSlug(copy.keywords)}`,
      link_text: `About ${copy.title.toLowerCase()}`,
    }),
  );
}
