/**
 * The seed loads listings into tables without their secondary indexes and builds them after, and
 * counts the search vocabulary once instead of through its insert trigger (issue 16: a fresh
 * start in seconds). What it must leave is what the migrations define: every index back and
 * valid, the trigger on, the vocabulary the trigger would have counted; and a seed that fails
 * half way must leave the indexes it found.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { migrate } from '../../server/db/migrate';
import type { Db } from '../../server/db/driver';
import { ensureSeeded, listingCount, seed } from '../../server/seed/load';
import type { ListingCard, SearchResult, SuggestionItem } from '../../src/domain/types';
import { databases } from './databases';

const LISTINGS = 400;
const spa = { publisherid: '1' };

/** Every index of the schema with its definition and state, and the tables' own triggers. */
async function schemaState(db: Pick<Db, 'query'>) {
  const indexes = await db.query<{ name: string; definition: string; valid: boolean; ready: boolean }>(
    `select c.relname as name, pg_get_indexdef(i.indexrelid) as definition, i.indisvalid as valid,
       i.indisready as ready
     from pg_index i join pg_class c on c.oid = i.indexrelid
     where c.relnamespace = current_schema()::regnamespace
     order by 1`,
  );
  const triggers = await db.query<{ name: string; enabled: string }>(
    `select tgname as name, tgenabled as enabled from pg_trigger
     where not tgisinternal and tgrelid::regclass::text not like 'pg\\_%' order by 1`,
  );
  return { indexes: indexes.rows, triggers: triggers.rows };
}

describe.each(databases)('seed on $name', ({ open }) => {
  let db: Awaited<ReturnType<(typeof databases)[number]['open']>>;
  let app: FastifyInstance;
  /** The schema as the migrations left it, before any seed. */
  let migrated: Awaited<ReturnType<typeof schemaState>>;

  beforeAll(async () => {
    db = await open();
    await migrate(db);
    migrated = await schemaState(db);
    await ensureSeeded(db, { count: LISTINGS, now: new Date() });
    app = await buildApp({ db });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('leaves every index of the migrations, valid, and their triggers on', async () => {
    const seeded = await schemaState(db);
    expect(seeded).toEqual(migrated);
    const names = seeded.indexes.map((index) => index.name);
    // A few that the seed drops and builds again: GiST, GIN (tsvector, trigram, arrays), partial.
    expect(names).toEqual(
      expect.arrayContaining([
        'merchants_place_terms',
        'merchants_terms',
        'merchants_name_trgm',
        'offers_merchant',
        'suggest_names_infix',
        'search_vocabulary_trgm',
      ]),
    );
    expect(seeded.indexes.every((index) => index.valid && index.ready)).toBe(true);
    expect(seeded.triggers).toContainEqual({ name: 'merchants_vocabulary_insert', enabled: 'O' });
  });

  it('counts the vocabulary and the stems the insert trigger counts, once', async () => {
    const vocabulary = `select 'word' as kind, word, program, listings from search_vocabulary
      union all select 'stem', lexeme, program, listings from search_lexeme_uses
      order by kind, word, program`;
    const seeded = (await db.query<{ kind: string }>(vocabulary)).rows;
    expect(seeded.filter((row) => row.kind === 'word').length).toBeGreaterThan(100);
    expect(seeded.filter((row) => row.kind === 'stem').length).toBeGreaterThan(100);
    // The listings truncated (the trigger empties the vocabulary) and inserted again through the
    // insert trigger, in a transaction that is then rolled back.
    const { rows: columns } = await db.query<{ name: string }>(
      `select quote_ident(column_name) as name from information_schema.columns
       where table_schema = current_schema() and table_name = 'merchants' and is_generated = 'NEVER'
       order by ordinal_position`,
    );
    const list = columns.map((column) => column.name).join(', ');
    let counted: unknown[] = [];
    const rolledBack = new Error('rolled back');
    await expect(
      db.transaction(async (tx) => {
        await tx.exec(`create temporary table listings_again on commit drop as select ${list} from merchants;
          truncate merchants cascade;
          insert into merchants (${list}) select ${list} from listings_again`);
        counted = (await tx.query(vocabulary)).rows;
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(counted).toEqual(seeded);
    expect((await db.query(vocabulary)).rows).toEqual(seeded);
  });

  it('answers a search and an autocomplete from the seeded listings', async () => {
    const search = await app.inject({ url: '/api/merchants?keywords=massage', headers: spa });
    expect(search.statusCode).toBe(200);
    const result = search.json() as SearchResult<ListingCard>;
    expect(result.totalHits).toBeGreaterThan(0);
    const suggest = await app.inject({ url: '/api/autocomplete?criteria=mas', headers: spa });
    expect(suggest.statusCode).toBe(200);
    expect(Object.values(suggest.json() as Record<string, SuggestionItem[]>).flat().length).toBeGreaterThan(
      0,
    );
  });

  it('keeps the indexes and the listings when a seed fails half way', async () => {
    const failing = seed(db, {
      count: LISTINGS,
      seed: 7,
      onProgress: () => {
        throw new Error('stopped half way');
      },
    });
    await expect(failing).rejects.toThrow('stopped half way');
    expect(await schemaState(db)).toEqual(migrated);
    expect(await listingCount(db)).toBe(LISTINGS);
  });
});
