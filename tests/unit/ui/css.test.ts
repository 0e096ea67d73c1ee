import { describe, expect, it } from 'vitest';
import { minifyCss } from '../../../src/ui/css';

// The builds minify every css`…` template (vite.config.ts, minifiedStyles): the comments and the
// indentation leave the visitors' downloads, what the browser reads stays the same.
// tests/e2e/styles.spec.ts holds every style module to that in Chromium.
describe('minifyCss', () => {
  it('drops comments and the spaces around braces, semicolons, commas and after colons', () => {
    expect(
      minifyCss(`
  /* Why the rule is here. */
  .card,
  .slide {
    color: red;
    margin: 0 auto;
  }
`),
    ).toBe(' .card,.slide{color:red;margin:0 auto;}');
  });

  it('keeps the spaces that carry meaning: descendants, values, calc, media queries', () => {
    expect(minifyCss('.list  .card :where(.a) { width: calc(100% - 2 * 1rem); }')).toBe(
      '.list .card :where(.a){width:calc(100% - 2 * 1rem);}',
    );
    expect(minifyCss('@media (min-width: 600px) and (max-width: 959.98px) { .a > .b { top: 0 } }')).toBe(
      '@media (min-width:600px) and (max-width:959.98px){.a>.b{top:0}}',
    );
  });

  it('keeps quoted strings whole, comment marks and punctuation in them too', () => {
    expect(minifyCss(`.crumb::before { content: ' ›  ; /* not a comment */ '; }`)).toBe(
      `.crumb::before{content:' ›  ; /* not a comment */ ';}`,
    );
    expect(minifyCss(`[aria-label="a, b"] { font-family: "It's", serif; }`)).toBe(
      `[aria-label="a, b"]{font-family:"It's",serif;}`,
    );
  });

  it('reads a comment as no space: .x/**/.y is one compound selector', () => {
    expect(minifyCss('.x/* between */.y { top: 0 }')).toBe('.x.y{top:0}');
    expect(minifyCss(".a /* it's here */ .b { top: 0 }")).toBe('.a .b{top:0}');
  });

  it('minifies a piece of a rule, as the builds do between a template’s ${…}', () => {
    // css`.button {\n  ${pillButton}\n  color: red;\n}`: the texts before and after the value.
    expect(minifyCss('\n.button {\n  ')).toBe(' .button{');
    expect(minifyCss('\n  color: red;\n}\n')).toBe(' color:red;}');
  });
});
