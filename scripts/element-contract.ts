/**
 * Everything generated from the element declarations (widgets/declare.ts): the r2wc props
 * mapping, the JSX and event types, custom-elements.json (schema 2.1) and the README's element
 * table. `npm run elements` writes them; tests/unit/scripts/element-contract.test.ts fails when a
 * committed file differs from what the declarations give.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as Schema from 'custom-elements-manifest/schema';
import { COMMON } from '../widgets/common.declaration';
import type { AttributeDeclaration, ElementDeclaration } from '../widgets/declare';

const HEADER =
  'Generated from the element declarations (widgets/*/*.declaration.ts) by `npm run elements`: do not edit.';

/** The common parts and custom properties, as every element's own are typed. */
const commonParts: ElementDeclaration['parts'] = COMMON.parts;
const commonCssProperties: ElementDeclaration['cssProperties'] = COMMON.cssProperties;

const camel = (name: string) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
const pascal = (name: string) => camel(name).replace(/^./, (first) => first.toUpperCase());
/** 'wellspring-offers-carousel' -> 'offersCarousel' */
const shortName = (tag: string) => camel(tag.replace(/^wellspring-/, ''));

/** Every attribute an element takes: the common ones first, then its own. */
export function allAttributes(element: ElementDeclaration): [string, AttributeDeclaration][] {
  return [...Object.entries(COMMON.attributes), ...Object.entries(element.attributes)];
}

function typeText(attribute: AttributeDeclaration): string {
  if (attribute.values) return attribute.values.map((value) => `'${value}'`).join(' | ');
  return attribute.type;
}

/** custom-elements.json: one module per element, with its class and its definition export. */
export function manifest(elements: readonly ElementDeclaration[]): Schema.Package {
  return {
    schemaVersion: '2.1.0',
    readme: 'README.md',
    modules: elements.map((element): Schema.JavaScriptModule => {
      const className = pascal(element.tag);
      const declaration: Schema.CustomElementDeclaration = {
        kind: 'class',
        customElement: true,
        name: className,
        tagName: element.tag,
        summary: element.summary,
        description: element.description,
        attributes: allAttributes(element).map(([name, attribute]) => ({
          name,
          fieldName: camel(name),
          type: { text: typeText(attribute) },
          ...(attribute.default !== undefined && { default: attribute.default }),
          description: attribute.description,
        })),
        events: Object.entries(element.events).map(([name, event]) => ({
          name,
          type: { text: `CustomEvent<${event.detail}>` },
          description: `${event.description} Bubbles and is composed${event.cancelable ? '; cancelable' : ''}.`,
        })),
        cssParts: Object.entries({ ...commonParts, ...element.parts }).map(([name, description]) => ({
          name,
          description,
        })),
        cssProperties: Object.entries({ ...commonCssProperties, ...element.cssProperties }).map(
          ([name, property]) => ({
            name,
            description: property.description,
            ...(property.default !== undefined && { default: property.default }),
          }),
        ),
        slots: Object.entries(element.slots).map(([name, description]) => ({ name, description })),
        members: [],
      };
      return {
        kind: 'javascript-module',
        path: element.module,
        declarations: [declaration],
        exports: [
          {
            kind: 'custom-element-definition',
            name: element.tag,
            declaration: { name: className, module: element.module },
          },
        ],
      };
    }),
  };
}

const mapping = (attributes: Readonly<Record<string, AttributeDeclaration>>) =>
  `{ ${Object.entries(attributes)
    .map(([name, attribute]) => `${camel(name)}: '${attribute.type}'`)
    .join(', ')} }`;

/** The props of the attributes every element takes, for `defineElement` (widgets/element-props.ts). */
export function basePropsModule(): string {
  return [
    `// ${HEADER}`,
    '',
    "/** r2wc's props of the attributes every element takes (widgets/common.declaration.ts). */",
    `export const baseProps = ${mapping(COMMON.attributes)} as const;`,
    '',
  ].join('\n');
}

/**
 * `<name>.props.ts` beside an element's module: what its `defineElement` call hands r2wc. One file
 * per element so that each element's chunk carries its own mapping only.
 */
export function propsModule(element: ElementDeclaration): string {
  return [
    `// ${HEADER}`,
    '',
    `/** <${element.tag}>: r2wc's props of its own attributes (${declarationPath(element)}). */`,
    `export const ${shortName(element.tag)}Props = ${mapping(element.attributes)} as const;`,
    '',
  ].join('\n');
}

export const declarationPath = (element: ElementDeclaration) =>
  element.module.replace('.element.ts', '.declaration.ts');
export const propsPath = (element: ElementDeclaration) => element.module.replace('.element.ts', '.props.ts');

const doc = (text: string, indent: string) => `${indent}/** ${text.replace(/\*\//g, '*\\/')} */`;

/** widgets/elements.d.ts: JSX types of the elements and the types of their events. */
export function elementsDts(elements: readonly ElementDeclaration[]): string {
  const events = new Map<string, ElementDeclaration['events'][`wellspring-${string}`]>();
  for (const element of elements)
    for (const [name, event] of Object.entries(element.events))
      if (!events.has(name)) events.set(name, event);
  const attribute = ([name, value]: [string, AttributeDeclaration], indent: string) => [
    doc(`${value.description}${value.default ? ` @default ${value.default}` : ''}`, indent),
    `${indent}'${name}'?: ${value.type === 'string' ? typeText(value) : value.type};`,
  ];
  return [
    `// ${HEADER}`,
    "import type { DetailedHTMLProps, HTMLAttributes } from 'react';",
    '',
    '/**',
    ' * The public types of our custom elements, for the host app that composes them, for elements that',
    ' * contain one another and for partners using TypeScript: JSX types of the elements and their',
    ' * attributes, and the events they fire. From JSX pass booleans as booleans: once the element is',
    ' * defined, preact sets them as properties, and an empty string would be false there.',
    ' */',
    'type Element<Attributes> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> &',
    '  Attributes & {',
    ...Object.entries(COMMON.attributes).flatMap((entry) => attribute(entry, '    ')),
    '  };',
    '',
    '/**',
    ' * Every event an element fires, by name. All are CustomEvents with `bubbles` and `composed` set,',
    ' * so a page can listen on the element or on `document`; cancelable ones let a host take over the',
    ' * default action with `preventDefault()`.',
    ' */',
    'export interface WellspringEventMap {',
    ...[...events].flatMap(([name, event]) => [
      doc(`${event.description}${event.cancelable ? ' Cancelable.' : ''}`, '  '),
      `  '${name}': ${event.detail};`,
    ]),
    '}',
    '',
    "declare module 'react' {",
    '  namespace JSX {',
    '    interface IntrinsicElements {',
    ...elements.flatMap((element) => [
      doc(element.summary, '      '),
      `      '${element.tag}': Element<{`,
      ...Object.entries(element.attributes).flatMap((entry) => attribute(entry, '        ')),
      '      }>;',
    ]),
    '    }',
    '  }',
    '}',
    '',
    'declare global {',
    '  interface HTMLElementEventMap {',
    ...[...events.keys()].map((name) => `    '${name}': CustomEvent<WellspringEventMap['${name}']>;`),
    '  }',
    '}',
    '',
  ].join('\n');
}

const code = (text: string) => `\`${text}\``;

/** The README's element table. */
export function readmeTable(elements: readonly ElementDeclaration[]): string {
  const rows = elements.map((element) => {
    const attributes = Object.entries(element.attributes)
      .map(([name, value]) => {
        const values = value.values ? ` (${value.values.map(code).join('/')})` : '';
        return `${code(name)}${values}: ${value.description.replace(/\|/g, '\\|')}`;
      })
      .join('<br>');
    const events = Object.entries(element.events)
      .map(([name, event]) => `${code(name)}${event.cancelable ? ' (cancelable)' : ''}`)
      .join(', ');
    const parts = Object.keys({ ...commonParts, ...element.parts })
      .map((name) => code(`::part(${name})`))
      .join(', ');
    return `| ${code(`<${element.tag}>`)} | ${element.summary} | ${attributes} | ${events} | ${parts} |`;
  });
  const properties = Object.entries(commonCssProperties).map(
    ([name, property]) =>
      `- ${code(name)}: ${property.description}${property.default ? ` Default: ${code(property.default)}.` : ''}`,
  );
  return [
    '| Element | What | Attributes | Events | Parts |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    '',
    "Every element's colours and font are CSS custom properties, which cross the shadow root:",
    '',
    ...properties,
  ].join('\n');
}

export const README_START = '<!-- element-table: generated by `npm run elements` from the declarations -->';
export const README_END = '<!-- /element-table -->';

/**
 * Prettier as Node resolves it: under Vitest, whose resolve conditions put 'browser' first (for the
 * elements), an import would get prettier's standalone build, which cannot read the config.
 */
const prettier = createRequire(import.meta.url)('prettier') as typeof import('prettier');

async function format(root: string, path: string, text: string): Promise<string> {
  const options = await prettier.resolveConfig(join(root, path));
  return prettier.format(text, { ...options, filepath: join(root, path) });
}

/** The generated files, by path from the project root, as they must be committed. */
export async function generate(
  root: string,
  elements: readonly ElementDeclaration[],
): Promise<Map<string, string>> {
  const readme = await readFile(join(root, 'README.md'), 'utf8');
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < start)
    throw new Error(`README.md lacks the markers ${README_START} … ${README_END}`);
  const withTable = `${readme.slice(0, start + README_START.length)}\n\n${readmeTable(elements)}\n\n${readme.slice(end)}`;
  return new Map([
    ['widgets/element-props.ts', await format(root, 'widgets/element-props.ts', basePropsModule())],
    ...(await Promise.all(
      elements.map(
        async (element) =>
          [propsPath(element), await format(root, propsPath(element), propsModule(element))] as const,
      ),
    )),
    ['widgets/elements.d.ts', await format(root, 'widgets/elements.d.ts', elementsDts(elements))],
    [
      'widgets/custom-elements.json',
      await format(root, 'widgets/custom-elements.json', JSON.stringify(manifest(elements))),
    ],
    ['README.md', await format(root, 'README.md', withTable)],
  ]);
}

/** The generated files whose committed text differs from what the declarations give. */
export async function drifted(root: string, elements: readonly ElementDeclaration[]): Promise<string[]> {
  const files = await generate(root, elements);
  const differing: string[] = [];
  for (const [path, text] of files) {
    const committed = await readFile(join(root, path), 'utf8').catch(() => null);
    if (committed !== text) differing.push(path);
  }
  return differing;
}
