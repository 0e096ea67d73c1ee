/**
 * Child processes of the benchmark: spawned in their own process group, killed by that group's
 * id when they are done or when the benchmark itself stops (Ctrl-C, an exception).
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createServer } from 'node:net';

const running = new Set<ChildProcess>();

/** Sends `signal` to the child's process group (npm → sh → node all go). */
export function killGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): void {
  if (child.exitCode !== null || child.signalCode !== null) return;
  signalGroup(child, signal);
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The whole group is gone already.
  }
}

let hooked = false;
function hookExit(): void {
  if (hooked) return;
  hooked = true;
  process.on('exit', () => {
    for (const child of running) killGroup(child, 'SIGTERM');
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      // Servers close their databases on SIGTERM by themselves; nothing to wait for here.
      for (const child of running) killGroup(child, 'SIGTERM');
      running.clear();
      process.exit(130);
    });
  }
}

/** Kills `child`'s process group when the benchmark exits (for children spawned with `detached`). */
export function track(child: ChildProcess): ChildProcess {
  hookExit();
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** Spawns `command` as the leader of a new process group; it is killed when the benchmark exits. */
export function spawnGroup(command: string, args: string[], options: SpawnOptions): ChildProcess {
  return track(spawn(command, args, { ...options, detached: true }));
}

/**
 * Asks the group to stop (SIGTERM) and waits until every process of it has exited (a server
 * closes its database on SIGTERM; npm may exit before its child does). SIGKILL after `graceMs`.
 */
export async function stopGroup(child: ChildProcess, graceMs = 15_000): Promise<void> {
  signalGroup(child, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (groupAlive(child) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (groupAlive(child)) signalGroup(child, 'SIGKILL');
  if (child.exitCode === null && child.signalCode === null)
    await new Promise((resolve) => child.once('exit', resolve));
}

function groupAlive(child: ChildProcess): boolean {
  if (child.pid === undefined) return false;
  try {
    process.kill(-child.pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Runs `command` to its end (output shown); rejects when it fails. */
export function run(command: string, args: string[], options: SpawnOptions): Promise<void> {
  const child = spawnGroup(command, args, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/** Whether nothing listens on 127.0.0.1:`port` (the ports here are shared with other engineers). */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** The first free port of `ports`, or an error naming them. */
export async function freePort(ports: readonly number[]): Promise<number> {
  for (const port of ports) if (await portIsFree(port)) return port;
  throw new Error(`none of the ports ${ports.join(', ')} is free on 127.0.0.1`);
}
