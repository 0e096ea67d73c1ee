import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { defineConfig } from '@playwright/test';

/** Debian's chromium on PATH: Playwright's own browser downloads do not work on these machines. */
function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    for (const name of ['chromium', 'chromium-browser']) {
      const candidate = join(dir, name);
      if (existsSync(candidate)) return candidate;
    }
  }
  throw new Error('Chromium not found on PATH: install it (apt-get install chromium) or set CHROMIUM_PATH');
}

const port = Number(process.env.E2E_PORT ?? 8187);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/warm-up.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  workers: 2,
  reporter: process.env.CI ? 'list' : 'line',
  use: {
    baseURL,
    browserName: 'chromium',
    // The site's service worker would serve later pages of a test from its cache, out of reach of
    // page.route; tests/e2e/installable.spec.ts allows it where it is the subject.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  // The product as `npm start` serves it: embedded PGlite, seeded, in its own data directory.
  webServer: {
    command: 'npm start',
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: !process.env.CI,
    env: {
      PORT: String(port),
      DATA_DIR: '.data-e2e',
      DATABASE_URL: '',
      TENANT: 'wellness',
      // Every test is a visitor, all from 127.0.0.1 and two at a time: ten times a visitor's
      // limits (tests/integration/rate-limits.test.ts checks the limits themselves).
      RATE_LIMIT_SEARCH: '6000/min',
      RATE_LIMIT_CONTENT: '3000/min',
      RATE_LIMIT_IMAGES: '12000/min',
      RATE_LIMIT_WRITES: '600/min',
      // Every form asks a bot-check challenge first: ten times a visitor's 30 a minute.
      BOT_CHALLENGE_LIMIT: '300',
      // Sign-in: the server starts the Auth emulator (firebase-tools from the cache) on a port of
      // this run's own, so runs on other E2E_PORTs do not share accounts.
      AUTH_EMULATOR_PORT: String(port + 1000),
      // The test browser stands behind a proxy at 127.0.0.1: a test may name a visitor's public
      // address in X-Forwarded-For (tests/e2e/location.spec.ts); without one the socket's counts.
      TRUST_PROXY: '127.0.0.1',
    },
    stdout: 'ignore',
    // Ctrl-C, not a kill: the server closes PGlite so its data directory stays usable.
    gracefulShutdown: { signal: 'SIGINT', timeout: 15_000 },
  },
});
