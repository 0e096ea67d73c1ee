/**
 * `npm run tenant -- <command>`: tenant settings for operators, through the admin API of a running
 * server (PATCH/GET /api/admin/tenants/{name}). Reads WELLSPRING_URL (default
 * http://127.0.0.1:8080) and ADMIN_TOKEN from the environment. A change is in force on every
 * instance from its next request.
 */
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';

const USAGE = `Usage: npm run tenant -- <command>

  list                              the tenants in force
  get <tenant>                      the stored tenant document (JSON)
  origins <tenant>                  the partner origins allowed to call the API for the tenant
  add-origin <tenant> <origin>...   allow partner pages on these origins (https://partner.example.com)
  remove-origin <tenant> <origin>...
  patch <tenant> <json | @file>     apply a JSON merge patch (RFC 7396) to the tenant document

Environment: WELLSPRING_URL (default http://127.0.0.1:8080), ADMIN_TOKEN (required).`;

export interface CliIo {
  env: Record<string, string | undefined>;
  out: (line: string) => void;
  err: (line: string) => void;
}

class CliError extends Error {}

/** Runs one command; answers the exit code (0 done, 1 failed, 2 usage). */
export async function runTenantCli(args: string[], { env, out, err }: CliIo): Promise<number> {
  const [command, name, ...rest] = args;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    (command ? out : err)(USAGE);
    return command ? 0 : 2;
  }
  const needs = { list: 0, get: 1, origins: 1, 'add-origin': 2, 'remove-origin': 2, patch: 2 }[command];
  if (needs === undefined || (needs > 0 && !name) || (needs > 1 && !rest.length)) {
    err(needs === undefined ? `Unknown command: ${command}\n\n${USAGE}` : USAGE);
    return 2;
  }
  try {
    const api = adminApi(env);
    switch (command) {
      case 'list':
        out((await api<{ tenants: string[] }>('GET', '')).tenants.join('\n'));
        break;
      case 'get':
        out(JSON.stringify(await api('GET', name!), null, 2));
        break;
      case 'origins':
        out((await origins(api, name!)).join('\n'));
        break;
      case 'add-origin':
      case 'remove-origin': {
        const given = rest.map((origin) => origin.replace(/\/+$/, ''));
        const current = await origins(api, name!);
        const next =
          command === 'add-origin'
            ? [...current, ...given.filter((origin) => !current.includes(origin))]
            : current.filter((origin) => !given.includes(origin));
        if (next.length === current.length && next.every((origin, i) => origin === current[i])) {
          out(`Nothing to change; ${name} allows:\n${current.join('\n')}`);
          break;
        }
        const saved = await api<{ corsOrigins: string[] }>('PATCH', name!, { corsOrigins: next });
        out(`${name} now allows:\n${saved.corsOrigins.join('\n')}`);
        break;
      }
      case 'patch': {
        const text = rest[0]!.startsWith('@') ? await readFile(rest[0]!.slice(1), 'utf8') : rest[0]!;
        let patch: unknown;
        try {
          patch = JSON.parse(text);
        } catch (error) {
          throw new CliError(`The patch is not JSON: ${(error as Error).message}`);
        }
        out(JSON.stringify(await api('PATCH', name!, patch), null, 2));
        break;
      }
    }
    return 0;
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    err(`tenant: ${error.message}`);
    return 1;
  }
}

type Api = <T = unknown>(method: 'GET' | 'PATCH', name: string, body?: unknown) => Promise<T>;

async function origins(api: Api, name: string): Promise<string[]> {
  return (await api<{ corsOrigins?: string[] }>('GET', name)).corsOrigins ?? [];
}

function adminApi(env: CliIo['env']): Api {
  const token = env.ADMIN_TOKEN?.trim();
  if (!token) throw new CliError("ADMIN_TOKEN is not set: export the server's admin token first.");
  const base = (env.WELLSPRING_URL?.trim() || 'http://127.0.0.1:8080').replace(/\/+$/, '');
  return async (method, name, body) => {
    const url = `${base}/api/admin/tenants${name ? `/${encodeURIComponent(name)}` : ''}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/merge-patch+json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new CliError(
        `Cannot reach ${base} (${cause?.code ?? cause?.message ?? (error as Error).message}): is the server running? Set WELLSPRING_URL.`,
      );
    }
    const answer = (await response.json().catch(() => ({}))) as { error?: string };
    if (response.ok) return answer as never;
    if (response.status === 401)
      throw new CliError(`${base} refused the admin token (401): check ADMIN_TOKEN.`);
    if (response.status === 404 && answer.error?.startsWith('No such endpoint')) {
      throw new CliError(`${base} has no admin API: start the server with ADMIN_TOKEN set.`);
    }
    throw new CliError(`${response.status}: ${answer.error ?? response.statusText}`);
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await runTenantCli(process.argv.slice(2), {
    env: process.env,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
}
