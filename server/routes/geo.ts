import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { builtInTenants, DEFAULT_TENANT } from '../../src/tenant';
import type { UserLocation } from '../../src/domain/types';
import { countryCentre, lookupPlace, type CountryCode, type Place } from '../geo/gazetteer';
import { IP_LOCATION_ATTRIBUTION, placeOfAddress, type IpLocator } from '../geo/ip-location';
import { notFound } from '../http';
import type { TenantService } from '../tenants';

/** Coordinates are given to 4 decimals (about 10 m), as IP lookup services do. */
const round4 = (value: number): number => Math.round(value * 10_000) / 10_000;

/**
 * A user location of spec 3 for a place. The ipinfo-style fields: `region` the full state or
 * province name, `country` the two-letter code, `loc` 'lat,lon'; the *_name fields spell them
 * out; normalizeLocation is the search location text ('Austin, TX').
 */
export function userLocation(place: Place, ip: string): UserLocation {
  const loc = `${round4(place.latitude)},${round4(place.longitude)}`;
  return {
    ip,
    loc,
    org: '',
    city: place.city,
    region: place.stateOrProvince,
    postal: place.postalCode,
    country: place.countryCode,
    latitude: place.latitude,
    longitude: place.longitude,
    city_name: place.city,
    region_name: place.stateOrProvince,
    country_name: place.countryName,
    normalizeLocation: place.normalizedLocation,
    normalizeCoordinates: loc,
  };
}

/**
 * The country of the caller's tenant: from its publisherId header when it sends one (a bad one is
 * a 400, as everywhere), else the default tenant's. Publisher 1 is 'spa' (US) before 'spa-canada'.
 */
function tenantCountry(request: FastifyRequest, tenants: TenantService): CountryCode {
  const config = request.headers.publisherid
    ? tenants.scope(request.headers).tenant
    : builtInTenants[DEFAULT_TENANT];
  return config.helperInfo.country === 'CA' ? 'CA' : 'US';
}

/**
 * The IP lookup's answer: the user location of the visitor's city, with `source` saying how it was
 * found ('ip': the IP database; 'country': the address is private or unknown, or outside the US
 * and Canada, so the tenant country's centre) and, for 'ip', the link the database's licence asks
 * pages to show.
 */
export type IpLookupAnswer = UserLocation & {
  source: 'ip' | 'country';
  attribution?: { text: string; link: string };
};

/**
 * GET /api/geo/{query}: a place text ('Austin, TX', a ZIP, a Canadian postal code) or a 'lat,lon'
 * pair resolved by the offline gazetteer; 404 `{ error }` when nothing matches (the element then
 * falls back to the tenant country, spec 4). Longer than 100 characters is not a route (Fastify's
 * parameter limit) and is a 404 too.
 *
 * GET /api/geo: the IP lookup of the caller's address (`request.ip`: the socket, or the client a
 * trusted proxy names, TRUST_PROXY) in the offline IP database (server/geo/ip-location.ts).
 */
export const geoRoutes: FastifyPluginAsync<{ tenants: TenantService; ipLocator: IpLocator }> = async (
  app,
  { tenants, ipLocator },
) => {
  const ipLookup = async (request: FastifyRequest, reply: FastifyReply): Promise<IpLookupAnswer> => {
    // The answer is the caller's own: never shared by a cache.
    reply.header('cache-control', 'private, no-store');
    const place = await placeOfAddress(ipLocator, request.ip);
    if (place)
      return {
        ...userLocation(place, request.ip),
        source: 'ip',
        attribution: { ...IP_LOCATION_ATTRIBUTION },
      };
    return { ...userLocation(countryCentre(tenantCountry(request, tenants)), request.ip), source: 'country' };
  };

  app.get('/geo', ipLookup);

  app.get<{ Params: { query: string } }>('/geo/:query', async (request, reply) => {
    const query = request.params.query.trim();
    if (!query) return ipLookup(request, reply);
    const place = lookupPlace(query);
    if (!place) throw notFound(`No place found for "${query}"`);
    // The gazetteer is part of the release: the same text gives the same place for a day.
    reply.header('cache-control', 'public, max-age=86400');
    return userLocation(place, '');
  });
};
