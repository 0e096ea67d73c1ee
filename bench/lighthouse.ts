/**
 * Lighthouse (npm package, pinned below; installed once into the cache folder on first use, not
 * by `npm install`: it brings about 150 packages) with Debian's chromium against the product as `npm start`
 * serves it (its own DATA_DIR, a port of ours), mobile emulation (Lighthouse's default config:
 * emulated phone, simulated slow 4G and 4x CPU slowdown).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { ensureCachedPackage, packageRoot } from '../server/cached-package';
import { offerPath } from '../src/domain/slug';
import { freePort, portIsFree, spawnGroup, stopGroup } from './proc';
import { checkStamp } from './seed-stamp';

/** Pinned: scores move between Lighthouse versions, and RESULTS.md names the one measured. */
export const LIGHTHOUSE_VERSION = '12.8.2';
export const LIGHTHOUSE_PORT = 8199;
/** Chrome's DevTools port (chrome-launcher would pick a random one). */
const DEVTOOLS_PORTS = [8198, 8197, 8196];
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export type PageResult = MeasuredPage | FailedPage;

/**
 * A page to measure: a path on the site (the wellness tenant's host), or a function that finds
 * pages once the site runs (listing and offer ids come from its seeded data) and returns URLs.
 */
export type PageSpec = string | ((origin: string) => Promise<string[]>);

/** The two tenants whose pages issue 16 measures: their host on the local site, their publisher. */
const MEASURED_TENANTS = [
  { name: 'wellness', host: '127.0.0.1', publisherId: 13 },
  { name: 'spa', host: 'spa.localhost', publisherId: 1 },
] as const;

/**
 * Issue 16's pages on each of two tenants (wellness on 127.0.0.1, spa on spa.localhost, which the
 * site maps to that tenant): home, a search near Austin, the listing page and the offer page of
 * the first listing near Austin with current offers (found as the search page finds it; the offer
 * page's path is its canonical one, so Lighthouse measures no redirect) and the balance page.
 */
export async function tenantPages(origin: string): Promise<string[]> {
  const urls: string[] = [];
  for (const tenant of MEASURED_TENANTS) {
    const query = new URLSearchParams({ location: 'Austin, TX', hasOffers: 'true', size: '1' });
    const response = await fetch(`${origin}/api/merchants?${query}`, {
      headers: {
        publisherId: String(tenant.publisherId),
        'x-requested-with': 'XMLHttpRequest',
        accept: 'application/json',
      },
    });
    if (!response.ok) throw new Error(`GET /api/merchants?${query} answered ${response.status}`);
    const { items } = (await response.json()) as {
      items: { merchantUrl: string; offers: { id: number; title: string }[] }[];
    };
    const listing = items[0];
    const offer = listing?.offers[0];
    if (!listing?.merchantUrl.startsWith('/') || !offer)
      throw new Error(`${tenant.name} has no listing with offers and a page of its own near Austin, TX`);
    const site = origin.replace('127.0.0.1', tenant.host);
    urls.push(
      `${site}/`,
      `${site}/search?location=${encodeURIComponent('Austin, TX')}`,
      `${site}${listing.merchantUrl}`,
      `${site}${offerPath(offer.title, offer.id)}`,
      `${site}/card-balance-inquiry`,
    );
  }
  return urls;
}

/** Lighthouse failed on this page as many times as it was to run. */
export interface FailedPage {
  /** A path on the wellness tenant's host, or a full URL (another tenant's host). */
  path: string;
  failed: string;
}

export interface MeasuredPage {
  path: string;
  runs: number;
  /** Scores 0-100 of the median run (by performance score). */
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  /** Performance scores of all runs. */
  performanceScores: number[];
  /**
   * LCP of every run, smallest first: one run's LCP moves by hundreds of milliseconds on the same
   * build (Lantern replays each unthrottled run's own order of paints and downloads).
   */
  lcpRunsMs: number[];
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  fcpMs: number | null;
  warnings: string[];
}

export interface LighthouseResult {
  ok: boolean;
  /** Why Lighthouse could not run (ok false). */
  reason?: string;
  pages: PageResult[];
  chromium: string;
  chromiumVersion: string;
  lighthouseVersion: string;
  benchmarkIndex: number | null;
  settings: string;
  /** Runs per page asked for. */
  runs: number;
  /** E.g. reused data seeded by older seed code. */
  warnings: string[];
}

/** Debian's chromium on PATH (or CHROMIUM_PATH), as playwright.config.ts finds it. */
export function chromiumPath(): string | null {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    for (const name of ['chromium', 'chromium-browser']) {
      if (existsSync(join(dir, name))) return join(dir, name);
    }
  }
  return null;
}

/** Starts `npm start` on LIGHTHOUSE_PORT with DATA_DIR=`dataDir`; resolves when it says ready. */
async function startSite(root: string, dataDir: string, say: (message: string) => void) {
  if (!(await portIsFree(LIGHTHOUSE_PORT))) throw new Error(`port ${LIGHTHOUSE_PORT} is taken on 127.0.0.1`);
  const child = spawnGroup('npm', ['start'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(LIGHTHOUSE_PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      TENANT: 'wellness',
      SEED_COUNT: '20000',
      // A build made by this start must be the production one (see bench/sizes.ts).
      NODE_ENV: 'production',
      // Production refuses to start without its keys (a throwaway set for this run) and seeds
      // nothing unless asked.
      ALTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
      CARD_HASH_KEY: randomBytes(32).toString('hex'),
      MAIL_HASH_KEY: randomBytes(32).toString('hex'),
      SEED: '1',
      // The partner demo pages (/demo/) are served in demo mode only.
      DEMO: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`npm start was not ready in 180 s:\n${output.slice(-2000)}`)),
      180_000,
    );
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      for (const line of text.split('\n'))
        if (/\[wellspring [\d.]+s\] (seed|build|migrat)/.test(line)) say(`npm start: ${line.trim()}`);
      if (output.includes('] ready: ')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited (${signal ?? code}) before it was ready:\n${output.slice(-2000)}`));
    });
  });
  try {
    await ready;
    // Demo mode builds the QA gallery once the site is up when its sources changed: minutes of
    // CPU that must not run beside the measured pages.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (output.includes('building the QA gallery')) {
      say('npm start: waiting for the QA gallery build');
      const started = Date.now();
      while (!/QA gallery (built|could not)/.test(output) && Date.now() - started < 600_000)
        await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  } catch (error) {
    await stopGroup(child);
    throw error;
  }
  return {
    child,
    seeded: /\] seeded [\d,]+ listings/.test(output),
    rebuilt: /\] building (widgets|app)/.test(output),
  };
}

export async function runLighthouse(
  root: string,
  options: {
    paths: PageSpec[];
    runs: number;
    dataDir: string;
    reportDir: string;
    /** Only the pages whose URL contains this text (a few pages, more runs each). */
    only?: string | undefined;
  },
  say: (message: string) => void,
): Promise<LighthouseResult> {
  const chromium = chromiumPath();
  const lighthouseVersion = LIGHTHOUSE_VERSION;
  const base: LighthouseResult = {
    ok: false,
    pages: [],
    chromium: chromium ?? '(not found)',
    chromiumVersion: '',
    lighthouseVersion,
    benchmarkIndex: null,
    settings: '',
    runs: options.runs,
    warnings: [],
  };
  if (!chromium)
    return {
      ...base,
      reason: 'chromium is not on PATH (apt-get install chromium) and CHROMIUM_PATH is unset',
    };
  let tools: LighthouseTools;
  try {
    tools = await loadLighthouse(say);
  } catch (error) {
    return { ...base, reason: error instanceof Error ? error.message : String(error) };
  }
  const { lighthouse, launch } = tools;
  say(
    `lighthouse ${lighthouseVersion}: starting npm start on 127.0.0.1:${LIGHTHOUSE_PORT} (DATA_DIR=${options.dataDir})`,
  );
  const site = await startSite(root, options.dataDir, say);
  const stale = checkStamp(root, 'lighthouse', site.seeded, 'BENCH_RESEED=1 npm run bench seeds it again');
  const warnings = stale ? [`${options.dataDir}: ${stale}`] : [];
  if (site.rebuilt) {
    warnings.push(
      'npm start rebuilt dist/ because sources changed after the sizes were measured: the pages ran on a newer build than the one under Bundle sizes',
    );
  }
  let chrome: LaunchedChrome | undefined;
  try {
    chrome = await launch({
      chromePath: chromium,
      chromeFlags: CHROME_FLAGS,
      port: await freePort(DEVTOOLS_PORTS),
      logLevel: 'silent',
    });
    mkdirSync(options.reportDir, { recursive: true });
    const pages: PageResult[] = [];
    const chromiumVersion = execFileSync(chromium, ['--version'], { encoding: 'utf8' }).trim();
    let benchmarkIndex: number | null = null;
    let settings = '';
    const origin = `http://127.0.0.1:${LIGHTHOUSE_PORT}`;
    const urls: string[] = [];
    for (const page of options.paths) {
      if (typeof page === 'string') urls.push(`${origin}${page}`);
      else {
        // Pages that cannot be found (no such data) fail alone, not the whole section.
        try {
          urls.push(...(await page(origin)));
        } catch (error) {
          pages.push({ path: page.name, failed: error instanceof Error ? error.message : String(error) });
        }
      }
    }
    for (const url of urls.filter((chosen) => !options.only || chosen.includes(options.only))) {
      const path = url.startsWith(`${origin}/`) ? url.slice(origin.length) : url;
      const runs: { lhr: Lhr; performance: number }[] = [];
      const failures: string[] = [];
      // A run that fails (Chrome once showed an interstitial for a page that loaded before and
      // after) is tried again; at most `runs` failures per page, then the page is reported failed.
      while (runs.length < options.runs && failures.length < options.runs) {
        const result = await lighthouse(url, {
          port: chrome.port,
          logLevel: 'error',
          output: 'json',
          onlyCategories: [...CATEGORIES],
        });
        const lhr = result?.lhr;
        const error = !lhr
          ? 'no result'
          : lhr.runtimeError
            ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`
            : null;
        if (error || !lhr) {
          failures.push(error ?? 'no result');
          say(`lighthouse ${path}: run failed: ${error}`);
          continue;
        }
        const performance = Math.round((lhr.categories.performance?.score ?? 0) * 100);
        runs.push({ lhr, performance });
        say(`lighthouse ${path} run ${runs.length}/${options.runs}: performance ${performance}`);
      }
      for (const failure of failures) warnings.push(`${path}: a run failed and was repeated: ${failure}`);
      if (runs.length < options.runs) {
        pages.push({ path, failed: failures.at(-1) ?? 'no result' });
        continue;
      }
      runs.sort((a, b) => a.performance - b.performance);
      const median = runs[Math.floor((runs.length - 1) / 2)]!.lhr;
      writeFileSync(
        join(options.reportDir, `${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}.json`),
        JSON.stringify(median),
      );
      benchmarkIndex = median.environment.benchmarkIndex;
      const s = median.configSettings;
      settings = `formFactor ${s.formFactor}, screen ${s.screenEmulation.width}x${s.screenEmulation.height}@${s.screenEmulation.deviceScaleFactor}, throttling ${s.throttlingMethod} (RTT ${s.throttling.rttMs} ms, ${s.throttling.throughputKbps} kbps, CPU x${s.throttling.cpuSlowdownMultiplier})`;
      const score = (id: (typeof CATEGORIES)[number]) => {
        const value = median.categories[id]?.score;
        return typeof value === 'number' ? Math.round(value * 100) : null;
      };
      const metric = (id: string) => median.audits[id]?.numericValue ?? null;
      pages.push({
        path,
        runs: runs.length,
        scores: {
          performance: score('performance'),
          accessibility: score('accessibility'),
          'best-practices': score('best-practices'),
          seo: score('seo'),
        },
        performanceScores: runs.map((run) => run.performance),
        lcpRunsMs: runs
          .map((run) => run.lhr.audits['largest-contentful-paint']?.numericValue ?? NaN)
          .sort((x, y) => x - y),
        lcpMs: metric('largest-contentful-paint'),
        tbtMs: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        fcpMs: metric('first-contentful-paint'),
        warnings: [
          ...median.runWarnings.map((warning) => `Lighthouse warning: ${warning}`),
          ...failedAudits(median),
        ],
      });
    }
    return { ...base, ok: true, pages, chromiumVersion, benchmarkIndex, settings, warnings };
  } finally {
    chrome?.kill();
    await stopGroup(site.child, 30_000);
  }
}

/** The parts of Lighthouse's result (LHR) the benchmark reads. */
export interface Lhr {
  lighthouseVersion: string;
  categories: Record<
    string,
    { score: number | null; auditRefs: { id: string; group?: string }[] } | undefined
  >;
  audits: Record<
    string,
    | {
        id: string;
        score: number | null;
        scoreDisplayMode: string;
        title: string;
        displayValue?: string;
        numericValue?: number;
      }
    | undefined
  >;
  runtimeError?: { code: string; message: string };
  environment: { benchmarkIndex: number };
  configSettings: {
    formFactor: string;
    screenEmulation: { width: number; height: number; deviceScaleFactor: number };
    throttlingMethod: string;
    throttling: { rttMs: number; throughputKbps: number; cpuSlowdownMultiplier: number };
  };
  runWarnings: string[];
}

interface LaunchedChrome {
  port: number;
  kill(): void;
}

/** Lighthouse's and chrome-launcher's entry points, as far as this file calls them. */
interface LighthouseTools {
  lighthouse(
    url: string,
    flags: { port: number; logLevel: string; output?: string; onlyCategories: string[] },
  ): Promise<{ lhr: Lhr } | undefined>;
  launch(options: {
    chromePath: string;
    chromeFlags: string[];
    port: number;
    logLevel: string;
  }): Promise<LaunchedChrome>;
}

/** Lighthouse from the cache folder (installed on first use), with the chrome-launcher it depends on. */
export async function loadLighthouse(say: (message: string) => void): Promise<LighthouseTools> {
  const dir = await ensureCachedPackage(
    { name: 'lighthouse', version: LIGHTHOUSE_VERSION, why: 'for the page audits' },
    say,
  );
  const entry = (name: string) => {
    const root = packageRoot(dir, name);
    const main = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { main?: string }).main;
    return pathToFileURL(join(root, main ?? 'index.js')).href;
  };
  const [lighthouseModule, launcherModule] = (await Promise.all([
    import(entry('lighthouse')),
    import(entry('chrome-launcher')),
  ])) as [{ default: LighthouseTools['lighthouse'] }, { launch: LighthouseTools['launch'] }];
  return { lighthouse: lighthouseModule.default, launch: launcherModule.launch };
}

/**
 * The audits that cost points (score below 0.9), per category, so a score is explained. Metric
 * audits are in the table already; Lighthouse 12's '-insight' audits repeat the classic ones.
 */
function failedAudits(lhr: Lhr): string[] {
  const failed: string[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.group === 'metrics' || ref.id.endsWith('-insight')) continue;
      if (!['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode)) continue;
      if (audit.score !== null && audit.score < 0.9) {
        failed.push(`${category}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
      }
    }
  }
  return failed;
}
