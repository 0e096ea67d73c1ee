/**
 * What makes a tenant's hosted site installable: its web app manifest (name, colours, icons from
 * the tenant's settings) and the icons in the sizes browsers ask for, drawn from the tenant's own
 * favicon (an SVG) so a brand needs to supply one picture only.
 */
import { readFile } from 'node:fs/promises';
import { join, normalize } from 'node:path';
import { SURFACES } from '../../src/tenant/theme';
import type { TenantConfig } from '../../src/tenant/types';
import { loadSharp } from '../images/sharp';

/** The sizes of the manifest's PNG icons: what Chrome's install prompt and Android's home screen need. */
export const ICON_SIZES = [192, 512] as const;
export type IconSize = (typeof ICON_SIZES)[number];

/** The web app manifest of a tenant's site (served at its `helperInfo.manifest`). */
export function webAppManifest(config: TenantConfig): Record<string, unknown> {
  const background = config.theme.dark ? SURFACES.dark.background : SURFACES.light.background;
  return {
    name: config.helperInfo.fullProjectName,
    short_name: config.brandName,
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: config.theme.colors.primary,
    background_color: background,
    icons: [
      { src: config.icons.tenantIcons.favicon, type: 'image/svg+xml', sizes: 'any' },
      ...ICON_SIZES.map((size) => ({
        src: `/icons/${size}.png`,
        type: 'image/png',
        sizes: `${size}x${size}`,
      })),
    ],
  };
}

/**
 * The tenant's favicon as a square PNG of `size` pixels, or null when its favicon is not an SVG
 * of ours under `mediaDir` (a favicon on another host is the tenant's to size).
 */
export async function iconPng(
  config: TenantConfig,
  size: IconSize,
  mediaDir: string,
): Promise<Buffer | null> {
  const favicon = config.icons.tenantIcons.favicon;
  if (!favicon.startsWith('/media/') || !favicon.endsWith('.svg')) return null;
  const file = normalize(join(mediaDir, favicon.slice('/media/'.length)));
  if (!file.startsWith(normalize(mediaDir))) return null;
  const svg = await readFile(file).catch(() => null);
  if (!svg) return null;
  const sharp = await loadSharp();
  return sharp(svg, { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png()
    .toBuffer();
}
