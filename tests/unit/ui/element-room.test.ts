import { describe, expect, it } from 'vitest';
import { ELEMENTS } from '../../../widgets/declarations';
import { ELEMENT_ROOM, roomRules } from '../../../src/ui/element-room';

describe("the loader's room for each element", () => {
  it('keeps room for every element a partner can embed, and only for those', () => {
    expect(Object.keys(ELEMENT_ROOM).sort()).toEqual(ELEMENTS.map((element) => element.tag).sort());
  });

  it('holds an undefined tag open as a block, with rules any page rule overrides', () => {
    const rules = roomRules().split('\n');
    expect(rules).toContain(
      ':where(wellspring-offers-carousel:not(:defined)){display:block;min-height:499px}',
    );
    // :where() has no specificity: a partner's own `wellspring-search { min-height: … }` wins.
    for (const rule of rules) expect(rule).toMatch(/^:where\(wellspring-[a-z-]+:not\(:defined\)\)\{/);
  });
});
