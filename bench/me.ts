// Authenticated GET /api/me against a bare node:http JSON server, measured in the same run, on PGlite
// and on PostgreSQL; plus start-up time from an empty DATA_DIR to /readyz. Writes bench/RESULTS.md.
// Targets (issue 2): ratio ≥ 0.30 of bare on PostgreSQL, ≥ 0.10 on PGlite.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import { ApiSession } from '../e2e/support/api-session';
import { load, type LoadResult } from './lib/load';
import { writeSection } from './lib/results';
import { POSTGRES_ADMIN_URL, postgresAvailable, startProduct } from './lib/server';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
/** Members signed in at once; each request reads as the next one, as real traffic does. */
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 50);

async function baseline(
  script = 'baseline-server.mjs',
  env: Record<string, string> = {},
): Promise<LoadResult> {
  const child = spawn(process.execPath, [join(import.meta.dirname, script)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env },
  });
  const port = await new Promise<string>((resolve) =>
    child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())),
  );
  const url = `http://127.0.0.1:${port}/`;
  await load({ url, connections: CONNECTIONS, durationSeconds: 2 });
  const result = await load({ url, connections: CONNECTIONS, durationSeconds: DURATION });
  child.kill('SIGTERM');
  return result;
}

async function product(driver: 'pglite' | 'postgres'): Promise<{ result: LoadResult; readyMs: number }> {
  const server = await startProduct(driver);
  try {
    const authorizations: string[] = [];
    for (let i = 0; i < MEMBERS; i += 1) {
      const session = new ApiSession(server.url);
      const { email, password } = await session.registerVerifiedMember('bench');
      await session.signIn(email, password);
      authorizations.push(session.authorization());
    }
    let next = 0;
    const requests: autocannon.Request[] = [
      {
        method: 'GET',
        setupRequest: (request) => ({
          ...request,
          headers: {
            ...request.headers,
            accept: 'application/json',
            authorization: authorizations[(next += 1) % authorizations.length] ?? '',
          },
        }),
      },
    ];
    const options = { url: `${server.url}/api/me`, connections: CONNECTIONS, requests };
    await load({ ...options, durationSeconds: 2 });
    const result = await load({ ...options, durationSeconds: DURATION });
    if (result.non2xx > 0) throw new Error(`${result.non2xx} non-2xx answers from /api/me on ${driver}`);
    return { result, readyMs: server.readyMs };
  } finally {
    await server.stop();
  }
}

const rows: string[] = [];
const bare = await baseline();
console.log('bare node:http', bare);
rows.push(`| bare node:http (baseline) | ${bare.requestsPerSecond} | ${bare.p99Ms} | 1.00 | |`);
const startup: string[] = [];
const drivers: Array<{ driver: 'pglite' | 'postgres'; target: number }> = [{ driver: 'pglite', target: 0.1 }];
if (await postgresAvailable()) drivers.push({ driver: 'postgres', target: 0.3 });
else console.warn('PostgreSQL not reachable: measuring PGlite only.');
let failed = false;
for (const { driver, target } of drivers) {
  const { result, readyMs } = await product(driver);
  const ratio = result.requestsPerSecond / bare.requestsPerSecond;
  const ok = ratio >= target;
  failed ||= !ok;
  console.log(driver, result, `ratio ${ratio.toFixed(2)}`);
  rows.push(
    `| GET /api/me on ${driver} | ${result.requestsPerSecond} | ${result.p99Ms} | ${ratio.toFixed(2)} | ≥ ${target.toFixed(2)} ${ok ? 'met' : 'MISSED'} |`,
  );
  startup.push(`${driver}: ${readyMs} ms`);
}

// Informative, not the measure: the same node:http server making one PostgreSQL round trip.
let oneTrip = '';
if (drivers.some(({ driver }) => driver === 'postgres')) {
  const database = `bench_trip_${Date.now().toString(36)}`;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  try {
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${database}`;
    const trip = await baseline('baseline-db-server.mjs', { DATABASE_URL: url.toString() });
    console.log('node:http + one PostgreSQL round trip', trip);
    const me = rows.find((row) => row.includes('on postgres'));
    const meRps = Number(me?.split('|')[2]?.trim() ?? 0);
    oneTrip = `\n\nFor comparison (not a target): bare node:http making one PostgreSQL round trip per request (\`bench/baseline-db-server.mjs\`, pool of 20) answered ${trip.requestsPerSecond} requests/s (p99 ${trip.p99Ms} ms) in the same run; \`GET /api/me\` on PostgreSQL is ${(meRps / trip.requestsPerSecond).toFixed(2)} of that (decision 006).`;
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}

writeSection(
  'me',
  `## Accounts: authenticated GET /api/me

Run ${new Date().toISOString().slice(0, 16)}Z; autocannon, ${CONNECTIONS} connections, each request as the next of ${MEMBERS} signed-in members (bearer tokens), ${DURATION} s after a 2 s warm-up; server and load generator on the same 2-core machine.

| what | requests/s | p99 ms | ratio to bare | target |
|---|---:|---:|---:|---|
${rows.join('\n')}

Start-up from an empty data directory (spawn → first 200 from \`/readyz\`, migrations included): ${startup.join('; ')}.${oneTrip}`,
);
if (failed) process.exitCode = 1;
