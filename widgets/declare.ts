/**
 * The shape of an element's public contract: its attributes, events, `::part` names, CSS custom
 * properties and slots, declared once per element in `<name>.declaration.ts`. Everything else is
 * generated from those declarations by `npm run elements` (scripts/elements.ts): the r2wc props
 * mapping (`widgets/element-props.ts`), the JSX and event types (`widgets/elements.d.ts`),
 * `widgets/custom-elements.json` and the README's element table; a unit test fails when any of
 * them differs from what the declarations give. Declaration modules import nothing but types and
 * each other, and have no side effects: the build, the generator and the gallery read them.
 */

export interface AttributeDeclaration {
  /** How the attribute is read: text, a number, or a boolean (present, even empty, is true). */
  readonly type: 'string' | 'number' | 'boolean';
  /** The values an enumerated attribute takes (a select in the gallery's controls). */
  readonly values?: readonly string[];
  /** What the element does when the attribute is absent, in words or as a literal. */
  readonly default?: string;
  readonly description: string;
}

export interface EventDeclaration {
  /** The TypeScript type of `event.detail`. */
  readonly detail: string;
  /** Whether `preventDefault()` stops the element's default action. */
  readonly cancelable: boolean;
  readonly description: string;
}

export interface ElementDeclaration {
  readonly tag: `wellspring-${string}`;
  /** One line: what the element is. */
  readonly summary: string;
  /** Markdown: what it does, for the docs page and the manifest. */
  readonly description: string;
  /** The module that defines the element (`defineElement` call), from the project root. */
  readonly module: string;
  /** The attributes besides those every element takes (COMMON.attributes). */
  readonly attributes: Readonly<Record<string, AttributeDeclaration>>;
  readonly events: Readonly<Record<`wellspring-${string}`, EventDeclaration>>;
  /** `::part` names, with what each part is. */
  readonly parts: Readonly<Record<string, string>>;
  /** CSS custom properties the element reads besides COMMON.cssProperties (`--ws-…`). */
  readonly cssProperties: Readonly<
    Record<`--${string}`, { readonly description: string; readonly default?: string }>
  >;
  /** Slots ('' is the default slot). */
  readonly slots: Readonly<Record<string, string>>;
}

/** Keeps the literal types of a declaration (for PropsOf) while checking its shape. */
export function declareElement<const D extends ElementDeclaration>(declaration: D): D {
  return declaration;
}

/** 'listing-id' -> 'listingId': r2wc's prop name of an attribute. */
export type PropName<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<PropName<Tail>>}`
  : S;

type ValueOf<A extends AttributeDeclaration> = A['type'] extends 'boolean'
  ? boolean
  : A['type'] extends 'number'
    ? number
    : A['values'] extends readonly (infer V)[]
      ? V
      : string;

/** The props an element's component receives, derived from its declared attributes. */
export type PropsOf<D extends Pick<ElementDeclaration, 'attributes'>> = {
  -readonly [K in keyof D['attributes'] as PropName<K & string>]?: ValueOf<D['attributes'][K]>;
};
