import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emulatorAnswers } from '../../server/accounts/emulator';
import { startServer as start, stopServer as stop } from './helpers';

const root = join(import.meta.dirname, '..', '..');

/** The ids of the processes whose command line holds every one of `parts` (Linux's /proc). */
function processesWith(...parts: string[]): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        return parts.every((part) => command.includes(part));
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number);
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

  it('closes the database on a stop that comes with the ready line', async () => {
    // Node's default for a signal no handler takes is to end the process where it is.
    const server = await start({ DATA_DIR: dataDir, PORT: '8193' });
    expect(await stop(server.child)).toBe(0);
    expect(server.output()).toContain('SIGINT: closing');
  });

  it('does not wait for sign-in to come up when it stops, and leaves no Auth emulator behind', async () => {
    // Demo mode starts the Auth emulator after the ready line (installing firebase-tools first when
    // the cache lacks it). A container's stop, or Ctrl-C, closes the database within its grace
    // period, not once the emulator answers.
    const server = await start({ DATA_DIR: dataDir, PORT: '8193', AUTH_EMULATOR_PORT: '9198' });
    await expect
      .poll(() => /starting the Auth emulator|installing firebase-tools/.test(server.output()), {
        timeout: 60_000,
      })
      .toBe(true);
    expect(await stop(server.child)).toBe(0);
    expect(server.output()).toContain('SIGINT: closing');
    expect(server.output()).not.toContain('sign-in ready');
    expect(server.output()).not.toContain('sign-in is not offered');
    expect(await emulatorAnswers('127.0.0.1:9198')).toBe(false);
    expect(processesWith('AuthEmulator', 'port: 9198')).toEqual([]);
  });

  it('in production seeds nothing unless asked, says so, and SEED=1 seeds', async () => {
    const productionDir = await mkdtemp(join(tmpdir(), 'wellspring-start-production-'));
    try {
      const env = {
        NODE_ENV: 'production',
        DATA_DIR: productionDir,
        PORT: '8193',
        SEED_COUNT: '300',
        SEED: undefined,
        DEMO: undefined,
        ALTCHA_HMAC_KEY: 'test-altcha-key',
        CARD_HASH_KEY: 'test-card-key',
        MAIL_HASH_KEY: 'test-mail-key',
      };
      const empty = await start(env);
      expect(empty.output()).toContain('no listings: the database is empty and seeding is off');
      expect(empty.output()).not.toContain('seeding listings');
      expect(empty.output()).not.toMatch(/is not set/);
      const health = await (await fetch('http://127.0.0.1:8193/api/health')).json();
      expect(health).toMatchObject({ ok: true, listings: 0 });
      // The tenants' settings are there all the same, and the demo gallery is not.
      const spa = await (await fetch('http://127.0.0.1:8193/api/tenants/spa')).json();
      expect(spa.name).toBe('spa');
      expect((await fetch('http://127.0.0.1:8193/demo/')).status).toBe(404);
      expect(await stop(empty.child)).toBe(0);

      const seeded = await start({ ...env, SEED: '1' });
      expect(seeded.output()).toMatch(/seeding listings: 300 \/ 300/);
      const after = await (await fetch('http://127.0.0.1:8193/api/health')).json();
      expect(after.listings).toBe(300);
      expect(await stop(seeded.child)).toBe(0);
    } finally {
      await rm(productionDir, { recursive: true, force: true });
    }
  });

  it('refuses a second server on the data directory of a running one', async () => {
    const env = { DATA_DIR: dataDir, PORT: '8193', SEED_COUNT: '300' };
    const first = await start(env);
    try {
      const second = spawn(process.execPath, ['server/launch.mjs'], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: '', ...env, PORT: '8196' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      second.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      second.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => second.on('exit', resolve));
      expect(code).toBe(1);
      expect(output).toContain(`cannot start: ${dataDir} is in use by process ${first.child.pid}`);
    } finally {
      expect(await stop(first.child)).toBe(0);
    }
  });
});
