/**
 * sharp (libvips), loaded on its first use by the resizer, the map tiles or the app icons: a server
 * that draws no image (behind a CDN that keeps them, or serving the API alone) never carries it
 * (about 15 MB of memory; issue 16).
 */
import type { default as Sharp } from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // One libvips thread per job (the resizer caps the jobs), which leaves a core to the event
    // loop; results are cached by their users, so libvips' own cache of decoded pixels is only
    // memory.
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
