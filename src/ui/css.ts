/**
 * Tags a CSS template; it returns the text as written. The tag lets Prettier and editors treat
 * the template as CSS. Style modules are plain strings, so elements (in their shadow roots, see
 * widgets/styles.ts) and the hosted site (emotion's Global) share the same rules.
 */
export const css = (strings: TemplateStringsArray, ...values: unknown[]): string =>
  String.raw({ raw: strings }, ...values);
