import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { explainAsRun } from '../../server/db/explain';
import { migrate } from '../../server/db/migrate';
import { ensureSeeded } from '../../server/seed/load';
import { lookupPlace } from '../../server/geo/gazetteer';
import { resolveSearchArea } from '../../server/search/area';
import { TtlCache } from '../../server/search/cache';
import { keywordPlan } from '../../server/search/keywords';
import { parseSearchParams } from '../../server/search/params';
import { searchMerchants, type Remember } from '../../server/search/search';
import {
  countStatement,
  earthBox,
  radiusIndex,
  SEARCH_COUNT_CAP,
  searchStatement,
  SERVICE_PAIR_SEPARATOR,
  serviceAggregationStatement,
  type CountRow,
  type SearchRow,
  type Statement,
} from '../../server/search/query';
import { PROGRAMS, PROMOTION_TYPES } from '../../src/domain/catalog';
import { builtInTenants } from '../../src/tenant';
import { encodeFilters, utf8ToBase64Url } from '../../src/domain/filters';
import { haversineMiles } from '../../src/domain/geo';
import type {
  Filters,
  Listing,
  ListingCard,
  SearchResult,
  ServiceAggregation,
  SortType,
} from '../../src/domain/types';
import type { KeywordPlan } from '../../src/domain/search-keywords';
import { databases } from './databases';
import { recordingQueries } from './helpers';

const LISTINGS = 3_000;
const wellness = { publisherid: '13' };
const spa = { publisherid: '1' };
type Headers = Record<string, string>;

/** A search as the tests describe it; `filters` is encoded on the way out. */
interface SearchCase {
  location?: string;
  distance?: number;
  keywords?: string;
  sort?: string;
  hasOffers?: boolean;
  filters?: Filters;
  page?: number;
  size?: number;
}

/** A merchants row as the brute force reads it: the stored listing and its search columns. */
interface BruteRow {
  id: number;
  doc: Listing;
  promotions: string[];
  status: string;
  non_searchable: boolean;
  included_programs: string[];
  excluded_programs: string[];
}

function queryString(search: SearchCase): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined) continue;
    params.set(key, key === 'filters' ? encodeFilters(value as Filters) : String(value));
  }
  return params.toString();
}

const overlaps = (a: readonly string[], b: readonly string[]) => a.some((value) => b.includes(value));

describe.each(databases)('search API on $name', ({ open }) => {
  let db: Awaited<ReturnType<(typeof databases)[number]['open']>>;
  let app: FastifyInstance;
  let rows: BruteRow[];
  /** Merchants with an offer running now, from the offer documents' dates. */
  let withCurrentOffer: Set<number>;

  beforeAll(async () => {
    db = await open();
    await migrate(db);
    await ensureSeeded(db, { count: LISTINGS, now: new Date() });
    app = await buildApp({ db });
    rows = (
      await db.query<BruteRow>(
        `select id, doc, promotions, status, non_searchable, included_programs, excluded_programs
         from merchants`,
      )
    ).rows;
    const offers = await db.query<{ merchant_id: number; start: string; end: string }>(
      `select merchant_id, doc->>'startDate' as start, doc->>'endDate' as end from offers`,
    );
    const now = Date.now();
    const time = (date: string) => Date.parse(`${date.replace(' ', 'T')}Z`);
    withCurrentOffer = new Set(
      offers.rows
        .filter((offer) => time(offer.start) <= now && time(offer.end) > now)
        .map((offer) => offer.merchant_id),
    );
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  async function get<T>(url: string, headers: Headers = spa): Promise<{ status: number; body: T }> {
    const response = await app.inject({ url, headers });
    return { status: response.statusCode, body: response.json() as T };
  }

  const search = (query: SearchCase, headers: Headers = spa) =>
    get<SearchResult<ListingCard>>(`/api/merchants?${queryString(query)}`, headers);

  /** Every item of a search, page by page through nextPageUrl. */
  async function allItems(query: SearchCase, headers: Headers = spa): Promise<ListingCard[]> {
    let { body } = await search({ ...query, size: 100 }, headers);
    const items = [...body.items];
    while (body.nextPageUrl) {
      ({ body } = await get<SearchResult<ListingCard>>(`/api${body.nextPageUrl}`, headers));
      items.push(...body.items);
    }
    return items;
  }

  /**
   * The listings a search must find, worked out in JavaScript from the stored documents: the
   * semantics of GET /merchants written out plainly. `keywordPattern` stands in for full-text.
   */
  function bruteForce(programs: string[], query: SearchCase & { keywordPattern?: RegExp }): BruteRow[] {
    const place = query.location ? lookupPlace(query.location) : null;
    const filters = query.filters ?? {};
    return rows.filter(({ id, doc, ...row }) => {
      if (row.status !== 'APPROVED' || row.non_searchable) return false;
      if (!overlaps(row.included_programs, programs) || overlaps(row.excluded_programs, programs))
        return false;
      if (place) {
        if (place.kind === 'region' || place.kind === 'country') {
          if (doc.location.countryCode !== place.countryCode) return false;
          if (place.kind === 'region' && doc.location.stateOrProvinceCode !== place.stateOrProvinceCode)
            return false;
        } else {
          const miles = haversineMiles(
            { lat: place.latitude, lon: place.longitude },
            { lat: doc.location.latitude, lon: doc.location.longitude },
          );
          if (miles > (query.distance ?? 50)) return false;
        }
      }
      if (query.keywordPattern) {
        const services = doc.services.map((group) => [group.category, ...group.options].join(' ')).join(' ');
        if (!query.keywordPattern.test(`${doc.name} ${services} ${doc.businessDescription}`)) return false;
      }
      if ((query.hasOffers || filters.hasOffers) && !withCurrentOffer.has(id)) return false;
      if (filters.averageScore !== undefined && !(doc.averageScore >= filters.averageScore)) return false;
      if (filters.businessTypes && !overlaps(doc.businessTypes, filters.businessTypes)) return false;
      if (filters.includedPrograms && !overlaps(doc.includedPrograms, filters.includedPrograms)) return false;
      const options = doc.services.flatMap((group) => group.options);
      if (filters['services.options'] && !overlaps(options, filters['services.options'])) return false;
      const categories = doc.services.map((group) => group.category);
      if (filters['services.category'] && !overlaps(categories, filters['services.category'])) return false;
      if (
        filters['location.countryCode'] &&
        !filters['location.countryCode'].includes(doc.location.countryCode)
      )
        return false;
      const states = filters['location.stateOrProvince'];
      if (
        states &&
        !states.includes(doc.location.stateOrProvince) &&
        !states.includes(doc.location.stateOrProvinceCode)
      )
        return false;
      if (filters.subscriptionTierDisplayName && doc.subscriptionTier !== filters.subscriptionTierDisplayName)
        return false;
      const promotion = filters['promotions.promotionTypeName'];
      if (promotion && !row.promotions.includes(promotion)) return false;
      return true;
    });
  }

  /** The total a search answers for this many matches: counted up to SEARCH_COUNT_CAP. */
  const counted = (matches: number) => Math.min(matches, SEARCH_COUNT_CAP);

  /** Brute-force rows, the nearest to `location` first. */
  function nearestFirst(found: BruteRow[], location: string): BruteRow[] {
    const place = lookupPlace(location)!;
    const miles = ({ doc }: BruteRow) =>
      haversineMiles(
        { lat: place.latitude, lon: place.longitude },
        { lat: doc.location.latitude, lon: doc.location.longitude },
      );
    return [...found].sort((a, b) => miles(a) - miles(b));
  }

  /** Brute-force rows in the rating index's order: score, reviews, id. */
  const bestRated = (found: BruteRow[]): BruteRow[] =>
    [...found].sort(
      (a, b) =>
        b.doc.averageScore - a.doc.averageScore || b.doc.totalReviews - a.doc.totalReviews || a.id - b.id,
    );

  /**
   * The spa network's search for 'massage' without a place, its word counted by the vocabulary
   * as `usesInScope` listings of a table eight times that: rare enough to be read by rating tier.
   */
  const massageCountedAs = async (usesInScope: number) => {
    const plan = (await keywordPlan(db, 'massage', { programs: [PROGRAMS.spa] }))!;
    return {
      keywords: 'massage',
      plan: { ...plan, reach: { uses: usesInScope, usesInScope, listings: 8 * usesInScope } },
      area: null,
      hasOffers: false,
      filters: {},
    };
  };

  /**
   * The most used words of other programs' listings that no listing of `scope` has, most used
   * first (five letters or more).
   */
  const wordsAbsentFrom = async (scope: string[], count: number) => {
    const { rows } = await db.query<{ word: string }>(
      `select word from search_vocabulary where word ~ '^[a-z]{5,}$'
       group by word having not bool_or(program = any ($1::text[]))
       order by sum(listings) desc, word limit $2`,
      [scope, count],
    );
    return rows.map((row) => row.word);
  };

  const ids = (items: { merchantId?: number; id?: number }[]) =>
    items.map((item) => item.merchantId ?? item.id).sort((a, b) => a! - b!);

  describe('radius and sort', () => {
    const place = () => lookupPlace('New York, NY')!;
    const centre = () => ({ lat: place().latitude, lon: place().longitude });
    const milesTo = (item: ListingCard) =>
      haversineMiles(centre(), { lat: item.location.latitude, lon: item.location.longitude });

    it.each([50, 30, 15, 10])('finds every listing within %i miles and nothing beyond', async (distance) => {
      const query = { location: 'New York, NY', distance, sort: 'distance' };
      const items = await allItems(query);
      const expected = bruteForce([PROGRAMS.spa], query);
      expect(expected.length).toBeGreaterThan(0);
      expect(ids(items)).toEqual(ids(expected));
      for (const item of items) {
        expect(milesTo(item)).toBeLessThanOrEqual(distance);
        expect(item.distance).toBe(Math.round(milesTo(item) * 10) / 10);
      }
      const distances = items.map(milesTo);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      const { body } = await search(query);
      expect(body.totalHits).toBe(expected.length);
      expect(body.totalPages).toBe(Math.ceil(expected.length / 12));
    });

    it("keeps a listing at the radius's edge as the haversine says, a hair inside or outside", async () => {
      const distance = 10;
      const { id, doc } = nearestFirst(
        bruteForce([PROGRAMS.spa], { location: 'New York, NY' }),
        'New York, NY',
      )[0]!;
      const listing = { lat: doc.location.latitude, lon: doc.location.longitude };
      // A centre due east of the listing, `miles` from it (bisected to the last float).
      const centreAt = (miles: number) => {
        let [near, far] = [listing.lon, listing.lon + 1];
        for (let step = 0; step < 200; step++) {
          const lon = (near + far) / 2;
          if (haversineMiles(listing, { lat: listing.lat, lon }) <= miles) near = lon;
          else far = lon;
        }
        return { lat: listing.lat, lon: near };
      };
      // 0.16 mm (the haversine decides) and 16 m (the chord does) each side of the edge.
      for (const off of [-0.01, -1e-7, 1e-7, 0.01]) {
        const centre = centreAt(distance + off);
        const location = `${centre.lat},${centre.lon}`;
        const inside = haversineMiles(centre, listing) <= distance;
        expect(inside, `${off} miles off`).toBe(off < 0);
        const query = { location, distance, sort: 'distance' };
        const items = await allItems(query);
        expect(ids(items).includes(id), `${off} miles off`).toBe(inside);
        expect(ids(items)).toEqual(ids(bruteForce([PROGRAMS.spa], query)));
        expect((await search(query)).body.totalHits).toBe(items.length);
      }
    });

    it('reads a later page by distance first (a shared link) as paging to it does', async () => {
      // Its search's count not kept yet: the page is cut from the nearest cap + 1, counted.
      const query = { location: 'New York, NY', distance: 30, sort: 'distance' };
      const { body: third } = await search({ ...query, page: 2 });
      const items = await allItems(query);
      expect(items.length).toBeGreaterThan(36);
      expect(third.totalHits).toBe(items.length);
      const inOrder = (list: ListingCard[]) => list.map((item) => item.merchantId);
      expect(inOrder(third.items)).toEqual(inOrder(items.slice(24, 36)));
    });

    it('sorts by rating, best first, then by reviews', async () => {
      const items = await allItems({ location: 'Los Angeles, CA', sort: 'averageScore' });
      expect(items.length).toBeGreaterThan(20);
      for (let i = 1; i < items.length; i++) {
        const [before, after] = [items[i - 1]!, items[i]!];
        expect(before.averageScore).toBeGreaterThanOrEqual(after.averageScore);
        if (before.averageScore === after.averageScore)
          expect(before.totalReviews).toBeGreaterThanOrEqual(after.totalReviews);
      }
    });

    it('ranks by relevance without keywords: nearby first (5-mile bands), then best rated', async () => {
      const items = await allItems({ location: 'New York, NY' });
      const bands = items.map((item) => Math.floor(milesTo(item) / 5));
      expect(bands).toEqual([...bands].sort((a, b) => a - b));
      for (let i = 1; i < items.length; i++) {
        if (bands[i] === bands[i - 1])
          expect(items[i - 1]!.averageScore).toBeGreaterThanOrEqual(items[i]!.averageScore);
      }
    });

    it('searches a whole state for a state typed alone, and a country for a country', async () => {
      const texas = await allItems({ location: 'Texas' });
      expect(ids(texas)).toEqual(ids(bruteForce([PROGRAMS.spa], { location: 'Texas' })));
      expect(new Set(texas.map((item) => item.location.stateOrProvinceCode))).toEqual(new Set(['TX']));
      expect(texas.every((item) => typeof item.distance === 'number')).toBe(true);
      const canada = await search({ location: 'Canada' });
      expect(canada.body.totalHits).toBe(bruteForce([PROGRAMS.spa], { location: 'Canada' }).length);
      expect(canada.body.items.every((item) => item.location.countryCode === 'CA')).toBe(true);
    });

    it('sorts a whole state by rating, every listing once, best first', async () => {
      const texas = await allItems({ location: 'Texas', sort: 'averageScore' });
      const expected = bruteForce([PROGRAMS.spa], { location: 'Texas' });
      expect(ids(texas)).toEqual(ids(expected));
      expect(new Set(ids(texas)).size).toBe(texas.length);
      for (let i = 1; i < texas.length; i++) {
        const [before, after] = [texas[i - 1]!, texas[i]!];
        expect(before.averageScore).toBeGreaterThanOrEqual(after.averageScore);
        if (before.averageScore === after.averageScore)
          expect(before.totalReviews).toBeGreaterThanOrEqual(after.totalReviews);
      }
      expect((await search({ location: 'Texas', sort: 'averageScore' })).body.totalHits).toBe(
        counted(expected.length),
      );
    });

    describe('a state or a country, walked outwards from its centre', () => {
      const programs = [PROGRAMS.spa];
      const statementRows = async (statement: { text: string; values: unknown[] }) =>
        (await db.query<SearchRow>(statement.text, statement.values)).rows;
      const at = async (location: string, keywords = '') => ({
        keywords,
        plan: await keywordPlan(db, keywords, { programs }),
        area: resolveSearchArea(location, 50),
        hasOffers: false,
        filters: {},
      });
      const byId = (a: number, b: number) => a - b;

      it('holds every listing of the state within its miles of the centre (its walk ends there)', () => {
        for (const location of ['Texas', 'Rhode Island', 'Ontario', 'USA', 'Canada']) {
          const area = resolveSearchArea(location, 50)!;
          const there = bruteForce(programs, { location });
          expect(there.length, location).toBeGreaterThan(0);
          for (const { doc } of there) {
            const miles = haversineMiles(area.centre, {
              lat: doc.location.latitude,
              lon: doc.location.longitude,
            });
            expect(miles, `${location}: ${doc.name}`).toBeLessThan(area.miles);
          }
        }
      });

      it('ranks the nearest matches to its centre only, past the cap: the cap + 1 nearest', async () => {
        const cap = 9;
        const matches = bruteForce(programs, { location: 'Texas', keywordPattern: /\bmassag/i });
        expect(matches.length).toBeGreaterThan(cap + 1);
        const nearest = nearestFirst(matches, 'Texas')
          .slice(0, cap + 1)
          .map((row) => row.id)
          .sort(byId);
        const page = { sort: 'relevance', page: 0, size: SEARCH_COUNT_CAP } as const;
        const criteria = await at('Texas', 'massage');
        const ranked = await statementRows(searchStatement(criteria, page, programs, cap));
        expect(ranked.map((row) => row.id).sort(byId)).toEqual(nearest);
        expect(ranked.every((row) => row.total_hits === cap + 1)).toBe(true);
        const ranks = ranked.map((row) => row.rank);
        expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
      });

      it('reads its best rated by rating past the cap, not the best of its nearest', async () => {
        const cap = 9;
        const criteria = await at('Texas');
        const page = { sort: 'averageScore', page: 0, size: 12 } as const;
        const centre = resolveSearchArea('Texas', 50)!.centre;
        const miles = ({ doc }: BruteRow) =>
          haversineMiles(centre, { lat: doc.location.latitude, lon: doc.location.longitude });
        const best = bruteForce(programs, { location: 'Texas' })
          .sort(
            (a, b) =>
              b.doc.averageScore - a.doc.averageScore ||
              b.doc.totalReviews - a.doc.totalReviews ||
              miles(a) - miles(b) ||
              a.id - b.id,
          )
          .slice(0, 12)
          .map((row) => row.id);
        // Its nearest cap + 1 say it holds more than the cap; their best are not the state's.
        const nearest = await statementRows(searchStatement(criteria, page, programs, cap));
        expect(nearest[0]!.total_hits).toBe(cap + 1);
        expect(nearest.map((row) => row.id)).not.toEqual(best);
        const statement = searchStatement(criteria, page, programs, cap, { byRatingIndex: true });
        expect(statement.counts).toBe(false);
        expect((await statementRows(statement)).map((row) => row.id)).toEqual(best);
      });

      it('reads only its best rated for a page by rating once its count is kept', async () => {
        expect(bruteForce(programs, { location: 'USA' }).length).toBeGreaterThan(SEARCH_COUNT_CAP);
        const tenant = builtInTenants.spa;
        const scope = { tenants: [tenant], programs: [...tenant.helperInfo.includedPrograms], tenant };
        const at = (sort: SortType, page: number) =>
          parseSearchParams({ location: 'USA', sort, page: String(page), size: '12' });
        const kept = new Map<string, Promise<unknown>>();
        const remember: Remember = (key, load) => {
          if (!kept.has(key)) kept.set(key, load());
          return kept.get(key) as ReturnType<typeof load>;
        };
        const { db: watched, asked } = recordingQueries(db);
        // Nothing kept: its nearest cap + 1 counted, then its best rated read.
        const alone = await searchMerchants(watched, at('averageScore', 1), scope);
        expect(asked).toHaveLength(2);
        expect(alone.totalHits).toBe(SEARCH_COUNT_CAP);
        // After its first page by relevance, its count is kept: the best rated alone are read.
        await searchMerchants(watched, at('relevance', 0), scope, remember);
        asked.length = 0;
        expect(await searchMerchants(watched, at('averageScore', 1), scope, remember)).toEqual(alone);
        expect(asked).toHaveLength(1);
      });

      it("tests the state in the location index's entries, as it tests the programs", async () => {
        const { rows: counts } = await db.query<{ code: string; terms: number; columns: number }>(
          `select code,
             (select count(*)::int from merchants where scope_terms @@ quote_literal(term)::tsquery) as terms,
             (select count(*)::int from merchants
               where country_code = split_part(code, ':', 1) and state_code = coalesce(state, state_code))
               as columns
           from (values ('US:TX', 'TX', 'region:US:TX'), ('CA:ON', 'ON', 'region:CA:ON'),
             ('CA', null, 'country:CA')) as codes(code, state, term)`,
        );
        expect(counts).toHaveLength(3);
        for (const { code, terms, columns } of counts) {
          expect(columns, code).toBeGreaterThan(0);
          expect(terms, code).toBe(columns);
        }
        // A listing's terms follow its place when it changes.
        const [listing] = bruteForce(programs, { location: 'Texas' });
        const moved = await db
          .transaction(async (tx) => {
            await tx.query(`update merchants set state_code = 'OK' where id = $1`, [listing!.id]);
            const { rows } = await tx.query<{ terms: string }>(
              'select scope_terms::text as terms from merchants where id = $1',
              [listing!.id],
            );
            throw Object.assign(new Error('rolled back'), { terms: rows[0]!.terms });
          })
          .catch((error: { terms?: string }) => error.terms);
        expect(moved).toContain("'region:US:OK'");
        expect(moved).not.toContain("'region:US:TX'");
      });
    });

    it('accepts a ZIP, a Canadian postal code and a lat,lon pair', async () => {
      for (const location of ['10001', 'M5V 3L9', '40.7128,-74.006']) {
        const { status, body } = await search({ location, sort: 'distance' });
        expect(status).toBe(200);
        expect(body.totalHits).toBe(bruteForce([PROGRAMS.spa], { location }).length);
        expect(body.items[0]!.distance).toBeLessThanOrEqual(50);
      }
    });

    it('searches the whole scope without a location, with no distances', async () => {
      const { body } = await search({ sort: 'distance' });
      expect(body.totalHits).toBe(counted(bruteForce([PROGRAMS.spa], {}).length));
      expect(body.items.every((item) => item.distance === null)).toBe(true);
    });

    it('orders a search without a place by distance, or by relevance without keywords, as by rating', async () => {
      const expected = bestRated(bruteForce([PROGRAMS.spa], {}));
      expect(expected.length).toBeGreaterThan(SEARCH_COUNT_CAP);
      for (const sort of ['averageScore', 'distance', 'relevance'] as const) {
        const { body } = await search({ sort, size: 24 });
        expect(
          body.items.map((item) => item.merchantId),
          sort,
        ).toEqual(expected.slice(0, 24).map((row) => row.id));
        expect(body.totalHits, sort).toBe(SEARCH_COUNT_CAP);
      }
    });

    it('ranks the cap + 1 best rated matches of its keywords by relevance, without a place', async () => {
      const cap = 9;
      const programs = [PROGRAMS.spa];
      const criteria = {
        keywords: 'massage',
        plan: await keywordPlan(db, 'massage', { programs }),
        area: null,
        hasOffers: false,
        filters: {},
      };
      const matches = bruteForce(programs, { keywordPattern: /\bmassag/i });
      expect(matches.length).toBeGreaterThan(cap + 1);
      const best = bestRated(matches)
        .slice(0, cap + 1)
        .map((row) => row.id)
        .sort((a, b) => a - b);
      const statement = searchStatement(criteria, { sort: 'relevance', page: 0, size: 100 }, programs, cap);
      const { rows: ranked } = await db.query<SearchRow>(statement.text, statement.values);
      expect(ranked.map((row) => row.id).sort((a, b) => a - b)).toEqual(best);
      expect(ranked.every((row) => row.total_hits === cap + 1)).toBe(true);
      const ranks = ranked.map((row) => row.rank);
      expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    });

    describe('keywords rare in the scope, without a place: read by rating tier (migrations 028, 034)', () => {
      const programs = [PROGRAMS.spa];
      /** The rating tier of each listing (rating_tier: 4 the narrowest, 0 none), by id. */
      let tierOf: Map<number, number>;
      beforeAll(async () => {
        const { rows } = await db.query<{ id: number; tier: number }>(
          'select id, rating_tier(average_score, total_reviews) as tier from merchants',
        );
        tierOf = new Map(rows.map((row) => [row.id, row.tier]));
      });

      it('puts a listing in every tier its score, then its reviews, reach', async () => {
        // [score, reviews, the narrowest tier: 4 rated 5 with 100 reviews, 3 with 10, 2 rated 4.8,
        // 1 rated 4.5, 0 none]
        const cases: [number | null, number | null, number][] = [
          [5, 100, 4],
          [5, 99, 3],
          [5, 9, 2],
          [4.9, 5000, 2],
          [4.8, 0, 2],
          [4.7, 1200, 1],
          [4.5, 0, 1],
          [4.4, 1200, 0],
          [0, 0, 0],
          [null, 100, 0],
          [5.5, null, 4],
        ];
        for (const [score, reviews, tier] of cases) {
          const { rows } = await db.query<{ tier: number }>('select rating_tier($1::real, $2::int) as tier', [
            score,
            reviews,
          ]);
          expect(rows[0]!.tier, `${score}, ${reviews}`).toBe(tier);
        }
      });

      it('ranks the same best rated cap + 1 whichever tier holds them, or none', async () => {
        const matches = bestRated(bruteForce(programs, { keywordPattern: /\bmassag/i }));
        const tiers = [4, 3, 2, 1];
        const inTier = tiers.map((tier) => matches.filter((row) => tierOf.get(row.id)! >= tier).length);
        // Each tier is an upper set of the rating order: its matches are the first of all.
        tiers.forEach((tier, index) =>
          expect(
            matches.slice(0, inTier[index]).every((row) => tierOf.get(row.id)! >= tier),
            `tier ${tier}`,
          ).toBe(true),
        );
        // Caps that the narrowest tier fills, then each wider one, then none (all matches read).
        const caps = [...inTier.map((n) => n - 1), matches.length + 5].filter((cap) => cap > 0);
        const answeredBy = new Set<number>();
        for (const cap of caps) {
          answeredBy.add(inTier.findIndex((n) => n >= cap + 1));
          // Every tier read: the vocabulary counts the word a hundred times past the cap.
          const criteria = await massageCountedAs(100 * (cap + 1));
          const statement = searchStatement(
            criteria,
            { sort: 'relevance', page: 0, size: 2000 },
            programs,
            cap,
          );
          expect(statement.text).toContain('rating_tier(');
          const { rows } = await db.query<SearchRow>(statement.text, statement.values);
          const best = matches.slice(0, cap + 1).map((row) => row.id);
          expect(
            rows.map((row) => row.id).sort((a, b) => a - b),
            `cap ${cap}`,
          ).toEqual(best.sort((a, b) => a - b));
          expect(rows.every((row) => row.total_hits === Math.min(cap + 1, matches.length))).toBe(true);
          const ranks = rows.map((row) => row.rank);
          expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
        }
        // The narrowest tier, a wider one, and no tier (-1) answered.
        expect(answeredBy).toContain(0);
        expect(answeredBy).toContain(-1);
        expect(answeredBy.size).toBeGreaterThanOrEqual(3);
      });

      it('counts them by tier too, as many as a count to the cap finds', async () => {
        // The bitmap of every listing of the scope with the words, read whole for a count that
        // stops at cap + 1, took 30-47 ms for the wellness card's '"deep tissue"' at a million.
        const matches = bruteForce(programs, { keywordPattern: /\bmassag/i });
        const criteria = await massageCountedAs(100 * matches.length);
        for (const cap of [5, Math.floor(matches.length / 2), matches.length + 5]) {
          const statement = countStatement(criteria, programs, cap);
          expect(statement.text).toContain('rating_tier(');
          const { rows } = await db.query<{ total_hits: number }>(statement.text, statement.values);
          expect(rows[0]!.total_hits, `cap ${cap}`).toBe(Math.min(cap + 1, matches.length));
        }
      });

      it('reads its pages by rating by tier too, each as the rating order has it', async () => {
        const matches = bestRated(bruteForce(programs, { keywordPattern: /\bmassag/i }));
        expect(matches.length).toBeGreaterThan(36);
        // Every tier kept. A page reads through its end; a search not counted yet reads the cap + 1
        // by tier for its page, and counts them on the way (one statement, not two).
        const criteria = await massageCountedAs(100 * (SEARCH_COUNT_CAP + 1));
        for (const number of [0, 1, 2]) {
          const page = { sort: 'averageScore', page: number, size: 12 } as const;
          const expected = matches.slice(12 * number, 12 * (number + 1)).map((row) => row.id);
          for (const countOnTheWay of [false, true]) {
            const statement = searchStatement(criteria, page, programs, SEARCH_COUNT_CAP, { countOnTheWay });
            expect(statement.text.match(/rating_tier\(/g)).toHaveLength(4);
            expect(statement.counts).toBe(countOnTheWay);
            const { rows } = await db.query<SearchRow>(statement.text, statement.values);
            expect(
              rows.map((row) => row.id),
              `page ${number}`,
            ).toEqual(expected);
            if (countOnTheWay)
              expect(rows[0]!.total_hits).toBe(Math.min(matches.length, SEARCH_COUNT_CAP + 1));
          }
        }
      });

      it('reads two words, or a phrase, by tier however common each word is: few listings, or none, may have both', async () => {
        // Each word counted in every listing of a million: alone, read in the rating index's order;
        // together, by tier (the wellness card's 'yoga massage', none with both, read that whole
        // index: 3 s at a million listings).
        const common = { uses: 1_000_000, usesInScope: 1_000_000, listings: 1_000_000 };
        const countedAsCommon = async (keywords: string) => {
          const plan = (await keywordPlan(db, keywords, { programs }))!;
          return { keywords, plan: { ...plan, reach: common }, area: null, hasOffers: false, filters: {} };
        };
        const page = { sort: 'averageScore', page: 0, size: 12 } as const;
        const alone = await countedAsCommon('massage');
        expect(searchStatement(alone, page, programs).text).not.toContain('rating_tier(');
        expect(countStatement(alone, programs, SEARCH_COUNT_CAP).text).not.toContain('rating_tier(');
        const both = await countedAsCommon('yoga massage');
        const matches = bestRated(
          bruteForce(programs, { keywordPattern: /^(?=[\s\S]*\byoga)[\s\S]*\bmassag/i }),
        );
        expect(matches.length).toBeGreaterThan(12);
        const statement = searchStatement(both, page, programs);
        expect(statement.text).toContain('rating_tier(');
        const { rows } = await db.query<SearchRow>(statement.text, statement.values);
        expect(rows.map((row) => row.id)).toEqual(matches.slice(0, 12).map((row) => row.id));
        const counting = countStatement(both, programs, SEARCH_COUNT_CAP);
        expect(counting.text).toContain('rating_tier(');
        const { rows: totals } = await db.query<CountRow>(counting.text, counting.values);
        expect(totals[0]!.total_hits).toBe(Math.min(matches.length, SEARCH_COUNT_CAP + 1));
        // So is a quoted phrase of two words: its words may be common and the phrase rare (the spa
        // network's '"yoga spa"', 85 listings of a million, read in the rating index's order
        // through the whole table: 3.4 s). A quoted word alone is not.
        const phrase = await countedAsCommon('"massage therapy"');
        const { rows: inOrder } = await db.query<{ id: number }>(
          `select id from merchants m
           where m.tsv @@ phraseto_tsquery('english', 'massage therapy')
             and m.included_programs && $1::text[] and not m.excluded_programs && $1::text[]
             and m.status = 'APPROVED' and not m.non_searchable
           order by m.average_score desc, m.total_reviews desc, m.id`,
          [programs],
        );
        expect(inOrder.length).toBeGreaterThan(12);
        const read = searchStatement(phrase, page, programs);
        expect(read.text).toContain('rating_tier(');
        const { rows: phrased } = await db.query<SearchRow>(read.text, read.values);
        expect(phrased.map((row) => row.id)).toEqual(inOrder.slice(0, 12).map((row) => row.id));
        const quotedWord = await countedAsCommon('"massage"');
        expect(searchStatement(quotedWord, page, programs).text).not.toContain('rating_tier(');
        // Nor is a phrase left out: the search is its one common word.
        const without = await countedAsCommon('massage -"hot stone"');
        expect(searchStatement(without, page, programs).text).not.toContain('rating_tier(');
      });

      it('tests a hyphenated word by its lexeme, and a synonym that holds a typed word as its words anywhere', async () => {
        // A phrase needs positions, which the keyword index does not hold: every listing it finds
        // is read again to test them, with the rest of the index's condition (the local
        // directory's 'walk-in' at a million listings: 3,500 listings in 15 ms of 38, before
        // migration 034). 'walk-in' is the lexeme 'walk-in'
        // before 'walk'; 'nail salon' is ('nail' or 'nail salon' or 'manicure') and 'salon', where
        // any listing with 'nail' and 'salon' has 'nail'. 'med spa' or 'medical spa' stay phrases.
        const common = { uses: 1_000_000, usesInScope: 1_000_000, listings: 1_000_000 };
        const page = { sort: 'averageScore', page: 0, size: 12 } as const;
        const anyOf = (texts: string[]) =>
          `(${texts.map((text) => `phraseto_tsquery('english', '${text}')`).join(' || ')})`;
        const cases = [
          { keywords: 'walk-in', query: `websearch_to_tsquery('english', 'walk-in')`, phrase: false },
          {
            keywords: 'anti-aging facial',
            query: `websearch_to_tsquery('english', 'anti-aging facial')`,
            phrase: false,
          },
          {
            keywords: 'nail salon',
            exact: ['nail', 'nail salon', 'manicure'],
            query: `${anyOf(['nail', 'nail salon', 'manicure'])} && ${anyOf(['salon'])}`,
            phrase: false,
          },
          {
            keywords: 'nails',
            exact: ['nails', 'nail salon', 'manicure'],
            query: anyOf(['nails', 'nail salon', 'manicure']),
            phrase: false,
          },
          {
            keywords: 'med spa',
            exact: ['med spa', 'medical spa'],
            query: anyOf(['med spa', 'medical spa']),
            phrase: true,
          },
        ];
        for (const { keywords, exact, query, phrase } of cases) {
          const plan = (await keywordPlan(db, keywords, { programs }))!;
          if (exact) expect(plan.groups[0]!.exact).toEqual(exact);
          else expect(plan.rewritten).toBe(false);
          const { rows: expected } = await db.query<{ id: number }>(
            `select id from merchants m
             where m.tsv @@ (${query})
               and m.included_programs && $1::text[] and not m.excluded_programs && $1::text[]
               and m.status = 'APPROVED' and not m.non_searchable
             order by m.average_score desc, m.total_reviews desc, m.id`,
            [programs],
          );
          expect(expected.length, keywords).toBeGreaterThan(12);
          // As the seed counts the words (the keyword index by itself), and counted as common (by tier).
          for (const reach of [plan.reach, common]) {
            const criteria = {
              keywords,
              plan: { ...plan, reach },
              area: null,
              hasOffers: false,
              filters: {},
            };
            const statement = searchStatement(criteria, page, programs);
            const { rows } = await db.query<SearchRow>(statement.text, statement.values);
            expect(
              rows.map((row) => row.id),
              keywords,
            ).toEqual(expected.slice(0, 12).map((row) => row.id));
            const counting = countStatement(criteria, programs, SEARCH_COUNT_CAP);
            const { rows: totals } = await db.query<CountRow>(counting.text, counting.values);
            expect(totals[0]!.total_hits, keywords).toBe(Math.min(expected.length, SEARCH_COUNT_CAP + 1));
            const plans = await explainAsRun(db, statement, {
              options: 'costs off',
              settings: 'set local enable_seqscan = off',
            });
            // However the listings are read, their keywords are tested without positions.
            const tests = plans
              .map((row) => (row as { 'QUERY PLAN': string })['QUERY PLAN'])
              .filter((line) => /tsv @@@/.test(line));
            expect(tests.length, keywords).toBeGreaterThan(0);
            expect(
              tests.some((line) => /<\d*-?>/.test(line)),
              keywords,
            ).toBe(phrase);
          }
        }
      });

      it('skips a wider tier that the tiers read before it say cannot fill the page', async () => {
        // Words no listing has together read the narrowest tier, find none, and go to the whole
        // scope: reading every tier between cost the wellness card's 'yoga massage' 34 ms of 60 at
        // a million listings, each scan intersecting both words' posting lists again.
        const keywords = 'massage zzqxjv';
        const plan = (await keywordPlan(db, keywords, { programs, exact: true }))!;
        const common = { uses: 1_000_000, usesInScope: 1_000_000, listings: 1_000_000 };
        const criteria = {
          keywords,
          plan: { ...plan, reach: common },
          area: null,
          hasOffers: false,
          filters: {},
        };
        const scans = async (statement: { text: string; values: unknown[] }) => {
          const rows = await explainAsRun(db, statement, { options: 'analyze, costs off, timing off' });
          const lines = rows.map((row) => (row as { 'QUERY PLAN': string })['QUERY PLAN']);
          const reads = lines.filter((line) => /Bitmap Index Scan on merchants_terms/.test(line));
          return { read: reads.filter((line) => !/never executed/.test(line)).length, of: reads.length };
        };
        const page = searchStatement(criteria, { sort: 'averageScore', page: 0, size: 12 }, programs);
        expect(page.text).toContain('rating_tier(');
        expect((await db.query<SearchRow>(page.text, page.values)).rows).toEqual([]);
        // Four tiers and the scope written; the narrowest tier and the scope read.
        expect(await scans(page)).toEqual({ read: 2, of: 5 });
      });

      it('reads a partial match as the best rated with any group, and beside them those with more', async () => {
        // Unbounded, it read and ranked every listing with any of the words ('zzzz massage' for the
        // wellness card: 540 ms at a million listings). With a cap of 5 here the bound shows: the
        // listings with two groups of three come first all the same, however they are rated.
        const keywords = 'yoga massage zzqxjv';
        const plan = (await keywordPlan(db, keywords, { programs }))!;
        const criteria = { keywords, plan, area: null, hasOffers: false, filters: {}, partial: true };
        const ids = (keywordPattern: RegExp) =>
          new Set(bruteForce(programs, { keywordPattern }).map((row) => row.id));
        const [yoga, massage] = [ids(/\byoga/i), ids(/\bmassag/i)];
        const any = bestRated(bruteForce(programs, { keywordPattern: /\b(yoga|massag)/i }));
        const both = any.filter((row) => yoga.has(row.id) && massage.has(row.id));
        const cap = 5;
        expect(both.length).toBeGreaterThan(0);
        expect(any.length).toBeGreaterThan(10 * (cap + 1));
        for (const sort of ['relevance', 'averageScore'] as const) {
          const statement = searchStatement(criteria, { sort, page: 0, size: 2000 }, programs, cap);
          const { rows } = await db.query<SearchRow>(statement.text, statement.values);
          const read = new Set([...any.slice(0, cap + 1), ...both.slice(0, cap + 1)].map((row) => row.id));
          expect(new Set(rows.map((row) => row.id)), sort).toEqual(read);
          expect(rows.every((row) => row.total_hits === read.size)).toBe(true);
          const first = Math.min(both.length, cap + 1);
          expect(new Set(rows.slice(0, first).map((row) => row.id)), sort).toEqual(
            new Set(both.slice(0, first).map((row) => row.id)),
          );
        }
      });

      it('reads a word no listing of the scope has through the keyword index alone: no match', async () => {
        // A word of other programs' listings only. In the rating index's order a page by rating
        // read the whole table for it (past the 5 s statement timeout at a million listings).
        const scope = [PROGRAMS.wellness];
        const word = (await wordsAbsentFrom(scope, 1))[0]!;
        expect(bruteForce(scope, { keywordPattern: new RegExp(`\\b${word}\\b`, 'i') })).toEqual([]);
        expect(
          bruteForce(programs, { keywordPattern: new RegExp(`\\b${word}\\b`, 'i') }).length,
        ).toBeGreaterThan(0);
        const plan = (await keywordPlan(db, word, { programs: scope, exact: true }))!;
        expect(plan.reach?.usesInScope).toBe(0);
        const criteria = { keywords: word, plan, area: null, hasOffers: false, filters: {} };
        for (const sort of ['averageScore', 'relevance'] as const) {
          const statement = searchStatement(criteria, { sort, page: 0, size: 12 }, scope);
          expect(statement.text, sort).not.toContain('rating_tier(');
          expect(statement.text, sort).toContain('scope_terms @@');
          expect((await db.query<SearchRow>(statement.text, statement.values)).rows, sort).toEqual([]);
        }
      });

      it("reads an 'or' of words rare in the scope by tier too, finding what the rating order finds", async () => {
        // Two words of other programs' listings only, and a word the scope has a little.
        const scope = [PROGRAMS.wellness];
        const absent = await wordsAbsentFrom(scope, 2);
        const { rows: rare } = await db.query<{ word: string }>(
          `select word from search_vocabulary where word ~ '^[a-z]{5,}$' and program = any ($1::text[])
           group by word having sum(listings) between 20 and 60 order by word limit 1`,
          [scope],
        );
        // Until the words of an 'or' were counted, without a place it read the rating index
        // through the whole table (past the 5 s statement timeout at a million listings).
        for (const words of [absent, [absent[0]!, rare[0]!.word]]) {
          const keywords = words.join(' or ');
          const plan = (await keywordPlan(db, keywords, { programs: scope }))!;
          expect(plan.reach, keywords).not.toBeNull();
          const page = { sort: 'averageScore', page: 0, size: 12 } as const;
          const criteria = { keywords, plan, area: null, hasOffers: false, filters: {} };
          const byTier = searchStatement(criteria, page, scope);
          expect(byTier.text, keywords).toContain('scope_terms @@');
          const inOrder = searchStatement({ ...criteria, plan: { ...plan, reach: null } }, page, scope);
          expect(inOrder.text, keywords).not.toContain('scope_terms @@');
          const ids = async (statement: Statement) =>
            (await db.query<SearchRow>(statement.text, statement.values)).rows.map((row) => row.id);
          expect(await ids(byTier), keywords).toEqual(await ids(inOrder));
        }
        // The rare word's listings are found (and not its absent partner's: none).
        const keywords = `${absent[0]!} or ${rare[0]!.word}`;
        const { body } = await search({ keywords }, wellness);
        expect(body.totalHits).toBeGreaterThan(0);
        expect((await search({ keywords: absent.join(' or ') }, wellness)).body.totalHits).toBe(0);
      });

      it('reads a plan that tests the order of words by tier only where it is rarer: a tenth of the table', async () => {
        // A synonym of two words' listings are each read to test the words' order, in the tiers
        // too. (The spa tenant's 'sauna' is 'sauna' or 'steam room': 'sauna' alone bounds it from
        // below, unlike a quoted phrase, which is always read by tier.)
        const synonyms = [{ terms: ['sauna', 'steam room'] }];
        const phrase = (await keywordPlan(db, 'sauna', { programs, synonyms }))!;
        expect(phrase.groups[0]!.exact).toEqual(['sauna', 'steam room']);
        const word = (await keywordPlan(db, 'massage', { programs }))!;
        const inScope = 100 * (SEARCH_COUNT_CAP + 1);
        const at = (plan: KeywordPlan, share: number, keywords: string) => ({
          keywords,
          plan: { ...plan, reach: { uses: inScope, usesInScope: inScope, listings: inScope / share } },
          area: null,
          hasOffers: false,
          filters: {},
        });
        const page = { sort: 'averageScore', page: 0, size: 12 } as const;
        const statement = (criteria: ReturnType<typeof at>) => searchStatement(criteria, page, programs);
        expect(statement(at(word, 0.2, 'massage')).text).toContain('rating_tier(');
        expect(statement(at(phrase, 0.2, 'sauna')).text).not.toContain('rating_tier(');
        const byTier = statement(at(phrase, 0.05, 'sauna'));
        expect(byTier.text).toContain('rating_tier(');
        const inOrder = searchStatement(
          { ...at(phrase, 0.05, 'sauna'), plan: { ...phrase, reach: null } },
          page,
          programs,
        );
        const ids = async ({ text, values }: Statement) =>
          (await db.query<SearchRow>(text, values)).rows.map((row) => row.id);
        const found = await ids(inOrder);
        expect(found).toHaveLength(12);
        expect(await ids(byTier)).toEqual(found);
      });

      it('leaves out the tiers its vocabulary count could not fill, with the same answer', async () => {
        const cap = 9;
        const page = { sort: 'relevance' as const, page: 0, size: 100 };
        const everyTier = searchStatement(await massageCountedAs(100 * (cap + 1)), page, programs, cap);
        const noTier = searchStatement(await massageCountedAs(cap), page, programs, cap);
        expect(everyTier.text.match(/rating_tier\(/g)).toHaveLength(4);
        expect(noTier.text).not.toContain('rating_tier(');
        expect(noTier.text).toContain('scope_terms @@');
        const ids = async (statement: Statement) =>
          (await db.query<SearchRow>(statement.text, statement.values)).rows.map((row) => row.id).sort();
        expect(await ids(noTier)).toEqual(await ids(everyTier));
      });
    });

    it('counts to 1,000 and then says there are more, with pages up to the 1,000th listing', async () => {
      const everything = bruteForce([PROGRAMS.spa], {}).length;
      expect(everything).toBeGreaterThan(SEARCH_COUNT_CAP);
      const { body } = await search({});
      expect(body.totalHits).toBe(SEARCH_COUNT_CAP);
      expect(body.moreHits).toBe(true);
      expect(body.totalPages).toBe(Math.ceil(SEARCH_COUNT_CAP / 12));
      const last = await search({ page: body.totalPages - 1 });
      expect(last.body.items).toHaveLength(SEARCH_COUNT_CAP - 12 * (body.totalPages - 1));
      expect(last.body.nextPageUrl).toBeNull();
      // Under the cap, the count is exact and says nothing more.
      const near = await search({ location: 'New York, NY', distance: 10 });
      expect(near.body.totalHits).toBe(
        bruteForce([PROGRAMS.spa], { location: 'New York, NY', distance: 10 }).length,
      );
      expect(near.body.moreHits).toBeUndefined();
    });

    it('counts a radius up to the cap, plainly or guarded, whether its box holds mostly matches or not', async () => {
      const programs = [PROGRAMS.spa];
      // Radii that hold few or many listings, in boxes that hold more or many more around them.
      const places = ['New York, NY', 'Newark, NJ', 'Philadelphia, PA', 'Los Angeles, CA', 'Valencia, CA'];
      const ways = { box: 0, walk: 0, walkToEdge: 0 };
      for (const location of places) {
        for (const miles of [5, 25, 50]) {
          const matches = bruteForce(programs, { location, distance: miles }).length;
          for (const cap of [0, 2, 9, 40, SEARCH_COUNT_CAP]) {
            const criteria = {
              keywords: '',
              area: resolveSearchArea(location, miles),
              hasOffers: false,
              filters: {},
            };
            const expected = { total_hits: Math.min(matches, cap + 1), has_exact: matches > 0 };
            for (const guardBox of [false, true]) {
              const count = countStatement(criteria, programs, cap, { guardBox });
              const { rows: totals } = await db.query<CountRow>(count.text, count.values);
              expect(totals[0], `${location}, ${miles} miles, cap ${cap}, ${guardBox}`).toEqual(expected);
              if (!guardBox) continue;
              // Whether the guarded count gave the box up and walked the radius nearest first.
              const { rows: plan } = await db.query<{ 'QUERY PLAN': string }>(
                `explain (analyze, costs off, timing off) ${count.text}`,
                count.values,
              );
              const lines = plan.map((line) => line['QUERY PLAN']);
              const walk = lines.findIndex((line) => /Order By: /.test(line));
              const walked = walk >= 0 && !/never executed/.test(lines.slice(walk - 2, walk + 1).join(' '));
              ways[walked ? 'walk' : 'box'] += 1;
              // A walk that ends at the radius's edge, before the cap.
              if (walked && matches <= cap) ways.walkToEdge += 1;
            }
          }
        }
      }
      // The guarded count took each way, so the cases above hold each one's answers.
      expect(ways.box).toBeGreaterThan(0);
      expect(ways.walk).toBeGreaterThan(0);
      expect(ways.walkToEdge).toBeGreaterThan(0);
    });
  });

  describe('filters', () => {
    const near = { location: 'Los Angeles, CA' };
    const cases: [string, SearchCase][] = [
      ['hasOffers (parameter)', { ...near, hasOffers: true }],
      ['hasOffers (filter)', { ...near, filters: { hasOffers: true } }],
      ['averageScore at least', { ...near, filters: { averageScore: 4 } }],
      ['businessTypes, any of', { ...near, filters: { businessTypes: ['Day Spa', 'Medical Spa'] } }],
      ['includedPrograms', { ...near, filters: { includedPrograms: [PROGRAMS.local] } }],
      ['services.options', { ...near, filters: { 'services.options': ['Swedish Massage', 'Botox'] } }],
      ['services.category', { ...near, filters: { 'services.category': ['Facials'] } }],
      ['location.countryCode', { filters: { 'location.countryCode': ['CA'] } }],
      ['location.stateOrProvince (name)', { filters: { 'location.stateOrProvince': ['Ontario', 'Texas'] } }],
      ['location.stateOrProvince (code)', { filters: { 'location.stateOrProvince': ['ON'] } }],
      ['subscriptionTierDisplayName', { ...near, filters: { subscriptionTierDisplayName: 'Elite' } }],
      ['Featured Merchant', { filters: { 'promotions.promotionTypeName': PROMOTION_TYPES.featured } }],
      ['Travel Destinations', { filters: { 'promotions.promotionTypeName': PROMOTION_TYPES.travel } }],
      [
        'several at once',
        { ...near, hasOffers: true, filters: { averageScore: 3, 'services.category': ['Massages'] } },
      ],
    ];

    it.each(cases)('%s narrows to exactly the matching listings', async (_name, query) => {
      const expected = bruteForce([PROGRAMS.spa], query);
      const unfiltered = bruteForce([PROGRAMS.spa], { location: query.location });
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(unfiltered.length);
      const items = await allItems(query);
      expect(ids(items)).toEqual(ids(expected));
      expect((await search(query)).body.totalHits).toBe(expected.length);
    });

    it('shows what the filters select on the cards', async () => {
      const featured = await allItems({
        filters: { 'promotions.promotionTypeName': PROMOTION_TYPES.featured },
      });
      expect(featured.every((item) => item.featured)).toBe(true);
      const offers = await allItems({ ...near, hasOffers: true });
      expect(offers.every((item) => item.offers.length > 0)).toBe(true);
      const rated = await allItems({ ...near, filters: { averageScore: 4 } });
      expect(rated.every((item) => item.averageScore >= 4)).toBe(true);
    });

    it('finds featured listings again without the location when there are none near it', async () => {
      const filters = { 'promotions.promotionTypeName': PROMOTION_TYPES.featured };
      const remote = await search({ location: 'Whitehorse, YT', distance: 10, filters });
      expect(remote.status).toBe(200);
      expect(remote.body.items).toEqual([]);
      const anywhere = await search({ filters });
      expect(anywhere.body.items.length).toBeGreaterThan(0);
    });
  });

  describe('keywords', () => {
    it('matches names, services and descriptions, stemmed', async () => {
      const plural = await search({ keywords: 'massages', size: 100 });
      const singular = await search({ keywords: 'Massage', size: 100 });
      expect(plural.body.totalHits).toBeGreaterThan(0);
      expect(plural.body.totalHits).toBe(singular.body.totalHits);
      expect(plural.body.totalHits).toBe(
        counted(bruteForce([PROGRAMS.spa], { keywordPattern: /\bmassag/i }).length),
      );
      for (const item of plural.body.items) expect(item.score).toBeGreaterThan(0);
      const scores = plural.body.items.map((item) => item.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    });

    it('ranks a match in the name above one in the description', async () => {
      const { body } = await search({ keywords: 'yoga', size: 5 });
      expect(body.items[0]!.name).toMatch(/yoga/i);
    });

    it('combines keywords with a radius and filters', async () => {
      const query = { location: 'New York, NY', keywords: 'facial', filters: { averageScore: 3 } };
      const { body } = await search(query);
      const expected = bruteForce([PROGRAMS.spa], { ...query, keywordPattern: /\bfacial/i });
      expect(body.totalHits).toBe(expected.length);
    });

    describe('within a radius, through either index (radiusIndex)', () => {
      const programs = [PROGRAMS.spa];
      /** One page of every match (fewer than SEARCH_COUNT_CAP here). */
      const page = (sort: SortType) => ({ sort, page: 0, size: SEARCH_COUNT_CAP });
      /** A 'massage' search near New York whose plan says the word is common, or rare. */
      const near = async (uses: number) => {
        const plan = await keywordPlan(db, 'massage', { programs });
        const reach = { uses, usesInScope: uses, listings: LISTINGS };
        const area = resolveSearchArea('New York, NY', 50);
        return { keywords: 'massage', plan: { ...plan!, reach }, area, hasOffers: false, filters: {} };
      };
      const common = () => near(LISTINGS);
      const rare = () => near(1);
      const rows = async (statement: { text: string; values: unknown[] }) =>
        (await db.query<SearchRow>(statement.text, statement.values)).rows;

      it('takes the location index for a common word and the keyword index for a rare one', async () => {
        expect(radiusIndex((await common()).plan)).toBe('location');
        expect(radiusIndex((await rare()).plan)).toBe('keywords');
        // The plan's own estimate: the listings with the stem ('massag'), by program (migration
        // 031), of every program and of the caller's.
        const { reach } = (await keywordPlan(db, 'massage', { programs }))!;
        const { rows: counted } = await db.query<{ uses: number; in_scope: number; listings: number }>(
          `select sum(listings)::int as uses,
            (sum(listings) filter (where program = $1))::int as in_scope,
            (select count(*)::int from merchants) as listings
           from search_lexeme_uses where lexeme = 'massag'`,
          [PROGRAMS.spa],
        );
        expect(counted[0]!.in_scope).toBeGreaterThan(0);
        expect(counted[0]!.uses).toBeGreaterThan(counted[0]!.in_scope);
        // The table's size as the planner knows it (the seed analyses the table).
        expect(reach).toEqual({
          uses: counted[0]!.uses,
          usesInScope: counted[0]!.in_scope,
          listings: counted[0]!.listings,
        });
        // A word no listing of the caller's programs has reaches none of them.
        expect((await keywordPlan(db, 'zzqxj', { programs }))!.reach).toMatchObject({ usesInScope: 0 });
      });

      it("estimates a synonym's listings too: 'med spa' reaches at least every listing it finds", async () => {
        // Every tenant reads 'med spa' as 'med spa' or 'medical spa' (the built-in synonyms).
        const plan = (await keywordPlan(db, 'med spa', { programs }))!;
        expect(plan.groups[0]!.exact).toEqual(['med spa', 'medical spa']);
        const { totalHits } = (await search({ keywords: 'med spa' })).body;
        const { body: medical } = await search({ keywords: '"medical spa"' });
        // More listings say 'medical spa' than use 'med' at all: 'med' alone cannot bound them.
        expect(medical.totalHits).toBeGreaterThan(
          (await keywordPlan(db, 'med', { programs }))!.reach!.usesInScope,
        );
        expect(totalHits).toBeLessThan(SEARCH_COUNT_CAP);
        expect(plan.reach!.usesInScope).toBeGreaterThanOrEqual(totalHits);
      });

      it("walks to the radius's edge for a word the scope lacks that other programs' listings have", async () => {
        // The most used word of the spa network's listings that no wellness listing has.
        const scope = [PROGRAMS.wellness];
        const word = (await wordsAbsentFrom(scope, 1))[0]!;
        const plan = (await keywordPlan(db, word, { programs: scope, exact: true }))!;
        expect(plan.reach).toMatchObject({ usesInScope: 0 });
        // Through the keyword index it would read every one of them (134,000 at a million listings:
        // 330 ms near Austin); the walk reads the radius's listings (20 ms), fewer however dense.
        expect(plan.reach!.uses).toBeGreaterThan(0.12 * LISTINGS);
        const area = resolveSearchArea('New York, NY', 50);
        expect(radiusIndex(plan, area)).toBe('location');
        // Few of them: the keyword index.
        expect(radiusIndex({ ...plan, reach: { ...plan.reach!, uses: 10 } }, area)).toBe('keywords');
        const criteria = { keywords: word, plan, area, hasOffers: false, filters: {} };
        const statement = searchStatement(criteria, { sort: 'relevance', page: 0, size: 12 }, scope);
        expect((await db.query<SearchRow>(statement.text, statement.values)).rows).toEqual([]);
      });

      /** A word's reach, as typed (no corrections). */
      const counted = async (word: string, scope = programs) =>
        (await keywordPlan(db, word, { programs: scope, exact: true }))!.reach!;

      it("bounds keywords with 'or' by their alternatives, as websearch_to_tsquery reads them", async () => {
        const massage = await counted('massage');
        const facial = await counted('facial');
        const zzqxj = await counted('zzqxj');
        // 'a or b': either; 'a b or c': both of a and b, or c.
        const either = (await keywordPlan(db, 'massage or facial', { programs }))!;
        expect(either.groups).toEqual([]);
        expect(either.reach).toEqual({
          uses: massage.uses + facial.uses,
          usesInScope: massage.usesInScope + facial.usesInScope,
          listings: LISTINGS,
        });
        const { body } = await search({ keywords: 'massage or facial' });
        expect(either.reach!.usesInScope).toBeGreaterThanOrEqual(body.totalHits);
        const rarer = [massage, facial].reduce((a, b) => (b.usesInScope < a.usesInScope ? b : a));
        expect((await keywordPlan(db, 'massage facial or zzqxj', { programs }))!.reach).toMatchObject({
          usesInScope: rarer.usesInScope + zzqxj.usesInScope,
        });
        // A negation alone matches nearly every listing: nothing bounds it.
        expect((await keywordPlan(db, 'massage or -facial', { programs }))!.reach).toBeNull();
      });

      it("bounds a quoted phrase by its rarest word, and the spa tenant's 'sauna' by 'steam room' too", async () => {
        const hot = await counted('hot');
        const stone = await counted('stone');
        const phrase = (await keywordPlan(db, '"hot stone"', { programs }))!;
        expect(phrase.reach!.usesInScope).toBe(Math.min(hot.usesInScope, stone.usesInScope));
        expect(phrase.reach!.usesInScope).toBeGreaterThanOrEqual(
          (await search({ keywords: '"hot stone"' })).body.totalHits,
        );
        expect((await keywordPlan(db, '"hot stone" or zzqxj', { programs }))!.reach).toMatchObject({
          usesInScope: Math.min(hot.usesInScope, stone.usesInScope),
        });
        // A synonym's words were not looked up: the search had no estimate at all.
        const { synonyms } = builtInTenants.spa!.searchEnvironment;
        const sauna = (await keywordPlan(db, 'sauna', { programs, synonyms }))!;
        expect(sauna.groups[0]!.exact).toEqual(['sauna', 'steam room']);
        const alone = await counted('sauna');
        const steam = await counted('steam');
        const room = await counted('room');
        expect(sauna.reach!.usesInScope).toBe(
          alone.usesInScope + Math.min(steam.usesInScope, room.usesInScope),
        );
        const { body } = await search({ keywords: 'sauna' });
        expect(sauna.reach!.usesInScope).toBeGreaterThanOrEqual(body.totalHits);
      });

      it.each(['relevance', 'distance', 'averageScore'] as const)(
        'finds the same page sorted by %s through both, as the brute force does',
        async (sort) => {
          const [byLocation, byKeywords] = [
            await rows(searchStatement(await common(), page(sort), programs)),
            await rows(searchStatement(await rare(), page(sort), programs)),
          ];
          const expected = bruteForce(programs, { location: 'New York, NY', keywordPattern: /\bmassag/i });
          expect(expected.length).toBeGreaterThan(12);
          expect(expected.length).toBeLessThanOrEqual(SEARCH_COUNT_CAP);
          const byId = (a: number, b: number) => a - b;
          expect(byLocation.map((row) => row.id).sort(byId)).toEqual(
            expected.map((row) => row.id).sort(byId),
          );
          expect(byKeywords.map((row) => [row.id, row.rank])).toEqual(
            byLocation.map((row) => [row.id, row.rank]),
          );
        },
      );

      it('walks the programs of the caller whatever their names (quotes and backslashes too)', async () => {
        const odd = "O'Hara\\Spa";
        const [first] = bruteForce(programs, { location: 'New York, NY', keywordPattern: /\bmassag/i });
        const statement = searchStatement(await common(), page('distance'), [odd]);
        // In a transaction that is rolled back: the other tests see the seed as it was.
        const found = await db
          .transaction(async (tx) => {
            await tx.query('update merchants set included_programs = array[$1] where id = $2', [
              odd,
              first!.id,
            ]);
            const { rows: hits } = await tx.query<SearchRow>(statement.text, statement.values);
            throw Object.assign(new Error('rolled back'), { hits });
          })
          .catch((error: { hits?: SearchRow[] }) => error.hits);
        expect(found?.map((row) => row.id)).toEqual([first!.id]);
      });

      it('ranks the nearest matches only: the cap + 1 nearest, sorted as asked', async () => {
        const cap = 9;
        const matches = bruteForce(programs, { location: 'New York, NY', keywordPattern: /\bmassag/i });
        const nearest = nearestFirst(matches, 'New York, NY')
          .slice(0, cap + 1)
          .map((row) => row.id)
          .sort((a, b) => a - b);
        for (const criteria of [await common(), await rare()]) {
          const ranked = await rows(searchStatement(criteria, page('relevance'), programs, cap));
          expect(ranked.map((row) => row.id).sort((a, b) => a - b)).toEqual(nearest);
          expect(ranked.every((row) => row.total_hits === cap + 1)).toBe(true);
          const ranks = ranked.map((row) => row.rank);
          expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
        }
      });
    });

    it('understands web search syntax: a minus excludes', async () => {
      const all = (await search({ keywords: 'yoga' })).body.totalHits;
      const without = (await search({ keywords: 'yoga -pilates' })).body.totalHits;
      expect(without).toBeGreaterThan(0);
      expect(without).toBeLessThan(all);
    });
  });

  describe('tenant scope', () => {
    it('never shows a wellness caller a listing outside its programs', async () => {
      const items = await allItems({}, wellness);
      expect(ids(items)).toEqual(ids(bruteForce([PROGRAMS.wellness], {})));
      for (const item of items) expect(item.includedPrograms).toContain(PROGRAMS.wellness);
      expect(items.every((item) => item.merchantUrl.startsWith('/site/'))).toBe(true);
    });

    it('does not find a spa-only listing by its name for the wellness tenant', async () => {
      const spaOnly = rows.find(
        (row) =>
          row.status === 'APPROVED' &&
          !row.non_searchable &&
          !row.included_programs.includes(PROGRAMS.wellness) &&
          /^[A-Z][a-z]+ [A-Z][a-z]+ (Day )?Spa$/.test(row.doc.name),
      )!;
      const keywords = `"${spaOnly.doc.name}"`;
      const asSpa = await search({ keywords, size: 100 }, spa);
      expect(asSpa.body.items.map((item) => item.merchantId)).toContain(spaOnly.id);
      const asWellness = await search({ keywords, size: 100 }, wellness);
      expect(asWellness.body.items.map((item) => item.merchantId)).not.toContain(spaOnly.id);
    });

    it('narrows to the includedPrograms header and refuses a foreign program', async () => {
      const local = await allItems({ location: 'Chicago, IL' }, { ...spa, includedprograms: PROGRAMS.spa });
      expect(local.every((item) => item.includedPrograms.includes(PROGRAMS.spa))).toBe(true);
      const foreign = await search({}, { ...wellness, includedprograms: PROGRAMS.spa });
      expect(foreign.status).toBe(400);
    });

    it('shows approved, searchable listings only', async () => {
      const items = await allItems({ location: 'Texas' });
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const item of items) {
        expect(byId.get(item.merchantId)!.status).toBe('APPROVED');
        expect(item.nonSearchable).toBe(false);
      }
    });
  });

  describe('paging', () => {
    const query = { location: 'Los Angeles, CA', sort: 'relevance' };

    it('pages without overlap, in the order of one big page', async () => {
      const pages = await Promise.all([0, 1, 2].map((page) => search({ ...query, page, size: 5 })));
      const paged = pages.flatMap(({ body }) => body.items.map((item) => item.merchantId));
      expect(new Set(paged).size).toBe(15);
      const big = await search({ ...query, size: 15 });
      expect(paged).toEqual(big.body.items.map((item) => item.merchantId));
      expect(pages.map(({ body }) => body.currentPage)).toEqual([0, 1, 2]);
    });

    it('links the next page until the last, and the request itself', async () => {
      const first = await search({ ...query, size: 5 });
      expect(first.body.requestUrl).toMatch(/^\/merchants\?/);
      expect(first.body.nextPageUrl).toMatch(/^\/merchants\?.*page=1/);
      const again = await get<SearchResult<ListingCard>>(`/api${first.body.requestUrl}`);
      expect(again.body.items).toEqual(first.body.items);
      const second = await get<SearchResult<ListingCard>>(`/api${first.body.nextPageUrl}`);
      const page1 = await search({ ...query, size: 5, page: 1 });
      expect(second.body.items).toEqual(page1.body.items);

      const lastPage = first.body.totalPages - 1;
      const last = await search({ ...query, size: 5, page: lastPage });
      expect(last.body.nextPageUrl).toBeNull();
      expect(last.body.items.length).toBe(first.body.totalHits - 5 * lastPage);
    });

    it('answers a page past the end with no items and the true totals', async () => {
      const first = await search({ ...query, size: 5 });
      const past = await search({ ...query, size: 5, page: first.body.totalPages + 3 });
      expect(past.status).toBe(200);
      expect(past.body.items).toEqual([]);
      expect(past.body.totalHits).toBe(first.body.totalHits);
      expect(past.body.nextPageUrl).toBeNull();
    });

    it('builds cards of spec 3 with their current offers', async () => {
      const { body } = await search({ ...query, hasOffers: true, size: 3 });
      const card = body.items[0]!;
      expect(Object.keys(card).sort()).toEqual(
        [
          'isAd',
          'name',
          'phone',
          'score',
          'offers',
          'images',
          'website',
          'location',
          'distance',
          'featured',
          'listingId',
          'merchantId',
          'bannerName',
          'merchantUrl',
          'businessTypes',
          'cardTypes',
          'totalReviews',
          'averageScore',
          'providerName',
          'providerMerchantId',
          'nonSearchable',
          'subscriptionTier',
          'includedPrograms',
          'excludedPrograms',
          'businessDescription',
          'nonAcceptedPaymentTypes',
        ].sort(),
      );
      expect(card.location.stateOrProvince).toBe('California');
      expect(card.location.stateOrProvinceCode).toBe('CA');
      expect(card.merchantUrl).toMatch(new RegExp(`^/spa/.+-${card.merchantId}$`));
      const now = Date.now();
      for (const offer of card.offers) {
        expect(offer.listingId).toBe(card.merchantId);
        expect(Date.parse(`${offer.endDate.replace(' ', 'T')}Z`)).toBeGreaterThan(now);
      }
    });
  });

  describe('service aggregations', () => {
    /** The aggregations worked out from the documents of the matching listings. */
    function bruteAggregations(matching: BruteRow[]): ServiceAggregation[] {
      const categories = new Map<string, { listings: Set<number>; options: Map<string, Set<number>> }>();
      for (const { id, doc } of matching) {
        for (const group of doc.services) {
          const category = categories.get(group.category) ?? { listings: new Set(), options: new Map() };
          categories.set(group.category, category);
          category.listings.add(id);
          for (const option of group.options) {
            const listings = category.options.get(option) ?? new Set<number>();
            category.options.set(option, listings.add(id));
          }
        }
      }
      return [...categories]
        .map(([category, { listings, options }]) => {
          const counted = [...options]
            .map(([option, ids]) => ({ option, count: ids.size }))
            .sort((a, b) => b.count - a.count || (a.option < b.option ? -1 : 1));
          return {
            category,
            options: counted,
            totalOptions: counted.reduce((sum, option) => sum + option.count, 0),
            listingsWithCategoryCount: listings.size,
          };
        })
        .sort(
          (a, b) =>
            b.listingsWithCategoryCount - a.listingsWithCategoryCount || (a.category < b.category ? -1 : 1),
        );
    }

    it('counts around a centre over the nearest listings only (1,000; 10 here)', async () => {
      const criteria = {
        keywords: '',
        area: resolveSearchArea('New York, NY', 50),
        hasOffers: false,
        filters: {},
      };
      const statement = serviceAggregationStatement(criteria, [PROGRAMS.spa], 10);
      const { rows: counted } = await db.query<ServiceAggregation>(statement.text, statement.values);
      const inRadius = bruteForce([PROGRAMS.spa], { location: 'New York, NY' });
      expect(inRadius.length).toBeGreaterThan(10);
      const nearest = nearestFirst(inRadius, 'New York, NY').slice(0, 10);
      expect(counted).toEqual(bruteAggregations(nearest));
    });

    it('counts without a place over the best rated listings only (1,000; 10 here)', async () => {
      const criteria = { keywords: '', area: null, hasOffers: false, filters: {} };
      const statement = serviceAggregationStatement(criteria, [PROGRAMS.spa], 10);
      const { rows: counted } = await db.query<ServiceAggregation>(statement.text, statement.values);
      expect(counted).toEqual(bruteAggregations(bestRated(bruteForce([PROGRAMS.spa], {})).slice(0, 10)));
    });

    it('counts without a place the best rated with keywords rare in the scope, read by rating tier', async () => {
      const cap = 20;
      const programs = [PROGRAMS.spa];
      // Counted as a word one listing in eight has, a hundred times the cap: every tier is read.
      const statement = serviceAggregationStatement(await massageCountedAs(100 * cap), programs, cap);
      expect(statement.text).toContain('rating_tier(');
      const { rows } = await db.query<ServiceAggregation>(statement.text, statement.values);
      const matches = bestRated(bruteForce(programs, { keywordPattern: /\bmassag/i }));
      expect(rows).toEqual(bruteAggregations(matches.slice(0, cap)));
    });

    it("counts what the listings' services say: the seed's pairs are the stored rule's", async () => {
      // The seed writes each listing's service pairs (servicePairs); migration 022's SQL function
      // wrote them for the listings stored before it. Both must count the same.
      const { rows } = await db.query<{ id: number; written: string[]; stored_rule: string[] }>(
        `select id, service_pairs as written, service_pairs(doc -> 'services') as stored_rule from merchants`,
      );
      expect(rows.length).toBeGreaterThan(100);
      const same = (a: string[], b: string[]) =>
        JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());
      expect(rows.filter((row) => !same(row.written, row.stored_rule))).toEqual([]);
      const options = rows.flatMap((row) =>
        row.written.filter((pair) => pair.includes(SERVICE_PAIR_SEPARATOR)),
      );
      expect(options.length).toBeGreaterThan(rows.length);
    });

    it('counts categories and options of the same search', async () => {
      const query = { location: 'New York, NY', keywords: 'massage', filters: { averageScore: 3 } };
      const { body } = await search(query);
      expect(body.serviceAggregationUrl).toMatch(/^\/services\?url=%2Fmerchants%3F/);
      const aggregations = await get<ServiceAggregation[]>(`/api${body.serviceAggregationUrl}`);
      expect(aggregations.status).toBe(200);
      const expected = bruteAggregations(
        bruteForce([PROGRAMS.spa], { ...query, keywordPattern: /\bmassag/i }),
      );
      expect(aggregations.body).toEqual(expected);
    });

    it('counts the services of a search whose keywords were corrected, as of the correction', async () => {
      // The statement names no typo ranking: a correction's parameters must not be left untyped.
      const query = { location: 'New York, NY', keywords: 'masage' };
      const { body } = await search(query);
      expect(body.correctedKeywords).toBe('massage');
      const aggregations = await get<ServiceAggregation[]>(`/api${body.serviceAggregationUrl}`);
      expect(aggregations.status).toBe(200);
      const corrected = await search({ ...query, keywords: 'massage' });
      const ofCorrected = await get<ServiceAggregation[]>(`/api${corrected.body.serviceAggregationUrl}`);
      expect(aggregations.body.length).toBeGreaterThan(0);
      expect(aggregations.body).toEqual(ofCorrected.body);
    });

    it('ignores the service filters themselves, so ticked options keep the list', async () => {
      const base = { location: 'Chicago, IL' };
      const ticked = { ...base, filters: { 'services.options': ['Swedish Massage'] } };
      const plain = await get<ServiceAggregation[]>(`/api${(await search(base)).body.serviceAggregationUrl}`);
      const withOption = await get<ServiceAggregation[]>(
        `/api${(await search(ticked)).body.serviceAggregationUrl}`,
      );
      expect(withOption.body).toEqual(plain.body);
      expect(plain.body).toEqual(bruteAggregations(bruteForce([PROGRAMS.spa], base)));
    });

    it('takes the URL as endpoint too, the same for every page, and scoped to the caller', async () => {
      const { body } = await search({ location: 'Chicago, IL', page: 2 });
      const inner = new URLSearchParams(body.serviceAggregationUrl.split('?')[1]).get('url')!;
      expect(inner).not.toMatch(/page=|size=|sort=/);
      const byUrl = await get<ServiceAggregation[]>(`/api/services?url=${encodeURIComponent(inner)}`);
      const byEndpoint = await get<ServiceAggregation[]>(
        `/api/services?endpoint=${encodeURIComponent(inner)}`,
      );
      expect(byEndpoint.body).toEqual(byUrl.body);
      const asWellness = await get<ServiceAggregation[]>(
        `/api/services?url=${encodeURIComponent(inner)}`,
        wellness,
      );
      expect(asWellness.body).toEqual(
        bruteAggregations(bruteForce([PROGRAMS.wellness], { location: 'Chicago, IL' })),
      );
    });

    it('counts the services of a whole country or state, as the home page asks', async () => {
      for (const location of ['United States', 'Texas']) {
        const inner = `/merchants?location=${encodeURIComponent(location)}&distance=50`;
        const { status, body } = await get<ServiceAggregation[]>(
          `/api/services?url=${encodeURIComponent(inner)}`,
        );
        expect(status, location).toBe(200);
        expect(body.length, location).toBeGreaterThan(0);
        // Texas holds fewer listings than the nearest 1,000 counted: every one of them counts.
        if (location === 'Texas') {
          const listings = bruteForce([PROGRAMS.spa], { location });
          expect(listings.length).toBeLessThan(SEARCH_COUNT_CAP);
          for (const { category, listingsWithCategoryCount } of body) {
            const offering = listings.filter(({ doc }) =>
              doc.services.some((group) => group.category === category),
            );
            expect(listingsWithCategoryCount, category).toBe(offering.length);
          }
        }
      }
      // And a page past the end of a country search, which counts apart.
      const past = await search({ location: 'United States', page: 99, size: 100 });
      expect(past.status).toBe(200);
      expect(past.body.totalHits).toBeGreaterThan(0);
    });

    it.each([
      ['', 'url'],
      ['url=%2Fnot-merchants%3Fdistance%3D50', 'url'],
      ['url=%2Fmerchants%3Fdistance%3D12', 'url'],
      ['endpoint=%2Fmerchants%3Fsort%3Dnope', 'endpoint'],
    ])('answers 400 naming the field for %s', async (query, field) => {
      const { status, body } = await get<{ field: string }>(`/api/services?${query}`);
      expect(status).toBe(400);
      expect(body.field).toBe(field);
    });
  });

  describe('bad input', () => {
    const base64 = (text: string) => utf8ToBase64Url(text);
    it.each([
      ['page=-1', 'page'],
      ['page=one', 'page'],
      ['page=1.5', 'page'],
      ['size=101', 'size'],
      ['size=0', 'size'],
      ['distance=abc', 'distance'],
      ['distance=12', 'distance'],
      ['sort=nearest', 'sort'],
      ['hasOffers=maybe', 'hasOffers'],
      ['filters=%21%21%21', 'filters'],
      [`filters=${base64('not json')}`, 'filters'],
      [`filters=${base64('[1,2]')}`, 'filters'],
      [`filters=${base64('{"averageScore":"high"}')}`, 'filters'],
      [`filters=${base64('{"businessTypes":"Day Spa"}')}`, 'filters'],
      ['location=Xyzzyville%20Nowhere', 'location'],
      [`keywords=${'a'.repeat(201)}`, 'keywords'],
    ])('answers 400 naming the field for %s', async (query, field) => {
      const { status, body } = await get<{ error: string; field: string }>(`/api/merchants?${query}`);
      expect(status).toBe(400);
      expect(body.field).toBe(field);
      expect(body.error).toMatch(new RegExp(`^${field}: `));
    });

    it.each([20, 5])("accepts the map's radius of %i miles (spec 9 map distance by zoom)", async (miles) => {
      const { status, body } = await get<{ items: { distance: number }[] }>(
        `/api/merchants?location=Austin%2C%20TX&distance=${miles}&size=50`,
      );
      expect(status).toBe(200);
      for (const item of body.items) expect(item.distance).toBeLessThanOrEqual(miles);
    });

    it('requires the publisherId header', async () => {
      const { status, body } = await get<{ field: string }>('/api/merchants', {});
      expect(status).toBe(400);
      expect(body.field).toBe('publisherId');
    });

    it('ignores unknown filter keys and the parameters it does not use', async () => {
      const filters = base64('{"averageScore":4,"futureFilter":["x"]}');
      const { status, body } = await get<SearchResult<ListingCard>>(
        `/api/merchants?filters=${filters}&searchOrigin=Austin&sortTypes=relevance,distance&utm_source=mail`,
      );
      expect(status).toBe(200);
      expect(body.totalHits).toBe(
        counted(bruteForce([PROGRAMS.spa], { filters: { averageScore: 4 } }).length),
      );
      expect(body.requestUrl).not.toMatch(/searchOrigin|futureFilter/);
    });

    it("draws a radius's box as earthdistance's earth_box does", async () => {
      // New York, Fairbanks, Sydney, across the antimeridian, near the pole.
      const radii = [
        [40.71427, -74.00597, 50],
        [64.83778, -147.71639, 100],
        [-33.86785, 151.20732, 10],
        [0, 179.99, 50],
        [89.9, 0, 5],
      ];
      for (const [lat, lon, miles] of radii as [number, number, number][]) {
        const meters = miles * 1609.344;
        const { rows } = await db.query<{ off: number }>(
          `select max(greatest(abs(cube_ll_coord(ours, axis) - cube_ll_coord(theirs, axis)),
             abs(cube_ur_coord(ours, axis) - cube_ur_coord(theirs, axis)))) as off
           from (select $1::cube as ours,
             earth_box(ll_to_earth($2::float8, $3::float8), $4::float8)::cube as theirs) as boxes,
             generate_series(1, 3) as axis`,
          [earthBox({ lat, lon }, meters), lat, lon, meters],
        );
        // Metres, on corners some 6,000 km from the earth's centre.
        expect(rows[0]!.off, `${lat}, ${lon}`).toBeLessThan(1e-6);
      }
    });

    it('takes keywords of stop words only without failing', async () => {
      const { status } = await search({ keywords: 'the and' });
      expect(status).toBe(200);
    });
  });

  describe('query plan', () => {
    /**
     * The plan a statement runs with: a radius search's page and count are prepared (planned once
     * for any values), the service aggregations planned for their values.
     */
    const explain = async (statement: Statement, settings = '') =>
      JSON.stringify(await explainAsRun(db, statement, { prepared: Boolean(statement.prepared), settings }));
    // The walk of the location index (migration 021: the places, with the keywords and programs
    // beside them) nearest first: its box in the index condition, its order from the centre. Without it, the listings with the word are read by the keyword test alone
    // (a bitmap of the tsvector: the keyword index at any size worth the name; at this test's
    // few hundred listings the planner may read the location index's tsvector column instead).
    const walk = [/"Order By":"\(\(place\)::cube <-> /, /"Index Cond":"\(\(\(place\)::cube <@ /];
    // Not walking, the words are tested with @@@, which the location index's tsvector column cannot take.
    const byKeywords = /"Node Type":"Bitmap Index Scan"[^}]*"Index Cond":"\(tsv @@@ [^"]*\)"\}/;
    it.each([
      ['a common word', LISTINGS, true],
      ['a rare word', 1, false],
    ])(
      'reads a radius + keyword search for %s through the index radiusIndex picks',
      async (_, uses, walks) => {
        const plan = await keywordPlan(db, 'massage', { programs: [PROGRAMS.spa] });
        const criteria = {
          keywords: 'massage',
          plan: { ...plan!, reach: { uses, usesInScope: uses, listings: LISTINGS } },
          area: resolveSearchArea('New York, NY', 10),
          hasOffers: false,
          filters: {},
        };
        const statement = searchStatement(criteria, { sort: 'relevance', page: 0, size: 12 }, [PROGRAMS.spa]);
        const explained = await explain(statement);
        for (const step of walk) {
          if (walks) expect(explained).toMatch(step);
          else expect(explained).not.toMatch(step);
        }
        if (!walks) expect(explained).toMatch(byKeywords);
      },
    );

    it("reads a rating tier's matches without a place in one scan of the keyword index: words, tier in the scope", async () => {
      // Counted as a word one listing in eight has, at a million listings: every tier is read.
      const criteria = await massageCountedAs(125_000);
      const statement = searchStatement(criteria, { sort: 'relevance', page: 0, size: 12 }, [PROGRAMS.spa]);
      // At this test's 3,000 listings a sequential read is as cheap: kept out, the index shows.
      const explained = await explain(statement, 'set local enable_seqscan = off');
      const scans = [...explained.matchAll(/"Index Name":"(\w+)"[^}]*?"Index Cond":"([^"]*)"/g)];
      const keywords = scans.filter(([, , condition]) => condition!.includes('tsv @@'));
      // Each tier in its own index (its words' lists within the tier), then all of the scope's.
      expect(keywords.map(([, index]) => index)).toEqual([
        'merchants_terms_rated_5_100',
        'merchants_terms_rated_5_10',
        'merchants_terms_rated_4_8',
        'merchants_terms_rated_4_5',
        'merchants_terms',
      ]);
      for (const [, , condition] of keywords) expect(condition).toMatch(/tsv @@@ .*scope_terms @@@ /);
      // The programs are tested in that index, not intersected with their own (a third of all).
      expect(explained).not.toContain('merchants_programs');
    });

    it('never reads the location index for words without a place: its tsvector signatures are lossy', async () => {
      // The planner costed a scan of its tsvector column by the few matches it expected of a rare
      // phrase, and read the whole index for it: 110-230 ms at a million listings. The words are
      // tested in a form it cannot take (@@@): with the keyword index's bitmaps and a sequential
      // read kept out, no plan may fall back on it.
      const plan = (await keywordPlan(db, '"deep tissue"', { programs: [PROGRAMS.spa] }))!;
      for (const [keywords, partial] of [
        ['"deep tissue"', false],
        ['deep tissue', true],
      ] as const) {
        const criteria = { keywords, plan, area: null, hasOffers: false, filters: {}, partial };
        for (const sort of ['relevance', 'averageScore'] as const) {
          const statement = searchStatement(criteria, { sort, page: 0, size: 12 }, [PROGRAMS.spa]);
          const cornered = await explain(
            statement,
            'set local enable_seqscan = off; set local enable_bitmapscan = off',
          );
          expect(cornered, `${keywords} by ${sort}`).not.toContain('merchants_place_terms');
          if (sort === 'relevance') {
            expect(await explain(statement, 'set local enable_seqscan = off'), keywords).toContain(
              'merchants_terms',
            );
          }
        }
      }
    });

    it('tests the programs of a partial match without a place in the keyword index, with its words', async () => {
      // The words' bitmap and the programs' array index (a third of all listings) went lossy
      // together at a million listings: 21,000 pages of the table read for 5 matches.
      const plan = (await keywordPlan(db, 'massage zzzz', { programs: [PROGRAMS.spa] }))!;
      const criteria = {
        keywords: 'massage zzzz',
        plan,
        area: null,
        hasOffers: false,
        filters: {},
        partial: true,
      };
      const statement = searchStatement(criteria, { sort: 'relevance', page: 0, size: 12 }, [PROGRAMS.spa]);
      const explained = await explain(statement, 'set local enable_seqscan = off');
      expect(explained).toMatch(
        /"Index Name":"merchants_terms"[^}]*"Index Cond":"\(\(tsv @@@ [^"]*scope_terms @@@ /,
      );
      expect(explained).not.toContain('merchants_programs');
    });

    it("prepares an area's walk (page, count, services), a radius's or a state's, and plans a rare word's and a state's rating page for their values", async () => {
      const page = { sort: 'relevance', page: 0, size: 12 } as const;
      const at = async (location: string, uses?: number) => {
        const plan = await keywordPlan(db, 'massage', { programs: [PROGRAMS.spa] });
        const reach = uses === undefined ? plan!.reach : { uses, usesInScope: uses, listings: LISTINGS };
        return {
          keywords: 'massage',
          plan: { ...plan!, reach },
          area: resolveSearchArea(location, 50),
          hasOffers: false,
          filters: {},
        };
      };
      for (const [location, uses, prepared] of [
        ['Austin, TX', LISTINGS, true],
        ['Austin, TX', 1, true],
        ['Texas', LISTINGS, true],
        ['USA', LISTINGS, true],
        // A state's rare word is read through the keyword index, whose plan is the word's.
        ['Texas', 1, false],
      ] as const) {
        const criteria = await at(location, uses);
        const name = `${location}, ${uses}`;
        expect(searchStatement(criteria, page, [PROGRAMS.spa]).prepared, name).toBe(prepared);
        expect(countStatement(criteria, [PROGRAMS.spa]).prepared, name).toBe(prepared);
        expect(serviceAggregationStatement(criteria, [PROGRAMS.spa]).prepared, name).toBe(prepared);
        // A plan for a state's values sees its keywords' tsquery, which it estimates by.
        expect(
          searchStatement(criteria, page, [PROGRAMS.spa]).text.includes('(select websearch_to_tsquery'),
          name,
        ).toBe(prepared);
      }
      // A state's best rated, read in the order of its rating index, are planned for its values.
      const byRating = searchStatement(
        await at('Texas'),
        { ...page, sort: 'averageScore' },
        [PROGRAMS.spa],
        SEARCH_COUNT_CAP,
        { byRatingIndex: true },
      );
      expect(byRating.prepared).toBe(false);
    });

    it.each(['New York, NY', 'Texas', 'Canada'])(
      'reads %s through the location index in its order, not as a bitmap of its whole box',
      async (location) => {
        const criteria = {
          keywords: '',
          area: resolveSearchArea(location, 50),
          hasOffers: false,
          filters: {},
        };
        const programs = [PROGRAMS.spa];
        const radius = criteria.area?.kind === 'radius';
        const statements = {
          distance: searchStatement(criteria, { sort: 'distance', page: 0, size: 12 }, programs),
          relevance: searchStatement(criteria, { sort: 'relevance', page: 0, size: 12 }, programs),
          services: serviceAggregationStatement(criteria, programs),
          count: countStatement(criteria, programs),
          'guarded count': countStatement(criteria, programs, SEARCH_COUNT_CAP, { guardBox: true }),
        };
        // What a page read at random costs is the operator's to say: 1.1 (SSDs, a cache) or 4 (the
        // default). At either, the box read whole and sorted must stay the dearer plan (it was the
        // cheaper at 4 here, and nearly so at a million listings, before nearestWalk).
        for (const randomPageCost of [1.1, 4]) {
          for (const [name, statement] of Object.entries(statements)) {
            const plan = await explain(statement, `set local random_page_cost = ${randomPageCost}`);
            // A radius's count reads the box in the index's order, unordered: the others, and a
            // state's or a country's count, walk it nearest first.
            if (name !== 'count' || !radius)
              expect(plan, `${name} at ${randomPageCost}`).toMatch(/"Order By":/);
            expect(plan, `${name} at ${randomPageCost}`).toMatch(/merchants_place_terms/);
            expect(plan, `${name} at ${randomPageCost}`).not.toMatch(/Bitmap Heap Scan/);
          }
        }
      },
    );
  });
});

describe('the service aggregations cache', () => {
  it('serves an entry until it expires and drops the least recently used over its size', () => {
    let now = 0;
    const cache = new TtlCache<number>({ maxEntries: 2, ttlMs: 1000, now: () => now });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it('shares one load between concurrent callers and forgets a failed one', async () => {
    const cache = new TtlCache<Promise<number>>({ maxEntries: 10, ttlMs: 60_000 });
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    const [first, second] = await Promise.all([cache.remember('k', load), cache.remember('k', load)]);
    expect([first, second, loads]).toEqual([1, 1, 1]);
    const failing = cache.remember('bad', () => Promise.reject(new Error('down')));
    await expect(failing).rejects.toThrow('down');
    expect(await cache.remember('bad', load)).toBe(2);
  });
});
