/**
 * The sizes the resizer makes: exactly those the product asks for (src/domain/images.ts). Any
 * other size is a 400, so nobody can fill the cache and the cores with sizes no page shows. A
 * component that needs a new size adds its constant there and here.
 */
import { DEFAULT_IMAGE_SIZE, LEAD_IMAGE_SIZE } from '../../src/domain/images';

/** Result cards, carousels, content cards (DEFAULT_IMAGE_SIZE); lead images of listing and offer pages (LEAD_IMAGE_SIZE). */
export const RESIZER_SIZES: readonly Readonly<{ width: number; height: number }>[] = [
  DEFAULT_IMAGE_SIZE,
  LEAD_IMAGE_SIZE,
];

/** The widths taken, ascending. */
export const RESIZER_WIDTHS: readonly number[] = [...new Set(RESIZER_SIZES.map((size) => size.width))].sort(
  (a, b) => a - b,
);

/** The heights taken with `width`, ascending; none for a width not taken. */
export const heightsFor = (width: number): number[] =>
  RESIZER_SIZES.filter((size) => size.width === width)
    .map((size) => size.height)
    .sort((a, b) => a - b);
