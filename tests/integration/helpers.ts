/**
 * Helpers the integration tests share: a solved bot-check token, reading the raw RFC 822 messages
 * of the local outbox, running `npm start`'s server (to its exit, or until ready), copying the
 * checkout as a fresh clone has it, and a database whose statements are recorded.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Db, QueryOptions } from '../../server/db/driver';
import { BOT_CHECK_ACTIONS, type BotCheckAction } from '../../src/domain/constants';

/** A statement asked of a database: its text and how it was asked to run. */
export interface AskedStatement {
  text: string;
  options: QueryOptions | undefined;
}

/**
 * `db` as it is, but each `query` is first recorded in `asked` (in order): what a request asked
 * of the database, and whether prepared.
 */
export function recordingQueries<T extends Db>(db: T): { db: T; asked: AskedStatement[] } {
  const asked: AskedStatement[] = [];
  const recording = new Proxy(db, {
    get(target, name) {
      if (name === 'query') {
        return (text: string, values?: unknown[], options?: QueryOptions) => {
          asked.push({ text, options });
          return target.query(text, values, options);
        };
      }
      const value: unknown = Reflect.get(target, name);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: recording, asked };
}

/** Encodes a solved challenge the way the `altcha` widget sends it. */
export async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

let challenges = 0;

/**
 * A fresh, solved, single-use bot-check token from the app's own challenge, made for `action`
 * (and for the tenant of `publisher` when given). Each challenge is asked from an address of its
 * own, so the per-client challenge limit of one test does not touch another.
 */
export async function botTokenFrom(
  app: FastifyInstance,
  action: BotCheckAction = BOT_CHECK_ACTIONS.balanceInquiry,
  { publisher }: { publisher?: string } = {},
): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/bot-check/challenge?action=${action}`,
    headers: publisher ? { publisherid: publisher } : {},
    remoteAddress: `10.254.${Math.floor(++challenges / 250) % 250}.${challenges % 250}`,
  });
  if (response.statusCode !== 200) throw new Error(`challenge: ${response.statusCode} ${response.body}`);
  return solve(response.json());
}

/** The header fields of an RFC 822 message, unfolded, names lower-cased, in order. */
export function headerFields(raw: string): [string, string][] {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
  return head
    .replace(/\r\n(?=[ \t])/g, '')
    .split('\r\n')
    .map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    });
}

const root = join(import.meta.dirname, '..', '..');

/**
 * Runs `node server/launch.mjs` (what `npm start` runs, or with `args` another of its commands:
 * `prepare`) to its exit: its code and what it printed. In this checkout, or in `cwd` (a copy).
 */
export function runStart(
  env: Record<string, string | undefined>,
  { args = [], cwd = root, timeoutMs = 30_000 }: { args?: string[]; cwd?: string; timeoutMs?: number } = {},
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['server/launch.mjs', ...args], {
    cwd,
    // A setting left undefined is not passed on (Node's spawn leaves it out).
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

/**
 * Starts `node server/launch.mjs` (what `npm start` runs) on PGlite, in this checkout or in `cwd`,
 * and resolves once it says it is ready.
 */
export function startServer(
  env: Record<string, string | undefined>,
  cwd = root,
): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['server/launch.mjs'], {
    cwd,
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

/** Stops a server as Ctrl-C does; its exit code. */
export function stopServer(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGINT');
  });
}

/**
 * A copy of this checkout as a fresh clone has it: the files git tracks or would (no dist/, no
 * data), with this checkout's node_modules linked (as installed, without installing again).
 */
export function copyCheckout(from = root): string {
  const dir = mkdtempSync(join(tmpdir(), 'wellspring-clone-'));
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: from,
  });
  for (const file of listed.toString().split('\0')) {
    // A tracked file deleted in the working tree is not in the copy either.
    if (!file || !existsSync(join(from, file))) continue;
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    copyFileSync(join(from, file), join(dir, file));
  }
  symlinkSync(join(from, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}
