// Authenticated GET /api/me against a bare node:http JSON server, measured in the same run, on PGlite
// and on PostgreSQL; plus start-up time from an empty DATA_DIR to /readyz. Writes bench/RESULTS.md.
// Target (issue 35, decision 196): ratio ≥ 0.25 of bare on PostgreSQL. PGlite, the embedded default,
// has no ratio target: its figures and what one member feels (one connection: p50, p99) are reported.
//
// The bare server's rate moves a lot from run to run on this machine (decision 006), so the servers
// are measured in turn over several rounds (BENCH_ROUNDS, 3 by default), with the bare server measured
// at the start of every round and once more after the last: each product run is divided by the mean
// of the two bare runs around it (before and after), so a drift of the machine during a round counts
// neither for nor against the product (decision 145). The table gives each round's ratio and judges
// the median.
import { loadavg } from 'node:os';
import type autocannon from 'autocannon';
import { ApiSession } from '../e2e/support/api-session';
import { cpuMicros } from './lib/cpu';
import { load, type LoadResult } from './lib/load';
import { writeSection } from './lib/results';
import {
  POSTGRES_ADMIN_URL,
  postgresAvailable,
  startBaseline,
  startProduct,
  type RunningServer,
} from './lib/server';
import { median } from './lib/median';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;
/** Members signed in at once; each request reads as the next one, as real traffic does. */
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50);

/** A measured run with the server process's CPU time per answered request (µs). */
type Measured = LoadResult & { cpuMicrosPerRequest: number };

/**
 * The server's CPU time per request over the measured window: on a machine shared with other jobs the
 * requests/s of every server fall together with the CPU it gets, while the CPU a request costs moves
 * much less, so it is the steadier comparison (decision 107).
 */
async function withCpu(pid: number, run: () => Promise<LoadResult>): Promise<Measured> {
  const before = cpuMicros(pid);
  const result = await run();
  return {
    ...result,
    cpuMicrosPerRequest: Math.round((cpuMicros(pid) - before) / Math.max(1, result.total)),
  };
}

interface Target {
  name: string;
  /** Runs the load (after a 2 s warm-up) and answers its result. */
  measure: () => Promise<Measured>;
  /** One member alone: one connection, that member's requests one after another. */
  alone?: () => Promise<LoadResult>;
  stop: () => Promise<void>;
}

/** A baseline node:http server from bench/ in its own process. */
async function baselineServer(script: string, env: Record<string, string> = {}): Promise<Target> {
  const baseline = await startBaseline(script, env);
  return {
    name: script,
    measure: async () => {
      await load({ url: baseline.url, connections: CONNECTIONS, durationSeconds: 2 });
      return withCpu(baseline.pid, () =>
        load({ url: baseline.url, connections: CONNECTIONS, durationSeconds: DURATION }),
      );
    },
    stop: async () => baseline.stop(),
  };
}

/** The product with MEMBERS members signed in; each request reads /api/me as the next of them. */
async function productServer(driver: 'pglite' | 'postgres'): Promise<Target & { server: RunningServer }> {
  // The product's defaults, as `npm start` runs it: LOG_LEVEL unset (info, the access log on).
  const server = await startProduct(driver, { LOG_LEVEL: undefined });
  const authorizations: string[] = [];
  for (let i = 0; i < MEMBERS; i += 1) {
    const session = new ApiSession(server.url);
    const { email, password } = await session.registerVerifiedMember('bench');
    await session.signIn(email, password);
    authorizations.push(session.authorization());
  }
  // Each connection asks for the members in turn from its own starting member, so the 50 requests in
  // flight at any moment are 50 different members. The requests are built once per connection, as
  // autocannon builds the bare server's: rebuilding one per request (setupRequest) cost the load
  // generator 9 µs a request on the CPU the servers share with it (decision 006).
  const memberRequests: autocannon.Request[] = authorizations.map((authorization) => ({
    method: 'GET',
    headers: { accept: 'application/json', authorization },
  }));
  let connection = 0;
  const setupClient = (client: autocannon.Client) => {
    const first = (connection += 1) % memberRequests.length;
    client.setRequests([...memberRequests.slice(first), ...memberRequests.slice(0, first)]);
  };
  const options = { url: `${server.url}/api/me`, connections: CONNECTIONS, setupClient };
  return {
    name: driver,
    server,
    measure: async () => {
      await load({ ...options, durationSeconds: 2 });
      const result = await withCpu(server.pid, () => load({ ...options, durationSeconds: DURATION }));
      if (result.non2xx > 0) throw new Error(`${result.non2xx} non-2xx answers from /api/me on ${driver}`);
      return result;
    },
    alone: () =>
      load({
        url: `${server.url}/api/me`,
        connections: 1,
        durationSeconds: DURATION,
        requests: memberRequests.slice(0, 1),
      }),
    stop: () => server.stop(),
  };
}

const drivers: Array<{ driver: 'pglite' | 'postgres'; target: number | null }> = [
  { driver: 'pglite', target: null },
];
const withPostgres = await postgresAvailable();
if (withPostgres) drivers.push({ driver: 'postgres', target: 0.25 });
else console.warn('PostgreSQL not reachable: measuring PGlite only.');

// Informative, not the measure: the same node:http server making one PostgreSQL round trip.
let tripDatabase = '';
const { default: pg } = await import('pg');
const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
if (withPostgres) {
  tripDatabase = `bench_trip_${Date.now().toString(36)}`;
  await admin.connect();
  await admin.query(`CREATE DATABASE ${tripDatabase}`);
}

const bare = await baselineServer('baseline-server.mjs');
const products = [];
for (const { driver } of drivers) products.push(await productServer(driver));
const tripUrl = new URL(POSTGRES_ADMIN_URL);
tripUrl.pathname = `/${tripDatabase}`;
const trip = withPostgres
  ? await baselineServer('baseline-db-server.mjs', { DATABASE_URL: tripUrl.toString() })
  : null;

const loadBefore = loadavg()
  .map((value) => value.toFixed(1))
  .join(' / ');
const bareRuns: Measured[] = [];
const productRuns = new Map<string, Measured[]>(products.map((product) => [product.name, []]));
const tripRuns: Measured[] = [];
const aloneRuns = new Map<string, LoadResult>();
try {
  for (let round = 1; round <= ROUNDS; round += 1) {
    bareRuns.push(await bare.measure());
    for (const product of products) productRuns.get(product.name)?.push(await product.measure());
    if (trip) tripRuns.push(await trip.measure());
    console.log(
      `round ${round}: bare before ${bareRuns.at(-1)?.requestsPerSecond}`,
      ...products.map((p) => `${p.name} ${productRuns.get(p.name)?.at(-1)?.requestsPerSecond}`),
      trip ? `one round trip ${tripRuns.at(-1)?.requestsPerSecond}` : '',
    );
  }
  // The bare run after the last round: the second bracket of that round's runs.
  bareRuns.push(await bare.measure());
  console.log(`bare after the last round: ${bareRuns.at(-1)?.requestsPerSecond}`);
  for (const product of products) {
    const result = await product.alone?.();
    if (result) aloneRuns.set(product.name, result);
  }
} finally {
  await bare.stop();
  await trip?.stop();
  for (const product of products) await product.stop();
  if (withPostgres) {
    await admin.query(`DROP DATABASE IF EXISTS ${tripDatabase} WITH (FORCE)`);
    await admin.end();
  }
}

const rps = (runs: LoadResult[]) => runs.map((run) => run.requestsPerSecond);
/** Round `index`'s bare reference: the mean of the bare runs before and after it. */
function bareAround(index: number, value: (run: Measured) => number): number {
  const before = bareRuns[index];
  const after = bareRuns[index + 1];
  return ((before ? value(before) : 0) + (after ? value(after) : 0)) / 2;
}
const bareRate = (index: number) => bareAround(index, (run) => run.requestsPerSecond) || 1;
const rows = [
  `| bare node:http (baseline) | ${rps(bareRuns).join(', ')} | ${median(bareRuns.map((run) => run.p99Ms))} | 1.00 | |`,
];
let failed = false;
for (const { driver, target } of drivers) {
  const runs = productRuns.get(driver) ?? [];
  const ratios = runs.map((run, index) => run.requestsPerSecond / bareRate(index));
  const ratio = median(ratios);
  const ok = target === null || ratio >= target;
  failed ||= !ok;
  const verdict = target === null ? 'reported' : `≥ ${target.toFixed(2)} ${ok ? 'met' : 'MISSED'}`;
  rows.push(
    `| GET /api/me on ${driver} | ${rps(runs).join(', ')} | ${median(runs.map((run) => run.p99Ms))} | ${ratios.map((r) => r.toFixed(2)).join(', ')} (median **${ratio.toFixed(2)}**) | ${verdict} |`,
  );
}
// CPU per request: the bare server's divided by the product's, per round (the steadier measure on a
// shared machine; not the target, which is the requests/s ratio above).
const cpu = (runs: Measured[]) => runs.map((run) => run.cpuMicrosPerRequest);
const cpuRows = [`| bare node:http | ${cpu(bareRuns).join(', ')} | 1.00 |`];
for (const { driver } of drivers) {
  const runs = productRuns.get(driver) ?? [];
  const ratios = runs.map(
    (run, index) =>
      bareAround(index, (bareRun) => bareRun.cpuMicrosPerRequest) / Math.max(1, run.cpuMicrosPerRequest),
  );
  cpuRows.push(
    `| GET /api/me on ${driver} | ${cpu(runs).join(', ')} | ${ratios.map((r) => r.toFixed(2)).join(', ')} (median **${median(ratios).toFixed(2)}**) |`,
  );
}
const loadAfter = loadavg()
  .map((value) => value.toFixed(1))
  .join(' / ');
const aloneRows = [...aloneRuns].map(
  ([name, run]) => `| ${name} | ${run.requestsPerSecond} | ${run.p50Ms} | ${run.p99Ms} |`,
);
const startup = products.map((product) => `${product.name}: ${product.server.readyMs} ms`).join('; ');
let oneTrip = '';
if (trip) {
  const pgRuns = productRuns.get('postgres') ?? [];
  const ofTrip = median(
    pgRuns.map((run, index) => run.requestsPerSecond / (tripRuns[index]?.requestsPerSecond ?? 1)),
  );
  const ofBare = median(tripRuns.map((run, index) => run.requestsPerSecond / bareRate(index)));
  oneTrip = `\n\nFor comparison (not a target): bare node:http making one PostgreSQL round trip per request (\`bench/baseline-db-server.mjs\`, pool of 20) answered ${rps(tripRuns).join(', ')} requests/s in the same rounds (median ${ofBare.toFixed(2)} of bare); \`GET /api/me\` on PostgreSQL is a median ${ofTrip.toFixed(2)} of it (decision 006).`;
}

writeSection(
  'me',
  `## Accounts: authenticated GET /api/me

Run ${new Date().toISOString().slice(0, 16)}Z; ${ROUNDS} rounds, each measuring the servers in turn (bare, then the product on each database), and the bare server once more after the last round; autocannon, ${CONNECTIONS} connections, each asking for ${MEMBERS} signed-in members in turn from its own first member (bearer tokens; requests built once, as for the bare server), ${DURATION} s after a 2 s warm-up; the product started as \`npm start\` starts it (the compiled build) with its defaults (\`LOG_LEVEL\` unset: \`info\`, one access-log line per request written asynchronously to a file); servers and load generator on the same 2-core machine. Each ratio divides by the mean of the two bare runs around it (the one that opened its round and the next one), so a drift of the machine within a round counts neither for nor against the product (decision 145); the target is judged on the median.

| what | requests/s, rounds 1–${ROUNDS} (bare: also after the last) | p99 ms (median) | ratio to bare | target |
|---|---:|---:|---:|---|
${rows.join('\n')}

Load average of the machine (shared with other engineers' jobs) before ${loadBefore}, after ${loadAfter}: when it is well above 2, every server gets a slice of the 2 cores and the load generator most of its own, so the requests/s ratio says little. The server process's CPU time per answered request (user + system, \`/proc/<pid>/stat\`, over the same measured windows) moves much less with the machine's load:

| what | CPU µs per request, rounds 1–${ROUNDS} (bare: also after the last) | bare's CPU per request (mean of the two around) ÷ this one |
|---|---:|---:|
${cpuRows.join('\n')}

One member alone (one connection, their own requests one after another, ${DURATION} s, after the rounds):

| database | requests/s | p50 ms | p99 ms |
|---|---:|---:|---:|
${aloneRows.join('\n')}

Start-up from an empty data directory (spawn → first 200 from \`/readyz\`, migrations included): ${startup}.${oneTrip}`,
);
if (failed) process.exitCode = 1;
