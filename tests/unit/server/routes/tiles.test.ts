import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandler } from '../../../../server/http';
import { placeholderTile, tileRoutes } from '../../../../server/routes/tiles';

async function app() {
  const server = Fastify();
  installErrorHandler(server);
  // Under /api as buildApp mounts it: errors there answer JSON naming the field.
  await server.register(tileRoutes, { prefix: '/api' });
  return server;
}

describe('GET /api/tiles/{z}/{x}/{y}.png (the embedded default map tiles)', () => {
  it('is a 256x256 PNG', () => {
    const png = placeholderTile();
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect(png.readUInt32BE(16)).toBe(256);
    expect(png.readUInt32BE(20)).toBe(256);
    expect(png.length).toBeLessThan(2048);
  });

  it('serves every tile of the world, cached for long', async () => {
    const server = await app();
    const response = await server.inject('/api/tiles/10/200/300.png');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.equals(placeholderTile())).toBe(true);
    expect((await server.inject('/api/tiles/0/0/0.png')).statusCode).toBe(200);
  });

  it('answers 400 for a tile that does not exist', async () => {
    const server = await app();
    for (const [path, field] of [
      ['/api/tiles/20/0/0.png', 'z'],
      ['/api/tiles/2/4/0.png', 'x'],
      ['/api/tiles/2/0/-1.png', 'y'],
      ['/api/tiles/a/0/0.png', 'z'],
    ] as const) {
      const response = await server.inject(path);
      expect(response.statusCode, path).toBe(400);
      expect(response.json(), path).toMatchObject({ field });
    }
  });
});
