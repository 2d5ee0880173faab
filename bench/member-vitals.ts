/**
 * Member pages at phone speed (issue 39): Debian's Chromium through playwright-core at 390 × 844, the
 * CPU slowed 4× and a mobile network (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up) through the
 * DevTools protocol (Emulation.setCPUThrottlingRate, Network.emulateNetworkConditions), the demo
 * member signed in, against the built product as `npm start` runs it (PGlite, demo data, prices from
 * the local fake). Each of the nine member pages is loaded three times with an empty cache (a fresh
 * browser context each time) and three times with a warm one (a browser with a profile on disk, as a
 * phone's, after a first load that is not counted); the median of each is kept. The service worker is
 * kept out of both: the DevTools protocol's network emulation does not reach a worker's fetches, so
 * through it a page would arrive at full speed and the figures would flatter the product. LCP and CLS come from PerformanceObserver in the page
 * (CLS: the largest session window, as Core Web Vitals count it). A cold load also records how many
 * scripts it fetched, their bytes as received, and when the first data call (/api/me) started.
 * Writes the '## Member pages at phone speed' section of bench/RESULTS.md.
 *
 *   npx tsx bench/member-vitals.ts      (MEMBER_VITALS_BUILD=0 measures the existing build;
 *                                        MEMBER_VITALS_BEFORE=1 writes the "before" section instead,
 *                                        to keep the figures of a build before a change beside it)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { startFakeCoinGecko } from '../apps/api/test/fake-coingecko';
import { ApiSession } from '../e2e/support/api-session';
import { median } from './lib/median';
import { writeSection } from './lib/results';
import { ROOT, startProduct } from './lib/server';

export const MEMBER_PAGES = [
  '/dashboard',
  '/my-portfolio',
  '/activity',
  '/plans',
  '/my-goals',
  '/explore',
  '/rewards',
  '/profile',
  '/account-management',
] as const;
const LOADS = Number(process.env.MEMBER_VITALS_LOADS ?? 3);
const TARGETS = { coldLcp: 2000, warmLcp: 1000, cls: 0.05 };
/** The phone: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU 4× slower. */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
/** A page's load may take this long (MEMBER_VITALS_TIMEOUT_S on a crowded machine). */
const LOAD_TIMEOUT_MS = Number(process.env.MEMBER_VITALS_TIMEOUT_S ?? 120) * 1000;
/** After the network has been quiet, how long more the page is watched for late shifts. */
const SETTLE_MS = 1500;
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's headless shell of the same Chromium (package chromium-headless-shell; the build Playwright
 * itself runs headless): the page's renderer is the same, without the desktop browser's own windows.
 * Each fresh context of the full browser opens a window whose address bar is a web page of its own
 * (the omnibox popup's WebUI renderer), which took ~2–3 s of CPU during a cold load on the 2-core
 * host and slowed the page beside it (decision 200, bench/RESULTS.md).
 */
function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const found = spawnSync('sh', ['-c', 'command -v chromium-headless-shell'], { encoding: 'utf8' });
  if (found.status !== 0) {
    throw new Error(
      'bench/member-vitals.ts needs the headless shell of Chromium: apt-get install -y chromium-headless-shell',
    );
  }
  return found.stdout.trim();
}

/** Installed before any page script: LCP's latest candidate and CLS's largest session window. */
function observeVitals() {
  const state = { lcp: 0, cls: 0, window: 0, first: 0, last: 0 };
  (window as unknown as { __vitals: typeof state }).__vitals = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<
      PerformanceEntry & { value: number; hadRecentInput: boolean }
    >) {
      if (entry.hadRecentInput) continue;
      // A session window: shifts less than 1 s apart, at most 5 s long (web.dev/articles/cls).
      if (state.window > 0 && entry.startTime - state.last < 1000 && entry.startTime - state.first < 5000) {
        state.window += entry.value;
      } else {
        state.window = entry.value;
        state.first = entry.startTime;
      }
      state.last = entry.startTime;
      state.cls = Math.max(state.cls, state.window);
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

interface Load {
  lcp: number;
  cls: number;
  scripts: number;
  scriptKb: number;
  /** ms from navigation start to the request of GET /api/me (NaN when not seen). */
  meStart: number;
}

async function load(context: BrowserContext, base: string, path: string): Promise<Load> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const sizes: Array<Promise<number>> = [];
  let navigationAt = 0;
  let meAt = NaN;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.isNavigationRequest()) navigationAt = Date.now();
    if (url.pathname === '/api/me' && Number.isNaN(meAt)) meAt = Date.now() - navigationAt;
  });
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    sizes.push(
      request
        .sizes()
        .then((size) => size.responseBodySize)
        .catch(() => 0),
    );
  });
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle', timeout: LOAD_TIMEOUT_MS });
  if (new URL(page.url()).pathname !== path) throw new Error(`${path} went to ${page.url()}`);
  await page.waitForTimeout(SETTLE_MS);
  // The browser reports a paint once the compositor has presented it: on a busy host, a while later.
  await page.waitForFunction(
    () => (window as unknown as { __vitals: { lcp: number } }).__vitals.lcp > 0,
    null,
    {
      timeout: 15_000,
    },
  );
  const vitals = await page.evaluate(
    () => (window as unknown as { __vitals: { lcp: number; cls: number } }).__vitals,
  );
  const bytes = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
  await cdp.detach();
  await page.close();
  return { lcp: vitals.lcp, cls: vitals.cls, scripts: sizes.length, scriptKb: bytes / 1024, meStart: meAt };
}

async function newContext(browser: Browser, base: string, token: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 390, height: 844 },
    locale: 'en-US',
    storageState: {
      cookies: [],
      origins: [{ origin: base, localStorage: [{ name: 'token', value: token }] }],
    },
  });
  await context.addInitScript(observeVitals);
  return context;
}

/**
 * The warm loads' browser: a profile on disk, as a member's phone has. Chromium keeps the compiled
 * JavaScript of a script run twice (V8's code cache) only in such a profile, never in the in-memory
 * contexts `browser.newContext()` makes, where every load compiles every script again.
 */
const profiles: Array<{ dir: string; context: BrowserContext }> = [];
async function profileContext(token: string): Promise<BrowserContext> {
  const dir = mkdtempSync(join(tmpdir(), 'member-vitals-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: chromiumPath(),
    args: FLAGS,
    headless: true,
    serviceWorkers: 'block',
    viewport: { width: 390, height: 844 },
    locale: 'en-US',
  });
  profiles.push({ dir, context });
  await context.addInitScript((value) => {
    if (location.protocol.startsWith('http')) localStorage.setItem('token', value);
  }, token);
  await context.addInitScript(observeVitals);
  return context;
}

interface Row {
  path: string;
  coldLcp: number;
  warmLcp: number;
  cls: number;
  scripts: number;
  scriptKb: number;
  meStart: number;
}

if (process.env.MEMBER_VITALS_BUILD !== '0') {
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: ROOT, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('web build failed');
}
if (!existsSync(join(ROOT, 'apps/web/dist/index.html'))) throw new Error('no web build');

const prices = await startFakeCoinGecko();
// As `npm start` runs it, with its demo member; the development tools as `npm start` has them.
const server = await startProduct('pglite', {
  PRICES_BASE_URL: prices.baseUrl,
  SEED_DEMO: '1',
  DEV_TOOLS: undefined,
  LOG_LEVEL: undefined,
});
const browser = await chromium.launch({ executablePath: chromiumPath(), args: FLAGS, headless: true });
const rows: Row[] = [];
const loadBefore = loadavg();
try {
  const password = /Demo member: \S+ \/ (\S+)/.exec(server.output())?.[1];
  if (!password) throw new Error(`no demo member in the server's output:\n${server.output()}`);
  const session = new ApiSession(server.url);
  await session.signIn('demo@example.com', password);
  const token = session.authorization().replace(/^Bearer /, '');
  // The first answers of a fresh process (compiled statements, the first prices) are not the measure.
  for (const path of MEMBER_PAGES) await fetch(`${server.url}${path}`);
  for (const path of ['/api/me', '/api/front', '/api/plans', '/api/portfolio']) {
    await fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  }
  // MEMBER_VITALS_PAGES=/explore,/my-goals: only those (a quick look; the section is then partial).
  const only = process.env.MEMBER_VITALS_PAGES?.split(',');
  for (const path of MEMBER_PAGES.filter((page) => !only || only.includes(page))) {
    const cold: Load[] = [];
    for (let run = 0; run < LOADS; run += 1) {
      const context = await newContext(browser, server.url, token);
      cold.push(await load(context, server.url, path));
      await context.close();
    }
    const warmContext = await profileContext(token);
    await load(warmContext, server.url, path);
    const warm: Load[] = [];
    for (let run = 0; run < LOADS; run += 1) warm.push(await load(warmContext, server.url, path));
    await warmContext.close();
    const row: Row = {
      path,
      coldLcp: median(cold.map((r) => r.lcp)),
      warmLcp: median(warm.map((r) => r.lcp)),
      cls: Math.max(median(cold.map((r) => r.cls)), median(warm.map((r) => r.cls))),
      scripts: median(cold.map((r) => r.scripts)),
      scriptKb: median(cold.map((r) => r.scriptKb)),
      meStart: median(cold.map((r) => r.meStart)),
    };
    rows.push(row);
    console.log(JSON.stringify({ ...row, cold, warm }));
  }
} finally {
  await browser.close();
  // A profile's browser is its own process: closed (again, if a load failed first) before its files go.
  for (const { dir, context } of profiles) {
    await context.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
  await server.stop();
  await prices.close();
}
const loadAfter = loadavg();

const ms = (value: number) => Math.round(value).toLocaleString('en-US');
const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');
const table = rows
  .map(
    (r) =>
      `| ${r.path} | ${ms(r.coldLcp)} | ${ms(r.warmLcp)} | ${r.cls.toFixed(3)} | ${r.scripts} | ${r.scriptKb.toFixed(1)} | ${Number.isNaN(r.meStart) ? '–' : ms(r.meStart)} |`,
  )
  .join('\n');
const worstCold = Math.max(...rows.map((r) => r.coldLcp));
const worstWarm = Math.max(...rows.map((r) => r.warmLcp));
const worstCls = Math.max(...rows.map((r) => r.cls));
const before = process.env.MEMBER_VITALS_BEFORE === '1';
const git = spawnSync('git', ['log', '-1', '--format=%h %s'], { cwd: ROOT, encoding: 'utf8' });
const revision = git.stdout.trim().split(' ')[0] ?? '';

writeSection(
  before ? 'member-vitals-before' : 'member-vitals',
  `## Member pages at phone speed${before ? ', before issue 39' : ''}

Build of \`${revision}\`${before ? ' (before the changes of issue 39)' : ''}; run ${new Date().toISOString().slice(0, 16)}Z by \`bench/member-vitals.ts\`. Chromium's headless shell (Debian, decision 200)
via playwright-core at 390 × 844, CPU throttled ${CPU_SLOWDOWN}× and a mobile network (150 ms RTT, 1.6 Mbit/s down,
750 kbit/s up) through CDP emulation; the demo member signed in; the built product (PGlite, demo data,
prices from the local fake). Each page: median of ${LOADS} cold loads (fresh context, empty cache) and
${LOADS} warm ones (one browser with a profile on disk, as a phone's, so compiled code is kept from the
second visit on; after one load not counted). Service worker kept out (CDP's network emulation does not
reach its fetches). LCP in ms; CLS the larger of the cold and
warm medians (largest session window). Scripts and KB: JavaScript files a cold load fetched and their
bytes as received (brotli). /api/me: ms from navigation to that request (cold).
Machine load average (1/5/15 min) at the start ${loadBefore.map((v) => v.toFixed(2)).join(' / ')}, at the end
${loadAfter.map((v) => v.toFixed(2)).join(' / ')}, on 2 cores shared with other engineers' jobs: CPU throttling multiplies
what a busy host takes, so LCP here is pessimistic.

| page | LCP cold | LCP warm | CLS | scripts (cold) | KB (cold) | /api/me at |
|---|---:|---:|---:|---:|---:|---:|
${table}

| target | measured | |
|---|---|---|
| cold LCP ≤ ${ms(TARGETS.coldLcp)} ms | ${ms(worstCold)} ms (slowest page) | ${mark(worstCold <= TARGETS.coldLcp)} |
| warm LCP ≤ ${ms(TARGETS.warmLcp)} ms | ${ms(worstWarm)} ms (slowest page) | ${mark(worstWarm <= TARGETS.warmLcp)} |
| CLS ≤ ${TARGETS.cls} | ${worstCls.toFixed(3)} (highest page) | ${mark(worstCls <= TARGETS.cls)} |`,
);
console.log('bench/RESULTS.md: Member pages at phone speed section written');
