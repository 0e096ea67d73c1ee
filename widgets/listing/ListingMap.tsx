/**
 * The listing's embedded map (spec 2.5: an open map service with latitude and longitude):
 * Leaflet inside the shadow root with the tenant's tiles, one pin. Imported lazily, so Leaflet is
 * a chunk of its own.
 */
import { useEffect, useRef } from 'react';
import L from 'leaflet';
import leafletCss from 'leaflet/dist/leaflet.css?inline';
import { useElement } from '../define';
import { mapPin, mapPinStyles } from '../map-pin';
import { mapTiles } from '../map-tiles';
import { css } from '../../src/ui/css';
import { useShadowStyles } from '../styles';

/** Close enough to see the streets around the business. */
const LISTING_MAP_ZOOM = 14;

const mapStyles = css`
  .listing-map {
    height: 260px;
    border-radius: 12px;
    border: 1px solid #e4e7eb;
    z-index: 0;
  }
`;

export default function ListingMap({
  latitude,
  longitude,
  name,
}: {
  latitude: number;
  longitude: number;
  name: string;
}) {
  const { tenant, asset } = useElement();
  useShadowStyles(leafletCss, mapPinStyles, mapStyles);
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!container.current) return;
    const map = L.map(container.current, {
      center: [latitude, longitude],
      zoom: LISTING_MAP_ZOOM,
      // A page scrolls past the map; the wheel should not zoom it on the way.
      scrollWheelZoom: false,
    });
    // The credits the tiles' licences ask for; no 'Leaflet' prefix (its licence asks none).
    map.attributionControl.setPrefix(false);
    const tiles = mapTiles(tenant, asset);
    L.tileLayer(tiles.url, tiles.options).addTo(map);
    L.marker([latitude, longitude], { icon: mapPin, title: name, alt: name, keyboard: false }).addTo(map);
    requestAnimationFrame(() => map.invalidateSize());
    return () => {
      map.remove();
    };
  }, [latitude, longitude, name, tenant, asset]);

  return <div ref={container} className="listing-map" role="region" aria-label={`Map of ${name}`} />;
}
