/**
 * Blog 'find' paths and the keywords they search for automatically (spec 2.3). A blog post at
 * /find/yoga-classes runs a search for yoga classes without the visitor typing anything.
 * The keywords are names of the service catalog so the full-text search matches them.
 */

/**
 * Keywords by 'find' path segment (lower-case, hyphenated). Treatments, classes and services of
 * the spec; plural, singular and the usual spellings of each map to the same keywords.
 */
export const FIND_KEYWORDS: Readonly<Record<string, string>> = {
  // Treatments
  massage: 'Massages',
  massages: 'Massages',
  facial: 'Facials',
  facials: 'Facials',
  ayurveda: 'Ayurveda',
  ayurvedic: 'Ayurveda',
  // Classes
  yoga: 'Yoga Classes',
  'yoga-class': 'Yoga Classes',
  'yoga-classes': 'Yoga Classes',
  pilates: 'Pilates Classes',
  'pilates-class': 'Pilates Classes',
  'pilates-classes': 'Pilates Classes',
  'fitness-classes': 'Fitness Classes',
  meditation: 'Meditation',
  'meditation-classes': 'Meditation',
  // Services
  botox: 'Botox',
  acupuncture: 'Acupuncture',
  waxing: 'Waxing',
  wax: 'Waxing',
  manicure: 'Manicure',
  manicures: 'Manicure',
  'gel-manicure': 'Manicure',
  'gel-manicures': 'Manicure',
  'manicure-pedicure': 'Manicure',
  'manicure-and-pedicure': 'Manicure',
  'manicures-and-pedicures': 'Manicure',
  'mani-pedi': 'Manicure',
};

/**
 * The automatic keywords of a blog 'find' path, or null when the path has none (the page then
 * shows its content without a search). Accepts the whole path ('/find/yoga-classes/') or only
 * what follows 'find/' ('Yoga-Classes'); case and surrounding slashes do not matter.
 */
export function findPathKeywords(path: string): string | null {
  const segment = path
    .trim()
    .toLowerCase()
    .replace(/[?#].*$/, '')
    .replace(/^\/+|\/+$/g, '')
    .replace(/^find\//, '');
  return Object.prototype.hasOwnProperty.call(FIND_KEYWORDS, segment)
    ? (FIND_KEYWORDS[segment] ?? null)
    : null;
}
