/**
 * GET /api/tiles/{z}/{x}/{y}.png?tenant={name}: the base map of the embedded default (the tenant's
 * endpoints.mapTiles), drawn here from open data (server/tiles) so a map works offline and no
 * visitor's position reaches a third party. CONTRACT:
 *
 *   z 0 to 10 (deeper zooms enlarge zoom 10 in the browser: Leaflet's maxNativeZoom), x and y
 *   0 to 2^z - 1. `tenant` picks the palette (its theme colours); an unknown or missing name
 *   draws in the default theme's.
 *
 *   200 image/png, ETag, Cache-Control: public, max-age=604800, stale-while-revalidate=2592000,
 *       Server-Timing: cache;desc=memory|shared|disk|drawn
 *   304 for If-None-Match with the current ETag
 *   400 { "error": "z: must be a whole number from 0 to 10", "field": "z" } (x, y, tenant alike)
 */
import type { FastifyPluginAsync } from 'fastify';
import { HttpError, matchesEtag } from '../http';
import type { TenantService } from '../tenants';
import { createTileService, type TileServiceOptions } from '../tiles/cache';
import { DEFAULT_PALETTE, mapPalette, type MapPalette } from '../tiles/palette';
import { MAX_TILE_ZOOM } from '../tiles/render';

export interface TileRouteOptions extends TileServiceOptions {
  tenants: TenantService;
}

/**
 * A week fresh, a month more while revalidating: the picture changes only with a release (its
 * ETag then changes) or a tenant's new theme colours.
 */
const CACHE_CONTROL = 'public, max-age=604800, stale-while-revalidate=2592000';

const TENANT_NAME = /^[a-z0-9][a-z0-9-]{0,62}$/;

function whole(field: string, value: string, max: number): number {
  const number = /^\d{1,7}$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(number) || number < 0 || number > max)
    throw new HttpError(400, `${field}: must be a whole number from 0 to ${max}`, field);
  return number;
}

export const tileRoutes: FastifyPluginAsync<TileRouteOptions> = async (app, { tenants, ...options }) => {
  const service = createTileService(options);
  // One palette object per theme, so the service's per-palette key is computed once.
  const palettes = new Map<string, MapPalette>();
  const paletteOf = (tenant: unknown): MapPalette => {
    if (tenant === undefined || tenant === '') return DEFAULT_PALETTE;
    if (typeof tenant !== 'string' || !TENANT_NAME.test(tenant))
      throw new HttpError(400, 'tenant: must be a tenant name such as spa', 'tenant');
    const colors = tenants.inForce().get(tenant)?.theme.colors;
    if (!colors) return DEFAULT_PALETTE;
    const key = `${colors.primary}|${colors.secondary}`;
    let palette = palettes.get(key);
    if (!palette) palettes.set(key, (palette = mapPalette(colors)));
    return palette;
  };

  app.get<{ Params: { z: string; x: string; y: string }; Querystring: { tenant?: unknown } }>(
    '/tiles/:z/:x/:y.png',
    async (request, reply) => {
      const z = whole('z', request.params.z, MAX_TILE_ZOOM);
      const x = whole('x', request.params.x, 2 ** z - 1);
      const y = whole('y', request.params.y, 2 ** z - 1);
      const palette = paletteOf(request.query.tenant);
      const { tile, cache } = await service.tile(z, x, y, palette);
      reply
        .header('etag', tile.etag)
        .header('cache-control', CACHE_CONTROL)
        .header('access-control-allow-origin', '*')
        .header('server-timing', `cache;desc=${cache}`);
      if (matchesEtag(request.headers['if-none-match'], tile.etag)) return reply.code(304).send();
      return reply.type('image/png').send(tile.body);
    },
  );
};
