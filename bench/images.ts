/**
 * The image resizer (GET /api/images) through real HTTP, in the API server child of bench/api.ts:
 * cold requests (an image and format the server has not made yet: sharp renders the SVG, resizes
 * and encodes) and warm ones (answered from its in-memory cache). Its cache lives in the server
 * process, so a fresh child starts empty; each cold image is asked for once.
 */
import { Agent } from 'node:http';
import { DEFAULT_IMAGE_SIZE } from '../src/domain/images';
import { startServer, type Dataset, type ScenarioResult } from './api';
import { get, runLoad, type LoadOptions, type Target } from './load';
import { stopGroup } from './proc';

/**
 * The result card's call (src/domain/images.ts resizeImageUrl, DEFAULT_IMAGE_SIZE) on an SVG
 * photo: copy `i` of bench/api-server.ts's BENCH_PHOTO, so each copy is a new cache key (the
 * resizer takes only the product's sizes).
 */
const image = (copy: number) => `/media/bench-${copy}.svg`;
const { width: WIDTH, height: HEIGHT } = DEFAULT_IMAGE_SIZE;
/** What Chromium and Firefox send for images: answered WebP (server/images/resize.ts). */
const ACCEPT_BROWSER = 'image/avif,image/webp,*/*';
/** A client that takes AVIF but not WebP: the resizer's other modern format. */
const ACCEPT_AVIF = 'image/avif,*/*';
/** Distinct images per cold pass: each one a new cache key, so every request renders. */
const COLD_IMAGES = 50;

const imageTarget = (copy: number, accept: string): Target => ({
  path: `/api/images?${new URLSearchParams({ url: image(copy), width: String(WIDTH), height: String(HEIGHT) })}`,
  headers: { accept },
});
/** `count` copies from `first` up: 0-49 for the load, 50-99 for the one-connection pass. */
const copies = (first: number, count = COLD_IMAGES) => Array.from({ length: count }, (_, i) => first + i);
/** A copy used by nothing else, rendered once per format before the passes. */
const FIRST_RENDER = 100;

export interface ImagesResult {
  label: string;
  scenarios: ScenarioResult[];
}

export async function benchImages(
  root: string,
  dataset: Dataset,
  load: LoadOptions,
  say: (message: string) => void,
): Promise<ImagesResult> {
  say(`images: starting the API server on ${dataset.label}`);
  const { child, ready } = await startServer(root, dataset, say);
  const agent = new Agent({ keepAlive: false });
  const check = async (target: Target, cache: string, type: string) => {
    const answer = await get(agent, ready.port, target);
    const timing = String(answer.headers['server-timing'] ?? '');
    if (answer.status !== 200 || answer.headers['content-type'] !== type || timing !== `cache;desc=${cache}`)
      throw new Error(
        `images: ${target.path} answered ${answer.status}, ${answer.headers['content-type']}, server-timing "${timing}" (expected ${type}, cache ${cache})`,
      );
  };
  try {
    // sharp loads libvips' SVG and AVIF/WebP code on first use: a one-off per process, not a
    // per-image cost, so one render per format first (an image used nowhere else).
    await check(imageTarget(FIRST_RENDER, ACCEPT_BROWSER), 'miss', 'image/webp');
    await check(imageTarget(FIRST_RENDER, ACCEPT_AVIF), 'miss', 'image/avif');
    const scenarios: ScenarioResult[] = [];
    const cold = async (name: string, accept: string, type: string) => {
      const targets = copies(0).map((copy) => imageTarget(copy, accept));
      // No warm-up and no check pass (either would fill the cache): each image exactly once.
      const result = await runLoad(ready.port, targets, {
        ...load,
        warmup: 0,
        requests: targets.length,
        maxSeconds: 120,
      });
      const serial = await runLoad(
        ready.port,
        copies(COLD_IMAGES).map((copy) => imageTarget(copy, accept)),
        { connections: 1, warmup: 0, requests: COLD_IMAGES, maxSeconds: 120, warmupMaxSeconds: 0 },
      );
      // Made by the passes above, so now in the cache: they were misses then.
      await check(targets[0]!, 'hit', type);
      scenarios.push({
        name,
        items: `${type}, ${(result.meanBytes / 1000).toFixed(1)} kB`,
        serial,
        ...result,
      });
    };
    await cold(
      `cold, webp (${COLD_IMAGES} images, ${WIDTH} x ${HEIGHT}, each once)`,
      ACCEPT_BROWSER,
      'image/webp',
    );
    const warm = imageTarget(0, ACCEPT_BROWSER);
    await check(warm, 'hit', 'image/webp');
    const result = await runLoad(ready.port, [warm], load);
    const serial = await runLoad(ready.port, [warm], {
      connections: 1,
      warmup: 0,
      requests: 40,
      maxSeconds: 8,
      warmupMaxSeconds: 0,
    });
    scenarios.push({
      name: `warm, webp (${WIDTH} x ${HEIGHT}, cache hits)`,
      items: `image/webp, ${(result.meanBytes / 1000).toFixed(1)} kB`,
      serial,
      ...result,
    });
    await cold(
      `cold, avif (${COLD_IMAGES} images, ${WIDTH} x ${HEIGHT}, each once)`,
      ACCEPT_AVIF,
      'image/avif',
    );
    for (const s of scenarios)
      say(
        `images: ${s.name}: ${s.requests} requests, p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, ${s.rps.toFixed(0)} req/s; one connection p50 ${s.serial.p50.toFixed(1)} ms`,
      );
    return { label: dataset.label, scenarios };
  } finally {
    agent.destroy();
    if (child.connected) child.send('stop');
    await stopGroup(child, 30_000);
  }
}
