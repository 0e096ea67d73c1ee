/**
 * `npm run elements`: writes the files generated from the element declarations (see
 * scripts/element-contract.ts). `npm run elements -- --check` only says which ones differ.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ELEMENTS } from '../widgets/declarations';
import { drifted, generate } from './element-contract';

const root = join(import.meta.dirname, '..');

if (process.argv.includes('--check')) {
  const differing = await drifted(root, ELEMENTS);
  if (differing.length) {
    console.error(
      `Out of date with the element declarations: ${differing.join(', ')}. Run npm run elements.`,
    );
    process.exit(1);
  }
  console.info('Generated element files are up to date.');
} else {
  for (const [path, text] of await generate(root, ELEMENTS)) {
    await writeFile(join(root, path), text);
    console.info(`wrote ${path}`);
  }
}
