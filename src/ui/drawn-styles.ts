/** The escapes preact-render-to-string writes in attribute values. */
const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&lt;': '<', '&gt;': '>' };

/**
 * Markup drawn on the server without its style="" attributes, and the rules that replace them.
 * The hosted pages' policy allows no style="" in HTML (style-src has a nonce, no 'unsafe-inline'),
 * while the app and the elements set some styles from script (the header's height, a star bar's
 * fill), which the policy allows. Each such attribute becomes a rule for its element
 * (`data-drawn-style`) under `scope` ('#app ' in the document, ':host ' in a shadow root), specific
 * enough to win as the attribute would; a style set later from script is inline and wins over it.
 * A value that could leave its rule (braces, `<`, escapes) is dropped instead: the browser's code
 * sets it when that element next changes.
 */
export function withoutStyleAttributes(html: string, scope: string): { markup: string; rules: string } {
  const rules: string[] = [];
  const markup = html.replace(
    /(<[a-z][a-z0-9-]*\b[^>]*?) style="([^"]*)"/g,
    (_tag, start: string, value: string) => {
      const declarations = value.replace(/&(?:amp|quot|lt|gt);/g, (entity) => ENTITIES[entity]!);
      if (/[{}<\\]/.test(declarations)) return start;
      rules.push(`${scope}[data-drawn-style="${rules.length}"]{${declarations}}`);
      return `${start} data-drawn-style="${rules.length - 1}"`;
    },
  );
  return { markup, rules: rules.join('') };
}
