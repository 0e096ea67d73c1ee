/** One chunk of a Vite build manifest (`build.manifest: true`): the fields the closure needs. */
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
 * Files (joined to `outDir`) that a page downloads before `source` can run: the `entry` file and
 * the chunk of `source` with its static imports, transitively. Dynamic imports are not followed.
 */
export function firstUseFiles(
  manifest: Manifest,
  source: string,
  options: { outDir: string; entry?: string },
): string[];

/**
 * The hosted site's initial JavaScript, as paths under `root`: index.html's module scripts and
 * modulepreload links with their static imports, transitively (the shared runtime included).
 */
export function hostAppInitialFiles(root: string): string[];
