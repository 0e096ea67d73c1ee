/**
 * Sign-in at `npm start`. A Firebase project or an emulator host in the environment is used as
 * it is. Otherwise, in demo mode, the Auth emulator is started in the background (firebase-tools
 * from the cache, installed there on first start) on 127.0.0.1:AUTH_EMULATOR_PORT (9099); sign-in
 * is offered once it answers. AUTH_EMULATOR=0 turns that off. The log says which, or why none.
 * `signal` stops the install and the start where they are (the server shutting down).
 */
import type { Accounts } from './accounts';
import { emulatorAnswers, ensureFirebaseTools, startAuthEmulator, type RunningEmulator } from './emulator';

export async function startAccounts(
  accounts: Accounts,
  {
    demo,
    env,
    say,
    signal,
  }: { demo: boolean; env: NodeJS.ProcessEnv; say: (line: string) => void; signal?: AbortSignal },
): Promise<RunningEmulator | undefined> {
  if (accounts.verifier) {
    say(`accounts: sign-in tokens checked by ${accounts.verifier.source} (project ${accounts.projectId})`);
    return undefined;
  }
  const off = env.AUTH_EMULATOR?.trim() === '0';
  if (!demo || off) {
    say(`accounts: sign-in is not offered: ${accounts.reason}${off ? ' (AUTH_EMULATOR=0)' : ''}`);
    return undefined;
  }
  const port = Number(env.AUTH_EMULATOR_PORT?.trim() || 9099);
  const host = `127.0.0.1:${port}`;
  try {
    if (await emulatorAnswers(host)) {
      accounts.enableEmulator(host);
      say(`accounts: using the Auth emulator already running on ${host}`);
      return undefined;
    }
    accounts.starting = true;
    accounts.reason = 'the Auth emulator is starting';
    accounts.emulatorUrl = `http://${host}`;
    const toolsDir = await ensureFirebaseTools(undefined, say, signal);
    say(`accounts: starting the Auth emulator on ${host}; sign-in appears when it is ready`);
    const running = await startAuthEmulator({ toolsDir, port, projectId: accounts.projectId, signal });
    accounts.enableEmulator(running.host);
    say(`accounts: sign-in ready (Auth emulator on ${running.host})`);
    return running;
  } catch (error) {
    accounts.starting = false;
    accounts.emulatorUrl = undefined;
    accounts.reason = 'the Auth emulator could not start';
    // Stopped by the server's shutdown: nothing went wrong.
    if (signal?.aborted) return undefined;
    say(`accounts: sign-in is not offered: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}
