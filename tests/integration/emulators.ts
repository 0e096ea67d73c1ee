/**
 * The emulators the accounts tests run against. The Auth emulator comes from firebase-tools in the
 * cache (installed there on first use, see server/accounts/emulator.ts); the Firestore emulator is
 * @firestore-emulator/server, a dev dependency that runs in the test process (the official one
 * needs Java). Ports: AUTH_EMULATOR_PORT and FIRESTORE_EMULATOR_PORT, 9199 and 8786 by default.
 */
import { emulatorAnswers, ensureFirebaseTools, startAuthEmulator } from '../../server/accounts/emulator';

export const AUTH_EMULATOR_PORT = Number(process.env.AUTH_EMULATOR_PORT ?? 9199);
export const FIRESTORE_EMULATOR_PORT = Number(process.env.FIRESTORE_EMULATOR_PORT ?? 8786);

export interface TestEmulator {
  host: string;
  stop(): Promise<void>;
}

/** The Auth emulator on AUTH_EMULATOR_PORT: one already answering there, else a fresh one. */
export async function authEmulatorForTests(): Promise<TestEmulator> {
  const host = `127.0.0.1:${AUTH_EMULATOR_PORT}`;
  if (await emulatorAnswers(host)) return { host, stop: async () => {} };
  const toolsDir = await ensureFirebaseTools(undefined, (line) => console.info(line));
  return startAuthEmulator({ toolsDir, port: AUTH_EMULATOR_PORT });
}
