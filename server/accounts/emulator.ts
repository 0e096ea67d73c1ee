/**
 * The Firebase Auth emulator for local work and tests. firebase-tools is large (about 250 MB), so
 * it is not a dependency every install carries: it is installed once, on first use, into a cache
 * folder outside the project (`ensureFirebaseTools`; `.ci/run` does it at install time), and the
 * emulator runs from there in a child process. The Auth emulator is plain Node (no Java, unlike
 * the Firestore emulator) and needs no network once installed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { cachedPackageDir, ensureCachedPackage } from '../cached-package';

/** Pinned: the emulator's behaviour is what the tests were written against. */
export const FIREBASE_TOOLS_VERSION = '15.34.2';

/** The project id of local work: a `demo-` id, which Firebase knows never to be a real project. */
export const DEMO_PROJECT_ID = 'demo-wellspring';

/** Where firebase-tools is kept: WELLSPRING_CACHE, else ~/.cache/wellspring. */
export function firebaseToolsDir(env: NodeJS.ProcessEnv = process.env): string {
  return cachedPackageDir('firebase-tools', FIREBASE_TOOLS_VERSION, env);
}

/**
 * firebase-tools in the cache, installed by npm on first use. Returns its folder; throws with
 * npm's last lines when it cannot be installed.
 */
export function ensureFirebaseTools(
  dir = firebaseToolsDir(),
  say: (line: string) => void = () => {},
  signal?: AbortSignal,
): Promise<string> {
  return ensureCachedPackage(
    { name: 'firebase-tools', version: FIREBASE_TOOLS_VERSION, dir, why: 'for the Auth emulator', signal },
    say,
  );
}

export interface RunningEmulator {
  /** host:port, as FIREBASE_AUTH_EMULATOR_HOST takes it. */
  host: string;
  stop(): Promise<void>;
}

/** Asks the emulator whether it is up: its root answers `{ authEmulator: { ready: true } }`. */
async function isReady(host: string): Promise<boolean> {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(2000) });
    const body = (await response.json()) as { authEmulator?: { ready?: boolean } };
    return body.authEmulator?.ready === true;
  } catch {
    return false;
  }
}

/**
 * Starts the Auth emulator of `toolsDir` on 127.0.0.1:`port` in a child process (firebase-tools'
 * own AuthEmulator class, without the CLI's hub and update checks) and resolves once it answers.
 * The child ends with this process. Throws when it exits, is not up within `timeoutMs`, or
 * `signal` stops it first (the server shutting down does not wait for it to come up).
 */
export async function startAuthEmulator({
  toolsDir,
  port,
  projectId = DEMO_PROJECT_ID,
  timeoutMs = 180_000,
  signal,
}: {
  toolsDir: string;
  port: number;
  projectId?: string;
  timeoutMs?: number;
  signal?: AbortSignal | undefined;
}): Promise<RunningEmulator> {
  const host = `127.0.0.1:${port}`;
  const main = join(toolsDir, 'node_modules', 'firebase-tools', 'lib', 'emulator', 'auth', 'index.js');
  const script = `
    const { AuthEmulator } = require(${JSON.stringify(main)});
    new AuthEmulator({ host: '127.0.0.1', port: ${port}, projectId: ${JSON.stringify(projectId)}, singleProjectMode: 0 })
      .start()
      .catch((error) => { console.error(String(error)); process.exit(1); });
    process.on('disconnect', () => process.exit(0));`;
  const child: ChildProcess = spawn(process.execPath, ['-e', script], {
    // An IPC channel: when this process ends, the channel closes and the emulator exits too.
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    // firebase-tools keeps its settings (and update checks) under HOME; keep them in the cache.
    env: { ...process.env, HOME: toolsDir, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
  });
  let exited: string | undefined;
  const errors: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => errors.push(String(chunk)));
  child.on('exit', (code) => {
    exited = `exited with code ${code}: ${errors.join('').trim().slice(-300)}`;
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (exited !== undefined) return resolve();
      child.once('exit', () => resolve());
      child.kill();
    });
  const deadline = Date.now() + timeoutMs;
  while (!(await isReady(host))) {
    if (signal?.aborted) {
      await stop();
      throw signal.reason;
    }
    if (exited !== undefined) throw new Error(`the Auth emulator ${exited}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the Auth emulator did not answer on ${host} within ${timeoutMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { host, stop };
}

/** Whether an emulator already answers at `host` (one started by hand, or by another test file). */
export const emulatorAnswers = isReady;
