import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 16: an element writes its rules into its shadow root as they are (widgets/styles.ts,
// useShadowStyles), where stylis compiled them in each element's first draw. That holds only
// while they are plain CSS: a nested rule or a `&` would reach the browser as written and be
// dropped or misread there.
const root = join(import.meta.dirname, '../../..');

/** Every style module of the elements and of the parts they share. */
function styleModules(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.styles.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** The rule sets nested in a rule: any `{` inside a rule's braces, at-rules' own braces aside. */
function nestedRules(text: string): string[] {
  const found: string[] = [];
  const open: ('at' | 'rule')[] = [];
  let prelude = '';
  for (const char of text.replace(/\/\*[\s\S]*?\*\//g, '')) {
    if (char === '{') {
      if (open.at(-1) === 'rule') found.push(prelude.trim());
      open.push(prelude.trim().startsWith('@') ? 'at' : 'rule');
      prelude = '';
    } else if (char === '}') {
      open.pop();
      prelude = '';
    } else if (char === ';') {
      prelude = '';
    } else prelude += char;
  }
  return found;
}

describe("the elements' styles", () => {
  const modules = [...styleModules('widgets'), ...styleModules('src/ui')];

  it('are found (the check below covers them all)', () => {
    expect(modules).toEqual(
      expect.arrayContaining([
        'src/ui/base.styles.ts',
        'widgets/offers-carousel/offers-carousel.styles.ts',
        'widgets/search/result-card.styles.ts',
      ]),
    );
  });

  it.each(modules)('%s: plain CSS, as the browser reads it (no nesting, no &)', async (path) => {
    const texts = Object.entries(await import(join(root, path))).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    );
    expect(texts.length).toBeGreaterThan(0);
    for (const [name, text] of texts) {
      expect(nestedRules(text), name).toEqual([]);
      expect(text, name).not.toMatch(/&/);
    }
  });

  it('the check finds a nested rule', () => {
    expect(nestedRules('.a { color: red; .b { color: blue; } } @media (x) { .c { top: 0; } }')).toEqual([
      '.b',
    ]);
  });
});
