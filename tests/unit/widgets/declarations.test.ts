// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allAttributes } from '../../../scripts/element-contract';
import { ELEMENTS } from '../../../widgets/declarations';

const root = join(import.meta.dirname, '../../..');

describe('the element declarations', () => {
  it('name every element the loader loads, and each module that defines one', () => {
    const loader = readFileSync(join(root, 'widgets/loader.ts'), 'utf8');
    const loaded = [...loader.matchAll(/'(wellspring-[a-z-]+)': \(\) => import\('\.\/(.+?)'\)/g)].map(
      ([, tag, module]) => [tag, `widgets/${module}.ts`],
    );
    expect(loaded.sort()).toEqual(ELEMENTS.map((element) => [element.tag, element.module]).sort());
  });

  it.each(ELEMENTS.map((element) => [element.tag, element] as const))(
    '<%s> observes exactly its declared attributes',
    async (tag, element) => {
      await import(/* @vite-ignore */ join(root, element.module));
      const defined = customElements.get(tag) as unknown as { observedAttributes: string[] } | undefined;
      expect(defined).toBeDefined();
      expect([...defined!.observedAttributes].sort()).toEqual(
        allAttributes(element)
          .map(([name]) => name)
          .sort(),
      );
    },
  );
});
