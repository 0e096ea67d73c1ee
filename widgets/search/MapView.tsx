/**
 * The map view (spec 2.5 'A map view has a dialog and a search-on-map feature'): Leaflet inside
 * the element's shadow root. This module is imported lazily, so Leaflet and its stylesheet are a
 * chunk of their own that loads only when a visitor opens the map.
 */
import { useEffect, useRef, useState } from 'react';
import L from 'leaflet';
import leafletCss from 'leaflet/dist/leaflet.css?inline';
import { DEFAULT_MAP_ZOOM } from '../../src/domain/constants';
import { mapDistanceForZoom } from '../../src/domain/geo';
import type { ListingCard } from '../../src/domain/types';
import { mapPin, mapPinStyles } from '../map-pin';
import type { MapTiles } from '../map-tiles';
import { useShadowStyles } from '../styles';
import { ResultCard } from './ResultCard';
import { formatCoordinates } from './search.location';
import { mapViewStyles } from './map-view.styles';

export interface MapViewProps {
  listings: ListingCard[];
  /** Fit the map to the listings when they change (not when the map itself asked for them). */
  fit: boolean;
  /** The tenant's tile layer (widgets/map-tiles.ts). */
  tiles: MapTiles;
  /** The visitor moved the map: search its centre within the radius its zoom shows. */
  onMove(location: string, distance: number): void;
}

/** Waits this long after the map stops moving before searching there. */
const MOVE_DEBOUNCE_MS = 400;

export default function MapView({ listings, fit, tiles, onMove }: MapViewProps) {
  useShadowStyles(leafletCss, mapPinStyles, mapViewStyles);
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const markers = useRef<L.LayerGroup | null>(null);
  const markerOf = useRef(new Map<number, L.Marker>());
  const moving = useRef(onMove);
  moving.current = onMove;
  const [selected, setSelected] = useState<ListingCard | null>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const instance = L.map(element, {
      center: [39.8283, -98.5795],
      zoom: DEFAULT_MAP_ZOOM,
      keyboard: true,
    });
    // The credits the tiles' licences ask for; no 'Leaflet' prefix (its licence asks none).
    instance.attributionControl.setPrefix(false);
    L.tileLayer(tiles.url, tiles.options).addTo(instance);
    markers.current = L.layerGroup().addTo(instance);
    let timer: ReturnType<typeof setTimeout> | undefined;
    instance.on('moveend', () => {
      // Moves made by the code (fitting to results) are not the visitor's.
      if (programmatic) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        const centre = instance.getCenter();
        moving.current(formatCoordinates(centre.lat, centre.lng), mapDistanceForZoom(instance.getZoom()));
      }, MOVE_DEBOUNCE_MS);
    });
    map.current = instance;
    // The container got its size from the stylesheet just inserted.
    requestAnimationFrame(() => instance.invalidateSize());
    return () => {
      clearTimeout(timer);
      instance.remove();
      map.current = null;
    };
  }, [tiles]);

  useEffect(() => {
    const instance = map.current;
    const group = markers.current;
    if (!instance || !group) return;
    group.clearLayers();
    markerOf.current.clear();
    const points: L.LatLngExpression[] = [];
    for (const listing of listings) {
      const { latitude, longitude } = listing.location;
      if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
      const marker = L.marker([latitude, longitude], {
        icon: mapPin,
        title: listing.name,
        alt: listing.name,
        keyboard: true,
        riseOnHover: true,
      });
      marker.on('click', () => setSelected(listing));
      marker.addTo(group);
      markerOf.current.set(listing.merchantId, marker);
      points.push([latitude, longitude]);
    }
    if (fit && points.length > 0) {
      programmatic = true;
      instance.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: 13, animate: false });
      programmatic = false;
    }
  }, [listings, fit]);

  useEffect(() => {
    if (selected) closeButton.current?.focus();
  }, [selected]);

  const close = () => {
    const marker = selected && markerOf.current.get(selected.merchantId);
    setSelected(null);
    (marker?.getElement() as HTMLElement | undefined)?.focus();
  };

  return (
    <div className="map-view">
      <div ref={container} className="map" role="region" aria-label="Map of the results" />
      <p className="map-hint">Move or zoom the map to search that area.</p>
      {selected && (
        <div
          className="map-dialog"
          role="dialog"
          aria-label={selected.name}
          onKeyDown={(event) => event.key === 'Escape' && close()}
        >
          <button
            ref={closeButton}
            type="button"
            className="map-dialog-close"
            aria-label="Close"
            onClick={close}
          >
            ×
          </button>
          <ResultCard listing={selected} position={0} headingLevel={4} />
        </div>
      )}
    </div>
  );
}

/** Set while the code itself moves the map; non-animated moves end synchronously. */
let programmatic = false;
