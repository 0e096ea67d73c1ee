/**
 * Tags a CSS template; it returns the text as written. The tag lets Prettier and editors treat
 * the template as CSS. Style modules are plain strings, so elements (in their shadow roots, see
 * widgets/styles.ts) and the hosted site (emotion's Global) share the same rules.
 *
 * The builds hand each tagged template's text to `minifyCss` first (vite.config.ts), so the
 * comments that say why a rule is there stay in the source, not in every visitor's download.
 */
export const css = (strings: TemplateStringsArray, ...values: unknown[]): string =>
  String.raw({ raw: strings }, ...values);

/** A quoted CSS string, kept as written: its spaces and punctuation are its content. */
const STRING = String.raw`'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"`;
const COMMENT = new RegExp(String.raw`(${STRING})|/\*[\s\S]*?\*/`, 'g');
/** Spaces around braces, semicolons, commas and the child combinator, after a colon, and runs. */
const SPACE = new RegExp(String.raw`(${STRING})|\s*([{};,>])\s*|(:)\s+|\s+`, 'g');

/**
 * A piece of CSS without its comments and with no space it does not need: what a browser reads
 * from it is unchanged. Spaces that can carry meaning stay (one of a run): between words and
 * values, in `calc(1px + 2px)`, in selectors (the descendant combinator), in quoted strings. The
 * piece may be a part of a rule (the builds minify a template's texts between its `${…}`).
 */
export function minifyCss(text: string): string {
  return (
    text
      // A comment is no space: `.x/**/.y` is `.x.y` to a browser.
      .replace(COMMENT, (comment, string?: string) => string ?? '')
      .replace(
        SPACE,
        (space, string?: string, mark?: string, colon?: string) => string ?? mark ?? colon ?? ' ',
      )
  );
}
