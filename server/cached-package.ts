/**
 * Tools too large for every `npm install` (the Auth emulator's firebase-tools, about 250 MB;
 * Lighthouse for the benchmark, about 150 packages) are installed once, on first use, into a cache
 * folder outside the project, pinned to one version, and loaded from there. Keeping them out of
 * package.json keeps a fresh install under a minute (bench/RESULTS.md, 'Install').
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where `name@version` is kept: WELLSPRING_CACHE, else ~/.cache/wellspring, one folder per version. */
export function cachedPackageDir(
  name: string,
  version: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const cache =
    env.WELLSPRING_CACHE?.trim() ||
    join(env.XDG_CACHE_HOME?.trim() || join(homedir(), '.cache'), 'wellspring');
  return join(cache, `${name}-${version}`);
}

/** The package's own folder inside a cache folder. */
export const packageRoot = (dir: string, name: string) => join(dir, 'node_modules', name);

const installed = (dir: string, name: string) => existsSync(join(packageRoot(dir, name), 'package.json'));

/**
 * `name@version` in `dir`, installed by npm when missing (the only step that needs the registry).
 * Returns `dir`; throws with npm's last lines when it cannot be installed. An install stopped by
 * `signal` (the server shutting down) is removed: a half-written folder is not taken as installed.
 */
export async function ensureCachedPackage(
  {
    name,
    version,
    dir = cachedPackageDir(name, version),
    why,
    signal,
  }: { name: string; version: string; dir?: string; why: string; signal?: AbortSignal | undefined },
  say: (line: string) => void = () => {},
): Promise<string> {
  if (installed(dir, name)) return dir;
  await mkdir(dir, { recursive: true });
  say(`installing ${name} ${version} once into ${dir} (${why})`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const output: string[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(
      npm,
      [
        'install',
        '--prefix',
        dir,
        '--no-save',
        '--no-audit',
        '--no-fund',
        '--omit=dev',
        '--loglevel=error',
        `${name}@${version}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], signal },
    );
    child.stdout.on('data', (chunk: Buffer) => output.push(String(chunk)));
    child.stderr.on('data', (chunk: Buffer) => output.push(String(chunk)));
    // Stopped by `signal`, npm is killed: its folder goes once it has exited ('close').
    child.on('error', (error) => {
      if (!signal?.aborted) reject(error);
    });
    child.on('close', resolve);
  });
  if (signal?.aborted) {
    await rm(dir, { recursive: true, force: true });
    throw signal.reason;
  }
  if (code !== 0 || !installed(dir, name))
    throw new Error(
      `npm could not install ${name}: ${output.join('').trim().split('\n').slice(-5).join(' ')}`,
    );
  return dir;
}
