import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ERROR_MESSAGES } from '../../src/domain/constants';
import { roundMiles } from '../../src/domain/geo';
import type { OfferCard } from '../../src/domain/types';
import type { Db } from '../db/driver';
import { cachePerTenant, HttpError, notFound, numericId, parseInput } from '../http';
import { lookupPlace } from '../geo/gazetteer';
import {
  anyProgram,
  boxAround,
  chordTo,
  milesAlong,
  nearestWalk,
  Parameters,
  radiusTest,
} from '../search/query';
import { offerInfoById, offerWithListingById } from '../listings/service';
import { listingScope, type TenantService } from '../tenants';

const offerId = numericId('must be a numeric offer id');

/** Only `include` is read: the rest of the query is the page's own (spec 7), ignored. */
const offerQuery = z.object({
  include: z.literal('listing', { message: 'must be listing' }).optional(),
});

const nearbyQuery = z.object({
  location: z.string().trim().max(120).optional(),
  distance: z.coerce
    .number({ message: 'must be a number of miles' })
    .refine((miles) => [50, 30, 15, 10].includes(miles), 'must be one of 50, 30, 15, 10')
    .default(50),
  country: z.enum(['US', 'CA'], { message: 'must be US or CA' }).optional(),
  size: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1)
    .max(48)
    .default(24),
});

interface OfferRow {
  offer: OfferCard;
  merchant_id: number;
  banner_name: string;
  location: OfferCard['location'];
  average_score: number;
  total_reviews: number;
  distance: number | null;
}

/**
 * GET /api/offers: current offers of approved listings near a place (or, without one, the best
 * rated in the tenant's country), for the offers carousel. The carousel shuffles and shows 8.
 *
 * GET /api/offers/{id}: the offer info of spec 3 (offer, name, listingId, location, averageScore,
 * totalReviews, canonicalLink); expired offers too, their page says so. 404 'Offer not found!'.
 * With `include=listing`, also `listing`: GET /merchants/{listingId}'s answer (or null), so the
 * offer page needs one request. The rest of the page's query string that the browser appends
 * (spec 7) is ignored.
 */
export const offerRoutes: FastifyPluginAsync<{ db: Db; tenants: TenantService }> = async (
  app,
  { db, tenants },
) => {
  app.get('/offers', async (request, reply) => {
    const scope = tenants.scope(request.headers);
    const query = parseInput(nearbyQuery, request.query);
    const place = query.location ? lookupPlace(query.location) : null;
    if (query.location && !place)
      throw new HttpError(400, `location: no place found for "${query.location}"`, 'location');
    const params = new Parameters([scope.programs, query.size, query.country ?? null]);
    const current = `o.start_date <= (now() at time zone 'utc') and o.end_date > (now() at time zone 'utc')`;
    const listed = `m.included_programs && $1::text[] and m.status = 'APPROVED' and not m.non_searchable
         and ($3::text is null or m.country_code = $3)`;
    let statement: string;
    if (place) {
      const { add } = params;
      const centre = { lat: place.latitude, lon: place.longitude };
      // The offers of the nearest listings that have any: the location index (migrations 021 and
      // 027, which test the programs on the way) is walked nearest first and stops at the size-th
      // listing with a current offer, so a city of ten thousand listings reads a few dozen (New
      // York at a million listings: 5 ms, where ordering every offer in the radius took 61 s).
      // Those listings hold the nearest offers; two listings at the very same spot at the edge are
      // the one case where a tie is broken by the walk rather than by the offer id. The radius and
      // the distance are a search's (the spec's 6371 km sphere).
      const nearness = chordTo(centre, add);
      statement = `with nearest as materialized (${nearestWalk({
        columns: `m.id, m.banner_name, m.average_score, m.total_reviews, m.city, m.state_code, m.lat,
           m.lon, m.doc->'location'->>'normalizedLocation' as normalized_location,
           ${nearness} as nearness, ${milesAlong(nearness)} as distance`,
        where: `${listed} and m.scope_terms @@ ${add(anyProgram(scope.programs))}::tsquery
           and ${boxAround(centre, query.distance, add)}
           and exists (select from offers o where o.merchant_id = m.id and ${current})`,
        nearness,
        inRadius: radiusTest(nearness, centre, query.distance, add),
        limit: '$2::int',
      })})
       select o.doc as offer, m.id as merchant_id, m.banner_name, m.average_score, m.total_reviews,
         jsonb_build_object('city', m.city, 'stateOrProvinceCode', m.state_code, 'latitude', m.lat,
           'longitude', m.lon, 'normalizedLocation', m.normalized_location) as location,
         m.distance
       from nearest m join offers o on o.merchant_id = m.id
       where ${current}
       order by m.nearness, o.id
       limit $2`;
    } else {
      // The best rated listings' index, read in its order, with the offers of each (an
      // incremental sort by offer id within a score): a few dozen listings at any size.
      statement = `select o.doc as offer, m.id as merchant_id, m.banner_name, m.average_score,
         m.total_reviews,
         jsonb_build_object('city', m.city, 'stateOrProvinceCode', m.state_code, 'latitude', m.lat,
           'longitude', m.lon, 'normalizedLocation', m.doc->'location'->>'normalizedLocation') as location,
         null::float8 as distance
       from merchants m join offers o on o.merchant_id = m.id
       where ${listed} and ${current}
       order by m.average_score desc, m.total_reviews desc, o.id
       limit $2`;
    }
    const { rows } = await db.query<OfferRow>(statement, params.values);
    const items: OfferCard[] = rows.map((row) => ({
      ...row.offer,
      merchantId: row.merchant_id,
      bannerName: row.banner_name,
      location: row.location,
      averageScore: row.average_score,
      totalReviews: row.total_reviews,
      isClaimed: false,
      distance: row.distance === null ? null : roundMiles(row.distance),
    }));
    // The carousel's offers change rarely: a minute.
    cachePerTenant(reply, 60);
    return { items, location: place?.normalizedLocation ?? null };
  });

  app.get('/offers/:id', async (request, reply) => {
    const { id } = parseInput(offerId, request.params);
    const { include } = parseInput(offerQuery, request.query);
    const scope = listingScope(tenants.scope(request.headers));
    const info = include
      ? await offerWithListingById(db, id, scope, (err) =>
          request.log.error({ err, offerId: id }, 'the listing of an offer could not be served'),
        )
      : await offerInfoById(db, id, scope);
    if (!info) throw notFound(ERROR_MESSAGES.offerNotFound);
    // Listings and offers change rarely: a minute.
    cachePerTenant(reply, 60);
    return info;
  });
};
