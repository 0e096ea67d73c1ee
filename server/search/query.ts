/**
 * The SQL of a search: one parameterised statement per page of results, and one for the service
 * aggregations of the same search. Values only ever travel as $n parameters (only counts, which
 * shape a plan, are written in: see `written`); the text is built from fixed fragments chosen by
 * which filters are set, so a radius search's page and count are prepared once per shape of
 * search (`preparedSearch`).
 *
 * The filtered set (see `matchConditions`):
 * - scope: the caller's programs (GIN on included_programs), approved and searchable listings;
 * - radius: earthdistance's box (`earthBox`) on the GiST index of the listing's place (stored:
 *   migration 024) as the prefilter, then the radius (`radiusTest`): the haversine of the spec
 *   (haversine_miles, migration 002_search.sql) as the place's chord measures it;
 * - keywords: `websearch_to_tsquery('english', …)` on the weighted tsvector (GIN): stemmed, so
 *   'massages' finds 'Massage'; ranked with ts_rank_cd (weights name A, services B, description C,
 *   business types and amenities D). Keywords that need more (a typo, a synonym, a prefix being
 *   typed: the KeywordPlan of src/domain/search-keywords.ts) are matched group by group, each
 *   group any of its alternatives; a listing that matches a group only through a typo counts it
 *   (`typos`: 1 through the group's best correction, 2 through another), and relevance ranks
 *   fewer typos first. A partial match (when no listing has every
 *   group) takes listings with any group, the most groups first (`matched`);
 * - filters of spec 3: arrays with && (any of) and @>, scalars with = and >=.
 */
import { EARTH_RADIUS_KM, KM_PER_MILE } from '../../src/domain/constants';
import { FILTER_KEYS, type FilterKey, type FilterValue } from '../../src/domain/filter-keys';
import type { LatLon } from '../../src/domain/geo';
import { hyphenatedWords, keywordWords, type KeywordPlan } from '../../src/domain/search-keywords';
import type { Filters, SortType } from '../../src/domain/types';
import type { SearchArea } from './area';
import { LISTING_ONLY_KEYS } from './cards';
import type { KeywordReach } from './keywords';

/** What a search matches, independent of paging and sort. */
export interface SearchCriteria {
  keywords: string;
  /**
   * How the keywords match when rewritten (plan.rewritten) or partial; else as typed. Its reach
   * (./keywords.ts) picks the index a radius search starts from (`radiusIndex`).
   */
  plan?: (KeywordPlan & { reach?: KeywordReach | null; partialReach?: KeywordReach | null }) | null;
  /** Listings with any keyword group, the most groups first: when none has them all. */
  partial?: boolean;
  area: SearchArea | null;
  hasOffers: boolean;
  filters: Filters;
}

export interface PageRequest {
  sort: SortType;
  page: number;
  size: number;
}

/** A statement and its parameters, ready for `db.query`. */
export interface Statement {
  text: string;
  values: unknown[];
  /** Run prepared (QueryOptions.prepared), with one plan for any values: see preparedSearch. */
  prepared?: boolean;
}

/**
 * The index a search within an area (a radius, a region, a country) starts from: radiusIndex for
 * keywords, else the location index; null without an area.
 */
const areaIndex = (criteria: SearchCriteria) =>
  criteria.area ? (criteria.keywords ? radiusIndex(criteria.plan, criteria.area) : 'location') : null;

/**
 * Whether a search's statement runs prepared: planned once for each shape of search (which
 * filters, how many keyword groups, which sort, which index, the page's size) and then run for
 * any place and words. Planning them for each search's values was about half of their time on
 * PGlite (2-3 ms of a first page's 5-6 at 20,000 listings). Within a radius one plan is as fast
 * as a plan for the values at hand (measured at 20,000 listings on PGlite and at a million on
 * PostgreSQL, with filters, common and rare words: bench/RESULTS.md): the statement leaves the
 * planner little to choose by them (radiusIndex picks the index a radius starts from; the counts
 * are `written` in; the centre, the box and the keywords' tsqueries are computed once: earthBox,
 * computedOnce). So is a region's or a country's walk of the location index from its centre.
 * Their other statements are planned for their values: how many listings a region holds, and
 * how many of them have a rare word, decide the plan (Texas or Vermont): one plan for all read
 * them 25 times slower at a million listings (p50 186 ms against 7.7).
 *
 * @param readsByRating - the page reads the area's best rated listings, not its nearest.
 */
const preparedSearch = (criteria: SearchCriteria, readsByRating = false) =>
  criteria.area?.kind === 'radius' || (areaIndex(criteria) === 'location' && !readsByRating);

const METERS_PER_MILE = KM_PER_MILE * 1000;

/**
 * earth_box and ll_to_earth measure on earthdistance's 6378.168 km sphere, 0.11% larger than the
 * spec's 6371 km: the box is drawn 1% wider so the exact haversine test after it never misses a
 * listing at the edge of the radius.
 */
const BOX_SLACK = 1.01;

/**
 * Without keywords, 'relevance' ranks nearby listings first and, among listings about as near,
 * the best rated: distance in bands of this many miles, then score, reviews, exact distance.
 */
export const RELEVANCE_BAND_MILES = 5;

/** An offer that runs now (offer dates are stored in UTC). */
export const CURRENT_OFFER = `o.start_date <= (now() at time zone 'utc') and o.end_date > (now() at time zone 'utc')`;

/**
 * Collects a statement's values and hands out their placeholders (`add`), after any `values` it
 * starts with (those the statement's text names itself: $1, $2 …).
 */
export class Parameters {
  constructor(readonly values: unknown[] = []) {}

  readonly add: Placeholder = (value) => `$${this.values.push(value)}`;
}

/**
 * A count written into a statement's text (a LIMIT, an OFFSET), not passed as a parameter: the
 * search's statements may be prepared (`preparedSearch`), and a plan made for any values
 * guesses a parameter's LIMIT at a tenth of the rows it limits, where the walk of the location
 * index is the faster plan only for the few rows its LIMIT stops after (see nearestWalk). They
 * are few: the cap, a page's size, and the rows a walk reads through a page's end.
 */
function written(count: number): string {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`not a count: ${count}`);
  return String(count);
}

/** earthdistance's earth(): the radius in metres of the sphere its points and boxes are on. */
const EARTH_METERS = 6_378_168;

/**
 * How far from a radius's edge, straight through the earth, its test leaves the listing to the
 * haversine (a millimetre: the chords' rounding is under a micrometre).
 */
const EDGE_METERS = 0.001;

/**
 * Miles along the earth's surface (the spec's 6371 km sphere) for a chord between two places on
 * earthdistance's sphere (`chord`, in metres): the haversine's distance, to a trillionth, from
 * the location index's own distance, one function call (the haversine's sines and cosines for
 * each listing read: 0.4 ms of a search's 5 near New York on PGlite at 20,000 listings).
 */
export const milesAlong = (chord: string) =>
  `(${(2 * EARTH_RADIUS_KM) / KM_PER_MILE} * asin(least(1, ${chord} / ${2 * EARTH_METERS})))`;

/** Hands out the placeholder of a statement's next parameter ('$4') for a value. */
export type Placeholder = (value: unknown) => string;

/**
 * The test of a radius of `miles` around `centre`, the spec's haversine's (haversine_miles) answer
 * to the last listing but computed only within EDGE_METERS of the edge: elsewhere the place's
 * `chord` to the centre decides, against the chord of the same angle on earthdistance's sphere.
 * The haversine, computed two or three times a row read, took a quarter of a walk's time on
 * PGlite at 20,000 listings (New York's nearest 1,001 read and counted: 5.1 -> 3.8 ms).
 */
export function radiusTest(chord: string, centre: LatLon, miles: number, add: Placeholder): string {
  const angle = Math.min(Math.PI, (miles * KM_PER_MILE) / EARTH_RADIUS_KM);
  const edge = 2 * EARTH_METERS * Math.sin(angle / 2);
  const haversine = `haversine_miles(m.lat, m.lon, ${add(centre.lat)}::float8, ${add(centre.lon)}::float8)`;
  return `(${chord} <= ${add(edge - EDGE_METERS)}::float8
    or (${chord} <= ${add(edge + EDGE_METERS)}::float8 and ${haversine} <= ${add(miles)}::float8))`;
}

/**
 * A listing's straight-line distance (`m.place`) to `centre`, in metres on earthdistance's
 * sphere: the location index's own order (ORDER BY it walks the index nearest first), and what
 * radiusTest and milesAlong read.
 */
export const chordTo = (centre: LatLon, add: Placeholder) =>
  `(m.place::cube <-> ${add(cubeText(earthPoint(centre)))}::cube)`;

/**
 * The box a walk of the location index stays in for a radius of `miles` around `centre` (drawn
 * BOX_SLACK wider: see there).
 */
export const boxAround = (centre: LatLon, miles: number, add: Placeholder) =>
  `${add(earthBox(centre, miles * METERS_PER_MILE * BOX_SLACK))}::cube @> m.place`;

/** A place as earthdistance's ll_to_earth(lat, lon) has it: metres from the earth's centre. */
function earthPoint({ lat, lon }: { lat: number; lon: number }): number[] {
  const radians = Math.PI / 180;
  const [north, east] = [lat * radians, lon * radians];
  const point = [Math.cos(north) * Math.cos(east), Math.cos(north) * Math.sin(east), Math.sin(north)];
  return point.map((axis) => axis * EARTH_METERS);
}

/** A point's cube text: '(x, y, z)'. */
const cubeText = (point: number[]) => `(${point.join(', ')})`;

/**
 * earthdistance's earth_box(ll_to_earth(lat, lon), meters) as cube text: the cube around the
 * point whose every side lies the chord of `meters` (gc_to_sec) away from it.
 *
 * The search statements take the centre and the box so, computed here, rather than as
 * ll_to_earth and earth_box of the latitude and longitude: a plan made for any values (a prepared
 * statement's) computes those again for each listing the location index hands out, as the
 * index's keyword signatures are rechecked against the listing (three times the walk's time on
 * PGlite), where a plan for the values at hand had folded them into constants.
 */
export function earthBox(centre: { lat: number; lon: number }, meters: number): string {
  const chord =
    meters / EARTH_METERS > Math.PI
      ? 2 * EARTH_METERS
      : 2 * EARTH_METERS * Math.sin(Math.max(meters, 0) / (2 * EARTH_METERS));
  const point = earthPoint(centre);
  return `${cubeText(point.map((axis) => axis - chord))}, ${cubeText(point.map((axis) => axis + chord))}`;
}

/** The WHERE of a search, and its distance and rank expressions over `m` (merchants). */
interface Match {
  where: string;
  /** Miles from the search centre; null::float8 without a centre. */
  distance: string;
  /**
   * An index-ordered distance from the centre (nearest first); null without a centre, and for a
   * radius search through the keyword index (radiusIndex), which must not walk the location index.
   */
  nearness: string | null;
  /**
   * Within an area: a query of `columns` (over `m`) of the nearest matches to its centre, at most
   * `limit` (a SQL expression), through the index `radiusIndex` picked (see nearestWalk); null
   * without an area, for a region's page read in its rating order, and through the keyword index
   * for a statement that reads no distance.
   */
  nearest: ((columns: string, limit: string) => string) | null;
  /**
   * Within an area through the location index: the WHERE and the box of the area's miles around
   * its centre (`box`), without the test of those miles (`inRadius`: a radius's own test, a
   * region's bound, see SearchArea); null otherwise. See countStatement.
   */
  boxed: { box: string; inRadius: string } | null;
  /**
   * A query of `columns` (over `m`) of the best rated matches (BEST_RATED_ORDER), at most `limit`:
   * without an area by rating tier where the keywords are rare in the scope (ratingTiers,
   * TIERED_BELOW_SHARE) or are two words or more, else in the rating index's order.
   */
  bestRated: (columns: string, limit: number) => string;
  /**
   * Whether bestRated reads by rating tier (without an area: keywords rare in the scope, or two
   * words or more).
   */
  byTier: boolean;
  /** ts_rank_cd of the keywords; 0 without keywords. */
  rank: string;
  /** Keyword groups a listing matches only through a typo correction; 0 without corrections. */
  typos: string;
  /** Keyword groups a listing matches, in a partial match; 0 otherwise. */
  matched: string;
}

/**
 * A value of a prepared statement computed once (a scalar subquery, which PostgreSQL runs before
 * the rest as an init plan), not again for each listing it is compared with: the keywords'
 * tsqueries. A plan made for any values does not fold a tsquery function of a parameter into a
 * constant as a plan for the values at hand does; that plan, though, estimates how many listings
 * the keywords match by their constant, which an init plan would hide from it.
 */
const computedOnce = (prepared: boolean) => (expression: string) =>
  prepared ? `(select ${expression})` : `(${expression})`;

/** A filter's condition over `m`, or null when its value selects nothing. */
type FilterCondition<K extends FilterKey> = (value: FilterValue<K>, params: Parameters) => string | null;

/** Any of the values in an array column (GIN). */
const anyOf = (column: string) => (values: string[], params: Parameters) =>
  values.length ? `${column} && ${params.add(values)}::text[]` : null;

/** The SQL of each filter of spec 3: every key of FILTER_KINDS has one. */
const FILTER_CONDITIONS: { [K in FilterKey]: FilterCondition<K> } = {
  hasOffers: (on) =>
    on ? `exists (select 1 from offers o where o.merchant_id = m.id and ${CURRENT_OFFER})` : null,
  // real against real: the column is stored as real, so 4.2 means the stored 4.2.
  averageScore: (score, params) => `m.average_score >= ${params.add(score)}::real`,
  businessTypes: anyOf('m.business_types'),
  includedPrograms: anyOf('m.included_programs'),
  'services.options': anyOf('m.service_options'),
  'services.category': anyOf('m.service_categories'),
  'location.countryCode': (codes, params) =>
    codes.length ? `m.country_code = any (${params.add(codes)}::text[])` : null,
  'location.stateOrProvince': (states, params) => {
    if (!states.length) return null;
    // Full names ('Texas') as spec 3 has them; two-letter codes ('TX') are accepted too.
    const list = `${params.add(states)}::text[]`;
    return `(m.state_name = any (${list}) or m.state_code = any (${list}))`;
  },
  subscriptionTierDisplayName: (tier, params) =>
    tier ? `m.subscription_tier = ${params.add(tier)}::text` : null,
  'promotions.promotionTypeName': (promotion, params) =>
    promotion ? `m.promotions @> array[${params.add(promotion)}::text]` : null,
};

/** The filters the service aggregations leave out (see matchConditions). */
const SERVICE_FILTERS: readonly FilterKey[] = ['services.options', 'services.category'];

function filterCondition<K extends FilterKey>(
  key: K,
  value: FilterValue<K> | undefined,
  params: Parameters,
): string | null {
  return value === undefined ? null : FILTER_CONDITIONS[key](value, params);
}

/** A lexeme of a tsquery: quoted, its quotes and backslashes doubled. */
const lexeme = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** A tsquery for any of the programs, as migration 027's `scope_terms` holds them. */
export const anyProgram = (programs: readonly string[]) => programs.map(lexeme).join(' | ');

/**
 * A tsquery for any of the programs within a region or a country, as migration 027's
 * `scope_terms` holds them ('region:US:TX', 'country:CA'): the location index tests it on its walk.
 */
function inScope(programs: readonly string[], area: SearchArea | null): string {
  const place =
    area?.kind === 'region'
      ? ` & ${lexeme(`region:${area.countryCode}:${area.stateOrProvinceCode}`)}`
      : area?.kind === 'country'
        ? ` & ${lexeme(`country:${area.countryCode}`)}`
        : '';
  return `(${anyProgram(programs)})${place}`;
}

/**
 * The best rated index's order (migration 006): without a place, a search that ranks or counts
 * its matches takes the first cap of them in this order, as an area takes its nearest.
 */
const BEST_RATED_ORDER = 'm.average_score desc, m.total_reviews desc, m.id';

/**
 * The rating tiers of migration 034 (rating_tier), narrowest first: each holds every listing
 * rated at least as well as its bound in BEST_RATED_ORDER (by score, then reviews), about `share`
 * of the listings (of the seeded data at a million: the share only skips a tier too narrow). Each
 * has a keyword index of its own, with the programs (scope_terms), its words' lists within it.
 */
const RATING_TIERS = [
  { level: 4, share: 0.01 },
  { level: 3, share: 0.037 },
  { level: 2, share: 0.17 },
  { level: 1, share: 0.34 },
] as const;

/**
 * Keywords without a place are read by rating tier (ratingTiers) when the scope's listings with
 * the rarest word are fewer than this share of the table: the rating index read in its order
 * then passes more than four times the limit before it is full. At a million listings on
 * PostgreSQL the two took as long (10-30 ms) for words a quarter to a tenth of the table has.
 */
const TIERED_BELOW_SHARE = 1 / 4;

/**
 * The share below which a plan that tests the order of words (testsWordOrder) is read by rating
 * tier. Every listing the keyword index finds with the words is read to test their order, in the
 * tiers too: at a million listings on PostgreSQL the spa network's phrases its listings have in 18
 * to 19 % of the table ('"hot stone"', '"deep tissue"') took 45-50 ms by tier against 13-17 in the
 * rating index's order, and by rating 200 against 11-28; those of 3 to 7 % ('"deep tissue"' for
 * the local directory, '"hot stone"' for the wellness card, 'med spa' or 'medical spa') 46-92 ms
 * by tier against 200-1,400.
 */
const TIERED_BELOW_SHARE_IN_ORDER = 1 / 10;

/**
 * Whether a keyword plan tests the order of words: a quoted phrase, or an alternative of several
 * words (a synonym, 'medical spa', or a correction), which the keyword index cannot test.
 */
const testsWordOrder = (plan: KeywordPlan): boolean =>
  plan.syntax.includes('"') ||
  plan.groups.some((group) => [...group.exact, ...group.typos].some((text) => text.includes(' ')));

/**
 * A wider tier is read only when a tier read before it says it can fill the limit: its matches
 * scaled by the two tiers' shares are at least this share of the limit. Words that no listing
 * has together were read in every tier (each scan intersects both words' posting lists again: the
 * wellness card's 'yoga massage' at a million listings, 4.7, 6.3, 12 and 16 ms) before the scope
 * (22 ms).
 * At a half, the wellness card's 'day spa' read three tiers (6.6, 11.1 and 16.2 ms in the index)
 * where the first said the second would hold 681 of its 1,001: at one, two (51 -> 38 ms).
 */
const TIER_FILL_SHARE = 1;

/**
 * Whether a keyword plan has a quoted phrase of two words or more ('"yoga spa"', not negated): its
 * reach, its rarer word's, bounds the listings with the phrase and says nothing of how many have it.
 */
const quotesWords = (plan: KeywordPlan): boolean =>
  [...plan.syntax.matchAll(/(-?)"([^"]*)"/g)].some(
    ([, negated, quoted]) => !negated && keywordWords(quoted!).length > 1,
  );

/**
 * The best rated `limit` listings of `where` (over `m`: its keywords and the programs' scope_terms
 * test), read tier by tier (RATING_TIERS): the narrowest tier's matches, in one scan of its own
 * keyword index (migration 034: the tier's test is the index's predicate), and if fewer than
 * `limit`, the next tier's, then all of the scope's. A tier is an upper set of the order: when it
 * holds `limit` matches, they are the best rated of all. PostgreSQL reads a tier only when the
 * tiers before it fell short (a one-time filter of the counts before it) and one of them says it
 * can fill the limit (TIER_FILL_SHARE); each tier's rows are sorted and cut apart, and the first
 * full one (or all) is the answer. A tier where `uses` listings would not fill the limit (uses x
 * share) is left out: each tier's scan cost 1-3 ms at a million listings, with no match too.
 */
function ratingTiers(columns: string, where: string, limit: number, uses: number): string {
  const count = written(limit);
  const tiers = [...RATING_TIERS.filter((tier) => uses * tier.share >= limit), null];
  const matchesOf = (index: number) => `(select count(*) from tier${index})`;
  const stages = tiers.map((tier, index) => {
    const before = tiers.slice(0, index);
    const earlier = before.map((_, at) => `${matchesOf(at)} < ${count}`);
    if (!tier) return stage(index, [where, ...earlier]);
    // The matches of each tier before it scaled to this tier's share (a tier not read has none).
    const expected = before.map(
      (narrower, at) => `${matchesOf(at)} * ${(tier.share / narrower!.share).toFixed(3)}`,
    );
    const canFill = index
      ? [`greatest(${expected.join(', ')}) >= ${Math.ceil(limit * TIER_FILL_SHARE)}`]
      : [];
    return stage(index, [
      where,
      `rating_tier(m.average_score, m.total_reviews) >= ${tier.level}`,
      ...earlier,
      ...canFill,
    ]);
  });
  // OFFSET 0 keeps the matches a subquery of their own, planned without the order: else the
  // planner may read the rating index in its order instead, through the whole table when a tier
  // holds fewer matches than it estimated.
  function stage(index: number, conditions: string[]): string {
    return `tier${index} as materialized (
    select ${columns} from (
      select m.* from merchants m
      where ${conditions.join('\n        and ')}
      offset 0
    ) as m
    order by ${BEST_RATED_ORDER}
    limit ${count}
  )`;
  }
  const answers = tiers.map((tier, index) =>
    tier ? `select * from tier${index} where ${matchesOf(index)} = ${count}` : `select * from tier${index}`,
  );
  return `with ${stages.join(',\n  ')}
  ${answers.join('\n  union all ')}`;
}

/**
 * A listing read through the keyword index costs about as much as this many entries of the
 * location index read on its walk (measured at a million listings on PostgreSQL: 49,000 listings
 * in 190 ms, 58,000 entries in 31 ms).
 */
const LISTING_READ_IN_ENTRIES = 7;

/**
 * The largest share of all listings within a radius (of 50 miles, the largest a search asks for):
 * New York's box holds 116,274 of a million (11.6 %). A walk of the location index ends at its
 * radius's edge, so it reads no more entries than that, however rare the words in the scope.
 */
const DENSEST_RADIUS_SHARE = 0.12;

/**
 * The index a search within an area starts from to find its nearest matches:
 * - `location`: the location index (migration 021: with each listing's keywords and programs),
 *   nearest first, testing them on the way until cap + 1 match: about (cap + 1) x listings /
 *   usesInScope entries, and a radius's at most (DENSEST_RADIUS_SHARE of the listings);
 * - `keywords`: the keyword index, every listing of every program with the rarest word (about
 *   `uses`), then the area, nearest first.
 * The cheaper by that estimate; without keywords or an estimate, the location index. At a
 * million listings only a word that few listings name goes by keywords. (A word the scope lacks
 * but other programs' listings have, 134,000 at a million, read by keywords near Austin took
 * 330 ms, against 20 for the walk to the radius's edge.)
 */
export function radiusIndex(
  plan: SearchCriteria['plan'],
  area: SearchArea | null = null,
  cap = SEARCH_COUNT_CAP,
): 'location' | 'keywords' {
  const reach = plan?.reach;
  if (!reach) return 'location';
  // Infinite for a word the scope does not have (NaN before the table's first ANALYZE: location).
  const nearestMatches = ((cap + 1) * reach.listings) / reach.usesInScope;
  const walked =
    area?.kind === 'radius'
      ? Math.min(nearestMatches, DENSEST_RADIUS_SHARE * reach.listings)
      : nearestMatches;
  return reach.uses * LISTING_READ_IN_ENTRIES < walked ? 'keywords' : 'location';
}

/**
 * The listings of a radius nearest first, at most `limit` (a SQL expression): `columns` over `m`
 * of the listings that meet `where` (which holds the radius's box, not its own test) and lie
 * within the radius (`inRadius`), walking the location index in the order of `nearness`.
 *
 * The walk ends at its first listing beyond the radius: every later one lies further out, so that
 * listing is repeated `limit` times (a set-returning function in the select list) to fill the
 * LIMIT, and dropped after it. A town whose radius holds fewer listings than the limit is read
 * to its radius's edge, not through the corners of its box. The columns are computed after the
 * walk, once a listing: PostgreSQL computes a select list again for each copy of a row (a
 * keyword's rank and typos read a listing's keywords from TOAST: 9,000 pages for one search).
 *
 * And the LIMIT is the walk's own, over a single table: the planner weighs the walk for the rows
 * it stops after. Left to the box's estimate (a constant 0.1 % of the table for a cube's
 * containment, about one listing of a tenant's in any radius), the walk to a 1,001st match and
 * the box read whole and sorted had nearly the same cost (2-3 % apart at a million listings on
 * PostgreSQL), and the plan could tip to the box read, 20 to 60 times slower near a large city.
 */
export function nearestWalk({
  columns,
  where,
  nearness,
  inRadius,
  limit,
}: {
  columns: string;
  where: string;
  nearness: string;
  inRadius: string;
  limit: string;
}): string {
  // Only the listing's columns that `columns` names (each `m.name` in it) are copied: a whole row
  // (its document too) copied to fill the LIMIT took 9 ms of 17 on PGlite for one search.
  const read = [...new Set(columns.match(/\bm\.\w+/g))].join(', ');
  return `select ${columns} from (
    select ${read}, ${inRadius} as in_radius,
      generate_series(1, case when ${inRadius} then 1 else ${limit} end) as copy
    from merchants m
    where ${where}
    order by ${nearness}
    limit ${limit}
  ) as m where m.in_radius`;
}

/**
 * @param options.serviceFilters - apply the services.options / services.category filters. The
 *   service aggregations leave them out: their counts describe what ticking another option would
 *   add, and the list does not collapse to the options already ticked. @default true
 * @param options.prepared - for a statement run prepared (preparedSearch). @default false
 * @param options.nearestFirst - the statement may read a region's or a country's nearest matches
 *   to its centre (Match.nearest); not a page read in the rating index's order. @default true
 */
function matchConditions(
  criteria: SearchCriteria,
  programs: readonly string[],
  params: Parameters,
  {
    serviceFilters = true,
    withDistance = true,
    prepared = false,
    nearestFirst = true,
  }: { serviceFilters?: boolean; withDistance?: boolean; prepared?: boolean; nearestFirst?: boolean } = {},
): Match {
  const once = computedOnce(prepared);
  const scope = params.add(programs);
  const { area } = criteria;
  // Within an area the statement is told which index to start from (radiusIndex): through the
  // keyword index, the location index's box stays out of the statement (below).
  const index = areaIndex(criteria);
  // A radius's statements always read its nearest matches: its radius is its own test.
  const readsNearest = nearestFirst || area?.kind === 'radius';
  const walks = index === 'location' && readsNearest;
  // The keywords' and the scope's test. The location index holds both (migrations 021, 027) for
  // its walk; a statement that does not walk it tests them with @@@ (the same test, ts_match_vq),
  // which the keyword index's operator class has and the location index's has not. Its tsvector
  // signatures are lossy: a scan of it for keywords reads the whole index (30,000 pages at a
  // million listings, 110-230 ms for the wellness card's 'acupuncture needles' without a place),
  // where the keyword index answers in 0.4-2 ms; and the planner, costing it by its estimate of
  // the matches, took it for the cheaper wherever the words looked rare.
  const matches = walks ? '@@' : '@@@';
  // Without an area, keywords rare in the scope are read by rating tier (ratingTiers), and so are
  // two words or more that every match must have, or a quoted phrase of two words or more
  // (quotesWords): their reach, the rarer word's, bounds the listings with both but tells nothing
  // of how many have both (the wellness card's 'yoga massage': each word in a third of its
  // listings, none with both; the spa network's '"yoga spa"', 85 listings: the rating index read
  // whole, 3 s and 3.4 s at a million listings). A partial match's listings have any one of its
  // groups: its reach is theirs summed.
  const { plan } = criteria;
  const reach = criteria.partial ? plan?.partialReach : plan?.reach;
  const tiered =
    !area &&
    Boolean(criteria.keywords) &&
    programs.length > 0 &&
    plan != null &&
    reach != null &&
    ((!criteria.partial && (plan.groups.length > 1 || quotesWords(plan))) ||
      reach.usesInScope <
        (testsWordOrder(plan) ? TIERED_BELOW_SHARE_IN_ORDER : TIERED_BELOW_SHARE) * reach.listings);
  const where: string[] = [];
  // The programs' (and the area's) test in the keyword or the location index's scope_terms.
  let scopeTest: string | null = null;
  // A partial match without an area (listings with any of the words, when none has them all)
  // reads the keyword index too: the words' bitmap (49,000 listings with 'acupuncture' or
  // 'needles' at a million) and the program's array index (a third of all listings) went lossy
  // together, 21,000 pages of the table read for 5 matches (150 ms; 3 ms in the keyword index).
  const partialWithout = !area && criteria.partial && Boolean(criteria.keywords);
  if ((walks || tiered || partialWithout) && programs.length) {
    // Walking the location index (migrations 021, 027), its signatures of the programs, the
    // region and the keywords (m.tsv) are tested on the way: the table is read only for listings
    // that pass them. scope_terms holds the programs as lexemes, so this is the programs' test
    // itself: with the array's test beside it, the planner counted the one condition twice (its
    // estimate of a radius's matches fell 200-fold, see nearestWalk). Read by rating tier, the
    // keyword index tests them (migration 028): the array's own index beside it, a third of all
    // listings, took 113 ms of a search's 140 at a million listings.
    scopeTest = `m.scope_terms ${matches} ${params.add(inScope(programs, area))}::tsquery`;
    where.push(scopeTest);
  } else {
    // Within an area the location index or the region's is the selective one: a program's GIN
    // bitmap holds a third of all listings (300,000 at a million), and the planner, expecting a
    // few hundred listings in any radius, intersects the two (170 ms for the bitmap alone; 130 ms
    // of a Rhode Island search's 180). coalesce() keeps the index out. But a page read in a
    // region's rating order tests the array itself, which the planner estimates by its statistics
    // (coalesce()'s is a constant guess, 0.5 %): so it sees how soon the page is full.
    const programsColumn =
      area && readsNearest ? `coalesce(m.included_programs, '{}')` : 'm.included_programs';
    where.push(`${programsColumn} && ${scope}::text[]`);
  }
  where.push(`not m.excluded_programs && ${scope}::text[]`, `m.status = 'APPROVED'`, `not m.non_searchable`);

  let distance = 'null::float8';
  let nearness: Match['nearness'] = null;
  let inRadius: string | null = null;
  let box: string | null = null;
  // A statement that does not read the distance must not get the centre either: a parameter
  // the text never names has no type, and PostgreSQL refuses the statement.
  const measures = area !== null && (withDistance || area.kind === 'radius' || walks);
  if (area && measures) {
    // The location index's own distance (straight through the earth, in the same order as the
    // haversine's): ORDER BY it walks the index nearest first and stops at the LIMIT. Through the
    // keyword index nothing may walk the location index (without its box, a walk would go on
    // through the whole table when the area holds too few matches).
    const { add } = params;
    const chord = chordTo(area.centre, add);
    distance = milesAlong(chord);
    if (walks) {
      nearness = chord;
      box = boxAround(area.centre, area.miles, add);
    }
    // A radius's own test; a region's or a country's bound for the walk (it lies within).
    if (area.kind === 'radius' || walks) {
      inRadius = radiusTest(chord, area.centre, area.miles, add);
      if (area.kind === 'radius') where.push(...(box ? [box] : []), inRadius);
    }
  }
  if (area && area.kind !== 'radius') {
    where.push(`m.country_code = ${params.add(area.countryCode)}::text`);
    if (area.kind === 'region') where.push(`m.state_code = ${params.add(area.stateOrProvinceCode)}::text`);
  }

  let rank = '0::real';
  let typos = '0';
  let matched = '0';
  // A partial match's test of its words (any group) and, of three groups or more, that of two or
  // more: without an area, for the listings with the most of them (see bestRated below).
  let anyWords: string | null = null;
  let moreWords: string | null = null;
  if (criteria.keywords && plan && (plan.rewritten || criteria.partial) && plan.groups.length) {
    // A phrase (tsquery) per alternative, each text one parameter that the statement's test of
    // the keywords names (an expression a statement leaves out, as the services' leaves out the
    // typos, then adds no parameter PostgreSQL could not type); stop words make an empty tsquery,
    // which && and || leave out. Each query a listing is tested against is computed `once` a
    // statement. That test takes an alternative of several words that holds the lexeme of another
    // of one ('nail salon' beside 'nail' or 'nails') as its words anywhere: the same listings,
    // and a bitmap of the keyword index that needs no listing read again for positions. Held by a
    // phrase, the words anywhere would match more ('stone massage' in 'hot stone massage'). The
    // rank keeps every phrase.
    const placeholders = new Map<string, string>();
    const placeholder = (text: string) => {
      if (!placeholders.has(text)) placeholders.set(text, params.add(text));
      return placeholders.get(text)!;
    };
    const phrase = (text: string) => `phraseto_tsquery('english', ${placeholder(text)}::text)`;
    const anyOf = (phrases: string[]) => `(${phrases.join(' || ')})`;
    const phrased = plan.groups.map((group) => ({
      exact: group.exact.map(phrase),
      typos: group.typos.map(phrase),
    }));
    const groups = phrased.map(({ exact, typos: corrections }) => anyOf([...exact, ...corrections]));
    const tested = plan.groups.map((group, i) => {
      const alternatives = [...group.exact, ...group.typos];
      const wordCount = new Map(alternatives.map((text) => [text, keywordWords(text).length]));
      const words = alternatives.filter((text) => wordCount.get(text) === 1);
      if (!words.length || alternatives.every((text) => wordCount.get(text)! <= 1)) return groups[i]!;
      return anyOf(
        alternatives.map((text) => {
          if (wordCount.get(text)! <= 1) return phrase(text);
          const anywhere = `plainto_tsquery('english', ${placeholder(text)}::text)`;
          const held = words.map(
            (word) => `(numnode(${phrase(word)}) = 1 and ${anywhere} @> ${phrase(word)})`,
          );
          return `(case when ${held.join(' or ')} then ${anywhere} else ${phrase(text)} end)`;
        }),
      );
    });
    const syntax = plan.syntax ? `websearch_to_tsquery('english', ${params.add(plan.syntax)}::text)` : null;
    const queryOf = (of: string[]) =>
      criteria.partial ? of.join(' || ') : [...of, ...(syntax ? [syntax] : [])].join(' && ');
    const query = once(queryOf(groups));
    const testedQuery = tested.every((group, i) => group === groups[i]) ? query : once(queryOf(tested));
    const words = `m.tsv ${matches} ${testedQuery}`;
    where.push(words);
    if (criteria.partial && syntax) where.push(`m.tsv ${matches} ${once(syntax)}`);
    if (criteria.partial && !area && tested.length > 2) {
      const pairs = tested.flatMap((group, i) =>
        tested.slice(i + 1).map((other) => `(${group} && ${other})`),
      );
      anyWords = words;
      moreWords = `m.tsv ${matches} ${once(pairs.join(' || '))}`;
    }
    rank = `ts_rank_cd(m.tsv, ${query})`;
    // Per group: 0 as typed (or a synonym), 1 through its best correction (the one the answer
    // names), 2 through another ('chicgo' is 'chicago' before it is 'chico').
    const typoTerms = phrased.flatMap(({ exact, typos: corrections }) =>
      corrections.length
        ? [
            `(case when m.tsv @@ ${once(anyOf(exact))} then 0
              when m.tsv @@ ${once(corrections[0]!)} then 1 else 2 end)`,
          ]
        : [],
    );
    if (typoTerms.length) typos = typoTerms.join(' + ');
    if (criteria.partial) matched = tested.map((group) => `(m.tsv @@ ${once(group)})::int`).join(' + ');
  } else if (criteria.keywords) {
    const typed = `websearch_to_tsquery('english', ${params.add(criteria.keywords)}::text)`;
    const query = once(typed);
    // Through the keyword index, a hyphenated word is tested by its own lexeme, not its phrase
    // (hyphenatedWords: the same listings, none read again for positions). A walk of the location
    // index keeps the phrase: its signatures test each of the phrase's lexemes, fewer let through.
    const hyphenated = walks ? [] : hyphenatedWords(criteria.keywords);
    const tested = hyphenated.length
      ? once(
          hyphenated.reduce((tsquery, word) => {
            const hyphen = params.add(word);
            return `ts_rewrite(${tsquery}, phraseto_tsquery('english', ${hyphen}::text), hyphenated_word_query(${hyphen}::text))`;
          }, typed),
        )
      : query;
    where.push(`m.tsv ${matches} ${tested}`);
    rank = `ts_rank_cd(m.tsv, ${query})`;
  }

  // The hasOffers parameter and the hasOffers filter are one condition.
  const filters: Filters = {
    ...criteria.filters,
    hasOffers: criteria.hasOffers || criteria.filters.hasOffers,
  };
  for (const key of FILTER_KEYS) {
    if (!serviceFilters && SERVICE_FILTERS.includes(key)) continue;
    const condition = filterCondition(key, filters[key], params);
    if (condition) where.push(condition);
  }

  const whereText = where.join('\n    and ');
  // The walk's WHERE: a radius's without its test, which the box stands for; a region's and the
  // box of its miles, which bounds the walk where the region holds fewer matches than it reads.
  const boxed =
    inRadius && box
      ? {
          box: (area?.kind === 'radius'
            ? where.filter((condition) => condition !== inRadius)
            : [...where, box]
          ).join('\n    and '),
          inRadius,
        }
      : null;
  const readBestRated = (conditions: string[], columns: string, limit: number, byTier: boolean) =>
    byTier
      ? ratingTiers(columns, conditions.join('\n    and '), limit, reach?.usesInScope ?? Infinity)
      : `select ${columns} from merchants m where ${conditions.join('\n    and ')}
  order by ${BEST_RATED_ORDER} limit ${written(limit)}`;
  // A partial match without an area reads the best rated `limit` listings with any of its groups
  // and, beside them, those with two or more (by tier whatever their number: in the rating
  // index's order, a pair few listings have would be read through the whole table), so that the
  // listings with the most groups come first however they are rated. ('zzzz massage' for the
  // wellness card read and ranked every listing with 'massage': 540 ms at a million listings.)
  const bestRated: Match['bestRated'] = (columns, limit) => {
    const best = readBestRated(where, columns, limit, tiered);
    if (!anyWords || !moreWords || !scopeTest) return best;
    const withMore = where.map((condition) => (condition === anyWords ? moreWords! : condition));
    return `select * from (${readBestRated(withMore, columns, limit, true)}) as more_words
  union
  select * from (${best}) as any_words`;
  };
  let nearest: Match['nearest'] = null;
  if (boxed && nearness) {
    const order = nearness;
    nearest = (columns, limit) =>
      nearestWalk({ columns, where: boxed.box, nearness: order, inRadius: boxed.inRadius, limit });
  } else if (measures && readsNearest) {
    nearest = (columns, limit) =>
      `select ${columns} from merchants m where ${whereText} order by ${distance} limit ${limit}`;
  }
  return {
    where: whereText,
    distance,
    nearness,
    nearest,
    boxed,
    bestRated,
    byTier: tiered,
    rank,
    typos,
    matched,
  };
}

/**
 * ORDER BY of a page, over the columns of `hits` (id, distance, rank, typos, matched,
 * average_score, total_reviews). Every order ends with id, so pages never overlap or skip a
 * listing. Without a search centre the distance terms are all null and drop out: 'distance' then
 * orders by score. Relevance with keywords puts exact matches above typo matches (as Algolia's
 * typo criterion does); a partial match puts the listings with the most keyword groups first
 * whatever the sort.
 */
function orderBy(sort: SortType, hasKeywords: boolean, partial = false): string {
  const byScore = 'average_score desc, total_reviews desc';
  const first = partial ? 'matched desc, ' : '';
  switch (sort) {
    case 'distance':
      return `${first}distance, ${byScore}, id`;
    case 'averageScore':
      return `${first}${byScore}, distance, id`;
    case 'relevance':
      return hasKeywords
        ? `${first}typos, rank desc, distance, id`
        : `floor(distance / ${RELEVANCE_BAND_MILES}), ${byScore}, distance, id`;
  }
}

/**
 * The fields no card shows (LISTING_ONLY_KEYS, ./cards.ts) as an SQL array of keys (fixed names:
 * nothing of a request's): a page leaves them in the table. They are half of a listing's document
 * (4.2 KB on average), so half of what PGlite's thread wrote out, parsed and posted to the main
 * thread for a page (20 cards, 85 -> 42 KB; a page statement's p50 at 20k on PGlite 5.8 -> 5.1 ms).
 */
const NOT_ON_CARDS_SQL = `'{${LISTING_ONLY_KEYS.join(',')}}'::text[]`;

/** One row of a search page. */
export interface SearchRow {
  id: number;
  /** The listing of spec 3 as stored, without the fields no card shows and without offers. */
  doc: Record<string, unknown>;
  promotions: string[];
  distance: number | null;
  rank: number;
  /** Keyword groups matched only through a typo (0 for an exact match). */
  typos: number;
  /** The listing's current offers (docs), by id. */
  offers: unknown[];
  /** A page that reads every match anyway counts them too (PageStatement.counts), on every row. */
  total_hits?: number;
  has_exact?: boolean;
}

/** A page's statement, and whether its rows carry the search's totals. */
export interface PageStatement extends Statement {
  counts: boolean;
}

/**
 * A search counts its matches up to this many and then says 'more' (as search engines do): the
 * count is what made a search read every listing in its radius (33,000 heap pages near New York
 * at a million listings) when the page needs twelve.
 */
export const SEARCH_COUNT_CAP = 1000;

/**
 * Listings read past the page when the location index orders a page by distance: the index
 * orders by distance alone, and the page then orders them by distance, score, reviews and id, so
 * listings at the very same distance (one address) cannot fall either side of a page's edge.
 */
const EQUAL_DISTANCE_SLACK = 50;

/**
 * Whether a page may be read in the rating index's order (searchStatement's `byRatingIndex`): by
 * rating, of a region or a country. Its best rated listings are its own, wherever they lie, not
 * the best of those nearest its centre; where it holds more matches than the cap (its nearest
 * cap + 1 say so), its page is read so, until the page is full. Not before: a region's or a
 * country's rating index read for matches it has few of reads all of its listings (Canada for a
 * tenant without listings there: 5.6 s at a million), where its nearest cap + 1 are all of them.
 */
export const readsBestRated = (criteria: SearchCriteria, page: PageRequest) =>
  page.sort === 'averageScore' &&
  criteria.area !== null &&
  criteria.area.kind !== 'radius' &&
  !criteria.partial;

/**
 * One page of a search: the matches, sorted and cut to the page, with each listing's current
 * offers joined to the page only. Sorted by distance, the location index hands out the nearest
 * listings first and the statement stops after the page, and the totals are countStatement's;
 * `countOnTheWay`, it reads the nearest `cap` + 1 instead and counts them on the way, as by
 * relevance (a search whose count is not known yet: one statement, not the page and the count);
 * so does a page by rating read by rating tier without an area.
 * Otherwise, within an area (a radius, a region, a country), the search is its nearest `cap` + 1
 * matches to the centre (`Match.nearest`, through the index radiusIndex picks), sorted and
 * counted on the way; `byRatingIndex`, a region's or a country's page by rating is its best
 * rated listings, read in the rating index's order until the page is full and counted apart (see
 * readsBestRated). Without an area a search reads every match and counts them on the way
 * (`counts`: each row carries total_hits and has_exact).
 */
export function searchStatement(
  criteria: SearchCriteria,
  page: PageRequest,
  programs: readonly string[],
  cap = SEARCH_COUNT_CAP,
  { byRatingIndex = false, countOnTheWay = false }: { byRatingIndex?: boolean; countOnTheWay?: boolean } = {},
): PageStatement {
  const params = new Parameters();
  const readsByRating = byRatingIndex && readsBestRated(criteria, page);
  const prepared = preparedSearch(criteria, readsByRating);
  const match = matchConditions(criteria, programs, params, { prepared, nearestFirst: !readsByRating });
  // Without a place there is no distance (orderBy's distance terms are null): by distance, and by
  // relevance without keywords, a search's order is its rating's, and it is read so, in the rating
  // index's order until the page is full, and counted apart. At a million listings on PostgreSQL
  // the whole scope by relevance passed the statement timeout (a window over every listing).
  const sort: SortType =
    !criteria.area && !(page.sort === 'relevance' && criteria.keywords) ? 'averageScore' : page.sort;
  const order = orderBy(sort, Boolean(criteria.keywords), criteria.partial);
  const throughPage = (page.page + 1) * page.size;
  // Within an area, a search by relevance (or rating within a radius) sorts and counts its
  // nearest cap + 1 matches (the count stops there, and the pages end at the cap): a keyword
  // search near a large city ranked every one of its matches, 42,000 of them at a million
  // listings, for a page of twelve, and one of Texas 30,826 (735 ms; the USA 1.2-2.3 s). By
  // distance, the walk stops after the page.
  const byDistance = sort === 'distance' && match.nearness !== null && !criteria.partial && !countOnTheWay;
  const { nearest } = match;
  // The rank orders only a keyword search by relevance; otherwise it is computed for the page's
  // rows alone (shown as the card's score, read again by id), not for every match: ts_rank_cd reads
  // each listing's tsvector, and a common keyword near a large city matches tens of thousands at a
  // million listings.
  const rankEverywhere = sort === 'relevance' && Boolean(criteria.keywords);
  // Every match goes through the sort, so it carries only the sort keys: the documents (a few kB
  // each) are read for the page's rows alone, by id.
  const columns = `m.id, m.average_score, m.total_reviews,
    ${match.distance} as distance,
    ${rankEverywhere ? match.rank : '0::real'} as rank,
    ${match.typos} as typos,
    ${match.matched} as matched`;
  // By tier: without an area, with keywords (Match.byTier).
  const tierCounts = countOnTheWay && match.byTier;
  let hits = `select ${columns} from merchants m where ${match.where}`;
  if (byDistance && nearest) hits = nearest(columns, written(throughPage + EQUAL_DISTANCE_SLACK));
  else if (nearest) hits = nearest(columns, written(cap + 1));
  // Without a place (sorted by relevance or by rating), keywords read their best rated matches
  // (Match.bestRated: by tier where the words are rare): by relevance, the cap + 1 to rank, as an
  // area ranks its nearest (ranking every listing with 'massage' took 2.2-3.7 s at a million
  // listings); by rating, those through the page's end (a word no listing of the scope has was
  // read in the rating index's order through the whole table, past the 5 s statement timeout).
  // A partial match: the best rated cap + 1 with any group (and beside them those with two or more,
  // Match.bestRated), ranked by how many groups they have. Read by tier, a page by rating whose
  // search is not counted yet takes the cap + 1 too and counts them: each tier's matches are read
  // whole and sorted anyway, and countStatement read the same tiers again ('sauna yoga' for the
  // spa network at a million listings: 20 ms for the page, 54 for the count).
  else if (!criteria.area && criteria.keywords) {
    hits = match.bestRated(columns, rankEverywhere || criteria.partial || tierCounts ? cap + 1 : throughPage);
  }
  // A page that sorts every match counts them on the way, for nothing: its area's nearest cap + 1,
  // or every match ranked by its keywords or parts of them. One read in an index's order leaves
  // the count to countStatement, which stops at the cap: by distance (the location index), and a
  // region's best rated (merchants_region_best_rated, read until the page is full). Counting a
  // whole state on the way read every listing of its index's order: at a million listings Texas
  // by rating passed the statement timeout.
  const sortsEveryMatch =
    Boolean(nearest) || sort !== 'averageScore' || Boolean(criteria.partial) || tierCounts;
  const counts = !byDistance && sortsEveryMatch;
  // The offset alone stays a parameter: the page is sorted from `hits` whatever it is (its sort
  // keeps the rows through the page's end, a bound known when it runs), so each page of a search
  // is not a statement of its own.
  const text = `
with hits as (
  ${hits}
),
page as (
  select hits.*${counts ? ', count(*) over ()::int as total_hits, bool_or(typos = 0) over () as has_exact' : ''}
  from hits
  order by ${order}
  limit ${written(page.size)} offset ${params.add(page.page * page.size)}::int
)
select page.id, listing.doc - ${NOT_ON_CARDS_SQL} as doc, listing.promotions, page.distance,
  ${rankEverywhere || !criteria.keywords ? 'page.rank' : 'listing.rank'} as rank,
  page.typos,${counts ? ' page.total_hits, page.has_exact,' : ''}
  coalesce(current_offers.docs, '[]'::jsonb) as offers
from page
cross join lateral (
  select m.doc, m.promotions, ${rankEverywhere || !criteria.keywords ? '0::real' : match.rank} as rank
  from merchants m
  where m.id = page.id
) listing
left join lateral (
  select jsonb_agg(o.doc order by o.id) as docs
  from offers o
  where o.merchant_id = page.id and ${CURRENT_OFFER}
) current_offers on true
order by ${order}`;
  return { text, values: params.values, prepared, counts };
}

/**
 * Listings in the table from which a radius's count guards against a poor box (countStatement's
 * `guardBox`). Measured on PostgreSQL over 16 cities (bench/scale.ts), the guard's count took, of
 * the plain count's time: at 20,000 and 100,000 listings 128 %, the poorest box too; at a million
 * 95 % in sum, the poorest box 65 -> 19 ms, the others 105-120 %. On PGlite 130 % at both sizes.
 */
export const GUARDED_COUNT_FROM = 500_000;

/**
 * What a row of the nearest-first walk costs against a row of the box read in the index's order:
 * at a million listings on PostgreSQL, 16 cities' counts of 1,001 took 164 ms walked against 131
 * read, and a box holds about 1.27 rows per match of its radius (4 / pi). The guard gives the box
 * up when the rows it still needs, (cap + 1 - matches) / (matches / rows read), would cost more
 * than cap + 1 rows walked.
 */
const WALK_ROW_COST = 1.7;
/**
 * Rows of the box read before its share of matches is trusted (the index hands out clusters), or
 * cap + 1 if fewer: a small count never walks more than that.
 */
const BOX_SHARE_AFTER = 128;

/** A search's totals: up to `cap`, beyond which the search has more (cap + 1 means 'more'). */
export interface CountRow {
  /** Matches counted, at most cap + 1. */
  total_hits: number;
  /** Whether any match has every word as typed (no typo): else the answer names its correction. */
  has_exact: boolean;
}

/**
 * How many listings a search matches, counting no further than `cap` + 1: the statement stops
 * reading there, so a search near a large city costs a thousand listings, not all of its radius.
 * Whether one match needs no typo is asked of all matches, not of the counted ones.
 *
 * Within a radius the count reads the location index's box in the index's order, which is cheap
 * while most of the box lies in the radius. Where the box's corners hold a denser place than the
 * radius (Philadelphia's box reaches New York's suburbs: 11,700 rows read for 1,001 matches at a
 * million listings, 64 ms), `guardBox` gives the box up once the rows it still needs, at the share
 * of matches read so far, would cost more than walking the index nearest first (see
 * WALK_ROW_COST), and counts by that walk, which stops at the first listing beyond the radius.
 * The guard costs each row of the box (see GUARDED_COUNT_FROM for when it pays).
 */
export function countStatement(
  criteria: SearchCriteria,
  programs: readonly string[],
  cap = SEARCH_COUNT_CAP,
  { guardBox = false }: { guardBox?: boolean } = {},
): Statement {
  const params = new Parameters();
  const prepared = preparedSearch(criteria);
  const match = matchConditions(criteria, programs, params, { withDistance: false, prepared });
  const hasExact = (total: string) =>
    match.typos === '0'
      ? `${total} > 0`
      : `exists (select 1 from merchants m where ${match.where} and (${match.typos}) = 0)`;
  const counted = written(cap + 1);
  const totals = `select count(*)::int as total_hits, ${hasExact('count(*)')} as has_exact`;
  if (!match.boxed) {
    // Keywords rare in the scope, without an area, are counted as their pages are read: the best
    // rated cap + 1, tier by tier, are as many as the count (at most cap + 1). Their bitmap read
    // whole held every listing of the scope with the words: the wellness card's '"deep tissue"'
    // at a million listings, 31,309 listings in 33 ms for a count that stops at 1,001.
    const rows = match.byTier
      ? match.bestRated('m.id', cap + 1)
      : `select 1 from merchants m where ${match.where} limit ${counted}`;
    return { text: `${totals} from (${rows}) as counted`, values: params.values, prepared };
  }
  if (criteria.area?.kind !== 'radius' && match.nearest) {
    // A region's or a country's count walks it as its pages do, nearest first, where most
    // listings are its own: its box holds other regions' too, and read in the index's order,
    // Ontario's (most of the Great Lakes) gave 1,001 of its listings after ten times as many (1 s
    // at a million listings, before the index held each listing's region: migration 027).
    return {
      text: `${totals} from (${match.nearest('m.id', counted)}) as counted`,
      values: params.values,
      prepared,
    };
  }
  const { box, inRadius } = match.boxed;
  if (!guardBox || !match.nearest) {
    // The box's listings pass once when in the radius, else not at all: the same count as the
    // radius's test in the WHERE, but the planner weighs this read, as nearestWalk's, for the
    // rows its LIMIT stops after. With the test in the WHERE it read the whole box as a bitmap
    // (7,721 rows for 1,001 matches near New York at 100,000 listings); in the index's order,
    // counts of 8 cities took 72 -> 56 ms at 100,000 on PostgreSQL, 52 -> 44 at 20,000 on PGlite.
    return {
      text: `${totals} from (
        select generate_series(1, case when ${inRadius} then 1 else 0 end)
        from merchants m
        where ${box}
        limit ${counted}
      ) as counted`,
      values: params.values,
      prepared,
    };
  }
  // The box's rows in the index's order, each with the matches and rows read so far: a match
  // passes once, and the row that gives the box up passes cap + 1 times, which fills the LIMIT
  // and stops the read there. When every passed row is a match, their count stands; else the walk
  // (nearestWalk, which ends at the radius's edge) counts, a subquery of the CASE, which
  // PostgreSQL runs only when the CASE reaches it. The read's rows are repeated in its own select
  // list, as the walk's are, so the planner weighs it for the rows the LIMIT stops after: a
  // bitmap of the whole box (78,000 rows near New York at a million listings) is not cheaper.
  const walkCost = Math.round(WALK_ROW_COST * 10);
  return {
    text: `
with total as materialized (
  select (case
    when every(in_radius) is not false then count(*)
    else (select count(*) from (${match.nearest('m.id', counted)}) as nearest)
  end)::int as hits
  from (
    select in_radius, generate_series(1, case
      when in_radius then 1
      when row_number() over read >= ${Math.min(BOX_SHARE_AFTER, cap + 1)}
        and 10 * (${counted} - count(*) filter (where in_radius) over read) * row_number() over read
          > ${walkCost} * ${counted} * count(*) filter (where in_radius) over read then ${counted}
      else 0
    end)
    from (select ${inRadius} as in_radius from merchants m where ${box}) as box
    window read as (rows unbounded preceding)
    limit ${counted}
  ) as passed
)
select total.hits as total_hits, ${hasExact('total.hits')} as has_exact from total`,
    values: params.values,
    prepared,
  };
}

/** One row of the service aggregations; the shape of spec 3's Service aggregation. */
export interface ServiceAggregationRow {
  category: string;
  options: { option: string; count: number }[];
  totalOptions: number;
  listingsWithCategoryCount: number;
}

/** Between a category and its option in a listing's service pairs; no name holds it. */
export const SERVICE_PAIR_SEPARATOR = '\u001f';

/**
 * What the service aggregations count of a listing (its `service_pairs`, written by the seed):
 * each category it lists ('Massages') and each of its options with the category
 * ('Massages\u001fSwedish Massage'), once however often its record repeats them. Migration
 * 022_service_pairs.sql's service_pairs(jsonb) is the same rule for rows written before it.
 */
export function servicePairs(
  services: readonly { category: string; options: readonly string[] }[],
): string[] {
  const pairs = new Set<string>();
  for (const { category, options } of services) {
    pairs.add(category);
    for (const option of options) pairs.add(`${category}${SERVICE_PAIR_SEPARATOR}${option}`);
  }
  return [...pairs];
}

/**
 * Service aggregations of a search: per category the listings offering it, and per option of the
 * category the listings offering that option, counted over the listings' service pairs
 * (servicePairs) of the same filtered set (within a radius, its nearest 1,000), minus the service
 * filters themselves (see matchConditions). totalOptions is the sum of the option counts.
 * Categories with the most listings first; options by count, then name.
 */
export function serviceAggregationStatement(
  criteria: SearchCriteria,
  programs: readonly string[],
  nearestCap = SEARCH_COUNT_CAP,
): Statement {
  const params = new Parameters();
  // Prepared as its search's count is (preparedSearch): on PGlite at 20,000 listings, 48 searches'
  // aggregations p50 5.9-6.5 -> 4.1-4.8 ms, the same rows; at a million on PostgreSQL the same.
  const prepared = preparedSearch(criteria);
  const match = matchConditions(criteria, programs, params, {
    serviceFilters: false,
    withDistance: false,
    prepared,
  });
  // Within a radius, the services of the nearest 1,000 matches (as many as a search counts): near
  // a large city at a million listings the radius holds 65,000 listings, whose half a million
  // service rows took seconds to count; the counts then describe the listings a visitor pages
  // through. Without a place, of the best rated 1,000 (BEST_RATED_ORDER).
  const columns = 'm.id, m.service_pairs';
  const hits = match.nearest?.(columns, written(nearestCap)) ?? match.bestRated(columns, nearestCap);
  // chr(31) is SERVICE_PAIR_SEPARATOR: a pair without it is a category, one with it an option.
  const text = `
with hits as (
  ${hits}
),
-- How many hits list each category and each option of a category: one hash aggregation of text,
-- as a listing holds each of its pairs once.
pair_count as (
  select split_part(p.pair, chr(31), 1) as category,
    case when strpos(p.pair, chr(31)) > 0 then substr(p.pair, strpos(p.pair, chr(31)) + 1) end as option,
    count(*)::int as listings
  from hits
  cross join lateral unnest(hits.service_pairs) as p(pair)
  group by p.pair
)
select c.category,
  coalesce(
    jsonb_agg(jsonb_build_object('option', o.option, 'count', o.listings) order by o.listings desc, o.option)
      filter (where o.option is not null),
    '[]'::jsonb) as options,
  coalesce(sum(o.listings), 0)::int as "totalOptions",
  c.listings as "listingsWithCategoryCount"
from pair_count c
left join pair_count o on o.category = c.category and o.option is not null
where c.option is null
group by c.category, c.listings
order by c.listings desc, c.category`;
  return { text, values: params.values, prepared };
}
