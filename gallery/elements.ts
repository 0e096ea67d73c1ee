/**
 * The gallery's view of the elements, read from widgets/custom-elements.json (generated from the
 * declarations): controls, the story render (the element's tag with its attributes, as a partner
 * writes it) and the embed snippet on each docs page.
 */
import type { ArgTypes, Meta, StoryContext } from '@storybook/web-components-vite';
import type { CustomElementDeclaration, Package } from 'custom-elements-manifest/schema';
import manifestJson from '../widgets/custom-elements.json';

const manifest = manifestJson as Package;

/** The built-in tenants, for the tenant control and the toolbar's tenant switcher. */
export const TENANTS = ['wellness', 'spa', 'spa-canada', 'local'] as const;
export type TenantName = (typeof TENANTS)[number];

export const DECLARATIONS = manifest.modules.flatMap(
  (module) => (module.declarations ?? []) as CustomElementDeclaration[],
);

export function declarationOf(tag: string): CustomElementDeclaration {
  const found = DECLARATIONS.find((declaration) => declaration.tagName === tag);
  if (!found) throw new Error(`<${tag}> is not in custom-elements.json`);
  return found;
}

/** Every event any element fires: each is logged once in the Actions panel (preview.ts). */
export const EVENT_NAMES = [
  ...new Set(DECLARATIONS.flatMap((d) => (d.events ?? []).map((event) => event.name))),
];

/** 'grid' | 'list' -> ['grid', 'list']; null for a type that is not a union of literals. */
function enumerated(text: string | undefined): string[] | null {
  const values = (text ?? '').split('|').map((part) => /^\s*'([^']*)'\s*$/.exec(part)?.[1]);
  return values.length > 1 && values.every((value) => value !== undefined) ? (values as string[]) : null;
}

/**
 * Controls from the manifest: a select for enumerated attributes and for the tenant, a checkbox
 * for booleans, text otherwise; events, parts and custom properties are listed without controls.
 */
export function argTypesOf(tag: string): ArgTypes {
  const declaration = declarationOf(tag);
  const argTypes: ArgTypes = {};
  for (const attribute of declaration.attributes ?? []) {
    const options = attribute.name === 'tenant' ? [...TENANTS] : enumerated(attribute.type?.text);
    argTypes[attribute.name] = {
      name: attribute.name,
      description: attribute.description,
      ...(options
        ? { control: { type: 'select' }, options }
        : { control: { type: attribute.type?.text === 'boolean' ? 'boolean' : 'text' } }),
      table: {
        category: 'attributes',
        type: { summary: attribute.type?.text ?? 'string' },
        ...(attribute.default && { defaultValue: { summary: attribute.default } }),
      },
    };
  }
  const listed = (
    category: string,
    items: { name: string; description?: string; type?: { text: string } }[],
  ) => {
    for (const item of items) {
      argTypes[`${category}:${item.name}`] = {
        name: item.name,
        description: item.description,
        control: false,
        table: { category, ...(item.type && { type: { summary: item.type.text } }) },
      };
    }
  };
  listed('events', declaration.events ?? []);
  listed('css shadow parts', declaration.cssParts ?? []);
  listed('css custom properties', declaration.cssProperties ?? []);
  listed('slots', declaration.slots ?? []);
  return argTypes;
}

export type ElementArgs = Record<string, string | boolean | undefined>;

const escape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The tenant a story shows: the toolbar's when one is chosen there, else the story's own. */
export function tenantOf(args: ElementArgs, globals: Record<string, unknown>): string {
  return (globals.tenant as string) || (args.tenant as string) || 'wellness';
}

/** The element's tag with the attributes the args give, as a partner writes it. */
export function elementHtml(tag: string, args: ElementArgs, globals: Record<string, unknown>): string {
  const attributes = (declarationOf(tag).attributes ?? []).flatMap(({ name }) => {
    const value = name === 'tenant' ? tenantOf(args, globals) : args[name];
    if (value === true) return [name];
    if (value === undefined || value === false || value === '') return [];
    return [`${name}="${escape(String(value))}"`];
  });
  return `<${tag}${attributes.map((attribute) => ` ${attribute}`).join('')}></${tag}>`;
}

const LOADER_PATH = '/widgets/loader.js';

/** What a partner pastes into a page: the loader and the element as the story shows it. */
export function embedSnippet(
  tag: string,
  context: Pick<StoryContext, 'args' | 'globals' | 'loaded'>,
): string {
  const html = elementHtml(
    tag,
    { ...(context.args as ElementArgs), ...loadedArgs(context) },
    context.globals,
  );
  return `<script type="module" src="${location.origin}${LOADER_PATH}" blocking="render"></script>\n\n${html}`;
}

/** Attributes a story's loaders found in the real API (a listing id, an offer id). */
function loadedArgs(context: Partial<Pick<StoryContext, 'loaded'>>): ElementArgs {
  return (context.loaded?.attributes as ElementArgs | undefined) ?? {};
}

/** The default export of an element's stories: controls, render, docs page and its snippet. */
export function elementMeta(tag: string, args: ElementArgs = {}): Meta<ElementArgs> {
  const declaration = declarationOf(tag);
  return {
    argTypes: argTypesOf(tag),
    args,
    render: (storyArgs, context) =>
      elementHtml(tag, { ...storyArgs, ...loadedArgs(context) }, context.globals),
    parameters: {
      docs: {
        description: {
          component: [
            declaration.summary,
            declaration.description,
            'Embed it with the loader once per page, then the tag. Under each story is its snippet, ready to paste: the attributes of the story and the tenant chosen in the toolbar.',
          ].join('\n\n'),
        },
        // Each story's snippet shown open, not behind "Show code".
        canvas: { sourceState: 'shown' },
        source: {
          language: 'html',
          // "Show code" is the embed snippet for the story's attributes and the toolbar's tenant.
          // Storybook transforms twice (when the story emits its source, and again on the docs
          // page, where the loaders' results are missing), so a finished snippet is kept as is.
          transform: (code: string, context: StoryContext) =>
            code.includes(LOADER_PATH) ? code : embedSnippet(tag, context),
        },
      },
    },
  };
}
