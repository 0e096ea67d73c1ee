/**
 * `npx tsx scripts/firebase-tools.ts`: installs firebase-tools (the Auth emulator) once into the
 * cache folder (WELLSPRING_CACHE, else ~/.cache/wellspring), as `npm start` and the accounts tests
 * otherwise do on first use. `.ci/run` calls it at install time, so tests need no registry.
 */
import { ensureFirebaseTools, firebaseToolsDir } from '../server/accounts/emulator';

const dir = await ensureFirebaseTools(firebaseToolsDir(), (line) => console.info(line));
console.info(`firebase-tools ready in ${dir}`);
