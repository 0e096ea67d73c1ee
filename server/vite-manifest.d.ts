/** One chunk of a Vite build manifest (`build.manifest: true`): the fields this project reads. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/**
 * The files (relative to the build's outDir) of `source`'s chunk and of every chunk it imports
 * statically, transitively: each once, each before its own imports. Dynamic imports are not
 * followed. A key the manifest lacks throws an error naming `manifestName`, unless `skipMissing`.
 */
export function staticChunkFiles(
  manifest: Manifest,
  source: string,
  options?: { skipMissing?: boolean; manifestName?: string },
): string[];
