/**
 * The content port (./source) and its adapters: files in the repo (embedded default) and
 * WordPress (production, when CONTENT_URL is set).
 */
import { createFileContentSource } from './files';
import { safeLinkSource } from './safe-links';
import type { ContentSource } from './source';
import { createWordPressSource } from './wordpress';

export type { ContentSource } from './source';
export { createFileContentSource } from './files';
export { createWordPressSource, ContentUnavailableError } from './wordpress';
export { safeLinkSource, withSafeLinks } from './safe-links';

/**
 * The content source the environment asks for: WordPress at `CONTENT_URL` (`{tenant}` in it is
 * replaced by the tenant name), else the files in the repo; either way with every link checked
 * (./safe-links).
 */
export function contentSourceFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  log?: { warn: (...args: unknown[]) => void },
): ContentSource {
  const baseUrl = env.CONTENT_URL?.trim();
  if (!baseUrl) return safeLinkSource(createFileContentSource());
  if (!/^https?:\/\//.test(baseUrl)) throw new Error(`CONTENT_URL must be an http(s) URL, got "${baseUrl}"`);
  return safeLinkSource(createWordPressSource({ baseUrl, log }));
}
