/**
 * The tile layer every map an element draws uses (the search map, the listing map): the tenant's
 * tile URL, the deepest zoom its service draws (Leaflet enlarges those tiles beyond it:
 * maxNativeZoom) and the credits its licences ask for, shown in the map's corner. No Leaflet
 * import: the search element reads this before its map chunk loads.
 */
import { safeUrl } from '../src/domain/links';
import type { TenantConfig } from '../src/tenant/types';

/** The deepest zoom a visitor may zoom to; past the tiles' own, the last real tiles are enlarged. */
export const MAP_MAX_ZOOM = 19;

export interface MapTiles {
  /** The URL template, absolute for the element's API. */
  url: string;
  /** Leaflet tile layer options, `tenant` filling the template's {tenant}. */
  options: { maxZoom: number; maxNativeZoom: number; tileSize: 256; attribution: string; tenant: string };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The credits as Leaflet's attribution HTML: escaped text, links checked (never a script URL). */
export function attributionHtml(credits: TenantConfig['endpoints']['mapAttribution']): string {
  return credits
    .map(({ text, link }) => {
      const url = safeUrl(link);
      return url
        ? `<a href="${escapeHtml(url)}" target="_blank" rel="noopener">${escapeHtml(text)}</a>`
        : escapeHtml(text);
    })
    .join(' · ');
}

export function mapTiles(tenant: TenantConfig, asset: (url: string) => string): MapTiles {
  const { mapTiles: url, mapMaxNativeZoom, mapAttribution } = tenant.endpoints;
  return {
    url: asset(url),
    options: {
      maxZoom: MAP_MAX_ZOOM,
      maxNativeZoom: Math.min(mapMaxNativeZoom, MAP_MAX_ZOOM),
      tileSize: 256,
      attribution: attributionHtml(mapAttribution),
      tenant: tenant.name,
    },
  };
}
