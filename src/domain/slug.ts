/**
 * URL slugs of listings and offers (spec 2.3): `/{route}/{slug of name}-{id}`.
 */

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES: readonly [number, string][] = [
  [1e9, 'billion'],
  [1e6, 'million'],
  [1e3, 'thousand'],
];

/** Largest number `numberToWords` spells out; beyond it the digits are returned. */
const MAX_SPELLED = 1e12 - 1;

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(`${ONES[hundreds]} hundred`);
  if (rest > 0 || hundreds === 0) {
    if (rest < 20) parts.push(ONES[rest] ?? '');
    else {
      const unit = rest % 10;
      parts.push(`${TENS[Math.floor(rest / 10)]}${unit ? `-${ONES[unit]}` : ''}`);
    }
  }
  return parts.join(' ');
}

/**
 * Spells out a whole number in English words, without 'and': 100 -> 'one hundred',
 * 1021 -> 'one thousand twenty-one'. Numbers that are not whole, negative or of a trillion and
 * more come back as digits, since no listing name needs them spelled.
 */
export function numberToWords(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > MAX_SPELLED) return String(n);
  if (n < 1000) return belowThousand(n);
  const parts: string[] = [];
  let rest = n;
  for (const [size, name] of SCALES) {
    if (rest >= size) {
      parts.push(`${belowThousand(Math.floor(rest / size))} ${name}`);
      rest %= size;
    }
  }
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/**
 * The slug of a name: lower-cased, '&' to '-and-', spaces to hyphens, other non-word characters
 * dropped, repeated hyphens collapsed, hyphens trimmed at both ends. A leading number is spelled
 * out ('100 Spa' -> 'one-hundred-spa') so a slug never starts with an all-digit segment, which
 * would read as an old listing id. Accents are removed first ('Montréal' -> 'montreal') rather
 * than dropping the whole letter.
 */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, '-and-')
    .replace(/\s+/g, '-')
    .replace(/[^\w-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
  // Checked after cleaning so '#1 Spa' and '1,000 Islands' are caught too.
  const leading = /^(\d+)(?=-|$)/.exec(slug);
  if (!leading?.[1]) return slug;
  const digits = leading[1];
  const value = Number(digits);
  if (value > MAX_SPELLED) return slug;
  return `${numberToWords(value).replace(/ /g, '-')}${slug.slice(digits.length)}`;
}

function joinSlugAndId(slug: string, id: number | string): string {
  return slug ? `${slug}-${id}` : String(id);
}

/**
 * Path of a listing page: `/{route}/{slug}-{merchantId}`. This is also the canonical link a
 * listing reached through an old id is rebuilt to.
 */
export function listingPath(listingRouteName: string, name: string, merchantId: number): string {
  return `/${listingRouteName}/${joinSlugAndId(slugify(name), merchantId)}`;
}

/** Path of an offer page: `/offer/{slug of the offer title}-{offerId}`. */
export function offerPath(title: string, offerId: number): string {
  return `/offer/${joinSlugAndId(slugify(title), offerId)}`;
}

/** Path of the old-id map route of a listing: `/{route}/map/{oldId}`. */
export function listingOldIdMapPath(listingRouteName: string, oldId: number): string {
  return `/${listingRouteName}/map/${oldId}`;
}

/**
 * An absolute canonical link from the site base and a path, with exactly one slash between
 * them ('https://example.com/' + '/site/a-1' -> 'https://example.com/site/a-1').
 */
export function canonicalUrl(siteBase: string, path: string): string {
  const base = siteBase.replace(/\/+$/, '');
  const rest = path.replace(/^\/+/, '');
  return rest ? `${base}/${rest}` : base || '/';
}
