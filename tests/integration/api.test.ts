import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { migrate } from '../../server/db/migrate';
import { HEALTH_FRESH_MS } from '../../server/routes/health';
import { ensureSeeded } from '../../server/seed/load';
import { createPgDocumentStore, type DocumentStore } from '../../server/documents/store';
import { builtInTenants } from '../../src/tenant';
import { PROGRAMS } from '../../src/domain/catalog';
import { roundMiles } from '../../src/domain/geo';
import type { OfferCard } from '../../src/domain/types';
import { databases } from './databases';
import { recordingQueries } from './helpers';

const LISTINGS = 3_000;
const wellness = { publisherid: '13' };
const spa = { publisherid: '1' };

describe.each(databases)('API on $name', ({ open }) => {
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

  describe('database', () => {
    it('applies each migration once', async () => {
      expect(await migrate(db)).toEqual([]);
      const { rows } = await db.query<{ name: string }>('select name from schema_migrations');
      expect(rows.map((row) => row.name)).toContain('001_init.sql');
    });

    it('seeds once, and a second start keeps the data', async () => {
      const again = await ensureSeeded(db, { count: 10 });
      expect(again).toEqual({ seeded: false, count: LISTINGS });
      const { rows } = await db.query<{ n: number }>('select count(*)::int as n from merchants');
      expect(rows[0]?.n).toBe(LISTINGS);
    });

    it("keeps a collection's revision on PGlite until a store writes it; reads it each time on PostgreSQL", async () => {
      const { db: watched, asked } = recordingQueries(db);
      // Two stores on one database, as two app instances in one process share it.
      const [reader, writer] = [createPgDocumentStore(watched), createPgDocumentStore(watched)];
      const reads = () => asked.filter(({ text }) => text.includes('document_versions')).length;
      const collection = 'config/revision-test';
      const before = await reader.revision!(collection);
      expect(await reader.revision!(collection)).toBe(before);
      expect(reads()).toBe(db.kind === 'pglite' ? 1 : 2);
      await writer.set(`${collection}/one`, { n: 1 });
      const written = await reader.revision!(collection);
      expect(written).not.toBe(before);
      await writer.delete(`${collection}/one`);
      expect(await reader.revision!(collection)).not.toBe(written);
    });

    it('has the extensions search needs', async () => {
      const { rows } = await db.query<{ extname: string }>(
        'select extname from pg_extension order by extname',
      );
      expect(rows.map((row) => row.extname)).toEqual(
        expect.arrayContaining(['cube', 'earthdistance', 'pg_trgm', 'unaccent']),
      );
    });
  });

  describe('GET /api/health', () => {
    it('answers with the database kind and the listing count', async () => {
      const response = await app.inject('/api/health');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ ok: true, database: db.kind, listings: LISTINGS });
    });

    it("takes the database's answer to another request as its health, and asks it when idle", async () => {
      let asked = 0;
      let answeredAt = performance.now();
      const watched = new Proxy(db, {
        get(target, name) {
          if (name === 'answeredAt') return answeredAt;
          if (name === 'priorityQuery') {
            return (sql: string, params?: unknown[]) => {
              asked++;
              return target.priorityQuery(sql, params);
            };
          }
          const value: unknown = Reflect.get(target, name);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      const own = await buildApp({ db: watched });
      try {
        const health = async () => {
          const response = await own.inject('/api/health');
          expect(response.statusCode).toBe(200);
          expect(response.json()).toMatchObject({ ok: true, listings: LISTINGS });
        };
        // The first check counts the listings.
        await health();
        expect(asked).toBe(1);
        // The database answered a request just now: nothing to wait for behind it.
        answeredAt = performance.now();
        await health();
        await health();
        expect(asked).toBe(1);
        // Nothing answered for over a second: asked again.
        answeredAt = performance.now() - HEALTH_FRESH_MS - 1;
        await health();
        expect(asked).toBe(2);
      } finally {
        await own.close();
      }
    });
  });

  describe('GET /api/tenants/{name}', () => {
    it('serves each built-in tenant from the document store', async () => {
      for (const name of Object.keys(builtInTenants)) {
        const response = await app.inject(`/api/tenants/${name}`);
        expect(response.statusCode).toBe(200);
        expect(response.json().name).toBe(name);
        expect(response.headers['x-tenant-fallback']).toBeUndefined();
      }
      expect((await app.inject('/api/tenants/wellness')).json().helperInfo.publisherId).toBe(13);
    });

    it('serves what the store holds, not the built-in copy', async () => {
      const store = createPgDocumentStore(db);
      const path = 'config/environment/tenants/spa';
      const original = await store.get<Record<string, unknown>>(path);
      await store.set(path, { ...original, brandName: 'Renamed Spa Finder' });
      try {
        expect((await app.inject('/api/tenants/spa')).json().brandName).toBe('Renamed Spa Finder');
      } finally {
        await store.set(path, original);
      }
    });

    it('falls back to the default tenant for an unknown name', async () => {
      const response = await app.inject('/api/tenants/no-such-brand');
      expect(response.statusCode).toBe(200);
      expect(response.json().name).toBe('wellness');
      expect(response.headers['x-tenant-fallback']).toBe('unknown');
    });

    it('falls back to the default tenant when the store fails', async () => {
      const failing: DocumentStore = {
        ...createPgDocumentStore(db),
        get: vi.fn().mockRejectedValue(new Error('store down')),
      };
      const fallbackApp = await buildApp({ db, documents: failing });
      const response = await fallbackApp.inject('/api/tenants/spa');
      await fallbackApp.close();
      expect(response.statusCode).toBe(200);
      expect(response.json().name).toBe('wellness');
      expect(response.headers['x-tenant-fallback']).toBe('failed');
    });

    it('answers 400 naming the field for a malformed name', async () => {
      const response = await app.inject('/api/tenants/..%2Fetc');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field: 'name' });
    });
  });

  describe('GET /api/offers', () => {
    const offers = async (query: string, headers: Record<string, string> = wellness) => {
      const response = await app.inject({ url: `/api/offers?${query}`, headers });
      return {
        status: response.statusCode,
        body: response.json() as { items: OfferCard[]; location: string | null; field?: string },
      };
    };

    it('returns current offers near a place, nearest first, within the distance', async () => {
      const { status, body } = await offers('location=New%20York,%20NY&distance=50', spa);
      expect(status).toBe(200);
      expect(body.location).toMatch(/^New York( City)?, NY$/);
      expect(body.items.length).toBeGreaterThan(0);
      const distances = body.items.map((item) => item.distance!);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(Math.max(...distances)).toBeLessThanOrEqual(50);
      const now = Date.now();
      for (const item of body.items) {
        expect(Date.parse(item.startDate.replace(' ', 'T') + 'Z')).toBeLessThanOrEqual(now);
        expect(Date.parse(item.endDate.replace(' ', 'T') + 'Z')).toBeGreaterThan(now);
      }
    });

    it('answers the nearest current offers of all in the radius (the walk stops early, not short)', async () => {
      // Every current offer of the tenant's listings within 10 miles of New York, by the spec's
      // haversine (6371 km), as a search measures them.
      const everyOffer = async (programs: string) => {
        const { rows } = await db.query<{ id: number; miles: number }>(
          `select o.id, haversine_miles(m.lat, m.lon, 40.7128, -74.006) as miles
           from merchants m join offers o on o.merchant_id = m.id
           where m.included_programs && array[$1]::text[] and m.status = 'APPROVED' and not m.non_searchable
             and o.start_date <= (now() at time zone 'utc') and o.end_date > (now() at time zone 'utc')
             and haversine_miles(m.lat, m.lon, 40.7128, -74.006) <= 10
           order by miles, o.id`,
          [programs],
        );
        return rows;
      };
      const all = await everyOffer(PROGRAMS.wellness);
      // More offers than the smaller sizes ask for, fewer than the largest: both ends are tested.
      expect(all.length).toBeGreaterThan(5);
      expect(all.length).toBeLessThan(45);
      for (const size of [1, 5, all.length + 3]) {
        const { status, body } = await offers(
          `location=40.7128,-74.006&distance=10&size=${Math.min(size, 48)}`,
          wellness,
        );
        expect(status).toBe(200);
        const expected = all.slice(0, Math.min(size, 48));
        expect(body.items.map((item) => item.id)).toEqual(expected.map((row) => row.id));
        // Each card's distance is the haversine's, rounded as a search card's (spec 9).
        expect(body.items.map((item) => item.distance)).toEqual(expected.map((row) => roundMiles(row.miles)));
      }
    });

    it('scopes offers to the calling tenant through its programs', async () => {
      const { body } = await offers('size=48', wellness);
      expect(body.items.length).toBeGreaterThan(0);
      const ids = body.items.map((item) => item.merchantId);
      const { rows } = await db.query<{ included_programs: string[] }>(
        'select included_programs from merchants where id = any($1::bigint[])',
        [ids],
      );
      for (const row of rows) expect(row.included_programs).toContain(PROGRAMS.wellness);
    });

    it('keeps a country filter for tenants that share a publisher', async () => {
      const { body } = await offers('country=CA&size=48', spa);
      expect(body.items.length).toBeGreaterThan(0);
      const { rows } = await db.query<{ country_code: string }>(
        'select distinct country_code from merchants where id = any($1::bigint[])',
        [body.items.map((item) => item.merchantId)],
      );
      expect(rows.map((row) => row.country_code)).toEqual(['CA']);
    });

    it.each([
      ['distance=12', 'distance'],
      ['distance=abc', 'distance'],
      ['size=0', 'size'],
      ['size=1000', 'size'],
      ['country=FR', 'country'],
      ['location=Xyzzyville%20Nowhere', 'location'],
    ])('answers 400 naming the field for %s', async (query, field) => {
      const { status, body } = await offers(query);
      expect(status).toBe(400);
      expect(body.field).toBe(field);
    });

    it('requires the publisherId header, and refuses programs of another publisher', async () => {
      expect((await offers('', {})).body.field).toBe('publisherId');
      expect((await offers('', { publisherid: '999' })).status).toBe(400);
      const foreign = await offers('', { ...wellness, includedprograms: PROGRAMS.spa });
      expect(foreign.status).toBe(400);
      expect(foreign.body.field).toBe('includedPrograms');
    });
  });

  describe('errors and CORS', () => {
    it('answers unknown API paths with a JSON 404', async () => {
      const response = await app.inject('/api/nope');
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toMatch(/No such endpoint/);
    });

    it('lets a configured partner origin call, and not a foreign one', async () => {
      const allowed = await app.inject({
        url: '/api/tenants/spa',
        headers: { origin: 'http://localhost:5173' },
      });
      expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5173');
      const foreign = await app.inject({
        url: '/api/tenants/spa',
        headers: { origin: 'https://evil.example' },
      });
      expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    });
  });
});
