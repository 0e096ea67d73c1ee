import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import schema from 'custom-elements-manifest/schema.json' with { type: 'json' };
import type { Package, CustomElementDeclaration } from 'custom-elements-manifest/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drifted, generate } from '../../../scripts/element-contract';
import { ELEMENTS } from '../../../widgets/declarations';

const root = join(import.meta.dirname, '../../..');
const GENERATED = [
  'widgets/element-props.ts',
  ...ELEMENTS.map((element) => element.module.replace('.element.ts', '.props.ts')),
  'widgets/elements.d.ts',
  'widgets/custom-elements.json',
  'README.md',
];

describe('the files generated from the element declarations', () => {
  let copy: string;
  beforeAll(async () => {
    // A copy of the committed files, to change one in a single place.
    copy = await mkdtemp(join(tmpdir(), 'wellspring-contract-'));
    for (const path of [...GENERATED, '.prettierrc.json'])
      await cp(join(root, path), join(copy, path), { recursive: true });
  });
  afterAll(() => rm(copy, { recursive: true, force: true }));

  it('are committed as the declarations give them (run npm run elements after changing one)', async () => {
    expect(await drifted(root, ELEMENTS)).toEqual([]);
  });

  it('drift when an attribute is added to a declaration only', async () => {
    const [carousel, ...rest] = ELEMENTS;
    const changed = {
      ...carousel!,
      attributes: { ...carousel!.attributes, radius: { type: 'number', description: 'Miles around.' } },
    } as const;
    expect(await drifted(root, [changed, ...rest])).toEqual([
      'widgets/offers-carousel/offers-carousel.props.ts',
      'widgets/elements.d.ts',
      'widgets/custom-elements.json',
      'README.md',
    ]);
  });

  it("drift in the README when a part is added, and the README's table names every part", async () => {
    const [carousel, ...rest] = ELEMENTS;
    const changed = { ...carousel!, parts: { ...carousel!.parts, badge: 'The discount badge.' } } as const;
    expect(await drifted(root, [changed, ...rest])).toEqual(['widgets/custom-elements.json', 'README.md']);
    const readme = await readFile(join(root, 'README.md'), 'utf8');
    const searchRow = readme.split('\n').find((line) => line.startsWith('| `<wellspring-search>`'));
    for (const part of ['problem', 'heading', 'button', 'card'])
      expect(searchRow).toContain(`\`::part(${part})\``);
    expect(readme).toMatch(/- `--ws-primary`: The tenant's primary colour/);
  });

  it('drift when an attribute is added to a generated file only', async () => {
    const types = join(copy, 'widgets/elements.d.ts');
    const text = await readFile(types, 'utf8');
    await writeFile(
      types,
      text.replace("'wellspring-balance-inquiry': Element<{", '$&\n        radius?: number;'),
    );
    const props = join(copy, 'widgets/balance-inquiry/balance-inquiry.props.ts');
    expect(await drifted(copy, ELEMENTS)).toEqual(['widgets/elements.d.ts']);
    await writeFile(types, text);
    await writeFile(
      props,
      (await readFile(props, 'utf8')).replace("location: 'string'", "location: 'string', radius: 'number'"),
    );
    expect(await drifted(copy, ELEMENTS)).toEqual(['widgets/balance-inquiry/balance-inquiry.props.ts']);
  });

  it('type the balance inquiry with its location attribute (it had drifted before)', async () => {
    const types = (await generate(root, ELEMENTS)).get('widgets/elements.d.ts')!;
    const balance = types.slice(types.indexOf("'wellspring-balance-inquiry'"));
    expect(balance.slice(0, balance.indexOf('}>'))).toContain('location?: string;');
  });
});

describe('custom-elements.json', () => {
  let manifest: Package;
  beforeAll(async () => {
    manifest = JSON.parse(await readFile(join(root, 'widgets/custom-elements.json'), 'utf8')) as Package;
  });

  it('validates against the custom elements manifest schema', () => {
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    expect(validate(manifest), JSON.stringify(validate.errors)).toBe(true);
    expect(manifest.schemaVersion).toMatch(/^2\./);
  });

  it('lists all five elements with their attributes and events', () => {
    const declarations = manifest.modules.flatMap(
      (module) => module.declarations ?? [],
    ) as CustomElementDeclaration[];
    const byTag = new Map(declarations.map((declaration) => [declaration.tagName, declaration]));
    expect([...byTag.keys()].sort()).toEqual([
      'wellspring-balance-inquiry',
      'wellspring-gift-card-buy',
      'wellspring-listing',
      'wellspring-offers-carousel',
      'wellspring-search',
    ]);
    const names = (tag: string, key: 'attributes' | 'events') =>
      byTag.get(tag)![key]!.map((item) => item.name);
    expect(names('wellspring-offers-carousel', 'attributes')).toEqual([
      'tenant',
      'api',
      'site',
      'data-layer',
      'location',
      'heading',
    ]);
    for (const tag of byTag.keys()) {
      expect(names(tag!, 'events')).toContain('wellspring-analytics');
    }
    expect(names('wellspring-balance-inquiry', 'attributes')).toContain('location');
    expect(names('wellspring-search', 'attributes')).toEqual(
      expect.arrayContaining(['best-of', 'sync-url', 'keywords', 'layout', 'map']),
    );
    expect(names('wellspring-listing', 'attributes')).toEqual(
      expect.arrayContaining(['listing-id', 'old-id', 'offer-id', 'sync-url']),
    );
    expect(names('wellspring-offers-carousel', 'events')).toContain('wellspring-offer-select');
    expect(names('wellspring-search', 'events')).toEqual(
      expect.arrayContaining(['wellspring-search', 'wellspring-listing-select']),
    );
    expect(names('wellspring-gift-card-buy', 'events')).toEqual([
      'wellspring-analytics',
      'wellspring-buy-select',
    ]);
    expect(names('wellspring-balance-inquiry', 'events')).toEqual([
      'wellspring-analytics',
      'wellspring-balance',
    ]);
    expect(names('wellspring-listing', 'events')).toContain('wellspring-page');
    const select = byTag
      .get('wellspring-offers-carousel')!
      .events!.find((e) => e.name === 'wellspring-offer-select')!;
    expect(select.type.text).toBe('CustomEvent<{ offerId: number; merchantId: number; url: string }>');
    expect(select.description).toMatch(/cancelable/);
  });
});
