import { deflateSync } from 'node:zlib';
import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../http';

/** Tiles are 256 px squares, as every slippy-map tile service serves them. */
const TILE_SIZE = 256;

/** A calm land colour, with a slightly darker edge so a panned map shows its tile grid. */
const FILL = [0xe9, 0xef, 0xe8] as const;
const EDGE = [0xd6, 0xde, 0xd4] as const;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** One 256x256 RGB PNG: the fill colour with a one-pixel edge on the right and bottom. */
export function placeholderTile(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(TILE_SIZE, 0);
  header.writeUInt32BE(TILE_SIZE, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const rowLength = 1 + TILE_SIZE * 3; // a filter byte (0: none) before each row
  const raw = Buffer.alloc(rowLength * TILE_SIZE);
  for (let y = 0; y < TILE_SIZE; y++) {
    for (let x = 0; x < TILE_SIZE; x++) {
      const [r, g, b] = x === TILE_SIZE - 1 || y === TILE_SIZE - 1 ? EDGE : FILL;
      raw.set([r, g, b], y * rowLength + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The deepest zoom a tile is served for, as common tile services do. */
const MAX_ZOOM = 19;

/**
 * GET /api/tiles/{z}/{x}/{y}.png: the map tiles of the embedded default (the tenant's
 * endpoints.mapTiles), so a map works offline and nothing reaches a third party. Every tile is
 * the same calm placeholder, made once at start; production tenants point mapTiles at a real
 * tile service.
 */
export const tileRoutes: FastifyPluginAsync = async (app) => {
  const tile = placeholderTile();
  app.get<{ Params: { z: string; x: string; y: string } }>('/tiles/:z/:x/:y.png', async (request, reply) => {
    const [z, x, y] = [request.params.z, request.params.x, request.params.y].map(Number) as [
      number,
      number,
      number,
    ];
    if (!Number.isInteger(z) || z < 0 || z > MAX_ZOOM) throw new HttpError(400, 'z: must be 0 to 19', 'z');
    const tiles = 2 ** z;
    if (!Number.isInteger(x) || x < 0 || x >= tiles)
      throw new HttpError(400, `x: must be 0 to ${tiles - 1}`, 'x');
    if (!Number.isInteger(y) || y < 0 || y >= tiles)
      throw new HttpError(400, `y: must be 0 to ${tiles - 1}`, 'y');
    // The same bytes for every tile and release: cache for a year.
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('access-control-allow-origin', '*')
      .type('image/png')
      .send(tile);
  });
};
