/**
 * Tenant theme -> CSS custom properties (no zod: browser bundles import this). Elements set the
 * variables on their shadow host; styles use var(--ws-primary) and friends.
 */
import type { TenantTheme, ThemeColors } from './shape';

/** Spec 9 'Theme defaults'. */
export const THEME_COLOR_DEFAULTS = {
  primary: '#00838f',
  secondary: '#424242',
  accent: '#005059',
  error: '#FF5252',
  info: '#2196F3',
  success: '#4CAF50',
  warning: '#FFC107',
} as const satisfies ThemeColors;

export type ThemeColorName = keyof ThemeColors;
export const THEME_COLOR_NAMES = Object.keys(THEME_COLOR_DEFAULTS) as ThemeColorName[];

export const BLACK = '#000000';
export const WHITE = '#ffffff';

/** Page colours for light and dark themes (ours; the spec has only the seven theme colours). */
export const SURFACES = {
  light: { background: '#ffffff', surface: '#ffffff' },
  dark: { background: '#121212', surface: '#1e1e1e' },
} as const;

/** '#abc' | '#aabbcc' (any case) -> [r, g, b] in 0..255; null when not a hex colour. */
export function parseHexColor(hex: string): [number, number, number] | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  const digits = match?.[1];
  if (!digits) return null;
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** Lower-case '#rrggbb'; null when not a hex colour. */
export function normalizeHexColor(hex: string): string | null {
  const rgb = parseHexColor(hex);
  return rgb ? `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}` : null;
}

/** WCAG 2.x relative luminance, 0 (black) .. 1 (white). */
export function relativeLuminance(hex: string): number {
  const rgb = parseHexColor(hex);
  if (!rgb) throw new Error(`Not a hex colour: "${hex}"`);
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.x contrast ratio, 1 .. 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Black or white text on `background`, whichever has the higher WCAG contrast (white on a tie). */
export function contrastText(background: string): typeof BLACK | typeof WHITE {
  return contrastRatio(background, BLACK) > contrastRatio(background, WHITE) ? BLACK : WHITE;
}

/** A theme as themeToCssVars takes it: the colours, optionally the dark switches. */
export type ThemeInput = Pick<TenantTheme, 'colors'> & Partial<Pick<TenantTheme, 'dark' | 'isHeaderDark'>>;

/**
 * CSS custom properties of a theme:
 * - `--ws-{colour}` for primary, secondary, accent, error, info, success, warning ('#rrggbb'),
 *   `--ws-{colour}-rgb` ('0, 131, 143', for rgba()) and `--ws-on-{colour}` (black or white text,
 *   by WCAG contrast);
 * - `--ws-background`, `--ws-surface`, `--ws-on-background`, `--ws-on-surface`, `--ws-text`
 *   (light or dark by `theme.dark`);
 * - `--ws-header-bg`, `--ws-on-header` (the primary colour when `theme.isHeaderDark`, else the
 *   surface).
 * A colour that is not hex (configs are validated, so a bug) falls back to the spec default.
 */
export function themeToCssVars(theme: ThemeInput): Record<string, string> {
  const vars: Record<string, string> = {};
  const colors: Record<string, string> = {};
  for (const name of THEME_COLOR_NAMES) {
    let value = normalizeHexColor(theme.colors[name] ?? '');
    if (!value) {
      console.warn(
        `Theme colour ${name} is not a hex colour: "${String(theme.colors[name])}"; using the default`,
      );
      value = normalizeHexColor(THEME_COLOR_DEFAULTS[name]) as string;
    }
    colors[name] = value;
    vars[`--ws-${name}`] = value;
    vars[`--ws-${name}-rgb`] = (parseHexColor(value) as number[]).join(', ');
    vars[`--ws-on-${name}`] = contrastText(value);
  }
  const page = theme.dark ? SURFACES.dark : SURFACES.light;
  vars['--ws-background'] = page.background;
  vars['--ws-surface'] = page.surface;
  vars['--ws-on-background'] = contrastText(page.background);
  vars['--ws-on-surface'] = contrastText(page.surface);
  vars['--ws-text'] = vars['--ws-on-background'];
  const header = theme.isHeaderDark ? (colors.primary as string) : page.surface;
  vars['--ws-header-bg'] = header;
  vars['--ws-on-header'] = contrastText(header);
  return vars;
}

/** 'name: value;' declarations for a style block, e.g. `:host { ${cssVarsToDeclarations(vars)} }`. */
export function cssVarsToDeclarations(vars: Record<string, string>): string {
  return Object.entries(vars)
    .map(([name, value]) => `${name}: ${value};`)
    .join(' ');
}
