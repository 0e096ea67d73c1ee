/**
 * Lighthouse's SEO category on a marketing page and the search page of two tenants (issue 13),
 * against the product as `npm start` serves it (production build, its own data folder, a small
 * seed: SEO audits read the page, not the data volume). Writes its own part of bench/RESULTS.md,
 * between markers, so the other benchmarks keep theirs.
 *
 *   npx tsx bench/seo.ts        (SEO_PORT, default 8306; CHROMIUM_PATH if chromium is not on PATH)
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHROME_FLAGS, loadLighthouse } from './lighthouse';
import { freePort, spawnGroup, stopGroup } from './proc';

const root = join(import.meta.dirname, '..');
const port = Number(process.env.SEO_PORT ?? 8306);
const PAGES = [
  ['marketing page (about), wellness', `http://127.0.0.1:${port}/about`],
  ['marketing page (about), spa', `http://spa.localhost:${port}/about`],
  ['search page, wellness', `http://127.0.0.1:${port}/search?location=Austin%2C+TX`],
  ['search page, spa', `http://spa.localhost:${port}/search?location=Austin%2C+TX`],
] as const;
export const SEO_START = '<!-- seo:start -->';
export const SEO_END = '<!-- seo:end -->';

function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], {
    encoding: 'utf8',
  }).trim();
}

async function main() {
  const say = (text: string) => console.log(`[seo] ${text}`);
  const server = spawnGroup('npm', ['start'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: join(root, 'bench', '.data-seo'),
      DATABASE_URL: '',
      TENANT: 'wellness',
      SEED_COUNT: '2000',
      NODE_ENV: 'production',
      // Production refuses to start without its keys; a throwaway set for this run.
      ALTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
      CARD_HASH_KEY: randomBytes(32).toString('hex'),
      MAIL_HASH_KEY: randomBytes(32).toString('hex'),
      SEED: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready in 180 s:\n${output.slice(-2000)}`)), 180_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('] ready: ')) {
        clearTimeout(timer);
        resolve();
      }
    };
    server.stdout?.on('data', onData);
    server.stderr?.on('data', onData);
    server.once('exit', (code) => reject(new Error(`npm start exited (${code}):\n${output.slice(-2000)}`)));
  });
  say(`npm start ready on ${port}`);
  const { lighthouse, launch } = await loadLighthouse(say);
  const chrome = await launch({
    chromePath: chromiumPath(),
    chromeFlags: CHROME_FLAGS,
    port: await freePort([8305, 8304]),
    logLevel: 'silent',
  });
  const rows: string[] = [];
  let version = '';
  try {
    for (const [name, url] of PAGES) {
      const result = await lighthouse(url, { port: chrome.port, logLevel: 'error', onlyCategories: ['seo'] });
      const lhr = result?.lhr;
      if (!lhr || lhr.runtimeError) {
        rows.push(`| ${name} | failed: ${lhr?.runtimeError?.message ?? 'no result'} | |`);
        continue;
      }
      version = lhr.lighthouseVersion;
      const score = Math.round((lhr.categories.seo?.score ?? 0) * 100);
      const failing = (lhr.categories.seo?.auditRefs ?? [])
        .map((ref) => lhr.audits[ref.id])
        .filter(
          (audit) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'manual',
        )
        .map((audit) => audit!.id);
      say(`${name}: SEO ${score}${failing.length ? ` (failing: ${failing.join(', ')})` : ''}`);
      rows.push(`| ${name} | ${score} | ${failing.join(', ') || 'none'} |`);
    }
  } finally {
    await chrome.kill();
    await stopGroup(server);
  }
  const section = [
    SEO_START,
    '## SEO (issue 13)',
    '',
    `Measured by \`npx tsx bench/seo.ts\` on ${new Date().toISOString().slice(0, 10)} with Lighthouse ${version} ` +
      '(SEO category only, mobile emulation) and Debian Chromium against `npm start` (production build, 2,000 ' +
      'seeded listings): server-rendered heads, canonical links, robots.txt, crawlable links, tap targets.',
    '',
    '| Page | SEO score | Failing audits |',
    '| --- | ---: | --- |',
    ...rows,
    '',
    SEO_END,
  ].join('\n');
  const file = join(root, 'bench', 'RESULTS.md');
  const markdown = readFileSync(file, 'utf8');
  const start = markdown.indexOf(SEO_START);
  const end = markdown.indexOf(SEO_END);
  writeFileSync(
    file,
    start >= 0 && end > start
      ? `${markdown.slice(0, start)}${section}${markdown.slice(end + SEO_END.length)}`
      : `${markdown.trimEnd()}\n\n${section}\n`,
  );
  say('bench/RESULTS.md updated');
}

await main();
