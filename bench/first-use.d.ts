import type { Manifest } from '../server/vite-manifest.js';

export type { Manifest };

/**
 * Files (joined to `outDir`) that a page downloads before `source` can run: the `entry` file and
 * the chunk of `source` with its static imports, transitively. Dynamic imports are not followed.
 */
export function firstUseFiles(
  manifest: Manifest,
  source: string,
  options: { outDir: string; entry?: string },
): string[];

/**
 * The hosted site's initial JavaScript, as paths under `root`: index.html's module scripts and
 * modulepreload links with their static imports, transitively (the shared runtime included).
 */
export function hostAppInitialFiles(root: string): string[];
