// The JavaScript a first visit to `/` downloads until the network is idle (issue 11, item 6), in
// Debian's full Chromium through playwright-core, against the built web app
// served by the product (PGlite, prices from the local fake). Every script response is counted, the
// entry, the app, the route's chunks and whatever the page fetches on its own afterwards (the toast
// library, say), with the bytes the browser received (brotli, as the server sends) and, the measure
// judged, their gzip -9 size (what a client without brotli receives; what bench/lighthouse.ts counts).
// A fresh browser context: nothing cached. After the network has been idle, 3 s more are waited and
// counted, so a chunk the page asks for when the browser is idle is not missed.
// Target: ≤ 150 KB. Writes the "Home page weight" section of bench/RESULTS.md.
//
//   npx tsx bench/home-weight.ts        (HOME_WEIGHT_BUILD=0 measures the existing build)
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startFakeCoinGecko } from '../apps/api/test/fake-coingecko';
import { writeSection } from './lib/results';
import { ROOT, startProduct } from './lib/server';

const TARGET_KB = 150;
const PAGE = '/';
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

function chromiumPath(): string {
  return (
    process.env.CHROMIUM_PATH ??
    execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim()
  );
}

interface Script {
  path: string;
  /** Bytes of the body as received (compressed as the server sent it). */
  wire: number;
  /** gzip -9 of the built file. */
  gzip: number;
}

if (process.env.HOME_WEIGHT_BUILD !== '0') {
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: ROOT, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('web build failed');
}

const prices = await startFakeCoinGecko();
const server = await startProduct('pglite', { PRICES_BASE_URL: prices.baseUrl, SEED_DEMO: '1' });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: FLAGS, headless: true });
const runs: Array<{ viewport: string; scripts: Script[]; afterIdle: string[] }> = [];
try {
  await fetch(`${server.url}${PAGE}`); // the first answer of a fresh process is not the measure
  for (const viewport of [
    { name: 'phone, 390 × 844', width: 390, height: 844 },
    { name: 'desktop, 1280 × 800', width: 1280, height: 800 },
  ]) {
    const context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
      locale: 'en-US',
    });
    const page = await context.newPage();
    const pending: Array<Promise<Script>> = [];
    let idle = false;
    const afterIdle: string[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      const path = new URL(request.url()).pathname;
      if (idle) afterIdle.push(path);
      pending.push(
        request.sizes().then((sizes) => {
          const file = join(ROOT, 'apps/web/dist', path);
          const gzip = existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
          return { path, wire: sizes.responseBodySize, gzip };
        }),
      );
    });
    await page.goto(`${server.url}${PAGE}`, { waitUntil: 'networkidle' });
    idle = true;
    await page.waitForTimeout(3000);
    await page.waitForLoadState('networkidle');
    const hydrated = await page.evaluate(() => document.getElementById('root')?.dataset.prerendered);
    if (!hydrated) throw new Error('the home page was not prerendered');
    runs.push({ viewport: viewport.name, scripts: await Promise.all(pending), afterIdle });
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  await prices.close();
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const sum = (scripts: Script[], pick: (s: Script) => number) => scripts.reduce((a, s) => a + pick(s), 0);
const worst = runs.reduce((a, b) => (sum(b.scripts, (s) => s.gzip) > sum(a.scripts, (s) => s.gzip) ? b : a));
const gzipTotal = sum(worst.scripts, (s) => s.gzip) / 1024;
const ok = gzipTotal <= TARGET_KB;
for (const run of runs) {
  console.log(
    run.viewport,
    `${run.scripts.length} scripts, ${kb(sum(run.scripts, (s) => s.gzip))} KB gzip, ${kb(sum(run.scripts, (s) => s.wire))} KB received`,
    run.afterIdle.length ? `after idle: ${run.afterIdle.join(', ')}` : '',
  );
}
const files = [...worst.scripts].sort((a, b) => b.gzip - a.gzip);
writeSection(
  'home-weight',
  `## Home page weight: JavaScript of a first visit to \`/\`

Run ${new Date().toISOString().slice(0, 16)}Z; Debian Chromium (playwright-core, headless, a fresh context: nothing cached), the built web app served by the product (PGlite, prices from the local fake); every script the page fetched from the navigation until the network was idle, plus 3 s more. Measured at ${runs.map((run) => `${run.viewport}: ${run.scripts.length} scripts, ${kb(sum(run.scripts, (s) => s.gzip))} KB gzip (${kb(sum(run.scripts, (s) => s.wire))} KB received, brotli)`).join('; ')}. The target is judged on the larger, in gzip -9 sizes (a browser without brotli; brotli is smaller).

| script (${worst.viewport}) | gzip KB | received KB |
|---|---:|---:|
${files.map((s) => `| ${s.path.replace(/^\/assets\//, '')} | ${kb(s.gzip)} | ${kb(s.wire)} |`).join('\n')}
| **total** | **${kb(sum(files, (s) => s.gzip))}** | **${kb(sum(files, (s) => s.wire))}** |

| target | measured | |
|---|---|---|
| JavaScript until network idle ≤ ${TARGET_KB} KB (gzip) | ${gzipTotal.toFixed(2)} KB | ${ok ? 'met' : 'MISSED'} |`,
);
if (!ok) process.exitCode = 1;
