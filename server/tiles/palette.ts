/**
 * A tenant's map palette: the base map drawn in its brand. Water takes a pale tint of the primary
 * colour, land a near-white warmed by it, lines and labels the secondary colour at several
 * strengths, so the spa tenant's map reads purple-grey and the wellness tenant's green.
 */
import type { ThemeColors } from '../../src/tenant/types';

export interface MapPalette {
  water: string;
  land: string;
  river: string;
  country: string;
  region: string;
  county: string;
  label: string;
  /** The outline around labels that keeps them readable over lines. */
  halo: string;
}

function rgb(hex: string): [number, number, number] {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d).join('') : hex.slice(1);
  return [0, 2, 4].map((at) => parseInt(digits.slice(at, at + 2), 16)) as [number, number, number];
}

/** `colour` mixed with `base`: share 0 is the base, 1 the colour. */
function mix(colour: string, base: string, share: number): string {
  const [a, b] = [rgb(colour), rgb(base)];
  return `#${a
    .map((value, i) => Math.round(value * share + b[i]! * (1 - share)))
    .map((value) => value.toString(16).padStart(2, '0'))
    .join('')}`;
}

const WHITE = '#ffffff';
const PAPER = '#f7f5f0';

export function mapPalette(colors: Pick<ThemeColors, 'primary' | 'secondary'>): MapPalette {
  const land = mix(colors.primary, PAPER, 0.05);
  return {
    water: mix(colors.primary, WHITE, 0.24),
    land,
    river: mix(colors.primary, WHITE, 0.38),
    country: mix(colors.secondary, WHITE, 0.7),
    region: mix(colors.secondary, WHITE, 0.45),
    county: mix(colors.secondary, WHITE, 0.22),
    label: mix(colors.secondary, '#000000', 0.85),
    halo: land,
  };
}

/** The palette of a map that names no tenant: the spec's theme defaults (primary #00838f, secondary #424242). */
export const DEFAULT_PALETTE = mapPalette({ primary: '#00838f', secondary: '#424242' });
