import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const tenantDir = resolve(import.meta.dirname, '../../../src/tenant');

/** Module specifiers a file imports at run time (`import type` / `export type` excluded). */
function valueImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers: string[] = [];
  for (const match of source.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^;]*?from\s+['"]([^'"]+)['"]/gm)) {
    specifiers.push(match[1] as string);
  }
  for (const match of source.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) specifiers.push(match[1] as string);
  return specifiers;
}

/** Every package a module pulls in at run time, following relative imports. */
function packagesOf(entry: string): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of valueImports(file)) {
      if (specifier.startsWith('.'))
        visit(resolve(dirname(file), specifier.endsWith('.ts') ? specifier : `${specifier}.ts`));
      else packages.add(specifier);
    }
  };
  visit(resolve(tenantDir, entry));
  return packages;
}

describe('browser modules pull no zod', () => {
  it.each(['browser.ts', 'theme.ts', 'builtins.ts', 'defaults.ts', 'types.ts'])('%s', (entry) => {
    expect([...packagesOf(entry)]).not.toContain('zod');
  });

  it('while the schema (and the index) do', () => {
    expect(packagesOf('schema.ts')).toContain('zod');
    expect(packagesOf('index.ts')).toContain('zod');
  });
});
