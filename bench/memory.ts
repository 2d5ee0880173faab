// Resident memory of the API process on PGlite (issue 11, item 5), the product started as `npm start`
// starts it with its defaults (scripts/api-command.mjs, embedded PGlite, LOG_LEVEL info, demo data):
// - at rest after start-up (VmRSS, 5 s after /readyz answered);
// - the peak under load (VmHWM, the kernel's high-water mark of the resident set) over, in turn,
//   GET /api/me (50 connections over 40 members), POST /api/invest (50), POST /api/withdrawal (16) and
//   the home page with its scripts (50), each BENCH_SECONDS (10 by default);
// - at rest again, 10 s after the load.
// Targets: ≤ 300 MB at rest (after start-up, and again after the load), ≤ 500 MB peak under load.
// Writes the "Memory" section of bench/RESULTS.md; exits non-zero when a target is missed.
//
// MEMORY_ENV='NAME=value …' adds variables to the product's environment (to compare settings);
// 'MALLOC_MMAP_THRESHOLD_=' (empty) starts it without `npm start`'s malloc default (decision 151).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import type autocannon from 'autocannon';
import { startFakeCoinGecko } from '../apps/api/test/fake-coingecko';
import { ApiSession } from '../e2e/support/api-session';
import { load, type LoadResult } from './lib/load';
import { writeSection } from './lib/results';
import { ROOT, startProduct } from './lib/server';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 40);
const TARGETS = { restMb: 300, peakMb: 500 };
const EXTRA_ENV = Object.fromEntries(
  (process.env.MEMORY_ENV ?? '')
    .split(' ')
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);

/** VmRSS and VmHWM of a process, in MB (from /proc/<pid>/status, given there in kB). */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: field('VmRSS') / 1024, hwm: field('VmHWM') / 1024 };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (value: number) => `${Math.round(value)} MB`;

// `npm start` builds the web app when it is missing, and serves it: so does this.
if (!existsSync(join(ROOT, 'apps/web/dist/index.html'))) {
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: ROOT, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('web build failed');
}

const prices = await startFakeCoinGecko();
const loadBefore = loadavg()[0] ?? 0;
const server = await startProduct('pglite', {
  // `npm start`'s defaults, said out loud where bench/lib/server.ts sets another value.
  LOG_LEVEL: 'info',
  SEED_DEMO: '1',
  // Not a default: the load signs in 40 members and writes thousands of times a minute.
  RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
  PRICES_BASE_URL: prices.baseUrl,
  ...EXTRA_ENV,
});
const phases: Array<{ name: string; result: LoadResult; peak: number }> = [];
let atRest: number;
let afterLoad: number;
let peak: number;
let startupHwm: number;
try {
  await sleep(5000);
  atRest = memoryOf(server.pid).rss;
  startupHwm = memoryOf(server.pid).hwm;
  console.log(`at rest after start-up: ${mb(atRest)} (high-water mark so far ${mb(startupHwm)})`);

  const plans = await new ApiSession(server.url).request<{ id: number; name: string }[]>('GET', '/api/plans');
  const starter = plans.find((plan) => plan.name === 'Starter');
  if (!starter) throw new Error('the Starter plan was not seeded');
  const tokens: string[] = [];
  for (let i = 0; i < MEMBERS; i += 1) {
    const session = new ApiSession(server.url);
    const { email, password } = await session.registerVerifiedMember(`memory${i}`);
    await session.signIn(email, password);
    const deposit = await session.request<{ deposit: { id: number } }>('POST', '/api/deposit', {
      amount: 100_000_000,
      payment_method: 'nowpayment',
    });
    await session.request('POST', `/api/sandbox/checkout/${deposit.deposit.id}/pay`);
    tokens.push(session.authorization());
  }

  /** Each connection goes through the members in turn from its own first one (as bench/me.ts). */
  const rotating = (method: 'GET' | 'POST', body?: string) => {
    let connection = 0;
    const requests: autocannon.Request[] = tokens.map((authorization) => ({
      method,
      headers: {
        accept: 'application/json',
        authorization,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body } : {}),
    }));
    return (client: autocannon.Client) => {
      const first = (connection += 1) % requests.length;
      client.setRequests([...requests.slice(first), ...requests.slice(0, first)]);
    };
  };
  const homeScripts = [
    ...readFileSync(join(ROOT, 'apps/web/dist/index.html'), 'utf8').matchAll(/"(\/assets\/[\w.-]+\.js)"/g),
  ].map((match) => match[1] as string);
  const homeRequests: autocannon.Request[] = ['/', ...homeScripts].map((path) => ({
    method: 'GET',
    path,
    headers: { 'accept-encoding': 'br, gzip' },
  }));
  const runs: Array<{ name: string; options: Parameters<typeof load>[0] }> = [
    {
      name: 'GET /api/me',
      options: { url: `${server.url}/api/me`, connections: 50, setupClient: rotating('GET') },
    },
    {
      name: 'POST /api/invest ($1.00 into Starter)',
      options: {
        url: `${server.url}/api/invest`,
        connections: 50,
        method: 'POST',
        setupClient: rotating('POST', JSON.stringify({ plan_id: starter.id, amount: 100 })),
      },
    },
    {
      name: 'POST /api/withdrawal ($0.01, crypto)',
      options: {
        url: `${server.url}/api/withdrawal`,
        connections: 16,
        method: 'POST',
        setupClient: rotating(
          'POST',
          JSON.stringify({
            amount: 1,
            withdrawal_method: 'crypto',
            destination: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
          }),
        ),
      },
    },
    {
      name: 'GET / and its scripts',
      options: { url: server.url, connections: 50, requests: homeRequests },
    },
  ];
  for (const run of runs) {
    let phasePeak = 0;
    const sampler = setInterval(() => {
      phasePeak = Math.max(phasePeak, memoryOf(server.pid).rss);
    }, 100);
    const result = await load({ ...run.options, durationSeconds: DURATION });
    clearInterval(sampler);
    phasePeak = Math.max(phasePeak, memoryOf(server.pid).rss);
    // Timeouts (autocannon's errors) on a busy machine are reported, not fatal: the measure is memory.
    if (result.non2xx > 0) throw new Error(`${run.name}: ${result.non2xx} non-2xx answers`);
    phases.push({ name: run.name, result, peak: phasePeak });
    console.log(`${run.name}: ${result.requestsPerSecond} requests/s, resident up to ${mb(phasePeak)}`);
  }
  peak = memoryOf(server.pid).hwm;
  await sleep(10_000);
  afterLoad = memoryOf(server.pid).rss;
  console.log(`peak (VmHWM) ${mb(peak)}; at rest after the load ${mb(afterLoad)}`);
} finally {
  await server.stop();
  await prices.close();
}

const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');
const restOk = atRest <= TARGETS.restMb;
const restAfterLoadOk = afterLoad <= TARGETS.restMb;
const peakOk = peak <= TARGETS.peakMb;
const settings = Object.keys(EXTRA_ENV).length
  ? ` Extra settings: ${Object.entries(EXTRA_ENV)
      .map(([name, value]) => `\`${name}=${value}\``)
      .join(', ')}.`
  : '';
writeSection(
  'memory',
  `## Memory: the API process on PGlite

Run ${new Date().toISOString().slice(0, 16)}Z; the product started as \`npm start\` starts it (scripts/api-command.mjs, embedded PGlite in a fresh data directory, \`LOG_LEVEL=info\`, demo data, the built web app), prices from the local fake, the write rate limit raised for the load.${settings} Resident memory read from \`/proc/<pid>/status\`: VmRSS, and VmHWM (the kernel's high-water mark) for the peak. Load: autocannon on the same 2-core machine, ${DURATION} s per phase, ${MEMBERS} funded members in turn. Load average at the start: ${loadBefore.toFixed(1)}.

| phase | requests/s | timeouts | resident, highest sampled |
|---|---:|---:|---:|
${phases.map((phase) => `| ${phase.name} | ${phase.result.requestsPerSecond} | ${phase.result.errors} | ${mb(phase.peak)} |`).join('\n')}

| measure | measured | target | |
|---|---:|---:|---|
| at rest, 5 s after start-up (VmRSS) | ${mb(atRest)} | ≤ ${TARGETS.restMb} MB | ${mark(restOk)} |
| peak, start-up and load (VmHWM) | ${mb(peak)} | ≤ ${TARGETS.peakMb} MB | ${mark(peakOk)} |
| at rest, 10 s after the load (VmRSS) | ${mb(afterLoad)} | ≤ ${TARGETS.restMb} MB | ${mark(restAfterLoadOk)} |

High-water mark when start-up was over: ${mb(startupHwm)}.`,
);
if (!restOk || !restAfterLoadOk || !peakOk) process.exitCode = 1;
