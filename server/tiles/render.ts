/**
 * One base map tile: the shapes of basemap.ts that reach it, projected in Web Mercator (the
 * projection of every slippy map) into an SVG that sharp (librsvg) turns into a PNG. Water is the
 * background, then land, lakes, rivers, county, state and province, and country lines, then city
 * names by population and zoom.
 *
 * A label is drawn only in a tile that holds it whole, so no name is cut at a tile edge; a tile
 * never knows its neighbours' labels, and needs not to: they stay inside their own tiles.
 */
import { baseMap, detailFor, WORLD, worldPixel, type BaseMap, type Piece } from './basemap';
import { loadSharp } from '../images/sharp';
import type { MapPalette } from './palette';

export const TILE_SIZE = 256;

/**
 * The deepest zoom drawn: the data is at 1:10m to 1:50m (a few hundred metres), so deeper tiles
 * would only enlarge these; Leaflet's maxNativeZoom enlarges them in the browser instead.
 */
export const MAX_TILE_ZOOM = 10;

/** Counties are lines of a regional map: from zoom 7 (a state fills the screen). */
const COUNTY_ZOOM = 7;
/** Rivers from zoom 4; below that the 1:50m rivers are a tangle. */
const RIVER_ZOOM = 4;

/** The fewest people a city needs for its name at each zoom (index = zoom). */
const LABEL_POPULATION = [
  Infinity,
  Infinity,
  Infinity,
  2_000_000,
  700_000,
  300_000,
  120_000,
  50_000,
  20_000,
  8_000,
  3_000,
];

/** The font librsvg finds through fontconfig; .ci/run installs fonts-dejavu-core where it is missing. */
const FONT = 'DejaVu Sans';
const FONT_SIZE = 11;
/** DejaVu Sans averages about 0.6 em a character; a little more keeps the box honest. */
const CHAR_WIDTH = FONT_SIZE * 0.62;
/** Room kept around shapes outside the tile so lines do not end visibly at its edge. */
const PAD = 8;

function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** World pixels to the tile's pixels. */
interface TileFrame {
  scale: number;
  left: number;
  top: number;
}

/**
 * The SVG path of a layer's pieces that reach the tile (with PAD pixels of room around it, so
 * strokes do not end at the edge). Coordinates to a tenth of a pixel; points closer than that to
 * the previous one are skipped, which keeps the 1:10m coast small at low zooms.
 */
function layerPath(grid: Piece[][], cells: number, frame: TileFrame): string {
  const { scale, left, top } = frame;
  const [x0, y0] = [(left - PAD) / scale, (top - PAD) / scale];
  const [x1, y1] = [(left + TILE_SIZE + PAD) / scale, (top + TILE_SIZE + PAD) / scale];
  const size = WORLD / cells;
  const seen = new Set<Piece>();
  const out: string[] = [];
  for (let row = Math.max(Math.floor(y0 / size), 0); row <= Math.min(Math.floor(y1 / size), cells - 1); row++)
    for (
      let column = Math.max(Math.floor(x0 / size), 0);
      column <= Math.min(Math.floor(x1 / size), cells - 1);
      column++
    )
      for (const item of grid[row * cells + column]!) {
        const [bx0, by0, bx1, by1] = item.box;
        if (bx1 < x0 || bx0 > x1 || by1 < y0 || by0 > y1 || seen.has(item)) continue;
        seen.add(item);
        for (const ring of item.rings) {
          let last = '';
          let command = 'M';
          for (let i = 0; i < ring.length; i += 2) {
            const point = `${(ring[i]! * scale - left).toFixed(1)} ${(ring[i + 1]! * scale - top).toFixed(1)}`;
            if (point === last) continue;
            out.push(command, point);
            command = 'L';
            last = point;
          }
          if (item.closed) out.push('Z');
        }
      }
  return out.join('');
}

/** The SVG of tile z/x/y; exported for tests and the benchmark. */
export function tileSvg(z: number, x: number, y: number, palette: MapPalette): string {
  const data = baseMap(detailFor(z));
  const scale = 2 ** z;
  const frame: TileFrame = { scale, left: x * TILE_SIZE, top: y * TILE_SIZE };
  const layer = (grid: Piece[][], style: string) => {
    const d = layerPath(grid, data.cells, frame);
    return d ? `<path d="${d}" ${style}/>` : '';
  };
  const width = (base: number) => (base * Math.min(1 + Math.max(z - 4, 0) * 0.15, 1.9)).toFixed(2);
  const line = (colour: string, base: number, extra = '') =>
    `fill="none" stroke="${colour}" stroke-width="${width(base)}" stroke-linejoin="round"${extra}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE_SIZE}" height="${TILE_SIZE}" viewBox="0 0 ${TILE_SIZE} ${TILE_SIZE}">`,
    `<rect width="${TILE_SIZE}" height="${TILE_SIZE}" fill="${palette.water}"/>`,
    layer(data.land, `fill="${palette.land}"`),
    layer(data.lakes, `fill="${palette.water}"`),
    z >= RIVER_ZOOM ? layer(data.rivers, line(palette.river, 0.8)) : '',
    z >= COUNTY_ZOOM ? layer(data.counties, line(palette.county, 0.5)) : '',
    layer(data.regions, line(palette.region, 0.7, ' stroke-dasharray="4 2"')),
    layer(data.countries, line(palette.country, 1.1)),
    labels(z, frame, palette, data.cities),
    '</svg>',
  ].join('');
}

/** City names, most populous first, each beside its dot and wholly inside the tile, none overlapping. */
function labels(z: number, frame: TileFrame, palette: MapPalette, cities: BaseMap['cities']): string {
  const minimum = LABEL_POPULATION[Math.min(z, LABEL_POPULATION.length - 1)]!;
  const taken: Box[] = [];
  const dots: string[] = [];
  const names: string[] = [];
  for (const city of cities) {
    if (city.population < minimum) break;
    const [wx, wy] = worldPixel(city.longitude, city.latitude);
    const [px, py] = [wx * frame.scale - frame.left, wy * frame.scale - frame.top];
    if (px < 0 || px > TILE_SIZE || py < 0 || py > TILE_SIZE) continue;
    const textWidth = city.name.length * CHAR_WIDTH;
    const top = py - FONT_SIZE / 2 - 2;
    const bottom = py + FONT_SIZE / 2 + 2;
    // Right of the dot, else left of it: whichever fits the tile and meets no other label.
    const placed = [
      { anchor: 'start', tx: px + 5, box: { left: px - 3, right: px + 6 + textWidth, top, bottom } },
      { anchor: 'end', tx: px - 5, box: { left: px - 6 - textWidth, right: px + 3, top, bottom } },
    ].find(
      ({ box }) =>
        box.left >= 1 &&
        box.right <= TILE_SIZE - 1 &&
        box.top >= 1 &&
        box.bottom <= TILE_SIZE - 1 &&
        !taken.some((other) => overlaps(box, other)),
    );
    if (!placed) continue;
    taken.push(placed.box);
    dots.push(`<circle cx="${px.toFixed(1)}" cy="${py.toFixed(1)}" r="2.5"/>`);
    names.push(
      `<text x="${placed.tx.toFixed(1)}" y="${(py + FONT_SIZE * 0.36).toFixed(1)}" text-anchor="${placed.anchor}">${escapeXml(city.name)}</text>`,
    );
  }
  if (!names.length) return '';
  return (
    `<g fill="${palette.label}" stroke="${palette.halo}" stroke-width="1">${dots.join('')}</g>` +
    `<g font-family="${FONT}" font-size="${FONT_SIZE}" fill="${palette.label}" stroke="${palette.halo}" ` +
    `stroke-width="3" stroke-linejoin="round" paint-order="stroke">${names.join('')}</g>`
  );
}

/** Tile z/x/y as a PNG. */
export async function renderTile(z: number, x: number, y: number, palette: MapPalette): Promise<Buffer> {
  const svg = tileSvg(z, x, y, palette);
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}
