/**
 * Search that forgives (issue 17): typos, synonyms and abbreviations, prefixes, partial matches
 * and 'did you mean', through GET /merchants and GET /autocomplete, on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { migrate } from '../../server/db/migrate';
import { createPgDocumentStore } from '../../server/documents/store';
import { ensureSeeded } from '../../server/seed/load';
import { keywordPlan, lookupWords, NEAR_CANDIDATES } from '../../server/search/keywords';
import { SEARCH_COUNT_CAP } from '../../server/search/query';
import { editDistance } from '../../src/domain/search-keywords';
import { builtInTenants } from '../../src/tenant';
import type { ListingCard, SearchResult, Suggestions } from '../../src/domain/types';
import { databases } from './databases';

const LISTINGS = 3_000;
const spa = { publisherid: '1' };

describe.each(databases)('search that forgives on $name', ({ open }) => {
  let db: Awaited<ReturnType<(typeof databases)[number]['open']>>;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await open();
    await migrate(db);
    await ensureSeeded(db, { count: LISTINGS, now: new Date() });
    // No in-process result cache: these tests change listings under the app and read the very
    // next search, which the cache (like a CDN) may answer from the last minute's copy
    // (tests/integration/http-cache.test.ts covers the cache).
    app = await buildApp({ db, resultCacheBytes: 0 });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  async function search(query: Record<string, string | number>): Promise<SearchResult<ListingCard>> {
    const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
    const response = await app.inject({ url: `/api/merchants?${params}`, headers: spa });
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  /** Every listing id of a search, page by page. */
  async function allIds(query: Record<string, string | number>): Promise<number[]> {
    const ids: number[] = [];
    for (let page = 0; ; page++) {
      const result = await search({ ...query, size: 100, page });
      ids.push(...result.items.map((item) => item.merchantId));
      if (!result.nextPageUrl) return ids;
    }
  }

  /** The searchable text of listings (name, services, description), by id. */
  async function texts(ids: number[]): Promise<Map<number, string>> {
    const { rows } = await db.query<{ id: number; text: string }>(
      `select id, name || ' ' || services_text || ' ' || description || ' ' || (doc -> 'amenities')::text as text
       from merchants where id = any ($1::bigint[])`,
      [ids],
    );
    return new Map(rows.map((row) => [row.id, row.text]));
  }

  describe('typos', () => {
    it('finds what a misspelt word meant and says which word it searched for', async () => {
      const exact = await search({ keywords: 'massage' });
      for (const keywords of ['masage', 'massge', 'msasage']) {
        const typo = await search({ keywords });
        expect(typo.totalHits).toBe(exact.totalHits);
        expect(typo.correctedKeywords).toBe('massage');
      }
      expect(exact.correctedKeywords).toBeUndefined();
      expect(exact.partialMatch).toBeUndefined();
    });

    it('counts a swap of two letters as one typo, and corrects each word of several', async () => {
      const facial = await search({ keywords: 'facail' });
      expect(facial.correctedKeywords).toBe('facial');
      expect(facial.totalHits).toBe((await search({ keywords: 'facial' })).totalHits);
      const both = await search({ keywords: 'masage austn' });
      expect(both.correctedKeywords).toBe('massage austin');
      expect(both.totalHits).toBeGreaterThan(0);
      expect(both.totalHits).toBe((await search({ keywords: 'massage austin' })).totalHits);
    });

    it('reads a rare whole word as the start of a far more used one at the end of a search', async () => {
      // 'masa' is one letter from 'casa' or 'mesa' (names, a city), and the misspelt start of
      // 'massage', which far more listings use.
      const result = await search({ keywords: 'swedish masa' });
      expect(result.correctedKeywords).toBe('swedish massage');
      expect(result.totalHits).toBe((await search({ keywords: 'swedish massage' })).totalHits);
    });

    it('allows two typos in a long word and none in a short one', async () => {
      expect((await search({ keywords: 'reflexolgyy' })).correctedKeywords).toBe('reflexology');
      const short = await search({ keywords: 'spx' });
      expect(short.totalHits).toBe(0);
      expect(short.correctedKeywords).toBeUndefined();
    });

    it('ranks listings that have the word as typed above those found through a correction', async () => {
      // A listing whose description has the misspelling itself: an exact match for 'masage'.
      const { rows } = await db.query<{ id: number }>(
        `select id from merchants
         where status = 'APPROVED' and not non_searchable and included_programs @> '{SPA_NETWORK}'
           and not tsv @@ to_tsquery('english', 'massag')
         order by id limit 1`,
      );
      const id = rows[0]!.id;
      await db.query(
        `update merchants set description = description || ' Ask about our masage.' where id = $1`,
        [id],
      );
      try {
        const result = await search({ keywords: 'masage', size: 5 });
        expect(result.items[0]!.merchantId).toBe(id);
        // Exact matches exist, so the answer is not 'showing results for massage'; the typo
        // matches follow them.
        expect(result.correctedKeywords).toBeUndefined();
        // One more match than the word as typed finds (both counted up to the cap).
        const massage = await search({ keywords: 'massage' });
        expect(result.totalHits).toBe(Math.min(massage.totalHits + 1, SEARCH_COUNT_CAP));
      } finally {
        await db.query(
          `update merchants set description = replace(description, ' Ask about our masage.', '') where id = $1`,
          [id],
        );
      }
    });

    it('searches exactly what was typed when asked', async () => {
      const result = await search({ keywords: 'masage', exact: 'true' });
      expect(result.totalHits).toBe(0);
      expect(result.correctedKeywords).toBeUndefined();
      expect(result.requestUrl).toMatch(/keywords=masage&exact=true/);
    });

    it('keeps exact searches as they were: no correction for a known word', async () => {
      const result = await search({ keywords: 'yoga' });
      expect(result.correctedKeywords).toBeUndefined();
      const ids = await allIds({ keywords: 'yoga' });
      const byId = await texts(ids);
      for (const id of ids) expect(byId.get(id)).toMatch(/\byoga/i);
    });
  });

  describe('prefixes', () => {
    it('takes the last word as the start of a word while it is not a word itself', async () => {
      const typing = await search({ keywords: 'swedish mass' });
      const done = await search({ keywords: 'swedish massage' });
      expect(typing.totalHits).toBeGreaterThanOrEqual(done.totalHits);
      expect(typing.correctedKeywords).toBeUndefined();
      const first = await texts(typing.items.map((item) => item.merchantId));
      for (const text of first.values()) expect(text).toMatch(/swedish/i);
    });
  });

  describe('the lookup', () => {
    it('reads no neighbours of a last word that starts words: the plan completes it with them', async () => {
      const programs = builtInTenants.spa.helperInfo.includedPrograms;
      for (const typing of [false, true]) {
        const [completed] = (await lookupWords(db, ['massa'], programs, { typos: true, typing })).values();
        expect(completed!.starts.map((entry) => entry.word)).toContain('massage');
        expect(completed!.starts.every((entry) => entry.word.startsWith('massa'))).toBe(true);
        expect(completed!.near).toEqual([]);
        // A word that starts none (a typo) still reads its nearest words, whole and as starts.
        const [misspelt] = (await lookupWords(db, ['msasa'], programs, { typos: true, typing })).values();
        expect(misspelt!.near.length).toBeGreaterThan(0);
        if (typing) expect(misspelt!.starts.length).toBeGreaterThan(0);
      }
    });

    it("reads an unknown word's candidates above a trigram floor, not the whole vocabulary's nearest", async () => {
      // The nearest twelve of a GiST walk reached words no typo budget takes (for 'msasa', words
      // at similarity 0.1), and walked the whole index to find them (migration 025).
      const programs = builtInTenants.spa.helperInfo.includedPrograms;
      for (const word of ['msasa', 'chiro', 'masage', 'yoag']) {
        const [lookup] = (await lookupWords(db, [word], programs, { typos: true, typing: true })).values();
        const { rows } = await db.query<{ near: number; start: number }>(
          `select (select min(similarity(near, $1)) from unnest($2::text[]) as near) as near,
             (select min(word_similarity($1, start)) from unnest($3::text[]) as start) as start`,
          [word, lookup!.near.map((entry) => entry.word), lookup!.starts.map((entry) => entry.word)],
        );
        if (lookup!.near.length) expect(rows[0]!.near, word).toBeGreaterThanOrEqual(0.2);
        if (lookup!.starts.length) expect(rows[0]!.start, word).toBeGreaterThanOrEqual(0.25);
      }
      // What a typo budget takes is still there.
      const corrected = async (word: string) =>
        (await lookupWords(db, [word], programs, { typos: true })).get(0)!.near.map((entry) => entry.word);
      expect(await corrected('yoag')).toContain('yoga');
      expect(await corrected('masage')).toContain('massage');
    });

    it("reads a four-letter word's candidates above 0.25, and no word within its typo budget is lost", async () => {
      // At 0.2 one trigram of five cleared the index: every word that starts with the same letter
      // was read (migration 030). Every word one edit away shares two.
      const programs = builtInTenants.spa.helperInfo.includedPrograms;
      for (const word of ['chir', 'yoag', 'mssa', 'masa', 'cryo', 'faec']) {
        const [lookup] = (await lookupWords(db, [word], programs, { typos: true })).values();
        const near = lookup!.near.map((entry) => entry.word);
        const { rows } = await db.query<{ word: string; similarity: number }>(
          `select word, similarity(word, $1) as similarity from search_vocabulary
           where program = any ($2::text[]) and similarity(word, $1) >= 0.2`,
          [word, programs],
        );
        const similarity = new Map(rows.map((row) => [row.word, row.similarity]));
        for (const found of near)
          expect(similarity.get(found), `${word}: ${found}`).toBeGreaterThanOrEqual(0.25);
        const withinBudget = rows
          .filter((row) => editDistance(word, row.word, 1) <= 1)
          .map((row) => row.word);
        if (near.length < NEAR_CANDIDATES) expect(near, word).toEqual(expect.arrayContaining(withinBudget));
      }
      const [yoag] = (await lookupWords(db, ['yoag'], programs, { typos: true })).values();
      expect(yoag!.near.map((entry) => entry.word)).toContain('yoga');
    });

    it('reads no neighbours of a word too short to hold a typo', async () => {
      const programs = builtInTenants.spa.helperInfo.includedPrograms;
      for (const typing of [false, true]) {
        const [short] = (await lookupWords(db, ['msq'], programs, { typos: true, typing })).values();
        expect(short).toMatchObject({ known: false, near: [], starts: [] });
      }
    });
  });

  describe('synonyms and abbreviations', () => {
    it('expands mani and pedi', async () => {
      const short = await allIds({ keywords: 'mani pedi' });
      const long = await allIds({ keywords: 'manicure pedicure' });
      expect(short.length).toBeGreaterThan(0);
      expect(new Set(short)).toEqual(new Set(long));
      expect((await search({ keywords: 'mani pedi' })).correctedKeywords).toBeUndefined();
    });

    it("adds the tenant's own two-way lines (the spa tenant's sauna <-> steam room), from its document", async () => {
      // Quoted, a phrase is searched as typed: no synonym.
      const sauna = new Set(await allIds({ keywords: '"sauna"' }));
      const steam = new Set(await allIds({ keywords: '"steam room"' }));
      expect([...steam].some((id) => !sauna.has(id))).toBe(true);
      expect(new Set(await allIds({ keywords: 'sauna' }))).toEqual(new Set([...sauna, ...steam]));
      const back = new Set(await allIds({ keywords: 'steam room' }));
      expect([...sauna].every((id) => back.has(id))).toBe(true);

      // A tenant whose document drops the line searches each as typed.
      const store = createPgDocumentStore(db);
      for (const name of ['spa', 'spa-canada'] as const) {
        const config = builtInTenants[name];
        await store.set(`config/environment/tenants/${name}`, {
          ...config,
          searchEnvironment: { ...config.searchEnvironment, synonyms: [] },
        });
      }
      try {
        expect(new Set(await allIds({ keywords: 'sauna' }))).toEqual(sauna);
      } finally {
        for (const name of ['spa', 'spa-canada'] as const) {
          await store.set(`config/environment/tenants/${name}`, builtInTenants[name]);
        }
      }
    });
  });

  describe('partial matches', () => {
    it('falls back to the listings with most of the words when none has them all, and says so', async () => {
      const result = await search({ keywords: 'massage zzqxjv' });
      expect(result.partialMatch).toBe(true);
      expect(result.totalHits).toBe((await search({ keywords: 'massage' })).totalHits);
    });

    it('ranks listings with more of the words first', async () => {
      const ids = await allIds({ keywords: 'yoga massage zzqxjv' });
      const both = new Set(await allIds({ keywords: 'yoga massage' }));
      expect(both.size).toBeGreaterThan(0);
      expect(ids.length).toBeGreaterThan(both.size);
      expect(new Set(ids.slice(0, both.size))).toEqual(both);
    });

    it('finds nothing, and no partial match, for words that match nothing at all', async () => {
      const result = await search({ keywords: 'zzqxjv qqwxz' });
      expect(result.totalHits).toBe(0);
      expect(result.partialMatch).toBeUndefined();
    });

    it('counts the service aggregations over the same listings', async () => {
      const result = await search({ keywords: 'massage zzqxjv' });
      const services = await app.inject({
        url: `/api${result.serviceAggregationUrl}`,
        headers: spa,
      });
      const aggregations = services.json() as { category: string; listingsWithCategoryCount: number }[];
      expect(
        aggregations.find((row) => row.category === 'Massages')?.listingsWithCategoryCount,
      ).toBeGreaterThan(0);
    });
  });

  describe('the vocabulary', () => {
    it('follows the listings: a renamed listing is found by a misspelling of its new name', async () => {
      const { rows } = await db.query<{ id: number; name: string }>(
        `select id, name from merchants
         where status = 'APPROVED' and not non_searchable and included_programs @> '{SPA_NETWORK}'
         order by id limit 1`,
      );
      const { id, name } = rows[0]!;
      await db.query('update merchants set name = $2 where id = $1', [id, 'Quillfeather Spa']);
      try {
        const result = await search({ keywords: 'quilfeather' });
        expect(result.correctedKeywords).toBe('quillfeather');
        expect(result.items.map((item) => item.merchantId)).toEqual([id]);
      } finally {
        await db.query('update merchants set name = $2 where id = $1', [id, name]);
      }
      const gone = await db.query('select 1 from search_vocabulary where word = $1', ['quillfeather']);
      expect(gone.rows).toEqual([]);
    });

    it("leaves out a listing's words from the programs it excludes", async () => {
      const { rows } = await db.query<{ id: number; name: string }>(
        `select id, name from merchants
         where status = 'APPROVED' and not non_searchable and excluded_programs = '{}'
           and included_programs @> '{SPA_NETWORK, LOCAL_DIRECTORY}'
         order by id limit 1`,
      );
      const { id, name } = rows[0]!;
      const programs = async () =>
        (
          await db.query<{ program: string }>(
            `select program from search_vocabulary where word = 'quillfeather' order by program`,
          )
        ).rows.map((row) => row.program);
      await db.query('update merchants set name = $2 where id = $1', [id, 'Quillfeather Spa']);
      try {
        expect(await programs()).toEqual(['LOCAL_DIRECTORY', 'SPA_NETWORK']);
        await db.query(`update merchants set excluded_programs = '{SPA_NETWORK}' where id = $1`, [id]);
        expect(await programs()).toEqual(['LOCAL_DIRECTORY']);
        // Nothing the spa tenant may see has the word: no correction towards it.
        expect((await search({ keywords: 'quilfeather' })).correctedKeywords).toBeUndefined();
      } finally {
        await db.query(`update merchants set name = $2, excluded_programs = '{}' where id = $1`, [id, name]);
      }
      expect(await programs()).toEqual([]);
    });

    it('holds the words of approved, searchable listings per program, and nothing else', async () => {
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from search_vocabulary
         where listings <= 0 or word !~ '^[a-z0-9]{2,}$' or lexeme = ''`,
      );
      expect(rows[0]!.n).toBe(0);
      const massage = await db.query<{ program: string }>(
        `select program from search_vocabulary where word = 'massage' order by program`,
      );
      expect(massage.rows.map((row) => row.program)).toEqual([
        'LOCAL_DIRECTORY',
        'SPA_NETWORK',
        'WELLNESS_CARD',
      ]);
    });
  });

  describe("the stems' counts (a search's reach, migration 031)", () => {
    /** The listings of each program whose keyword index holds `stem`, counted in the search's way. */
    const found = async (stem: string) =>
      (
        await db.query<{ program: string; listings: number }>(
          `select p.program, count(*)::int as listings
           from merchants m cross join lateral unnest(m.included_programs) as p(program)
           where m.tsv @@ quote_literal($1)::tsquery and m.status = 'APPROVED' and not m.non_searchable
             and not p.program = any (m.excluded_programs)
           group by p.program order by p.program`,
          [stem],
        )
      ).rows;
    const counted = async (stem: string) =>
      (
        await db.query<{ program: string; listings: number }>(
          'select program, listings from search_lexeme_uses where lexeme = $1 order by program',
          [stem],
        )
      ).rows;

    it("counts the listings with each stem per program, descriptions' words too", async () => {
      // 'unhurried' is only in descriptions: the vocabulary (words to correct towards) has none.
      const vocabulary = await db.query("select 1 from search_vocabulary where word = 'unhurried'");
      expect(vocabulary.rows).toEqual([]);
      for (const stem of ['unhurri', 'massag', 'guest']) {
        const listings = await found(stem);
        expect(listings.length, stem).toBeGreaterThan(0);
        expect(await counted(stem), stem).toEqual(listings);
      }
      const plan = (await keywordPlan(db, 'unhurried', { programs: ['SPA_NETWORK'] }))!;
      const unhurried = await found('unhurri');
      const spaListings = unhurried.find((row) => row.program === 'SPA_NETWORK')!.listings;
      expect(plan.reach).toMatchObject({ usesInScope: spaListings });
      expect(plan.reach!.uses).toBe(unhurried.reduce((sum, row) => sum + row.listings, 0));
    });

    it('follows the listings: a word added to a description, excluded from a program, and gone', async () => {
      const { rows } = await db.query<{ id: number; description: string }>(
        `select id, description from merchants
         where status = 'APPROVED' and not non_searchable and excluded_programs = '{}'
           and included_programs @> '{SPA_NETWORK, LOCAL_DIRECTORY}'
         order by id limit 1`,
      );
      const { id, description } = rows[0]!;
      const stem = (await db.query<{ stem: string }>("select search_lexeme('quillfeather') as stem")).rows[0]!
        .stem;
      try {
        await db.query(
          "update merchants set description = description || ' Quillfeather towels.' where id = $1",
          [id],
        );
        expect(await counted(stem)).toEqual(await found(stem));
        expect((await counted(stem)).map((row) => row.program)).toContain('SPA_NETWORK');
        await db.query(`update merchants set excluded_programs = '{SPA_NETWORK}' where id = $1`, [id]);
        expect(await counted(stem)).toEqual(await found(stem));
        expect((await counted(stem)).map((row) => row.program)).not.toContain('SPA_NETWORK');
      } finally {
        await db.query(`update merchants set description = $2, excluded_programs = '{}' where id = $1`, [
          id,
          description,
        ]);
      }
      expect(await counted(stem)).toEqual([]);
      expect(await counted('unhurri')).toEqual(await found('unhurri'));
    });
  });

  describe('autocomplete', () => {
    async function suggestions(criteria: string): Promise<Suggestions> {
      const response = await app.inject({
        url: `/api/autocomplete?criteria=${encodeURIComponent(criteria)}`,
        headers: spa,
      });
      expect(response.statusCode).toBe(200);
      return response.json();
    }
    const items = (found: Suggestions) =>
      Object.values(found).flatMap((group) => group!.map((item) => item.item));

    it.each(['masa', 'masage', 'massge'])('suggests Massage for %s', async (typed) => {
      const found = await suggestions(typed);
      expect(found.serviceCategories?.map((item) => item.item)).toContain('Massages');
      expect(items(found).some((item) => /massage/i.test(item))).toBe(true);
    });

    it('suggests the place for a misspelt city', async () => {
      const found = await suggestions('austn');
      expect(found.merchantLocations?.map((item) => item.item)).toContain('Austin, TX');
    });

    it('keeps suggestions as typed when the text matches', async () => {
      const found = await suggestions('swed');
      expect(items(found).length).toBeGreaterThan(0);
      expect(items(found).every((item) => /swed/i.test(item))).toBe(true);
    });
  });
});
