/**
 * Base map tiles as the route serves them: from memory, else from disk (DATA_DIR/tiles), else
 * drawn once, however many requests ask for the same tile at the same time (one shared job).
 * A tile's key holds its palette and the drawing's version, so a new palette or a new release
 * of the drawing never serves an old picture, on disk or in a browser (the ETag changes too).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createByteLru } from '../images/cache';
import type { MapPalette } from './palette';
import { renderTile } from './render';

/** Bump when the drawing changes: every cached tile (disk, memory, browsers' ETags) is then new. */
const DRAWING_VERSION = 1;

export interface Tile {
  body: Buffer;
  etag: string;
}

export interface TileService {
  /** Tile z/x/y in a palette, and where it came from (the route's Server-Timing). */
  tile(
    z: number,
    x: number,
    y: number,
    palette: MapPalette,
  ): Promise<{ tile: Tile; cache: 'memory' | 'shared' | 'disk' | 'drawn' }>;
}

export interface TileServiceOptions {
  /** Where drawn tiles are kept across restarts; memory only when absent (tests). */
  dir?: string;
  /** @default 64 MB: some 4,000 tiles of 15 KB */
  memoryBytes?: number;
}

const hash = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

export function createTileService({
  dir,
  memoryBytes = 64 * 1024 * 1024,
}: TileServiceOptions = {}): TileService {
  const memory = createByteLru<Tile>(memoryBytes);
  const jobs = new Map<string, Promise<{ tile: Tile; cache: 'disk' | 'drawn' }>>();
  const paletteKeys = new WeakMap<MapPalette, string>();
  const paletteKey = (palette: MapPalette) => {
    let key = paletteKeys.get(palette);
    if (!key) {
      key = hash(`${DRAWING_VERSION}:${JSON.stringify(palette)}`).slice(0, 12);
      paletteKeys.set(palette, key);
    }
    return key;
  };
  const tileOf = (body: Buffer): Tile => ({ body, etag: `"${hash(body).slice(0, 20)}"` });

  async function load(key: string, z: number, x: number, y: number, palette: MapPalette) {
    const file = dir && join(dir, `${key}.png`);
    if (file) {
      const stored = await readFile(file).catch(() => undefined);
      if (stored) return { tile: tileOf(stored), cache: 'disk' as const };
    }
    const body = await renderTile(z, x, y, palette);
    if (file) {
      // Written beside and renamed, so a reader never sees half a file; a full disk only costs the copy.
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
      await mkdir(dirname(file), { recursive: true })
        .then(() => writeFile(temporary, body))
        .then(() => rename(temporary, file))
        .catch(() => undefined);
    }
    return { tile: tileOf(body), cache: 'drawn' as const };
  }

  return {
    async tile(z, x, y, palette) {
      const key = `${paletteKey(palette)}/${z}/${x}/${y}`;
      const cached = memory.get(key);
      if (cached) return { tile: cached, cache: 'memory' };
      const running = jobs.get(key);
      if (running) return { tile: (await running).tile, cache: 'shared' };
      const job = load(key, z, x, y, palette);
      jobs.set(key, job);
      try {
        const result = await job;
        memory.set(key, result.tile, result.tile.body.length);
        return result;
      } finally {
        jobs.delete(key);
      }
    },
  };
}
