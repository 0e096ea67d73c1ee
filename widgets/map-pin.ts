/**
 * The map pin of every map an element draws (the search map and the listing map): a Leaflet
 * div icon in the tenant's primary colour. Imported only by the lazily loaded map chunks.
 */
import L from 'leaflet';
import { focusRing } from '../src/ui/base.styles';
import { css } from '../src/ui/css';

export const mapPin = L.divIcon({
  className: 'map-pin',
  html: '<span></span>',
  iconSize: [28, 36],
  iconAnchor: [14, 34],
});

export const mapPinStyles = css`
  .map-pin span {
    display: block;
    width: 28px;
    height: 28px;
    border-radius: 50% 50% 50% 0;
    transform: rotate(-45deg);
    background: var(--ws-primary);
    border: 3px solid #fff;
    box-shadow: 0 2px 6px rgb(0 0 0 / 35%);
  }
  .map-pin:focus-visible {
    ${focusRing}
  }
`;
