import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { migrate } from '../../server/db/migrate';
import {
  listingById,
  listingByOldId,
  offerInfoById,
  offerWithListingById,
} from '../../server/listings/service';
import { ensureSeeded } from '../../server/seed/load';
import { offerDate } from '../../server/seed/offers';
import { PROGRAMS } from '../../src/domain/catalog';
import { listingPath, offerPath } from '../../src/domain/slug';
import type { Listing, Offer, OfferInfo, OfferWithListing } from '../../src/domain/types';
import { databases } from './databases';
import { recordingQueries } from './helpers';

const LISTINGS = 600;
const DAY_MS = 86_400_000;
const wellness = { publisherid: '13' };
const spa = { publisherid: '1' };

interface MerchantRow {
  id: number;
  old_id: number | null;
  doc: Listing;
  banner_name: string;
  average_score: number;
  total_reviews: number;
}

describe.each(databases)('listings and offers by id on $name', ({ open }) => {
  let db: Awaited<ReturnType<(typeof databases)[number]['open']>>;
  let app: FastifyInstance;
  /** A wellness listing rewritten to exercise the normalisation rules. */
  let edited: MerchantRow;
  let currentOffer: Offer;
  let expiredOffer: Offer;
  let futureOffer: Offer;

  const get = (url: string, headers: Record<string, string> = wellness) => app.inject({ url, headers });

  /** The first merchant matching `where` (SQL on merchants m). */
  async function merchant(where: string): Promise<MerchantRow> {
    const { rows } = await db.query<MerchantRow>(
      `select id, old_id, doc, banner_name, average_score, total_reviews from merchants m
       where ${where} order by id limit 1`,
    );
    if (!rows[0]) throw new Error(`the seed has no merchant where ${where}`);
    return rows[0];
  }

  function offerOf(listingId: number, id: number, startDay: number, endDay: number): Offer {
    const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    return {
      id,
      price: 120,
      valid: endDay > 0,
      title: `Test offer ${id}`,
      images: [],
      startDate: offerDate(today + startDay * DAY_MS),
      endDate: offerDate(today + endDay * DAY_MS),
      subTitle: 'For the tests',
      percentOff: null,
      categories: [{ name: 'Massages' }],
      description: 'A test offer.',
      discountPrice: 99,
      listingId,
    };
  }

  async function insertOffer(offer: Offer): Promise<void> {
    await db.query(
      `insert into offers (id, merchant_id, start_date, end_date, price, discount_price, percent_off, doc)
       values ($1, $2, $3::timestamp, $4::timestamp, $5, $6, $7, $8::jsonb)`,
      [
        offer.id,
        offer.listingId,
        offer.startDate,
        offer.endDate,
        offer.price,
        offer.discountPrice,
        offer.percentOff,
        JSON.stringify(offer),
      ],
    );
  }

  beforeAll(async () => {
    db = await open();
    await migrate(db);
    await ensureSeeded(db, { count: LISTINGS, now: new Date() });
    app = await buildApp({ db });

    // A US wellness listing stored the way older records are: a two-letter state without its
    // code, a website without a scheme, no status; its seeded offers replaced by three of ours.
    edited = await merchant(`'${PROGRAMS.wellness}' = any(included_programs) and country_code = 'US'`);
    const location = edited.doc.location;
    const doc: Partial<Listing> = {
      ...edited.doc,
      location: { ...location, stateOrProvince: location.stateOrProvinceCode, stateOrProvinceCode: '' },
      website: 'www.example-wellness.com',
    };
    delete doc.merchantListingStatus;
    await db.query('update merchants set doc = $2::jsonb where id = $1', [edited.id, JSON.stringify(doc)]);
    await db.query('delete from offers where merchant_id = $1', [edited.id]);
    const { rows } = await db.query<{ next: number }>('select coalesce(max(id), 0) + 1 as next from offers');
    const next = rows[0]!.next;
    currentOffer = offerOf(edited.id, next, -5, 30);
    expiredOffer = offerOf(edited.id, next + 1, -60, -2);
    futureOffer = offerOf(edited.id, next + 2, 5, 60);
    for (const offer of [currentOffer, expiredOffer, futureOffer]) await insertOffer(offer);
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('reads listings and offers with statements prepared once for any id', async () => {
    const { db: watched, asked } = recordingQueries(db);
    const scope = { programs: [PROGRAMS.wellness], listingRouteName: 'site' };
    expect((await listingById(watched, edited.id, scope))?.merchantId).toBe(edited.id);
    await listingByOldId(watched, 123_456_789, scope);
    expect((await offerInfoById(watched, currentOffer.id, scope))?.listingId).toBe(edited.id);
    expect((await offerWithListingById(watched, currentOffer.id, scope, () => {}))?.listing?.merchantId).toBe(
      edited.id,
    );
    expect(asked.map(({ options }) => options?.prepared)).toEqual([true, true, true, true]);
  });

  describe('GET /api/merchants/{id}', () => {
    it('answers the normalised listing with its current offers only', async () => {
      const response = await get(`/api/merchants/${edited.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=60');
      const listing = response.json<Listing>();
      const stored = edited.doc.location;
      expect(listing.merchantId).toBe(edited.id);
      expect(listing.name).toBe(edited.doc.name);
      // The two-letter state turned into its name, the code kept.
      expect(listing.location.stateOrProvince).toBe(stored.stateOrProvince);
      expect(listing.location.stateOrProvinceCode).toBe(stored.stateOrProvinceCode);
      expect(listing.website).toBe('http://www.example-wellness.com');
      // US numbers get no dial prefix.
      expect(listing.phone.number).toBe(edited.doc.phone.number);
      expect(listing.merchantListingStatus).toBe('APPROVED');
      expect(listing.offers.map((offer) => offer.id)).toEqual([currentOffer.id]);
      expect(listing.offers[0]).toEqual(currentOffer);
      expect(listing.canonicalLink).toBe(listingPath('site', edited.doc.name, edited.id));
    });

    it('gives a Canadian phone number its dial prefix', async () => {
      const canadian = await merchant(`country_code = 'CA'`);
      const response = await get(`/api/merchants/${canadian.id}`, spa);
      expect(response.statusCode).toBe(200);
      const listing = response.json<Listing>();
      expect(listing.phone.number).toBe(`+1 ${canadian.doc.phone.number}`);
      expect(listing.canonicalLink).toBe(listingPath('spa', canadian.doc.name, canadian.id));
    });

    it('serves a listing that is not approved yet, with its status', async () => {
      const pending = await merchant(`status = 'PENDING'`);
      const headers = pending.doc.includedPrograms.includes(PROGRAMS.wellness) ? wellness : spa;
      const response = await get(`/api/merchants/${pending.id}`, headers);
      expect(response.statusCode).toBe(200);
      expect(response.json<Listing>().merchantListingStatus).toBe('PENDING');
    });

    it("answers 404 'Listing not found!' for an unknown id and for another tenant's listing", async () => {
      const unknown = await get('/api/merchants/987654321');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: 'Listing not found!' });
      const spaOnly = await merchant(
        `'${PROGRAMS.spa}' = any(included_programs) and not '${PROGRAMS.wellness}' = any(included_programs)`,
      );
      expect((await get(`/api/merchants/${spaOnly.id}`, spa)).statusCode).toBe(200);
      const foreign = await get(`/api/merchants/${spaOnly.id}`, wellness);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ error: 'Listing not found!' });
    });

    it('hides a listing that excludes the caller’s program, as search does', async () => {
      const listing = await merchant(`'${PROGRAMS.spa}' = any(included_programs) and country_code = 'US'`);
      await db.query('update merchants set excluded_programs = $2 where id = $1', [
        listing.id,
        [PROGRAMS.spa],
      ]);
      try {
        expect((await get(`/api/merchants/${listing.id}`, spa)).statusCode).toBe(404);
      } finally {
        await db.query(`update merchants set excluded_programs = '{}' where id = $1`, [listing.id]);
      }
    });

    it.each(['abc', '1e3', '-5', '99999999999999999999', '12.5'])(
      'answers 400 naming id for %s',
      async (id) => {
        const response = await get(`/api/merchants/${id}`);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error: 'id: must be a numeric merchant id', field: 'id' });
      },
    );

    it('answers 400 without the publisherId header', async () => {
      const response = await get(`/api/merchants/${edited.id}`, {});
      expect(response.statusCode).toBe(400);
      expect(response.json().field).toBe('publisherId');
    });
  });

  describe('GET /api/merchants/map/{oldId}', () => {
    it('finds the listing by its old id; the canonical link ends with the merchant id', async () => {
      const older = await merchant(`old_id is not null and '${PROGRAMS.spa}' = any(included_programs)`);
      const response = await get(`/api/merchants/map/${older.old_id}`, spa);
      expect(response.statusCode).toBe(200);
      const listing = response.json<Listing>();
      expect(listing.merchantId).toBe(older.id);
      expect(listing.oldId).toBe(older.old_id);
      expect(listing.canonicalLink).toBe(listingPath('spa', older.doc.name, older.id));
      expect(listing.canonicalLink.endsWith(`-${older.id}`)).toBe(true);
    });

    it("answers 404 'Listing not found!' for an unknown old id, 400 for a bad one", async () => {
      const unknown = await get('/api/merchants/map/123');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: 'Listing not found!' });
      const bad = await get('/api/merchants/map/1e3');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ error: 'id: must be a numeric merchant id', field: 'id' });
    });
  });

  describe('GET /api/offers/{id}', () => {
    it('answers the offer info of spec 3, exactly', async () => {
      const response = await get(`/api/offers/${currentOffer.id}?utm_source=newsletter`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=60');
      const location = edited.doc.location;
      expect(response.json<OfferInfo>()).toEqual({
        offer: currentOffer,
        name: edited.banner_name,
        listingId: edited.id,
        location: {
          city: location.city,
          stateOrProvinceCode: location.stateOrProvinceCode,
          latitude: location.latitude,
          longitude: location.longitude,
          normalizedLocation: location.normalizedLocation,
        },
        averageScore: edited.average_score,
        totalReviews: edited.total_reviews,
        canonicalLink: offerPath(currentOffer.title, currentOffer.id),
      });
      expect(response.json<OfferInfo>().canonicalLink).toBe(
        `/offer/test-offer-${currentOffer.id}-${currentOffer.id}`,
      );
    });

    it('still serves an expired offer (its page says expired)', async () => {
      const response = await get(`/api/offers/${expiredOffer.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json<OfferInfo>().offer).toEqual(expiredOffer);
    });

    it("answers 404 'Offer not found!' for an unknown offer and another tenant's offer", async () => {
      const unknown = await get('/api/offers/987654321');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: 'Offer not found!' });
      const foreign = await get(`/api/offers/${currentOffer.id}`, spa);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ error: 'Offer not found!' });
    });

    it.each(['abc', '1e3', '-5', '99999999999999999999'])('answers 400 naming id for %s', async (id) => {
      const response = await get(`/api/offers/${id}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'id: must be a numeric offer id', field: 'id' });
    });
  });

  describe('GET /api/offers/{id}?include=listing', () => {
    it('answers the offer info with the listing GET /merchants/{id} answers, headers and all', async () => {
      for (const [offer, headers] of [
        [currentOffer, wellness],
        [expiredOffer, wellness],
      ] as const) {
        const plain = await get(`/api/offers/${offer.id}?utm_source=newsletter`, headers);
        const both = await get(`/api/offers/${offer.id}?utm_source=newsletter&include=listing`, headers);
        const listing = await get(`/api/merchants/${edited.id}`, headers);
        expect(both.statusCode).toBe(200);
        const answer = both.json<OfferWithListing>();
        const { listing: included, ...info } = answer;
        expect(info).toEqual(plain.json<OfferInfo>());
        // The listing as its own page gets it: normalised, current offers only, canonical link.
        expect(included).toEqual(listing.json<Listing>());
        expect(included?.offers.map((current) => current.id)).toEqual([currentOffer.id]);
        expect(both.headers['cache-control']).toBe(listing.headers['cache-control']);
        expect(both.headers.vary).toBe(plain.headers.vary);
        // Another body, so another tag: a cache never serves one answer for the other.
        expect(both.headers.etag).toMatch(/^W\//);
        expect(both.headers.etag).not.toBe(plain.headers.etag);
      }
    });

    it("builds the listing for the caller's tenant (its listing route, its dial prefix)", async () => {
      const canadian = await merchant(
        `country_code = 'CA' and '${PROGRAMS.spa}' = any(included_programs)
         and exists (select 1 from offers o where o.merchant_id = m.id)`,
      );
      const { rows } = await db.query<{ id: number }>(
        'select id from offers where merchant_id = $1 order by id limit 1',
        [canadian.id],
      );
      const response = await get(`/api/offers/${rows[0]!.id}?include=listing`, spa);
      expect(response.statusCode).toBe(200);
      const { listing } = response.json<OfferWithListing>();
      expect(listing).toEqual((await get(`/api/merchants/${canadian.id}`, spa)).json<Listing>());
      expect(listing?.canonicalLink).toBe(listingPath('spa', canadian.doc.name, canadian.id));
    });

    it('leaves the answer without include as it was: no listing key', async () => {
      const response = await get(`/api/offers/${currentOffer.id}`);
      expect(response.json<OfferInfo>()).not.toHaveProperty('listing');
    });

    it("answers 404 'Offer not found!' as without include, for unknown and foreign offers", async () => {
      const unknown = await get('/api/offers/987654321?include=listing');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: 'Offer not found!' });
      const foreign = await get(`/api/offers/${currentOffer.id}?include=listing`, spa);
      expect(foreign.statusCode).toBe(404);
    });

    it.each(['bogus', '', 'listing&include=listing', 'LISTING'])(
      'answers 400 naming include for include=%s',
      async (include) => {
        const response = await get(`/api/offers/${currentOffer.id}?include=${include}`);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error: 'include: must be listing', field: 'include' });
      },
    );

    it('answers the offer with listing: null when the listing record cannot be served', async () => {
      const { rows } = await db.query<{ doc: Listing }>('select doc from merchants where id = $1', [
        edited.id,
      ]);
      const saved = rows[0]!.doc;
      // A record the normalisation chokes on: a phone that is not an object of strings.
      await db.query(`update merchants set doc = jsonb_set(doc, '{phone}', '{"number": 5}') where id = $1`, [
        edited.id,
      ]);
      try {
        expect((await get(`/api/merchants/${edited.id}`)).statusCode).toBe(500);
        const response = await get(`/api/offers/${currentOffer.id}?include=listing`);
        expect(response.statusCode).toBe(200);
        expect(response.json<OfferWithListing>()).toMatchObject({ offer: currentOffer, listing: null });
      } finally {
        await db.query('update merchants set doc = $2::jsonb where id = $1', [
          edited.id,
          JSON.stringify(saved),
        ]);
      }
    });
  });
});
