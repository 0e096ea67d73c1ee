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

/**
 * Back in the browser, once the element's first draw has hydrated the server's markup: each node's
 * drawn style (its rule in `sheet`, the <style> withoutStyleAttributes' rules went into) as its
 * own style, and its `data-drawn-style` gone. Set property by property, as the element's code sets
 * styles (the policy blocks a style attribute or `cssText` from script). The code then changes and
 * removes those styles as it would have the attributes (a rule left behind would keep a
 * declaration the code removed).
 */
export function inlineDrawnStyles(root: ParentNode, sheet: CSSStyleSheet | null): void {
  const drawn = new Map<string, CSSStyleDeclaration>();
  for (const rule of sheet?.cssRules ?? []) {
    const selector = 'selectorText' in rule ? String(rule.selectorText) : '';
    const index = /\[data-drawn-style="(\d+)"\]$/.exec(selector)?.[1];
    if (index) drawn.set(index, (rule as CSSStyleRule).style);
  }
  for (const node of root.querySelectorAll<HTMLElement>('[data-drawn-style]')) {
    const declarations = drawn.get(node.getAttribute('data-drawn-style')!);
    for (let i = 0; declarations && i < declarations.length; i++) {
      const name = declarations[i]!;
      node.style.setProperty(
        name,
        declarations.getPropertyValue(name),
        declarations.getPropertyPriority(name),
      );
    }
    node.removeAttribute('data-drawn-style');
  }
}
