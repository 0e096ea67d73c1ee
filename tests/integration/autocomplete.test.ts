import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { migrate } from '../../server/db/migrate';
import { ensureSeeded } from '../../server/seed/load';
import { foldText } from '../../server/search/suggest';
import { PROGRAMS, WELLNESS_BRANDS } from '../../src/domain/catalog';
import { MAX_LOCATION_SUGGESTIONS, MAX_SUGGESTIONS_PER_GROUP } from '../../src/domain/constants';
import { parseSuggestionUrl, SUGGESTION_TYPES } from '../../src/domain/suggestions';
import type { SuggestionItem, Suggestions, SuggestionType } from '../../src/domain/types';
import { databases } from './databases';

const LISTINGS = 3_000;
const wellness = { publisherid: '13' };
const spa = { publisherid: '1' };
type Headers = Record<string, string>;

/** How closely an item matches: 0 whole-term prefix, 1 word prefix, 2 elsewhere. */
function closeness(item: string, text: string): number {
  const term = foldText(item);
  const typed = foldText(text);
  if (term.startsWith(typed)) return 0;
  if (term.includes(` ${typed}`)) return 1;
  return 2;
}

describe.each(databases)('autocomplete API on $name', ({ open }) => {
  let db: Awaited<ReturnType<(typeof databases)[number]['open']>>;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await open();
    await migrate(db);
    await ensureSeeded(db, { count: LISTINGS, now: new Date() });
    app = await buildApp({ db });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  async function autocomplete(criteria: string | object, headers: Headers = spa) {
    const text = typeof criteria === 'string' ? criteria : JSON.stringify(criteria);
    const response = await app.inject({
      url: `/api/autocomplete?criteria=${encodeURIComponent(text)}`,
      headers,
    });
    return { status: response.statusCode, body: response.json() as Suggestions };
  }

  const items = (groups: Suggestions): SuggestionItem[] => Object.values(groups).flat();

  /** The programs of the listings behind merchant and offer suggestions. */
  async function programsOf(merchantIds: number[]): Promise<string[][]> {
    const { rows } = await db.query<{ included_programs: string[] }>(
      'select included_programs from merchants where id = any($1::bigint[])',
      [merchantIds],
    );
    return rows.map((row) => row.included_programs);
  }

  it('groups suggestions by the seven types, capped at 8 a group and 3 locations', async () => {
    const { status, body } = await autocomplete('s');
    expect(status).toBe(200);
    expect(Object.keys(body).length).toBeGreaterThan(2);
    for (const [type, list] of Object.entries(body) as [SuggestionType, SuggestionItem[]][]) {
      expect(SUGGESTION_TYPES).toContain(type);
      expect(list.length).toBeGreaterThan(0);
      expect(list.length).toBeLessThanOrEqual(
        type === 'merchantLocations' ? MAX_LOCATION_SUGGESTIONS : MAX_SUGGESTIONS_PER_GROUP,
      );
      for (const item of list) expect(item.type).toBe(type);
    }
    expect(body.merchantNames).toHaveLength(MAX_SUGGESTIONS_PER_GROUP);
    expect(body.merchantLocations).toHaveLength(MAX_LOCATION_SUGGESTIONS);
  });

  it('matches prefixes, case and accents aside, prefixes first', async () => {
    const { body } = await autocomplete('SAN');
    for (const item of items(body)) expect(foldText(item.item)).toContain('san');
    for (const list of Object.values(body)) {
      const ranks = list.map((item) => closeness(item.item, 'san'));
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    }
    const montreal = await autocomplete('montreal');
    expect(montreal.body.merchantLocations?.map((item) => item.item)).toContain('Montréal, QC');
  });

  it('matches pieces inside a term, and words in order', async () => {
    const piece = await autocomplete('ssage');
    expect(piece.body.serviceCategories?.map((item) => item.item)).toEqual(['Massages']);
    const words = await autocomplete('swe mass');
    expect(words.body.serviceOptions?.map((item) => item.item)).toEqual(['Swedish Massage']);
    const brand = await autocomplete('skin stu', wellness);
    expect(brand.body.merchantBannerNames?.[0]?.item).toBe('Glow Skin Studio');
    expect(brand.body.merchantNames?.every((item) => item.item.startsWith('Glow Skin Studio'))).toBe(true);
  });

  it('suggests a name with a later word starting with the text, however many hold it inside a word', async () => {
    // 120 popular names hold 'qzx' inside a word (a piece), stored before the one name with a
    // later word starting with it: the matches anywhere are read in the table's order, a hundred
    // at most, so only the later words' own lookup finds it, and it ranks first. The rows are
    // made wider than the gaps the seed left in the table's pages (a long list of programs they
    // exclude, none the caller's), so they are stored at its end in the order written.
    const pieces = Array.from({ length: 120 }, (_, i) => `Aqzxa Retreat ${String(i).padStart(3, '0')}`);
    const terms = [...pieces, 'Zen Qzxlounge'];
    const padding = Array.from({ length: 60 }, (_, i) => `NO_SUCH_PROGRAM_${i}`);
    await db.query(
      `insert into suggest (kind, term, folded, weight, programs, excluded_programs, merchant_id)
       select 'merchantNames', term, lower(term), case when term like 'Aqzxa%' then 1000 else 0 end,
         array[$2::text], $3::text[], 1
       from unnest($1::text[]) with ordinality as t(term, n) order by n`,
      [terms, PROGRAMS.spa, padding],
    );
    await db.query('select rebuild_suggest_words()');
    try {
      const { body } = await autocomplete('qzx');
      const names = body.merchantNames?.map((item) => item.item) ?? [];
      expect(names[0]).toBe('Zen Qzxlounge');
      expect(names.slice(1)).toHaveLength(MAX_SUGGESTIONS_PER_GROUP - 1);
      for (const name of names.slice(1)) expect(pieces).toContain(name);
    } finally {
      await db.query(`delete from suggest where folded like '%qzx%'`);
      await db.query('select rebuild_suggest_words()');
    }
  });

  it("holds every later word's start of every name, banner name and offer, to the term's end, per program", async () => {
    const { rows } = await db.query<{ folded: string; program: string; rests: string[] }>(
      `select s.folded, p.program,
         coalesce(array_agg(w.rest) filter (where w.rest is not null), '{}') as rests
       from suggest s
       cross join unnest(s.programs) as p(program)
       left join suggest_word w on w.suggest_id = s.id and w.kind = s.kind and w.program = p.program
       where s.merchant_id is not null
       group by s.id, s.folded, p.program`,
    );
    expect(rows.length).toBeGreaterThan(LISTINGS);
    expect(new Set(rows.map((row) => row.program)).size).toBeGreaterThan(1);
    const laterWords = (folded: string) =>
      [...folded.matchAll(/ /g)].map((space) => folded.slice(space.index + 1)).filter(Boolean);
    const byteOrder = (list: string[]) => [...list].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const row of rows) {
      expect(byteOrder(row.rests), `${row.folded} (${row.program})`).toEqual(
        byteOrder(laterWords(row.folded)),
      );
    }
    const { rows: strays } = await db.query<{ n: number }>(
      `select count(*)::int as n from suggest_word w
       where not exists (select 1 from suggest s where s.id = w.suggest_id and w.program = any (s.programs))`,
    );
    expect(strays[0]!.n).toBe(0);
  });

  it('matches each typed word after the first at the start of a word', async () => {
    // 'Therapy' holds a 'y', but no word of 'New Lebanon Massage Therapy' starts with one.
    const { body } = await autocomplete('new y');
    expect(items(body).length).toBeGreaterThan(0);
    for (const item of items(body)) expect(foldText(item.item)).toMatch(/new.* y/);
    const special = await autocomplete('special abhy');
    expect(special.body.offers?.length).toBeGreaterThan(0);
    for (const item of special.body.offers ?? []) expect(foldText(item.item)).toMatch(/special.* abhy/);
  });

  it('matches only prefixes for one or two characters', async () => {
    const { body } = await autocomplete('yo');
    for (const item of items(body)) expect(closeness(item.item, 'yo')).toBe(0);
  });

  it('gives every suggestion a URL of spec 7 that leads where it says', async () => {
    const { body } = await autocomplete('ma');
    const all = [...items(body), ...items((await autocomplete('off')).body)];
    expect(all.length).toBeGreaterThan(10);
    for (const item of all) {
      const target = parseSuggestionUrl(item.url);
      expect(target, item.url).not.toBeNull();
      if (item.type === 'offers') {
        expect(target).toEqual({ kind: 'offer', offerId: item.offerId });
      } else if (item.type === 'merchantNames' || (item.type === 'merchantBannerNames' && item.merchantId)) {
        expect(target).toEqual({ kind: 'merchant', merchantId: item.merchantId });
        expect(item.listingId).toBe(item.merchantId);
      } else {
        expect(target).toEqual({ kind: 'filters', filters: item.filters });
      }
    }
    const option = body.serviceOptions?.[0];
    if (option) expect(option.filters).toEqual({ 'services.options': [option.item] });
    const place = (await autocomplete('austin')).body.merchantLocations?.[0];
    expect(place).toMatchObject({
      item: 'Austin, TX',
      address: 'Austin, TX',
      filters: { 'location.countryCode': ['US'], 'location.stateOrProvince': ['Texas'] },
    });
  });

  it('suggests current offers only, with their price fields', async () => {
    const { body } = await autocomplete('off');
    expect(body.offers?.length).toBeGreaterThan(0);
    const ids = body.offers!.map((item) => item.offerId!);
    const { rows } = await db.query<{ current: boolean }>(
      `select start_date <= (now() at time zone 'utc') and end_date > (now() at time zone 'utc') as current
       from offers where id = any($1::bigint[])`,
      [ids],
    );
    expect(rows.map((row) => row.current)).toEqual(ids.map(() => true));
    for (const offer of body.offers!) {
      expect(offer.item).toMatch(/off/i);
      expect(offer.expires).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(offer.address).toBeTruthy();
    }
  });

  it('offers the brands as banner names and other business types as suggestions', async () => {
    const brands = await autocomplete('tranquil', wellness);
    expect(brands.body.merchantBannerNames?.[0]).toMatchObject({
      item: 'Tranquil Touch Massage',
      filters: { businessTypes: ['Tranquil Touch Massage'] },
    });
    const types = await autocomplete('day', spa);
    expect(types.body.suggestions?.map((item) => item.item)).toContain('Day Spa');
    for (const item of items(types.body)) expect(WELLNESS_BRANDS).not.toContain(item.item);
  });

  it("keeps to the caller's programs", async () => {
    const asWellness = await autocomplete('yoga', wellness);
    const merchants = items(asWellness.body)
      .filter((item) => item.merchantId)
      .map((item) => item.merchantId!);
    expect(merchants.length).toBeGreaterThan(0);
    for (const programs of await programsOf(merchants)) expect(programs).toContain(PROGRAMS.wellness);
    const spaName = (
      await db.query<{ name: string }>(
        `select name from merchants where status = 'APPROVED' and not non_searchable
           and not included_programs && $1::text[] and name ~ '^[A-Z][a-z]+ [A-Z][a-z]+ Spa$' order by id limit 1`,
        [[PROGRAMS.wellness]],
      )
    ).rows[0]!.name;
    const found = await autocomplete(spaName, spa);
    expect(found.body.merchantNames?.map((item) => item.item)).toContain(spaName);
    const hidden = await autocomplete(spaName, wellness);
    expect(hidden.body.merchantNames?.map((item) => item.item) ?? []).not.toContain(spaName);
  });

  it('reads the text from JSON criteria, and narrows to the types asked for', async () => {
    const plain = await autocomplete('mass');
    expect(await autocomplete({ keywords: 'mass' })).toEqual(plain);
    expect(await autocomplete({ location: 'mass' })).toEqual(plain);
    const places = await autocomplete({ location: 'aus', types: ['merchantLocations'] });
    expect(Object.keys(places.body)).toEqual(['merchantLocations']);
  });

  it.each([[''], ['   '], ['{}'], ['[]'], ['["mass"]'], ['{"keywords":""}'], ['{"page":2}']])(
    'answers an empty set for empty or non-object criteria %j',
    async (criteria) => {
      const { status, body } = await autocomplete(criteria);
      expect(status).toBe(200);
      expect(body).toEqual({});
    },
  );

  it('answers an empty set without criteria, and nothing for text that matches nothing', async () => {
    const response = await app.inject({ url: '/api/autocomplete', headers: spa });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    expect((await autocomplete('zzqxj')).body).toEqual({});
    // LIKE wildcards are typed text, not patterns.
    expect((await autocomplete('%%%')).body).toEqual({});
    expect((await autocomplete('_a')).body).toEqual({});
  });

  it.each([
    ['a'.repeat(501)],
    [JSON.stringify({ keywords: 'a'.repeat(101) })],
    ['{"keywords": "mass"'],
    [JSON.stringify({ keywords: 'mass', types: ['nope'] })],
  ])('answers 400 naming criteria for %s', async (criteria) => {
    const { status, body } = await autocomplete(criteria);
    expect(status).toBe(400);
    expect((body as { field?: string }).field).toBe('criteria');
  });

  it('requires the publisherId header', async () => {
    const { status, body } = await autocomplete('mass', {});
    expect(status).toBe(400);
    expect((body as { field?: string }).field).toBe('publisherId');
  });

  it('is rebuilt with the seed, from approved searchable listings only', async () => {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from suggest s join merchants m on m.id = s.merchant_id
       where m.status <> 'APPROVED' or m.non_searchable`,
    );
    expect(rows[0]!.n).toBe(0);
    const names = await db.query<{ n: number }>(
      `select count(*)::int as n from suggest where kind = 'merchantNames'`,
    );
    const approved = await db.query<{ n: number }>(
      `select count(*)::int as n from merchants where status = 'APPROVED' and not non_searchable`,
    );
    expect(names.rows[0]!.n).toBe(approved.rows[0]!.n);
  });
});
