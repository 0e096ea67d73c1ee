import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/** Starts `tsx server/start.ts` (what `npm start` runs) and resolves once it says it is ready. */
function start(env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready in time:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('] ready: ')) {
        clearTimeout(timer);
        resolve({ child, output: () => output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`exited with ${code} before ready:\n${output}`)));
  });
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGINT');
  });
}

describe('npm start', () => {
  let dataDir: string;
  afterAll(async () => dataDir && rm(dataDir, { recursive: true, force: true }));

  it('seeds on first start, stops cleanly on Ctrl-C, and a second start reuses the data', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'wellspring-start-'));
    const env = { DATA_DIR: dataDir, PORT: '8193', SEED_COUNT: '300' };

    const first = await start(env);
    expect(first.output()).toMatch(/seeding listings: 300 \/ 300/);
    const health = await (await fetch('http://127.0.0.1:8193/api/health')).json();
    expect(health).toMatchObject({ ok: true, database: 'pglite', listings: 300 });
    expect(await stop(first.child)).toBe(0);
    expect(first.output()).toContain('SIGINT: closing');

    const second = await start(env);
    expect(second.output()).toContain('300 listings ready');
    expect(second.output()).not.toContain('seeding');
    const again = await (await fetch('http://127.0.0.1:8193/api/health')).json();
    expect(again.listings).toBe(300);
    expect(await stop(second.child)).toBe(0);
  });
});
