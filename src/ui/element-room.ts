/**
 * The room (px of height) each element takes before it can draw itself: before its code arrives
 * (the loader's rule for the undefined tag) and while its tenant's settings load (the shell's
 * 'Loading…'). Each is the height of the element's own first drawing, so a partner's page does
 * not move when the code arrives (issue 16: CLS at most 0.02 on a page that wrote no CSS for it).
 * The carousel's is exact at every width (its loading frame is the cards' frame); the others
 * grow with their content, from at least this much.
 */
export const ELEMENT_ROOM: Readonly<Record<`wellspring-${string}`, number>> = {
  'wellspring-search': 285,
  'wellspring-offers-carousel': 499,
  'wellspring-gift-card-buy': 120,
  'wellspring-balance-inquiry': 409,
  'wellspring-listing': 600,
};

/**
 * The loader's rule: an undefined tag is a block of its room. `:where` keeps its specificity at
 * zero, so any rule of the partner's own wins. The hosted site writes the same rules in its own
 * styles (host-app/App.tsx), which its server-drawn pages carry before the loader has run.
 */
export function roomRules(): string {
  return Object.entries(ELEMENT_ROOM)
    .map(([tag, px]) => `:where(${tag}:not(:defined)){display:block;min-height:${px}px}`)
    .join('\n');
}
