/**
 * Helpers the integration tests share: a solved bot-check token, reading the raw RFC 822 messages
 * of the local outbox, and running `npm start`'s server to its exit.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { BOT_CHECK_ACTIONS, type BotCheckAction } from '../../src/domain/constants';

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

/** Runs `node server/launch.mjs` (what `npm start` runs) to its exit: its code and what it printed. */
export function runStart(
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['server/launch.mjs'], {
    cwd: root,
    env: Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined)),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}
